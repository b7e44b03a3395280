#!/usr/bin/env bash
# The recipe-defined arithmetic kernel of examples/arith-jit.bench, JIT-compiled by LLVM, against
# the built-in `arith` kernel (the same loop compiled into hwbench by the C++ compiler), for each
# of the five types, and the interpreter's figure beside them; all in one hwbench run. Prints
# each median in loops per second, the ratio JIT/built-in (goal: within ±10%) and the
# interpreter's slowdown (built-in/interpreted). A benchmark, not a test: on a shared machine,
# run it when the machine is quiet.
#
#   bench/jit_vs_builtin.sh                    (HWBENCH defaults to ./build-llvm/hwbench)
#   ROUNDS=7 DURATION=1s HWBENCH=build-x/hwbench bench/jit_vs_builtin.sh
#
# ROUNDS (default 5) repeats the fifteen statements, in an order that rotates each round, so
# that a drift in the machine's load favours no side; each statement is one sample of DURATION
# (default 0.5s); the figures are the medians over the rounds.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
hwbench=${HWBENCH:-./build-llvm/hwbench}
rounds=${ROUNDS:-5}
duration=${DURATION:-0.5s}
command -v jq >/dev/null || { echo "jq is needed to read the result file" >&2; exit 2; }
[ -x "$hwbench" ] || { echo "no $hwbench: build with scripts/test-llvm, or set HWBENCH" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/jit-vs-builtin.XXXXXX")
trap 'rm -rf "$work"' EXIT

types=(i16 i32 i64 f32 f64)
ctypes=(short int long float double)
{
  echo 'title "JIT vs built-in arith, for bench/jit_vs_builtin.sh"'
  # The definition exactly as the example recipe has it.
  sed -n '/^kernel arith_k/,/^}/p' "$here/../examples/arith-jit.bench"
  for round in $(seq 1 "$rounds"); do
    for k in 0 1 2 3 4; do
      t=${types[$k]} c=${ctypes[$k]}
      lines=("series \"jit $c\" arith_k type $t backend jit for $duration"
             "series \"builtin $c\" arith type $c for $duration"
             "series \"interpreted $c\" arith_k type $t backend interpreted for $duration")
      for j in 0 1 2; do echo "${lines[$(((j + round + k) % 3))]}"; done
    done
  done
} > "$work/arith.bench"
grep -q '^kernel arith_k' "$work/arith.bench" || { echo "no arith_k in examples/arith-jit.bench" >&2; exit 2; }

"$hwbench" run -q -o "$work/result.json" "$work/arith.bench" > /dev/null

# The median calls per second of a series, and a sample's note (back end, compile time).
median() {
  jq -r --arg l "$1" '[.series[] | select(.label == $l) | .samples[] | .ops / .wall_ns * 1e9] | sort
                      | if length % 2 == 1 then .[length / 2 | floor] else (.[length / 2 - 1] + .[length / 2]) / 2 end' \
    "$work/result.json"
}
param() {
  jq -r --arg l "$1" --arg p "$2" '[.series[] | select(.label == $l) | .samples[0].params[$p]][0] // "-"' "$work/result.json"
}

label=$(param "jit int" backend)
compiler=$(jq -r '.environment.compiler | "\(.id) \(.version) \(.flags)"' "$work/result.json" 2>/dev/null || echo "?")
echo "jit: $label; built-in: $compiler; $rounds round(s) of $duration per statement, medians"
printf "%-7s %14s %14s %9s %14s %11s %11s\n" type "jit lps" "built-in lps" jit/built "interp lps" slowdown "compile ms"
worst=0
for c in "${ctypes[@]}"; do
  jit=$(median "jit $c")
  builtin=$(median "builtin $c")
  interp=$(median "interpreted $c")
  compile=$(param "jit $c" compile_ns)
  awk -v c="$c" -v j="$jit" -v b="$builtin" -v i="$interp" -v ns="$compile" 'BEGIN {
    printf "%-7s %14.0f %14.0f %9.3f %14.0f %10.1fx %11s\n", c, j, b, j / b, i, b / i, (ns == "-" ? "-" : sprintf("%.1f", ns / 1e6))
  }'
  worst=$(awk -v w="$worst" -v j="$jit" -v b="$builtin" 'BEGIN { d = (j / b - 1) * 100; if (d < 0) d = -d; print (d > w ? d : w) }')
done
awk -v w="$worst" 'BEGIN { printf "largest |jit/built-in - 1|: %.1f%% (goal within ±10%%): %s\n", w, (w <= 10 ? "met" : "NOT met") }'
