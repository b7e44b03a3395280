#!/usr/bin/env bash
# Runs UnixBench's own test programs and hwbench's system kernels side by side on this machine:
# dhry2reg, whetstone-double, syscall, pipe, context1, spawn, execl and fstime (File Copy
# 1024/2000), 1 copy and 1 pass each, interleaved (original, hwbench, next test, ...; the order
# within a pair alternates from round to round), repeated ROUNDS times. Prints every pair and
# then, per test, the medians of the original's and hwbench's figures and of their ratio
# (hwbench / original), with the spread of the ratios. The fidelity goal is a ratio within
# 0.90..1.10. A benchmark, not a test.
#
#   UB_ORIG=/tmp/unixbench-orig bench/unixbench_side_by_side.sh [--seconds S] [--rounds R] [--cpu] [TEST...]
#
#   UB_ORIG      a directory whose pgms/ holds UnixBench's programs built with its Makefile's
#                flags (gcc -O3 -ffast-math -march=native -mtune=native -DTIME ...): dhry2reg,
#                whetstone-double, syscall, pipe, context1, spawn, execl, fstime. Nothing of
#                UnixBench is in this repository; build it elsewhere.
#   --seconds S  each test's duration for both sides (default 5; UnixBench's own are 10 or 30).
#                whetstone-double's original always calibrates itself to about 10 s.
#   --rounds R   how many times the whole interleaved sequence runs (default 3)
#   --cpu        figures per second of CPU time instead of wall time, for the one-process CPU-bound
#                tests (dhry2reg, whetstone-double, syscall, pipe): on a loaded machine the wall
#                figures measure mostly the share of the CPU each side got. The original's CPU
#                time comes from perf stat (task-clock). whetstone times itself: with
#                pgms/whetstone-double-cpu (whets.c built the same way but with its own -DUNIX
#                timer, getrusage user time, in place of -DGTODay) its MWIPS is taken as it is;
#                without it, the self-timed MWIPS is scaled by the program's wall/CPU ratio (rough).
#                hwbench's CPU time is the sample's usr + sys.
#   TEST...      a subset of the names above
#
# Environment: HWBENCH (default the clone's build/hwbench), UB_TMPDIR (where both fstimes write; default a
# temporary directory under /var/tmp, on disk like UnixBench's tmp/).
#
# How each figure is made, as UnixBench's Run makes it. The programs print COUNT|n|timebase|unit
# on stderr when their alarm fires. For lps tests Run divides n by the wall time of the whole
# program (start-up and exit included), which this script measures around the program. Where
# timebase is 0 (whetstone's MWIPS, fstime's KBps) n already is the rate. fstime prints a COUNT
# for its priming write and read passes too; Run keeps the last line, the copy score. context1's
# child also prints a COUNT (0) when the parent has gone; this script keeps the last COUNT that is
# not 0. execl finds itself through UB_BINDIR, as under Run. hwbench's figure is operations (or
# KiB for fstime, 10^6 Whetstone instructions for whetstone) per second of its timed units.
set -euo pipefail
. "$(dirname "$0")/common.sh"

orig=${UB_ORIG:-}
seconds=5
rounds=3
cpu=""
tests=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds=${2:?--seconds needs a number}; shift 2 ;;
    --rounds) rounds=${2:?--rounds needs a number}; shift 2 ;;
    --cpu) cpu=1; shift ;;
    -h|--help) sed -n '2,30p' "$0"; exit 0 ;;
    -*) echo "unixbench_side_by_side: unknown option $1" >&2; exit 2 ;;
    *) tests+=("$1"); shift ;;
  esac
done
if [ ${#tests[@]} -eq 0 ]; then
  if [ -n "$cpu" ]; then tests=(dhry2reg whetstone-double syscall pipe)
  else tests=(dhry2reg whetstone-double syscall pipe context1 spawn execl fstime); fi
fi

[ -n "$orig" ] || die "set UB_ORIG to the directory holding UnixBench's built pgms/ (see --help)"
[ -d "$orig/pgms" ] || die "no $orig/pgms"
[[ "$seconds" =~ ^[0-9]+$ ]] && [ "$seconds" -ge 1 ] || die "--seconds takes whole seconds (UnixBench's programs use alarm)"
[[ "$rounds" =~ ^[0-9]+$ ]] && [ "$rounds" -ge 1 ] || die "--rounds takes a whole number"
hwbench_binary
need jq
if [ -n "$cpu" ]; then
  command -v perf >/dev/null 2>&1 || die "--cpu needs perf (linux-perf)"
  for t in "${tests[@]}"; do
    case "$t" in dhry2reg|whetstone-double|syscall|pipe) ;; *) die "--cpu is for dhry2reg, whetstone-double, syscall and pipe, not $t" ;; esac
  done
fi

work_dir unixbench-side
fsdir=${UB_TMPDIR:-$(mktemp -d /var/tmp/ub-side.XXXXXX)}
[ -n "${UB_TMPDIR:-}" ] || on_exit 'rm -rf "$fsdir"'
mkdir -p "$fsdir/orig" "$fsdir/hw"

label_of() {
  case "$1" in
    dhry2reg) echo "Dhrystone 2 using register variables" ;;
    whetstone-double) echo "Double-Precision Whetstone" ;;
    syscall) echo "System Call Overhead" ;;
    pipe) echo "Pipe Throughput" ;;
    context1) echo "Pipe-based Context Switching" ;;
    spawn) echo "Process Creation" ;;
    execl) echo "Execl Throughput" ;;
    fstime) echo "File Copy 1024 bufsize 2000 maxblocks" ;;
    *) die "unknown test $1" ;;
  esac
}

unit_of() {
  case "$1" in
    whetstone-double) echo MWIPS ;;
    fstime) echo KBps ;;
    *) echo lps ;;
  esac
}

# The original's figure for one pass, the way Run computes it.
run_original() {
  local t=$1 log="$work/orig.err" start end
  local args=("$seconds")
  case "$t" in
    whetstone-double) args=() ;;
    fstime) args=(-c -t "$seconds" -d "$fsdir/orig" -b 1024 -m 2000) ;;
  esac
  local perf=() cpu_ms="" program="$t"
  [ -z "$cpu" ] || perf=(perf stat -x, -e task-clock -o "$work/perf.txt")
  if [ -n "$cpu" ] && [ "$t" = whetstone-double ] && [ -x "$orig/pgms/whetstone-double-cpu" ]; then
    program=whetstone-double-cpu perf=()
  fi
  start=$(date +%s.%N)
  UB_BINDIR="$orig/pgms" "${perf[@]}" "$orig/pgms/$program" "${args[@]}" > /dev/null 2> "$log" || die "$t failed: $(cat "$log")"
  end=$(date +%s.%N)
  [ ${#perf[@]} -eq 0 ] || cpu_ms=$(awk -F, '$3 == "task-clock" { print $1 }' "$work/perf.txt")
  awk -F'|' -v s="$start" -v e="$end" -v cpu_ms="$cpu_ms" '
      $1 == "COUNT" && ($2 + 0 != 0 || count == "") { count = $2; timebase = $3 }
      END {
        if (count == "") exit 1
        wall = e - s
        if (cpu_ms != "") {
          # Per CPU second: a rate already (whetstone) is scaled by wall / CPU time.
          if (timebase == 0) printf "%.6f\n", count * wall / (cpu_ms / 1000)
          else printf "%.6f\n", count / (cpu_ms / 1000 / timebase)
        } else if (timebase == 0) printf "%.6f\n", count
        else printf "%.6f\n", count / (wall / timebase) }' "$log"
}

# hwbench's figure for one pass: a one-statement recipe, one sample of the same duration.
run_hwbench() {
  local t=$1 recipe="$work/one.bench" result="$work/one.json" statement
  case "$t" in
    fstime) statement="fstime tmp: bufsize 1024 maxblocks 2000" ;;
    *) statement="$t" ;;
  esac
  printf 'series "%s" %s for %ss\n' "$(label_of "$t")" "$statement" "$seconds" > "$recipe"
  "$hwbench" run -q -L "tmp=$fsdir/hw" -o "$result" "$recipe" > "$work/hw.out" 2>&1 ||
    die "hwbench $t failed: $(cat "$work/hw.out")"
  jq -r -L "$bench_dir" --arg u "$(unit_of "$t")" --arg cpu "$cpu" 'include "result_samples";
      [.series[0] | sample_objects[]
       | (if $cpu == "" then .wall_ns else .cpu.usr_ns + .cpu.sys_ns end / 1e9) as $s
       | if $u == "KBps" then .bytes / 1024 / $s
         elif $u == "MWIPS" then .ops / 1e6 / $s
         else .ops / $s end] | add / length' "$result"
}

pairs="$work/pairs.txt"
: > "$pairs"
printf '%-5s %-17s %14s %14s %7s %s\n' round test original hwbench ratio load
for round in $(seq 1 "$rounds"); do
  for t in "${tests[@]}"; do
    load=$(cut -d' ' -f1 /proc/loadavg)
    if [ $((round % 2)) -eq 1 ]; then
      o=$(run_original "$t"); h=$(run_hwbench "$t")
    else
      h=$(run_hwbench "$t"); o=$(run_original "$t")
    fi
    r=$(awk -v h="$h" -v o="$o" 'BEGIN { printf "%.3f", h / o }')
    printf '%-5s %-17s %14.1f %14.1f %7s %s\n' "$round" "$t" "$o" "$h" "$r" "$load"
    echo "$t $o $h $r" >> "$pairs"
  done
done

echo
printf '%-40s %-5s %14s %14s %7s %13s %6s\n' test unit original hwbench ratio "ratio range" "±10%"
for t in "${tests[@]}"; do
  o=$(awk -v t="$t" '$1 == t { print $2 }' "$pairs" | median)
  h=$(awk -v t="$t" '$1 == t { print $3 }' "$pairs" | median)
  r=$(awk -v t="$t" '$1 == t { print $4 }' "$pairs" | median)
  range=$(awk -v t="$t" '$1 == t { print $4 }' "$pairs" | spread | sed 's/-/../')
  ok=$(awk -v r="$r" 'BEGIN { print (r >= 0.9 && r <= 1.1) ? "yes" : "no" }')
  printf '%-40s %-5s %14.1f %14.1f %7.3f %13s %6s\n' "$(label_of "$t")" "$(unit_of "$t")" "$o" "$h" "$r" "$range" "$ok"
done
[ -z "$cpu" ] || echo "(--cpu: every figure is per second of CPU time, not of wall time)"
echo "(medians of $rounds interleaved rounds, ${seconds} s a test on both sides; ratio = hwbench / original,"
echo " the median of the per-round ratios; load = 1-minute load average when the pair started)"
