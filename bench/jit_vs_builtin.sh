#!/usr/bin/env bash
# The recipe-defined arithmetic kernel of examples/arith-jit.bench, JIT-compiled by LLVM, against
# the built-in `arith` kernel (the same loop compiled into hwbench by the C++ compiler), for each
# of the five types, and the interpreter's figure beside them; all in one hwbench run. The JIT
# runs twice: as a recipe gets it by default (LLVM's O2, which vectorises loops gcc -O2 leaves
# scalar, such as UnixBench's double loop) and with `vectorize off` (scalar loops, as gcc makes
# of that one). Prints each median in loops per second, the ratios JIT/built-in of both (goal:
# within ±10%, judged for each of them separately) and the interpreter's slowdown
# (built-in/interpreted). A benchmark, not a test: on a shared machine, run it when the machine
# is quiet.
#
#   bench/jit_vs_builtin.sh                    (HWBENCH defaults to the clone's build/hwbench, built with -DHWBENCH_WITH_LLVM=ON)
#   ROUNDS=7 DURATION=1s HWBENCH=build-x/hwbench bench/jit_vs_builtin.sh
#
# ROUNDS (default 5) repeats the twenty statements, in an order that rotates each round, so
# that a drift in the machine's load favours no side; each statement is one sample of DURATION
# (default 0.5s); the figures are the medians over the rounds.
set -euo pipefail
. "$(dirname "$0")/common.sh"
rounds=${ROUNDS:-5}
duration=${DURATION:-0.5s}
need jq "to read the result file"
hwbench_binary  # built with cmake -S . -B build -DHWBENCH_WITH_LLVM=ON for the JIT
work_dir jit-vs-builtin

types=(i16 i32 i64 f32 f64)
ctypes=(short int long float double)
{
  echo 'title "JIT vs built-in arith, for bench/jit_vs_builtin.sh"'
  # The definition exactly as the example recipe has it.
  sed -n '/^kernel arith_k/,/^}/p' "$repo_root/examples/arith-jit.bench"
  for round in $(seq 1 "$rounds"); do
    for k in 0 1 2 3 4; do
      t=${types[$k]} c=${ctypes[$k]}
      lines=("series \"jit $c\" arith_k type $t backend jit for $duration"
             "series \"builtin $c\" arith type $c for $duration"
             "series \"scalar jit $c\" arith_k type $t backend jit vectorize off for $duration"
             "series \"interpreted $c\" arith_k type $t backend interpreted for $duration")
      for j in 0 1 2 3; do echo "${lines[$(((j + round + k) % 4))]}"; done
    done
  done
} > "$work/arith.bench"
grep -q '^kernel arith_k' "$work/arith.bench" || die "no arith_k in examples/arith-jit.bench"

"$hwbench" run -q -o "$work/result.json" "$work/arith.bench" > /dev/null

# The median calls per second of a series, and a sample's note (back end, compile time).
series_median() {
  jq -r -L "$bench_dir" --arg l "$1" 'include "result_samples"; .series[] | select(.label == $l) | sample_objects[] | .ops / .wall_ns * 1e9' \
    "$work/result.json" | median
}
param() {
  jq -r -L "$bench_dir" --arg l "$1" --arg p "$2" 'include "result_samples"; [.series[] | select(.label == $l) | sample_objects[0].params[$p]][0] // "-"' "$work/result.json"
}

label=$(param "jit int" backend)
scalar_label=$(param "scalar jit int" backend)
compiler=$(jq -r '.environment.compiler | "\(.id) \(.version) \(.flags)"' "$work/result.json" 2>/dev/null || echo "?")
echo "jit: $label; scalar jit: $scalar_label; built-in: $compiler"
echo "$rounds round(s) of $duration per statement, medians; compile times are the default JIT's"
printf "%-7s %13s %13s %10s %13s %10s %13s %9s %10s\n" type "built-in lps" "jit lps" jit/built \
  "scalar lps" scalar/built "interp lps" slowdown "compile ms"
goal=""
for c in "${ctypes[@]}"; do
  jit=$(series_median "jit $c")
  scalar=$(series_median "scalar jit $c")
  builtin=$(series_median "builtin $c")
  interp=$(series_median "interpreted $c")
  compile=$(param "jit $c" compile_ns)
  awk -v c="$c" -v j="$jit" -v s="$scalar" -v b="$builtin" -v i="$interp" -v ns="$compile" 'BEGIN {
    printf "%-7s %13.0f %13.0f %10.3f %13.0f %10.3f %13.0f %8.1fx %10s\n", c, b, j, j / b, s, s / b, i, b / i,
           (ns == "-" ? "-" : sprintf("%.1f", ns / 1e6))
  }'
  goal+=$(awk -v c="$c" -v j="$jit" -v s="$scalar" -v b="$builtin" 'function verdict(r) {
      return sprintf("%.3f %s", r, (r >= 0.9 && r <= 1.1) ? "within" : "OUTSIDE")
    } BEGIN { printf "  %-7s default jit %s, vectorize off %s\n", c, verdict(j / b), verdict(s / b) }')
  goal+=$'\n'
done
# Each variant is judged on its own: the script never reports the better of the two as "the JIT".
echo "goal: JIT/built-in within ±10% (0.900 to 1.100), for each type and each variant:"
printf "%s" "$goal"
for variant in "default jit" "vectorize off"; do
  met=$(printf "%s" "$goal" | grep -c "$variant [0-9.]* within" || true)
  echo "$variant: within ±10% for $met of ${#ctypes[@]} types"
done
