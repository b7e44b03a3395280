#!/usr/bin/env bash
# nbench 2.2.3 and hwbench's nbench kernels in lockstep: both on one CPU, taking turns of a few
# milliseconds, so that the host's changes of speed fall on both alike. Prints per test the
# median of each tool's figure, the median of the rounds' ratios (hwbench / nbench) and their
# lowest and highest, in CPU time (nbench's own basis) and in wall time. A benchmark, not a test.
#
#   NBENCH=/path/to/nbench bench/nbench_lockstep.sh [TEST...]   (default: all ten; numeric_sort …)
#
# Why: on a virtual machine whose host is shared, one CPU's speed changes by up to 1.7x over
# seconds (ASSIGNMENT 60 or 102 it/s in nbench's own runs a minute apart). Runs that alternate
# test by test (bench/nbench_suite.sh with ROUNDS) still see different speeds on each side, and
# single rounds' ratios span 0.66-1.51. In lockstep, after every 5 ms of nbench's timed regions
# hwbench's kernel takes a turn of the same wall length on the same CPU, over the whole test.
#
# Keep the other CPUs idle while it runs. Turns cancel a change of speed that falls on both tools,
# not one that favours one of them: with a compiler busy on the other vCPU (a sibling thread of
# the same core, as it may be on a VM) BITFIELD's ratio was 0.92-0.93 in every round, quiet 0.99.
#
# How: nbench's objects, built by its own Makefile beside NBENCH, are linked once more with
# bench/nbench_wall_stopwatch.c (nbench's clock() stopwatch unchanged; the shim sums wall and CPU
# time around its regions and, with HWBENCH_LOCKSTEP, hands the CPU over every 5 ms). The
# partner, bench/nbench_lockstep_driver.cpp (CMake target hwbench-nbench-lockstep, built here),
# runs units of the same test through hwbench's kernel (Kernel::run(1), the untimed set-up out of
# its clocks) until its turn is as long as nbench's regions were. nbench runs one test
# (CUSTOMRUN, MINSECONDS=NBENCH_SECONDS), as bench/nbench_suite.sh runs it.
# nbench's figure: what it prints (iterations per CPU second); over wall time, that figure times
# its regions' CPU / wall. hwbench's: units per second of its units' CPU time, and of wall time.
#
# Environment: NBENCH (required), HWBENCH_BUILD (hwbench's CMake build dir, default the clone's build/),
# ROUNDS (default 5), NBENCH_SECONDS (default 1), LOCKSTEP_CPU (default the last CPU),
# LOCKSTEP_TURN_MS (nbench's timed milliseconds per turn, default 5; 0: a turn after every timed
# region, which costs LU DECOMPOSITION's 20 µs regions 12% in cache refills on both sides),
# WORK (a directory to keep the outputs in; default a temporary one).
set -euo pipefail

. "$(dirname "$0")/nbench_side.sh"  # and common.sh
build_dir
rounds=${ROUNDS:-5}
seconds=${NBENCH_SECONDS:-1}
cpu=${LOCKSTEP_CPU:-$(($(nproc) - 1))}
turn_ms=${LOCKSTEP_TURN_MS:-5}
[[ -n "${NBENCH:-}" ]] || die "set NBENCH to an nbench 2.2.3 built with its own Makefile"
need taskset util-linux

declare -A label=([numeric_sort]="NUMERIC SORT" [string_sort]="STRING SORT" [bitfield]="BITFIELD"
  [fp_emulation]="FP EMULATION" [fourier]="FOURIER" [assignment]="ASSIGNMENT" [idea]="IDEA"
  [huffman]="HUFFMAN" [neural_net]="NEURAL NET" [lu_decomposition]="LU DECOMPOSITION")
declare -A flag=([numeric_sort]=DONUMSORT [string_sort]=DOSTRINGSORT [bitfield]=DOBITFIELD
  [fp_emulation]=DOEMF [fourier]=DOFOUR [assignment]=DOASSIGN [idea]=DOIDEA [huffman]=DOHUFF
  [neural_net]=DONNET [lu_decomposition]=DOLU)
tests=("$@")
((${#tests[@]})) || tests=(numeric_sort string_sort bitfield fp_emulation fourier assignment idea huffman
  neural_net lu_decomposition)
for t in "${tests[@]}"; do [[ -n "${label[$t]+x}" ]] || die "unknown test $t"; done

work_dir nbench-lockstep
rm -f "$work"/*.tsv "$work"/*.out "$work"/*.err  # a kept WORK's earlier rounds

nb_dir=$(cd "$(dirname "$NBENCH")" && pwd)
nbench_link_wall "$nb_dir" "$work" || die "nbench's objects (its Makefile's *.o) are not beside $NBENCH"
cmake --build "$build" --target hwbench-nbench-lockstep > "$work/driver-build.log" 2>&1 ||
  die "building hwbench-nbench-lockstep failed, see $work/driver-build.log"
driver=$build/hwbench-nbench-lockstep
mkdir -p "$work/run"
cp "$nb_dir/NNET.DAT" "$work/run/"  # NEURAL NET reads its patterns from the working directory

# One test in lockstep; appends "round<TAB>test<TAB>nb CPU<TAB>nb wall<TAB>hw CPU<TAB>hw wall<TAB>turns".
run_pair() {
  local round=$1 t=$2 out="$work/$2.$1" figure sums hw
  rm -f "$work/to_hw" "$work/to_nb"
  mkfifo "$work/to_hw" "$work/to_nb"
  printf 'CUSTOMRUN=T\nMINSECONDS=%s\n%s=T\n' "$seconds" "${flag[$t]}" > "$work/run/LOCK.CMD"
  taskset -c "$cpu" "$driver" "$t" "$work/to_hw" "$work/to_nb" > "$out.hw.out" 2> "$out.hw.err" &
  local partner=$!
  # nbench upper-cases its command line, so the command file's name is upper case.
  (cd "$work/run" && HWBENCH_LOCKSTEP="$work/to_nb $work/to_hw $turn_ms" taskset -c "$cpu" "$work/nbench-wall" -cLOCK.CMD) \
    > "$out.nb.out" 2> "$out.nb.err" || { kill "$partner" 2> /dev/null; die "nbench failed on $t, see $out.nb.err"; }
  wait "$partner" || die "the hwbench partner failed on $t, see $out.hw.err"
  figure=$(nbench_figure "${label[$t]}" "$out.nb.out")
  sums=$(nbench_wall_sums "$out.nb.err")
  hw=$(sed -n 's/^units \([0-9]*\) cpu_ns \([0-9]*\) wall_ns \([0-9]*\) turns \([0-9]*\)$/\1 \2 \3 \4/p' "$out.hw.out")
  [[ -n "$figure" && -n "$sums" && -n "$hw" ]] || die "no figures for $t, see $out.*"
  awk -v r="$round" -v t="${label[$t]}" -v f="$figure" -v s="$sums" -v h="$hw" 'BEGIN {
    split(s, w, " "); split(h, x, " ")
    printf "%s\t%s\t%s\t%.6g\t%.6g\t%.6g\t%d\n", r, t, f, f * w[2] / w[1], x[1] / (x[2] / 1e9), x[1] / (x[3] / 1e9), x[4] }' \
    >> "$work/pairs.tsv"
}

column_of() { awk -F'\t' -v t="$1" -v c="$2" '$2 == t { print $c }' "$work/pairs.tsv"; }
ratios_of() { awk -F'\t' -v t="$1" -v a="$2" -v b="$3" '$2 == t && $b > 0 { print $a / $b }' "$work/pairs.tsv"; }

echo "lockstep on CPU $cpu, $rounds rounds, nbench MINSECONDS=$seconds; load before: $(uptime)"
for ((round = 1; round <= rounds; round++)); do
  for t in "${tests[@]}"; do run_pair "$round" "$t"; done
done
echo "load after: $(uptime)"
echo
printf '%-17s %12s %12s %7s %13s %7s %13s %6s\n' test "nbench it/s" "hwbench it/s" CPU "CPU rounds" wall "wall rounds" turns
for t in "${tests[@]}"; do
  name=${label[$t]}
  printf '%-17s %12.5g %12.5g %7.3f %13s %7.3f %13s %6.0f\n' "$name" "$(column_of "$name" 3 | median)" \
    "$(column_of "$name" 5 | median)" "$(ratios_of "$name" 5 3 | median)" "$(ratios_of "$name" 5 3 | spread)" \
    "$(ratios_of "$name" 6 4 | median)" "$(ratios_of "$name" 6 4 | spread)" "$(column_of "$name" 7 | median)"
done
