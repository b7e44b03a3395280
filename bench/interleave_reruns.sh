#!/usr/bin/env bash
# Interleaved comparisons across reruns (issue 32): bench/interleave-reruns.bench run RUNS times in
# a row (default 5); per compared pair, each run's ratio with its 95% interval, how many runs'
# intervals hold 1.0 for the same kernel twice, and the ratios' spread. Where a series' own
# interval misses the next run (bench/rerun_spread.sh), the paired ratio of two series that ran in
# turn should not. A benchmark, not a test.
#
#   bench/interleave_reruns.sh            (RUNS=N reruns; about 12 s each)
#
# Environment: HWBENCH (default the clone's build/hwbench), WORK=DIR keeps runN.json and runN.csv.
# The figures are those of `hwbench report runN.json --format csv`: series, ratio, ratio low,
# ratio high.
set -euo pipefail
. "$(dirname "$0")/common.sh"

rerun_count
hwbench_binary
need awk
work_dir hwbench-interleave-reruns
rm -f "$work"/run*.json "$work"/run*.csv

for ((i = 1; i <= runs; i++)); do
  echo "run $i of $runs" >&2
  "$hwbench" run "$bench_dir/interleave-reruns.bench" -o "$work/run$i.json" -q --format csv > /dev/null
  "$hwbench" report "$work/run$i.json" --format csv > "$work/run$i.csv"
done

# The interleaved CSV: series,rounds,mean,unit,ratio,ratio low,ratio high,verdict (the verdict may
# be quoted; only the first seven columns are read). Rows with an interval only.
cat "$work"/run*.csv | awk -F, '
  $1 == "series" { next }
  $6 != "" && $7 != "" {
    n[$1]++; lo = $6 + 0; hi = $7 + 0; r = $5 + 0
    line[$1] = line[$1] sprintf(" %.3f (%.3f-%.3f)", r, lo, hi)
    if (lo <= 1 && 1 <= hi) holds[$1]++
    if (!($1 in min) || r < min[$1]) min[$1] = r
    if (!($1 in max) || r > max[$1]) max[$1] = r
    if (!($1 in order)) { order[$1] = ++k; names[k] = $1 }
  }
  END {
    printf "%-18s %-9s %-8s %s\n", "series", "holds 1", "spread", "each run: ratio (95% interval)"
    for (i = 1; i <= k; i++) {
      s = names[i]
      printf "%-18s %d of %-4d %6.2f%%  %s\n", s, holds[s] + 0, n[s], (max[s] - min[s]) / ((max[s] + min[s]) / 2) * 100, line[s]
    }
  }'
echo "machine: $(machine_line)"
