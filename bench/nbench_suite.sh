#!/usr/bin/env bash
# Runs specs/nbench.bench (or the faithful variant) and prints, per test, hwbench's iterations/sec,
# its 95% half-interval, the number of samples, and the ratio to nbench 2.2.3's figure on this
# machine kind (shared/reference/nbench-unixbench.md, 1e); then the suite's wall time beside
# nbench's 992.9 s. A benchmark, not a test.
#
#   bench/nbench_suite.sh [RECIPE]          (default specs/nbench.bench)
#
# Environment: HWBENCH (default ./build/hwbench). With NBENCH=/path/to/nbench (a build of
# nbench-byte 2.2.3), it is run in the same go and its figures are the ratio's denominator
# instead of the reference table's; NBENCH_ARGS passes it arguments, e.g. NBENCH_ARGS=-cFAST.CMD
# with a command file holding MINSECONDS=1 for a run of about a minute instead of 16.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
recipe=${1:-$here/specs/nbench.bench}
hwbench=${HWBENCH:-$here/build/hwbench}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# nbench 2.2.3 on this machine kind (reference 1e): iterations/sec per test.
declare -A ref=(
  ["NUMERIC SORT"]=1415.7 ["STRING SORT"]=2259.9 ["BITFIELD"]=6.5701e+08 ["FP EMULATION"]=709.35
  ["FOURIER"]=1.6907e+05 ["ASSIGNMENT"]=53.131 ["IDEA"]=14553 ["HUFFMAN"]=8208.2
  ["NEURAL NET"]=203.55 ["LU DECOMPOSITION"]=5012.4)
ref_wall=992.9
ref_name="nbench 2.2.3 reference (Intel Xeon 2.1 GHz VM)"

if [[ -n "${NBENCH:-}" ]]; then
  start=$(date +%s.%N)
  # shellcheck disable=SC2086
  (cd "$(dirname "$NBENCH")" && "$NBENCH" ${NBENCH_ARGS:-}) > "$out/nbench.txt"
  ref_wall=$(echo "$(date +%s.%N) - $start" | bc)
  ref_name="nbench on this machine"
  while IFS= read -r line; do
    name=$(echo "${line%%:*}" | sed 's/ *$//')
    [[ -n "${ref[$name]+x}" ]] || continue
    ref[$name]=$(echo "$line" | cut -d: -f2 | tr -d ' ')
  done < "$out/nbench.txt"
fi

start=$(date +%s.%N)
"$hwbench" run -q "$recipe" -o "$out/run.json" > "$out/report.txt"
wall=$(echo "$(date +%s.%N) - $start" | bc)

printf '%-18s %14s %10s %4s %14s %7s\n' test "hwbench it/s" "ci95 %" n "$(echo "$ref_name" | cut -c1-14)" ratio
jq -r '.series[] | [.label, ([.samples[] | (.ops / ((if .cpu_timed then .cpu.usr_ns + .cpu.sys_ns else .wall_ns end) / 1e9))]) ] | @json' "$out/run.json" |
while IFS= read -r row; do
  label=$(jq -r '.[0]' <<<"$row")
  stats=$(jq -r '.[1] | (add / length) as $m | (length) as $n |
    (if $n > 1 then ((map(($m - .) * ($m - .)) | add) / ($n - 1) | sqrt) else 0 end) as $s |
    "\($m) \($s) \($n)"' <<<"$row")
  read -r mean sd n <<<"$stats"
  # Student t at 95% for n-1 degrees of freedom (the table nbench uses, df 1..29).
  t=$(awk -v df=$((n - 1)) 'BEGIN { split("12.706 4.303 3.182 2.776 2.571 2.447 2.365 2.306 2.262 2.228 2.201 2.179 2.160 2.145 2.131 2.120 2.110 2.101 2.093 2.086 2.080 2.074 2.069 2.064 2.060 2.056 2.052 2.048 2.045", t, " "); print (df >= 1 && df <= 29) ? t[df] : 1.96 }')
  awk -v l="$label" -v m="$mean" -v s="$sd" -v n="$n" -v t="$t" -v r="${ref[$label]:-0}" \
    'BEGIN { ci = n > 1 ? t * s / sqrt(n) / m * 100 : 0; printf "%-18s %14.5g %9.2f%% %4d %14.5g %7.3f\n", l, m, ci, n, r, (r > 0 ? m / r : 0) }'
done
printf '\nsuite wall time: hwbench %.1f s, %s %.1f s (ratio %.3f)\n' "$wall" "$ref_name" "$ref_wall" "$(echo "$wall / $ref_wall" | bc -l)"
echo
cat "$out/report.txt" | sed -n '1,40p'
