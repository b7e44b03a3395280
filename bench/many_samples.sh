#!/usr/bin/env bash
# A million one-unit samples: what the run costs beside its kernel, its memory, its result file
# and reading that file back. A benchmark, not a test; it builds nothing.
#   bench/many_samples.sh PATH/TO/hwbench [RUNS]      (RUNS defaults to 1000000)
# Prints the wall time of `hwbench run -q`, its peak resident memory (/usr/bin/time -v), the
# result file's size and bytes per sample, the time of `hwbench report FILE`, the sum of the
# samples' wall_ns and the span of the measuring phase (python3 reads either result schema).
set -euo pipefail
. "$(dirname "$0")/common.sh"
hwbench_binary "${1:?usage: bench/many_samples.sh PATH/TO/hwbench [RUNS]}"
runs=${2:-1000000}
work_dir hwbench-many
dir=$work
printf 'series "n" nop runs %s\n' "$runs" > "$dir/many.bench"

start=$(date +%s.%N)
/usr/bin/time -v "$hwbench" run -q -o "$dir/many.json" "$dir/many.bench" > "$dir/run.out" 2> "$dir/time.txt"
end=$(date +%s.%N)
rss_kb=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$dir/time.txt")
bytes=$(stat -c %s "$dir/many.json")

report_start=$(date +%s.%N)
/usr/bin/time -f '%U %S' -o "$dir/report_time.txt" "$hwbench" report "$dir/many.json" > "$dir/report.out"
report_end=$(date +%s.%N)
read -r report_usr report_sys < "$dir/report_time.txt"

# The sum of the samples' wall_ns, and the measuring phase: from the first sample's start to
# the last one's end (start_unix_ns, wall-clock).
read -r wall_sum span <<< "$(python3 - "$dir/many.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
total, first, last = 0, None, None
for series in doc["series"]:
    samples = series["samples"]
    if isinstance(samples, list):  # hwbench-result/1: one object per sample
        walls = [s["wall_ns"] for s in samples]
        starts = [s["start_unix_ns"] for s in samples]
    else:  # hwbench-result/2: columns, one value for all or an array (starts as differences)
        n = samples["count"]
        column = lambda key: samples[key] if isinstance(samples[key], list) else [samples[key]] * n
        walls = column("wall_ns")
        starts, at = [], 0
        for d in (samples["start_unix_ns"] if isinstance(samples["start_unix_ns"], list) else None) or []:
            at += d
            starts.append(at)
        starts = starts or column("start_unix_ns")
    total += sum(walls)
    if starts:
        first = starts[0] if first is None else min(first, starts[0])
        last = max(last or 0, max(s + w for s, w in zip(starts, walls)))
print(total, (last - first) if first is not None else 0)
PY
)"

awk -v s="$start" -v e="$end" -v rss="$rss_kb" -v b="$bytes" -v n="$runs" -v rs="$report_start" -v re="$report_end" \
    -v w="$wall_sum" -v span="$span" -v ru="$report_usr" -v rsys="$report_sys" 'BEGIN {
  run = e - s
  printf "samples:                       %d\n", n
  printf "hwbench run -q, wall:          %.2f s\n", run
  printf "peak RSS of hwbench run:       %.1f MB\n", rss / 1024
  printf "result file:                   %.1f MB (%.1f bytes a sample)\n", b / 1e6, b / n
  printf "hwbench report FILE, wall:     %.2f s (CPU %.2f s usr + %.2f s sys)\n", re - rs, ru, rsys
  printf "sum of the samples wall_ns:    %.3f s\n", w / 1e9
  printf "measuring phase (first start to last end): %.2f s\n", span / 1e9
  printf "measuring phase / sum of wall_ns: %.1f (goal <= 3)\n", span / w
  printf "run wall / sum of wall_ns:     %.1f\n", run / (w / 1e9)
}'
