#!/usr/bin/env bash
# hwbench's disk kernels against the tools they reproduce, in one go on the same directory:
#   bonnie++ (Debian package bonnie++, 2.00a) block write and block read
#       against `bonnie put_block` and `bonnie get_block`;
#   fio (Debian package fio) sequential O_DIRECT write and read in 256 KiB blocks
#       against `xbench write|read … block 256KiB sequential` (O_DIRECT on such a directory).
# Prints each pair and the ratio hwbench / tool; the goal is 0.90 .. 1.10. A benchmark, not a test.
#
#   bench/disk_vs_bonnie_fio.sh [DIR] [SIZE_MIB]      (defaults ./hwbench-disk/bench, 2048)
#
# Environment: HWBENCH (default ./build/hwbench), ROUNDS (default 1; more rounds alternate tool
# and hwbench and average each side's figures, for a disk whose speed drifts).
#
# bonnie++ runs as `bonnie++ -d DIR -s SIZE -r SIZE/2 -n 0 -f -q -u root` (block tests, rewrite
# and seeks only); its CSV gives K/sec (KiB/s). As in bonnie++, both sides' block read comes from
# the page cache unless SIZE is at least twice the RAM. fio runs
# `--rw=write|read --bs=256k --direct=1 --ioengine=psync --end_fsync=1` on a SIZE MiB file and
# its JSON gives bw_bytes; hwbench's xbench kernel also ends its write with fdatasync. Missing
# tools are installed with apt-get (root only).
set -euo pipefail

dir=${1:-./hwbench-disk/bench}
size=${2:-2048}
hwbench=${HWBENCH:-./build/hwbench}
rounds=${ROUNDS:-1}

die() { echo "disk_vs_bonnie_fio: $*" >&2; exit 1; }

[ -x "$hwbench" ] || die "no hwbench at $hwbench; build it (cmake --build build) or set HWBENCH=/path/to/hwbench"
for tool in bonnie++:bonnie++ fio:fio; do
  cmd=${tool%%:*} pkg=${tool##*:}
  if ! command -v "$cmd" >/dev/null && ! [ -x "/usr/sbin/$cmd" ]; then
    [ "$(id -u)" = 0 ] || die "$cmd is missing; install the Debian package $pkg"
    echo "installing $pkg" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$pkg" >/dev/null || die "apt-get install $pkg failed"
  fi
done
bonnie=$(command -v bonnie++ || echo /usr/sbin/bonnie++)

mkdir -p "$dir" || die "cannot create $dir"
dir=$(cd "$dir" && pwd)
case "$(stat -f -c %T "$dir")" in
  tmpfs|ramfs) die "$dir is on tmpfs: give a directory on a disk" ;;
esac
avail=$(df --output=avail -B1M "$dir" | tail -1)
(( avail > 2 * size + 100 )) || die "$dir has ${avail} MiB free; needs $((2 * size + 100))"

work=$(mktemp -d)
trap 'rm -rf "$work"; rm -f "$dir/fio.data"' EXIT

cat >"$work/disk.bench" <<EOF
title "disk_vs_bonnie_fio: hwbench's side"
series "put_block" bonnie put_block disk: size ${size}MiB
series "get_block" bonnie get_block disk: size ${size}MiB
series "write 256K" xbench write disk: block 256KiB sequential size ${size}MiB method direct
series "read 256K" xbench read disk: block 256KiB sequential size ${size}MiB method direct
EOF

# bonnie++'s block write and block read (K/sec = KiB/s) from its CSV line (format 1.98).
run_bonnie() {
  "$bonnie" -d "$dir" -s "$size" -r $((size / 2)) -n 0 -f -q -u root 2>/dev/null | tail -1 >"$work/bonnie.csv"
  awk -F, '{ print $12 * 1024, $18 * 1024 }' "$work/bonnie.csv"
}

run_fio() {
  local rw=$1
  fio --name="$rw" --filename="$dir/fio.data" --size="${size}M" --bs=256k --rw="$rw" --direct=1 \
      --ioengine=psync --end_fsync=1 --output-format=json >"$work/fio.json"
  python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); d=j["jobs"][0]; print(d[sys.argv[2]]["bw_bytes"])' \
      "$work/fio.json" "$rw"
}

# hwbench's four figures in bytes per second, from its result file.
run_hwbench() {
  "$hwbench" run -q -L disk="$dir" -o "$work/result.json" "$work/disk.bench" >/dev/null
  python3 - "$work/result.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
rate = {s["label"]: s["samples"][0]["bytes"] / (s["samples"][0]["wall_ns"] / 1e9) for s in r["series"]}
print(rate["put_block"], rate["get_block"], rate["write 256K"], rate["read 256K"])
PY
}

declare -a bw=() br=() fw=() fr=() hpw=() hpr=() hxw=() hxr=()
for round in $(seq 1 "$rounds"); do
  read -r a b < <(run_bonnie)
  bw+=("$a"); br+=("$b")
  fw+=("$(run_fio write)")
  fr+=("$(run_fio read)")
  rm -f "$dir/fio.data"
  read -r a b c d < <(run_hwbench)
  hpw+=("$a"); hpr+=("$b"); hxw+=("$c"); hxr+=("$d")
  [[ "${bw[-1]}" == 0 || "${br[-1]}" == 0 ]] &&
    echo "note: round $round: bonnie++ printed +++++ (a test under 0.5 s, left out of its mean): use a larger SIZE_MIB" >&2
  echo "round $round done" >&2
done

# The mean of the figures that exist (bonnie++'s +++++ reads as 0 and is left out).
mean() { printf '%s\n' "$@" | awk '$1 > 0 { s += $1; n++ } END { printf "%.0f", n ? s / n : 0 }'; }
line() {  # NAME TOOL_MEAN HWBENCH_MEAN
  awk -v n="$1" -v t="$2" -v h="$3" 'BEGIN {
    r = (t > 0) ? h / t : 0
    printf "%-34s %12.1f %12.1f %7.3f  %s\n", n, t / 1048576, h / 1048576, r, (r >= 0.9 && r <= 1.1) ? "within 10%" : "OUTSIDE 10%"
  }'
}

echo "dir $dir ($(stat -f -c %T "$dir")), file ${size} MiB, ${rounds} round(s); MiB/s"
printf '%-34s %12s %12s %7s\n' "procedure" "tool" "hwbench" "ratio"
line "block write (bonnie++ vs bonnie)" "$(mean "${bw[@]}")" "$(mean "${hpw[@]}")"
line "block read (bonnie++ vs bonnie)" "$(mean "${br[@]}")" "$(mean "${hpr[@]}")"
line "256K direct write (fio vs xbench)" "$(mean "${fw[@]}")" "$(mean "${hxw[@]}")"
line "256K direct read (fio vs xbench)" "$(mean "${fr[@]}")" "$(mean "${hxr[@]}")"
