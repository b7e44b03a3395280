#!/usr/bin/env bash
# The harness overhead per timed unit, from bench/harness.bench. A benchmark, not a test.
#   bench/harness_overhead.sh            (HWBENCH defaults to the clone's build/hwbench)
set -euo pipefail
. "$(dirname "$0")/common.sh"
hwbench_binary
work_dir hwbench-harness
out=$("$hwbench" run -q -o "$work/harness.json" "$bench_dir/harness.bench")
echo "$out"
# Columns are two or more spaces apart: a series' marks ("[d,o]") stay in its label's column.
rate=$(echo "$out" | awk -F '  +' '/^nop batched/ { print $3; exit }')
per_sample=$(echo "$out" | awk -F '  +' '/^nop one unit per sample/ { median = $3 } END { print median }')
awk -v r="$rate" -v s="$per_sample" 'BEGIN {
  printf "harness overhead per batched timed unit: %.2f ns (goal <= 100 ns)\n", 1e9 / r
  printf "wall time of a one-unit sample (empty call + clock read), median: %s ns\n", s
}'
