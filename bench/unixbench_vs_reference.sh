#!/usr/bin/env bash
# Runs UnixBench's dhry2reg, whetstone-double, syscall, pipe, context1, spawn, execl and fstime
# through hwbench (bench/unixbench-subset.bench: 1 copy, 1 pass each, UnixBench's durations) and
# prints each figure beside the UnixBench 6.0 figure measured on this machine kind
# (../shared/reference/nbench-unixbench.md, section 2h), with the ratio hwbench / UnixBench.
# The fidelity goal is a ratio within 0.90..1.10. A benchmark, not a test. The reference figures
# come from another machine of this kind; bench/unixbench_side_by_side.sh runs UnixBench's own
# programs beside hwbench on this machine instead, which is the comparison to trust.
#
#   bench/unixbench_vs_reference.sh [--quick SECONDS] [-L disk=DIR]
#
#   --quick S   run each test for S seconds instead of UnixBench's 10 or 30 (a quick check;
#               the figures are then less settled than UnixBench's)
#   -L ...      passed to hwbench run (fstime works in the location disk:, ./hwbench-disk)
#
# Environment: HWBENCH (default the clone's build/hwbench).
#
# How the figures compare. UnixBench's lps tests divide the count by the wall time of the whole
# test process (its start-up and exit included, about a millisecond in 10 s); hwbench divides by
# the timed units only. Whetstone's MWIPS is UnixBench's own figure from its timed modules, and
# hwbench's is ops/s / 10^6 with a pass counted as 10^7 Whetstone instructions. fstime's KBps is
# 1024 bytes per second of the copy, counted in 256-byte units; hwbench's is the same count per
# second of the timed units (KiB/s). UnixBench was built with gcc -O3 -ffast-math -march=native;
# hwbench with its own build flags.
set -euo pipefail
. "$(dirname "$0")/common.sh"

recipe="$bench_dir/unixbench-subset.bench"
quick=""
pass=()
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=${2:?--quick needs a number of seconds}; shift 2 ;;
    -L) pass+=(-L "${2:?-L needs NAME=PATH}"); shift 2 ;;
    -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
    *) echo "unixbench_vs_reference: unknown argument $1" >&2; exit 2 ;;
  esac
done

hwbench_binary
need jq "apt-get install jq"

work_dir unixbench-vs-reference
run_recipe="$work/unixbench-subset.bench"
if [ -n "$quick" ]; then
  [[ "$quick" =~ ^[0-9]+(\.[0-9]+)?$ ]] || die "--quick takes seconds, e.g. --quick 2"
  # Each test statement gets an explicit duration in place of UnixBench's.
  sed -E "s/^(series .*)$/\\1 for ${quick}s/" "$recipe" > "$run_recipe"
else
  cp "$recipe" "$run_recipe"
fi

result="$work/result.json"
"$hwbench" run "${pass[@]}" -q -o "$result" "$run_recipe" > "$work/report.txt" || {
  cat "$work/report.txt" >&2
  die "hwbench run failed"
}

# label | unit | UnixBench 6.0 figure on this machine kind (reference 2h)
reference='Dhrystone 2 using register variables|lps|41057781.0
Double-Precision Whetstone|MWIPS|6280.5
System Call Overhead|lps|1497591.4
Pipe Throughput|lps|2198801.8
Pipe-based Context Switching|lps|396881.2
Process Creation|lps|9085.3
Execl Throughput|lps|2923.9
File Copy 1024 bufsize 2000 maxblocks|KBps|1554947.0'

printf '%-40s %14s %-5s %14s %7s %6s\n' "test" "hwbench" "unit" "UnixBench 6.0" "ratio" "±10%"
while IFS='|' read -r label unit ref; do
  figure=$(jq -r -L "$bench_dir" --arg l "$label" --arg u "$unit" 'include "result_samples"; 
      [.series[] | select(.label == $l) | sample_objects[]
       | (.wall_ns / 1e9) as $s
       | if $u == "KBps" then .bytes / 1024 / $s
         elif $u == "MWIPS" then .ops / 1e6 / $s
         else .ops / $s end]
      | if length > 0 then add / length else empty end' "$result")
  if [ -z "$figure" ]; then
    printf '%-40s %14s %-5s %14.1f %7s %6s\n' "$label" "-" "$unit" "$ref" "-" "-"
    continue
  fi
  awk -v l="$label" -v f="$figure" -v u="$unit" -v r="$ref" 'BEGIN {
      ratio = f / r; ok = (ratio >= 0.9 && ratio <= 1.1) ? "yes" : "no"
      printf "%-40s %14.1f %-5s %14.1f %7.3f %6s\n", l, f, u, r, ratio, ok }'
done <<< "$reference"
if [ -n "$quick" ]; then echo "(--quick $quick: each test ran ${quick} s instead of UnixBench's 10 or 30 s)"; fi
echo "(UnixBench figures: one 1-copy pass each on a shared 2-vCPU VM of this kind; see the reference, section 2h)"
