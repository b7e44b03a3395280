#!/usr/bin/env bash
# Compares hwbench's crypto kernels with `openssl speed -evp` on the same libcrypto, in one
# invocation: md5, sha256 and aes-128-cbc at 16 and 8192 bytes, and rsa2048 sign and verify,
# each for the same duration. Prints both rates and the ratio hwbench/openssl. A benchmark, not
# a test: the goal is a ratio of at least 0.97 at 8192 bytes (and for rsa), 0.9 at 16 bytes.
#
#   bench/openssl_vs_evp.sh [SECONDS]        (default 3, openssl speed's own duration)
#
# Environment: HWBENCH (default the clone's build/hwbench), OPENSSL (default openssl), TIMING (elapsed,
# the default, or usertime), ROUNDS (default 1; more rounds repeat every pair and take each
# side's best rate).
#
# Each pair runs back to back, openssl first, so that a machine whose load drifts treats both
# sides alike. hwbench: a one-statement recipe `KERNEL … for SECONDS`; its rate is the sample's
# bytes (or operations) over its wall time, read from the result file with jq. openssl:
# `openssl speed -mr -seconds SECONDS` (with `-bytes N -evp ALG` for the symmetric tests) and its
# `+F`/`+F2` record, which holds bytes/s (ops/s for rsa). openssl times user CPU by default;
# TIMING=elapsed passes -elapsed so that both sides use the wall clock, as hwbench does.
set -euo pipefail
. "$(dirname "$0")/common.sh"

secs=${1:-3}
openssl_bin=${OPENSSL:-openssl}
timing=${TIMING:-elapsed}
rounds=${ROUNDS:-1}

hwbench_binary
command -v "$openssl_bin" >/dev/null || die "no $openssl_bin on PATH; set OPENSSL=/path/to/openssl"
need jq "to read hwbench's result file"
[[ "$secs" =~ ^[0-9]+$ && "$secs" -ge 1 ]] || die "SECONDS must be a whole number of seconds (openssl -seconds takes no fraction)"
case "$timing" in
  elapsed) elapsed=(-elapsed) ;;
  usertime) elapsed=() ;;
  *) die "TIMING must be elapsed or usertime, not $timing" ;;
esac

work_dir openssl-vs-evp

# hwbench's rate for one kernel statement: $1 the statement, $2 bytes or ops.
hwbench_rate() {
  printf 'series "t" %s for %ss\n' "$1" "$secs" > "$work/t.bench"
  "$hwbench" run -q "$work/t.bench" -o "$work/t.json" > /dev/null
  jq -r -L "$bench_dir" --arg what "$2" \
    'include "result_samples"; .series[0] | if (.unavailable // "") != "" then "unavailable" else sample_objects[0] | (.[$what] / (.wall_ns / 1e9)) end' \
    "$work/t.json"
}

# openssl's bytes/s for one digest or cipher at one block size: $1 the EVP name, $2 the size.
openssl_rate() {
  "$openssl_bin" speed "${elapsed[@]}" -mr -seconds "$secs" -bytes "$2" -evp "$1" 2>/dev/null |
    awk -F: '/^\+F:/ { print $4 }'
}

# openssl's rsa 2048 sign/s and verify/s, on one line.
openssl_rsa() {
  "$openssl_bin" speed "${elapsed[@]}" -mr -seconds "$secs" rsa2048 2>/dev/null | awk -F: '/^\+F2:/ { print $4, $5 }'
}

best() { printf '%s\n' "$@" | sort -g | tail -1; }

lines=()
line() {  # test, hwbench rate, openssl rate, unit, goal
  local ratio
  ratio=$(awk -v h="$2" -v o="$3" 'BEGIN { if (o > 0 && h != "unavailable") printf "%.3f", h / o; else print "-" }')
  lines+=("$(printf '%-22s %16s %16s %6s   %s' "$1" "$(fmt_rate "$2" "$4")" "$(fmt_rate "$3" "$4")" "$ratio" "$5")")
}
fmt_rate() {  # rate, unit: bytes/s as openssl's k (1000s of bytes/s), operations as ops/s
  awk -v r="$1" -v u="$2" 'BEGIN { if (r == "unavailable") print r; else if (u == "k") printf "%.2fk", r / 1e3; else printf "%.1f/s", r }'
}

echo "hwbench: $hwbench; $("$openssl_bin" version); $secs s per test, timing $timing, $rounds round(s)"
for alg in md5 sha256 aes-128-cbc; do
  case "$alg" in
    aes-128-cbc) statement="cipher $alg" ;;
    *) statement="digest $alg" ;;
  esac
  for block in 16 8192; do
    hw=() os=()
    for ((r = 1; r <= rounds; r++)); do
      os+=("$(openssl_rate "$alg" "$block")")
      hw+=("$(hwbench_rate "$statement block $block" bytes)")
    done
    goal=">= 0.97"
    [ "$block" = 16 ] && goal=">= 0.90"
    line "$alg $block bytes" "$(best "${hw[@]}")" "$(best "${os[@]}")" k "$goal"
  done
done

sign=() verify=() hw_sign=() hw_verify=()
for ((r = 1; r <= rounds; r++)); do
  read -r s v < <(openssl_rsa)
  sign+=("$s") verify+=("$v")
  hw_sign+=("$(hwbench_rate "pkey rsa bits 2048 sign" ops)")
  hw_verify+=("$(hwbench_rate "pkey rsa bits 2048 verify" ops)")
done
line "rsa 2048 bits sign" "$(best "${hw_sign[@]}")" "$(best "${sign[@]}")" ops ">= 0.97"
line "rsa 2048 bits verify" "$(best "${hw_verify[@]}")" "$(best "${verify[@]}")" ops ">= 0.97"

printf '%-22s %16s %16s %6s   %s\n' "test" "hwbench" "openssl" "ratio" "goal"
printf '%s\n' "${lines[@]}"
