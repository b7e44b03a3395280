#!/usr/bin/env bash
# Counts the instructions nbench 2.2.3 and hwbench execute per counted unit of each nbench test
# (one sorted array, one bit operation, one FP-emulation loop, one Fourier coefficient, …) and
# prints both and their ratio (hwbench / nbench). Instructions do not depend on the CPU's speed,
# so unlike a time ratio this says whether both do the same work. A benchmark, not a test.
#
#   bench/nbench_counts.sh [TEST...]        (default: all ten; names as in recipes: numeric_sort …)
#
# What is counted, on both sides: valgrind's callgrind (Ir, instructions executed) with
# collection on only inside the timed region, so set-up outside the stopwatch is excluded as
# nbench excludes it, and the per-iteration work inside it (reseeds, copies, loop overheads) is in.
#  - nbench: its sources are built with their own Makefile (gcc -s -static -Wall -O3, LONG64
#    detected), then its unchanged objects are linked once more with
#    -Wl,--wrap=StartStopwatch,--wrap=StopStopwatch and bench/nbench_count_stopwatch.c: collection
#    is on between its stopwatch's start and stop, and each timed region "lasts" one second, so
#    that a command file with MINSECONDS=1 gives one iteration per measurement and nbench prints,
#    as iterations/sec, the units of one iteration. It runs one test at a time (CUSTOMRUN), with
#    the per-iteration sizes its calibration starts from (1 array, 30 bit runs, 1 loop, N=100, …),
#    which are the sizes it settles on on any machine of today (one iteration already > 60 µs).
#    Ir per unit = collected Ir / (timed regions × units per region).
#  - hwbench: bench/nbench_count_driver.cpp (CMake target hwbench-nbench-count, built here) makes
#    the test's kernel, runs prepare() and one unit uncounted, then run(N) with collection on,
#    turned off inside the untimed() set-up as the runtime's clock excludes it.
#    Ir per unit = collected Ir / units reported by run().
#
# Environment:
#   HWBENCH_BUILD   hwbench's CMake build dir (default the clone's build/); the driver target is built in it.
#   NBENCH_SRC      nbench-byte 2.2.3's sources (e.g. an export of cys254/nbench-byte at commit
#                   f7f6cae, "Version 2.2.3"). Default: cloned from GitHub into the work dir.
#   NBENCH_COUNT    an nbench counting binary built before by this script (skips the build).
#   WORK            work dir kept after the run (default: a temporary one, removed at exit).
#   HW_UNITS        units of work hwbench counts per test (default 3; bitfield/fourier scale up).
set -euo pipefail

. "$(dirname "$0")/common.sh"
build_dir
work_dir nbench-counts
need valgrind
need gcc
need make

all_tests=(numeric_sort string_sort bitfield fp_emulation fourier assignment idea huffman neural_net lu_decomposition)
declare -A flag=([numeric_sort]=DONUMSORT [string_sort]=DOSTRINGSORT [bitfield]=DOBITFIELD [fp_emulation]=DOEMF
  [fourier]=DOFOUR [assignment]=DOASSIGN [idea]=DOIDEA [huffman]=DOHUFF [neural_net]=DONNET [lu_decomposition]=DOLU)
declare -A label=([numeric_sort]="NUMERIC SORT" [string_sort]="STRING SORT" [bitfield]="BITFIELD"
  [fp_emulation]="FP EMULATION" [fourier]="FOURIER" [assignment]="ASSIGNMENT" [idea]="IDEA" [huffman]="HUFFMAN"
  [neural_net]="NEURAL NET" [lu_decomposition]="LU DECOMPOSITION")
tests=("$@")
[[ ${#tests[@]} -gt 0 ]] || tests=("${all_tests[@]}")
for t in "${tests[@]}"; do
  [[ -n "${flag[$t]+x}" ]] || { echo "nbench_counts.sh: unknown test '$t' (tests: ${all_tests[*]})" >&2; exit 2; }
done

# --- nbench 2.2.3, counting build ---
nbench=${NBENCH_COUNT:-}
if [[ -z "$nbench" ]]; then
  src=$work/nbench-2.2.3
  rm -rf "$src"
  if [[ -n "${NBENCH_SRC:-}" ]]; then
    cp -r "$NBENCH_SRC" "$src"
  else
    git clone -q https://github.com/cys254/nbench-byte "$src"
    git -C "$src" checkout -q f7f6cae
  fi
  chmod +x "$src/sysinfo.sh"  # the mode bit is lost in that import
  (cd "$src" && make clean > /dev/null 2>&1 || true; nice make > "$work/nbench-make.log" 2>&1) ||
    { echo "nbench_counts.sh: nbench's make failed, see $work/nbench-make.log" >&2; exit 1; }
  # Its Makefile's CFLAGS without -s (the link only): the same objects, relinked.
  read -r -a cflags <<< "$(sed -n 's/^CFLAGS *= *//p' "$src/Makefile" | sed 's/-s //')"
  (cd "$src" && gcc "${cflags[@]}" -c "$bench_dir/nbench_count_stopwatch.c" -o count_stopwatch.o &&
    gcc "${cflags[@]}" emfloat.o misc.o nbench0.o nbench1.o sysspec.o hardware.o count_stopwatch.o \
      -Wl,--wrap=StartStopwatch -Wl,--wrap=StopStopwatch -o nbench-count -lm)
  nbench=$src/nbench-count
  nbench_dir=$src
else
  nbench_dir=${NBENCH_SRC:-$(dirname "$nbench")}
fi

# --- hwbench's counting driver ---
cmake --build "$build" --target hwbench-nbench-count > "$work/driver-build.log" 2>&1 ||
  { echo "nbench_counts.sh: building hwbench-nbench-count failed, see $work/driver-build.log" >&2; exit 1; }
driver=$build/hwbench-nbench-count

# Collected Ir from a callgrind log.
collected() { sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' "$1" | tail -1; }

run_dir=$work/run
mkdir -p "$run_dir"
cp "$nbench_dir/NNET.DAT" "$run_dir/"  # NEURAL NET reads its patterns from the working directory

printf '%-17s %16s %16s %8s   %s\n' "test" "nbench Ir/unit" "hwbench Ir/unit" "hw/nb" "(units: nbench per iteration, hwbench counted)"
for t in "${tests[@]}"; do
  # nbench upper-cases its command line, so the command file's name is upper case.
  printf 'CUSTOMRUN=T\nMINSECONDS=1\n%s=T\n' "${flag[$t]}" > "$run_dir/COUNT.CMD"
  (cd "$run_dir" && nice valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file=/dev/null \
    "$nbench" -cCOUNT.CMD > "$work/$t.nbench.out" 2> "$work/$t.nbench.log")
  nb_ir=$(collected "$work/$t.nbench.log")
  regions=$(sed -n 's/^hwbench-count: timed regions //p' "$work/$t.nbench.log")
  per_region=$(grep "^${label[$t]} *:" "$work/$t.nbench.out" | cut -d: -f2 | tr -d ' ')
  [[ -n "$nb_ir" && -n "$regions" && -n "$per_region" ]] ||
    { echo "nbench_counts.sh: no count from nbench for $t, see $work/$t.nbench.*" >&2; exit 1; }

  n=${HW_UNITS:-3}
  (nice valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file=/dev/null \
    "$driver" "$t" "$n" > "$work/$t.hwbench.out" 2> "$work/$t.hwbench.log")
  hw_ir=$(collected "$work/$t.hwbench.log")
  hw_units=$(sed -n 's/^units \([0-9]*\) .*/\1/p' "$work/$t.hwbench.out")
  [[ -n "$hw_ir" && -n "$hw_units" && "$hw_units" != 0 ]] ||
    { echo "nbench_counts.sh: no count from hwbench for $t, see $work/$t.hwbench.*" >&2; exit 1; }

  awk -v t="${label[$t]}" -v nb="$nb_ir" -v r="$regions" -v u="$per_region" -v hw="$hw_ir" -v hu="$hw_units" -v n="$n" 'BEGIN {
    a = nb / (r * u); b = hw / hu
    printf "%-17s %16.6g %16.6g %8.3f   (%s; %s in %d)\n", t, a, b, b / a, u, hu, n }'
done
