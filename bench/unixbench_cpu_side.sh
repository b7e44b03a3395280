#!/usr/bin/env bash
# UnixBench's two CPU tests, dhry2reg and whetstone-double, beside hwbench's kernels of the same
# name: the instructions each executes per unit of work (counted work, which does not depend on the
# CPU's speed), and their speeds measured at the same time on one CPU. A benchmark, not a test.
#
#   UB_SRC=DIR bench/unixbench_cpu_side.sh [--rounds R] [--seconds S] [--cpu N] [--no-counts]
#                                          [--no-times] [dhry2reg] [whetstone-double]
#
#   UB_SRC        UnixBench's directory in a byte-unixbench checkout (the one holding src/dhry_1.c
#                 and src/whets.c; e.g. kdlucas/byte-unixbench at 986b674). The programs are built
#                 here from those sources with the flags of UnixBench's Makefile (gcc -O3
#                 -ffast-math -march=native -mtune=native ...). Nothing of UnixBench is in this
#                 repository.
#   --rounds R    timed rounds per test (default 5)
#   --seconds S   dhry2reg's duration in each round (default 10, as UnixBench's Run gives it);
#                 whetstone-double calibrates itself to 10 s of CPU time
#   --cpu N       the CPU both sides share (default: the last one). Keep the machine otherwise idle.
#   --no-counts, --no-times   skip a part (the counts need valgrind)
#
# Environment: HWBENCH_BUILD (hwbench's CMake build dir, default the clone's build/: the driver target
# hwbench-unixbench-cpu, bench/unixbench_cpu_driver.cpp, is built in it), WORK (a work dir kept
# after the run; default a temporary one).
#
# Counts (valgrind's callgrind, Ir):
#  - dhry2reg: UnixBench's program runs for 3 s under callgrind and prints its loops; its Ir per
#    loop is the whole program's Ir over them (start-up and the alarm's report are about 0.05% of
#    it). hwbench's: the driver runs 2,000,000 loops with collection on only around run().
#  - whetstone-double: whets.c, built with -g, runs under callgrind, calibration and all. Every
#    pass of every run does the same work, so its Ir per pass is the Ir of its modules over all
#    passes (the calibration's and the final run's, which it prints), with module 1's counted at a
#    tenth: whets.c runs module 1 ten times over and rates a tenth of its time, as hwbench's kernel
#    times a tenth (the rest in untimed()). The timer calls (pout, getrusage) are left out.
#    hwbench's: the driver runs 20 passes with collection on in the timed part only.
# Times: each round runs hwbench's driver (`beside`) and UnixBench's program on the same CPU at
# the same time. The scheduler gives them slices of a few milliseconds in turn, so a change of the
# machine's speed (on a shared host it comes and goes over seconds, up to 1.7x here) falls on
# both alike; the other CPUs should be idle. Both are rated on CPU time (user + system):
#  - dhry2reg: its COUNT of loops over the process's CPU time (bash's `time`);
#  - whetstone-double: whets.c built with its getrusage timer (-DUNIX in place of the Makefile's
#    -DGTODay, a wall clock that would count the other side's slices), whose MWIPS is per second
#    of user time, scaled by the process's user / (user + system);
#  - hwbench: the units its kernel reported over the CPU time of its run() calls, less untimed().
# Prints each round and, per test, the median ratio hwbench / UnixBench with its range.
set -euo pipefail

. "$(dirname "$0")/common.sh"
build_dir
ub=${UB_SRC:-}
rounds=5
seconds=10
cpu=$(( $(nproc) - 1 ))
counts=1
times=1
tests=()
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds=${2:?--rounds needs a number}; shift 2 ;;
    --seconds) seconds=${2:?--seconds needs a number}; shift 2 ;;
    --cpu) cpu=${2:?--cpu needs a CPU number}; shift 2 ;;
    --no-counts) counts=""; shift ;;
    --no-times) times=""; shift ;;
    -h|--help) sed -n '2,45p' "$0"; exit 0 ;;
    dhry2reg|whetstone-double) tests+=("$1"); shift ;;
    *) echo "unixbench_cpu_side: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
[ ${#tests[@]} -gt 0 ] || tests=(dhry2reg whetstone-double)
[ -n "$ub" ] || die "set UB_SRC to UnixBench's directory of a byte-unixbench checkout (see --help)"
[ -f "$ub/src/dhry_1.c" ] && [ -f "$ub/src/whets.c" ] || die "no src/dhry_1.c and src/whets.c in $ub"
[[ "$rounds" =~ ^[0-9]+$ && "$rounds" -ge 1 ]] || die "--rounds takes a whole number"
[[ "$seconds" =~ ^[0-9]+$ && "$seconds" -ge 1 ]] || die "--seconds takes whole seconds (dhry2reg uses alarm)"
need gcc
need taskset util-linux
[ -z "$counts" ] || command -v valgrind > /dev/null || die "the counts need valgrind (or pass --no-counts)"

work_dir unixbench-cpu-side

# UnixBench's programs, with its Makefile's flags (HZ is empty there unless the environment sets it).
flags=(-Wall -pedantic -O3 -ffast-math -march=native -mtune=native -I "$ub/src" -DTIME)
gcc "${flags[@]}" -DHZ= -DREG=register -o "$work/dhry2reg" "$ub/src/dhry_1.c" "$ub/src/dhry_2.c" 2> "$work/cc.log" ||
  { cat "$work/cc.log" >&2; die "cannot build dhry2reg"; }
gcc "${flags[@]}" -g -DDP -DUNIX -DUNIXBENCH -o "$work/whetstone-double" "$ub/src/whets.c" -lm 2>> "$work/cc.log" ||
  { cat "$work/cc.log" >&2; die "cannot build whetstone-double"; }
cmake --build "$build" --target hwbench-unixbench-cpu > "$work/build.log" 2>&1 ||
  { tail -20 "$work/build.log" >&2; die "cannot build hwbench-unixbench-cpu in $build"; }
driver=$build/hwbench-unixbench-cpu

# ---- counts ----
# callgrind's Ir per source line of the functions whose name matches FN, the calls made from a
# line counted there with their inclusive cost: "LINE IR" lines.
line_costs() {
  awk -v fn="$1" '/^fn=/ { infn = ($0 ~ fn); next }
    /^(cfn|cfl|cfi|cob|fl|fi|fe|ob)=/ { next }
    /^calls=/ { getline; if (infn) cost[$1] += $2; next }
    /^[0-9]/ { if (infn) cost[$1] += $2 }
    END { for (l in cost) print l, cost[l] }' "$2"
}
callgrind() { valgrind --tool=callgrind --compress-pos=no --compress-strings=no "$@"; }
totals() { sed -n 's/^totals: //p' "$1"; }

count_dhrystone() {
  callgrind --callgrind-out-file="$work/cg.ub.dhry" "$work/dhry2reg" 3 2> "$work/ub.dhry.err" > /dev/null
  local loops ir_ub hw_units ir_hw
  loops=$(sed -n 's/^COUNT|\([0-9]*\)|.*/\1/p' "$work/ub.dhry.err" | tail -1)
  ir_ub=$(totals "$work/cg.ub.dhry")
  hw_units=$(callgrind --collect-atstart=no --callgrind-out-file="$work/cg.hw.dhry" "$driver" count dhry2reg 2000000 2> /dev/null |
    sed -n 's/^units //p')
  ir_hw=$(totals "$work/cg.hw.dhry")
  awk -v u="$ir_ub" -v l="$loops" -v h="$ir_hw" -v n="$hw_units" 'BEGIN {
    printf "%-18s %-22s %12.1f %12.1f %7.3f\n", "dhry2reg", "a loop", u / l, h / n, (h / n) / (u / l) }'
}

count_whetstone() {
  local src=$ub/src/whets.c
  callgrind --callgrind-out-file="$work/cg.ub.whet" "$work/whetstone-double" > "$work/ub.whet.out" 2> /dev/null
  # The passes of the calibration runs ("... Passes (x 100)") and of the final run ("Use N passes").
  local passes
  passes=$(awk '/Passes \(x 100\)/ { n += $(NF - 3) } /^Use [0-9]+ +passes/ { n += $2 } END { print n }' "$work/ub.whet.out")
  # The modules' lines: from the "Section 1" comment to the return after section 8, and the lines
  # of the procedures they call (pa, po, p3: definition to return), inlined into them. Module 1's
  # are counted a tenth.
  local first second end
  first=$(grep -n 'Section 1' "$src" | head -1 | cut -d: -f1)
  second=$(grep -n 'Section 2' "$src" | head -1 | cut -d: -f1)
  end=$(awk -v s="$first" 'NR > s && /^[ \t]*return;/ { print NR; exit }' "$src")
  local procs
  procs=$(awk '/^[ \t]*void (pa|po|p3) *\(/ && !/;[ \t]*$/ { start = NR }
    start && /return;/ { print start, NR; start = 0 }' "$src")
  local ir_ub
  ir_ub=$(line_costs 'whetstones' "$work/cg.ub.whet" |
    awk -v a="$first" -v b="$second" -v e="$end" -v procs="$procs" -v p="$passes" '
      BEGIN { n = split(procs, r, /[ \n]/); for (i = 1; i + 1 <= n; i += 2) { lo[i] = r[i]; hi[i] = r[i + 1] } }
      { inproc = 0; for (i in lo) if ($1 >= lo[i] && $1 <= hi[i]) inproc = 1 }
      $1 >= a && $1 < b { sum += $2 / 10; next }
      ($1 >= b && $1 < e) || inproc { sum += $2 }
      END { printf "%.1f", sum / p }')
  local hw_units ir_hw
  hw_units=$(callgrind --collect-atstart=no --callgrind-out-file="$work/cg.hw.whet" "$driver" count whetstone-double 20 2> /dev/null |
    sed -n 's/^units //p')
  ir_hw=$(totals "$work/cg.hw.whet")
  # The driver reports Whetstone instructions: 10^7 a pass.
  awk -v u="$ir_ub" -v h="$ir_hw" -v n="$hw_units" 'BEGIN { hp = h / (n / 1e7);
    printf "%-18s %-22s %12.1f %12.1f %7.3f\n", "whetstone-double", "a pass (10^7 WI)", u, hp, hp / u }'
}

if [ -n "$counts" ]; then
  echo "Instructions (callgrind Ir) per unit of work"
  printf '%-18s %-22s %12s %12s %7s\n' test unit UnixBench hwbench ratio
  for t in "${tests[@]}"; do
    case "$t" in
      dhry2reg) count_dhrystone ;;
      whetstone-double) count_whetstone ;;
    esac
  done
  echo
fi

# ---- times ----
# beside TEST CHUNK CMD...: runs hwbench's driver and CMD on CPU $cpu at once; CMD's stderr goes to
# $work/orig.err and bash's `time` of it ("USER SYS", seconds) to $work/orig.time; prints the
# driver's "units U cpu_ns C wall_ns W".
beside() {
  local test=$1 chunk=$2
  shift 2
  rm -f "$work/hw.out"
  taskset -c "$cpu" "$driver" beside "$test" "$chunk" > "$work/hw.out" &
  local pid=$!
  until grep -q '^ready' "$work/hw.out" 2> /dev/null; do
    kill -0 "$pid" 2> /dev/null || die "the driver ended before it was ready"
    sleep 0.01
  done
  local TIMEFORMAT='%3U %3S'
  { time taskset -c "$cpu" "$@" > "$work/orig.out" 2> "$work/orig.err"; } 2> "$work/orig.time"
  kill -USR1 "$pid"
  wait "$pid"
  grep '^units' "$work/hw.out"
}

# A round of TEST: "UNIXBENCH HWBENCH" figures (loops per CPU second, or MWIPS per CPU second).
time_round() {
  local hw ub
  case "$1" in
    dhry2reg)
      hw=$(beside dhry2reg 100000 "$work/dhry2reg" "$seconds")
      ub=$(awk -v loops="$(sed -n 's/^COUNT|\([0-9]*\)|.*/\1/p' "$work/orig.err" | tail -1)" \
        '{ printf "%.1f", loops / ($1 + $2) }' "$work/orig.time")
      hw=$(echo "$hw" | awk '{ printf "%.1f", $2 / ($4 / 1e9) }') ;;
    whetstone-double)
      hw=$(beside whetstone-double 1 "$work/whetstone-double")
      ub=$(awk -v mwips="$(sed -n 's/^COUNT|\([0-9.]*\)|.*/\1/p' "$work/orig.err" | tail -1)" \
        '{ printf "%.1f", mwips * $1 / ($1 + $2) }' "$work/orig.time")
      hw=$(echo "$hw" | awk '{ printf "%.1f", $2 / 1e6 / ($4 / 1e9) }') ;;
  esac
  echo "$ub $hw"
}

if [ -n "$times" ]; then
  echo "Speed on CPU $cpu, both at once, per second of CPU time (dhry2reg: loops; whetstone-double: MWIPS)"
  printf '%-6s %-18s %14s %14s %7s\n' round test UnixBench hwbench ratio
  pairs=$work/pairs
  : > "$pairs"
  for round in $(seq 1 "$rounds"); do
    for t in "${tests[@]}"; do
      read -r ub hw < <(time_round "$t")
      r=$(awk -v h="$hw" -v u="$ub" 'BEGIN { printf "%.3f", h / u }')
      printf '%-6s %-18s %14s %14s %7s\n' "$round" "$t" "$ub" "$hw" "$r"
      echo "$t $ub $hw $r" >> "$pairs"
    done
  done
  echo
  printf '%-18s %14s %14s %13s %13s\n' test UnixBench hwbench "ratio median" range
  for t in "${tests[@]}"; do
    printf '%-18s %14s %14s %13s %13s\n' "$t" \
      "$(awk -v t="$t" '$1 == t { print $2 }' "$pairs" | median)" \
      "$(awk -v t="$t" '$1 == t { print $3 }' "$pairs" | median)" \
      "$(awk -v t="$t" '$1 == t { print $4 }' "$pairs" | median)" \
      "$(awk -v t="$t" '$1 == t { print $4 }' "$pairs" | spread)"
  done
fi
