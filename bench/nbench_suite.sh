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
# ROUNDS=N (default 1) runs nbench and hwbench alternately N times, for a machine whose load
# changes: the table then shows per test the median of each tool's N figures, the ratio of the
# medians, and the lowest and highest ratio of a single round.
set -euo pipefail
jq_lib=$(cd "$(dirname "$0")" && pwd)  # result_samples.jq: samples of either result schema

here=$(cd "$(dirname "$0")/.." && pwd)
recipe=${1:-$here/specs/nbench.bench}
hwbench=${HWBENCH:-$here/build/hwbench}
rounds=${ROUNDS:-1}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# nbench 2.2.3 on this machine kind (reference 1e): iterations/sec per test, in nbench's order.
tests=("NUMERIC SORT" "STRING SORT" "BITFIELD" "FP EMULATION" "FOURIER" "ASSIGNMENT" "IDEA" "HUFFMAN"
  "NEURAL NET" "LU DECOMPOSITION")
declare -A ref=(
  ["NUMERIC SORT"]=1415.7 ["STRING SORT"]=2259.9 ["BITFIELD"]=6.5701e+08 ["FP EMULATION"]=709.35
  ["FOURIER"]=1.6907e+05 ["ASSIGNMENT"]=53.131 ["IDEA"]=14553 ["HUFFMAN"]=8208.2
  ["NEURAL NET"]=203.55 ["LU DECOMPOSITION"]=5012.4)
ref_wall=992.9
ref_name="nbench 2.2.3 reference (Intel Xeon 2.1 GHz VM)"
[[ -n "${NBENCH:-}" ]] && ref_name="nbench on this machine"

now() { date +%s.%N; }

# Appends "round<TAB>test<TAB>it/s" lines for one nbench run to $out/nbench.tsv.
run_nbench() {
  local round=$1 start line name
  start=$(now)
  # shellcheck disable=SC2086
  (cd "$(dirname "$NBENCH")" && "$NBENCH" ${NBENCH_ARGS:-}) > "$out/nbench.$round.txt"
  echo "$(now) - $start" | bc >> "$out/nbench.wall"
  while IFS= read -r line; do
    name=$(echo "${line%%:*}" | sed 's/ *$//')
    [[ -n "$name" && -n "${ref[$name]+x}" ]] || continue
    printf '%s\t%s\t%s\n' "$round" "$name" "$(echo "$line" | cut -d: -f2 | tr -d ' ')" >> "$out/nbench.tsv"
  done < "$out/nbench.$round.txt"
}

# Appends "round<TAB>test<TAB>mean it/s<TAB>ci95 %<TAB>samples" lines for one hwbench run.
run_hwbench() {
  local round=$1 start
  start=$(now)
  "$hwbench" run -q "$recipe" -o "$out/run.$round.json" > "$out/report.$round.txt"
  echo "$(now) - $start" | bc >> "$out/hwbench.wall"
  # Per sample: operations over the timed seconds (CPU time when the series is CPU-timed); then
  # mean, and the 95% half-interval with Student's t (the table nbench uses, df 1..29).
  jq -r -L "$jq_lib" --arg round "$round" 'include "result_samples";
    [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
     2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
     2.045] as $t |
    .series[] |
    [sample_objects[] | (.ops / ((if .cpu_timed then .cpu.usr_ns + .cpu.sys_ns else .wall_ns end) / 1e9))] as $x |
    ($x | length) as $n | ($x | add / $n) as $m |
    (if $n > 1 then (($x | map(($m - .) * ($m - .)) | add) / ($n - 1) | sqrt) else 0 end) as $s |
    (if $n >= 2 and $n <= 30 then $t[$n - 2] else 1.96 end) as $tv |
    [$round, .label, $m, (if $n > 1 then $tv * $s / ($n | sqrt) / $m * 100 else 0 end), $n] | @tsv' \
    "$out/run.$round.json" >> "$out/hwbench.tsv"
}

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print 0; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

for ((round = 1; round <= rounds; round++)); do
  [[ -n "${NBENCH:-}" ]] && run_nbench "$round"
  run_hwbench "$round"
done

printf '%-18s %14s %9s %4s %14s %7s' test "hwbench it/s" "ci95 %" n "$(echo "$ref_name" | cut -c1-14)" ratio
((rounds > 1)) && printf ' %15s' "round ratios"
printf '\n'
for name in "${tests[@]}"; do
  hw=$(awk -F'\t' -v t="$name" '$2 == t { print $3 }' "$out/hwbench.tsv" | median)
  [[ "$hw" == 0 ]] && continue
  ci=$(awk -F'\t' -v t="$name" '$2 == t { print $4 }' "$out/hwbench.tsv" | median)
  n=$(awk -F'\t' -v t="$name" '$2 == t { print $5 }' "$out/hwbench.tsv" | median)
  if [[ -n "${NBENCH:-}" ]]; then
    nb=$(awk -F'\t' -v t="$name" '$2 == t { print $3 }' "$out/nbench.tsv" | median)
    # Each round's hwbench figure over the same round's nbench figure.
    range=$(join -t $'\t' <(awk -F'\t' -v t="$name" '$2 == t { print $1 "\t" $3 }' "$out/hwbench.tsv" | sort) \
      <(awk -F'\t' -v t="$name" '$2 == t { print $1 "\t" $3 }' "$out/nbench.tsv" | sort) |
      awk -F'\t' '$3 > 0 { r = $2 / $3; if (NR == 1 || r < lo) lo = r; if (NR == 1 || r > hi) hi = r }
        END { printf "%.3f-%.3f", lo, hi }')
  else
    nb=${ref[$name]}
    range=""
  fi
  awk -v l="$name" -v m="$hw" -v ci="$ci" -v n="$n" -v r="$nb" \
    'BEGIN { printf "%-18s %14.5g %8.2f%% %4d %14.5g %7.3f", l, m, ci, n, r, (r > 0 ? m / r : 0) }'
  ((rounds > 1)) && printf ' %15s' "$range"
  printf '\n'
done

wall=$(median < "$out/hwbench.wall")
[[ -n "${NBENCH:-}" ]] && ref_wall=$(median < "$out/nbench.wall")
printf '\nsuite wall time%s: hwbench %.1f s, %s %.1f s (ratio %.3f)\n' "$( ((rounds > 1)) && echo " (medians of $rounds rounds)")" \
  "$wall" "$ref_name" "$ref_wall" "$(echo "$wall / $ref_wall" | bc -l)"
echo
sed -n '1,40p' "$out/report.$rounds.txt"
