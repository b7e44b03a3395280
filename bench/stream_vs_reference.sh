#!/usr/bin/env bash
# hwbench's four STREAM figures beside a reference STREAM (bench/stream_ref.c, written from
# STREAM's published rules) built with the same compiler and flags as hwbench's build, the same
# array size and the same threads, run in one go; prints the ratios. Goal: triad within ±5%.
# A benchmark, not a test: on a shared machine, run it when the machine is quiet.
#
#   bench/stream_vs_reference.sh                    (HWBENCH defaults to ./build/hwbench)
#   ELEMENTS=20000000 THREADS=1 ROUNDS=3 bench/stream_vs_reference.sh
#
# ELEMENTS and THREADS default to hwbench's own defaults on this machine (four times the
# last-level caches, at least 10M doubles; one thread per CPU). ROUNDS (default 4) alternates
# hwbench and the reference (and which goes first); the summary takes each side's best, as STREAM takes its best pass.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
hwbench=${HWBENCH:-./build/hwbench}
rounds=${ROUNDS:-4}
build_dir=$(cd "$(dirname "$hwbench")" && pwd)
cache=$build_dir/CMakeCache.txt
[ -f "$cache" ] || { echo "no $cache: HWBENCH must be the hwbench of a CMake build" >&2; exit 2; }
command -v jq >/dev/null || { echo "jq is needed to read the result file" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/stream-vs-ref.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The compiler and flags that built hwbench's kernels, from the build's cache.
cache_value() { sed -n "s/^$1:[A-Z]*=//p" "$cache" | head -n1; }
cxx=$(cache_value CMAKE_CXX_COMPILER)
build_type=$(cache_value CMAKE_BUILD_TYPE | tr '[:lower:]' '[:upper:]')
flags="$(cache_value CMAKE_CXX_FLAGS) $(cache_value "CMAKE_CXX_FLAGS_$build_type")"
# The C driver of the same compiler: g++ -> gcc, c++ -> cc, clang++ -> clang.
base=${cxx%++}
case $base in
  *g) cc=${base}cc ;;
  *c) cc=${base}c ;;
  *) cc=$base ;;
esac

options=""
[ -n "${ELEMENTS:-}" ] && options="$options elements $ELEMENTS"
[ -n "${THREADS:-}" ] && options="$options threads $THREADS"
cat > "$work/stream.bench" <<RECIPE
title "STREAM, for bench/stream_vs_reference.sh"
series "copy"  stream copy $options
series "scale" stream scale $options
series "add"   stream add $options
series "triad" stream triad $options
report stream
RECIPE

# Best MB/s of passes 2..10 of one series, as STREAM computes it (bytes / ns * 1000 = MB/s).
best_of() {
  jq -r --arg l "$1" '.series[] | select(.label == $l) | .samples[1:] | map(.bytes / .wall_ns * 1000) | max' "$2"
}

declare -A hw_best ref_best
kernels=(copy scale add triad)
for k in "${kernels[@]}"; do hw_best[$k]=0; ref_best[$k]=0; done
max() { awk -v a="$1" -v b="$2" 'BEGIN { print (a > b ? a : b) }'; }

for round in $(seq 1 "$rounds"); do
  run_hwbench() { "$hwbench" run -q -o "$work/hw$round.json" "$work/stream.bench" > "$work/hw$round.txt"; }
  run_reference() {
    OMP_NUM_THREADS=$threads OMP_PROC_BIND=close OMP_PLACES=threads "$work/stream_ref" > "$work/ref$round.txt"
  }
  # Odd rounds run hwbench first (round 1 must: the reference takes its array size and threads),
  # even rounds the reference, so that a drift in the machine's load favours neither.
  if [ $((round % 2)) = 1 ]; then run_hwbench; fi
  if [ "$round" = 1 ]; then
    cat "$work/hw1.txt"
    elements=$(jq -r '.series[0].samples[0].params.elements' "$work/hw1.json")
    threads=$(jq -r '.series[0].samples[0].params.threads' "$work/hw1.json")
    echo "reference: $cc $flags -fopenmp -DSTREAM_ARRAY_SIZE=$elements; OMP_NUM_THREADS=$threads, bound one per CPU"
    # shellcheck disable=SC2086  # the flags are several words
    "$cc" $flags -fopenmp -DSTREAM_ARRAY_SIZE="$elements" "$here/stream_ref.c" -o "$work/stream_ref" -lm
  fi
  run_reference
  if [ $((round % 2)) = 0 ]; then run_hwbench; fi
  if [ "$round" = 1 ]; then cat "$work/ref1.txt"; fi
  read -r -a ref <<< "$(awk '/^RESULT/ { print $2, $3, $4, $5 }' "$work/ref$round.txt")"
  line="round $round:"
  for i in 0 1 2 3; do
    k=${kernels[$i]}
    hw=$(best_of "$k" "$work/hw$round.json")
    line="$line $k $(awk -v h="$hw" -v r="${ref[$i]}" 'BEGIN { printf "%.1f/%.1f", h, r }')"
    hw_best[$k]=$(max "${hw_best[$k]}" "$hw")
    ref_best[$k]=$(max "${ref_best[$k]}" "${ref[$i]}")
  done
  echo "$line  (hwbench/reference MB/s)"
done

echo
echo "best of $rounds round(s), $elements elements per array, $threads thread(s):"
printf "%-8s %14s %14s %8s\n" "Function" "hwbench MB/s" "reference MB/s" "ratio"
for k in "${kernels[@]}"; do
  awk -v k="$k" -v h="${hw_best[$k]}" -v r="${ref_best[$k]}" \
    'BEGIN { printf "%-8s %14.1f %14.1f %8.3f\n", k, h, r, h / r }'
done
awk -v h="${hw_best[triad]}" -v r="${ref_best[triad]}" 'BEGIN {
  d = (h / r - 1) * 100
  printf "triad: hwbench is %+.1f%% of the reference (goal within ±5%%): %s\n", d, (d <= 5 && d >= -5) ? "met" : "NOT met"
}'
