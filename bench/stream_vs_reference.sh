#!/usr/bin/env bash
# hwbench's four STREAM figures beside a reference STREAM (bench/stream_ref.c, written from
# STREAM's published rules) built with the same compiler and flags as hwbench's build, the same
# array size and the same threads, run in one go; prints the ratios. Goal: triad within ±5%.
# A benchmark, not a test: on a shared machine, run it when the machine is quiet.
#
#   bench/stream_vs_reference.sh                    (HWBENCH defaults to the clone's build/hwbench)
#   ELEMENTS=20000000 THREADS=1 ROUNDS=3 bench/stream_vs_reference.sh
#   RT=1 STATIC=1 bench/stream_vs_reference.sh
#
# ELEMENTS and THREADS default to hwbench's own defaults on this machine (four times the
# last-level caches, at least 10M doubles; one thread per CPU). ROUNDS (default 5) alternates
# hwbench and the reference (and which goes first). Each round gives each side STREAM's best of
# passes 2..10; the summary prints, per side, the median of the rounds and their spread
# (min-max), and the ratio of the medians: on a loaded machine one lucky or unlucky round moves
# a best-of-rounds figure, a median much less.
# RT=1 runs both sides under `chrt -f 1` (needs root or CAP_SYS_NICE): compiles on the same
# cores then cannot take the CPU in the middle of a pass. STATIC=1 also runs the reference with
# stream.c's static, back-to-back arrays (-DSTREAM_STATIC_ARRAYS), to show that layout's cost.
set -euo pipefail
. "$(dirname "$0")/common.sh"
hwbench_binary
rounds=${ROUNDS:-5}
cache=$(dirname "$hwbench")/CMakeCache.txt
[ -f "$cache" ] || die "no $cache: HWBENCH must be the hwbench of a CMake build"
need jq "to read the result file"
work_dir stream-vs-ref

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
  jq -r -L "$bench_dir" --arg l "$1" 'include "result_samples"; .series[] | select(.label == $l) | sample_objects[1:] | map(.bytes / .wall_ns * 1000) | max' "$2"
}

prio=()
if [ -n "${RT:-}" ]; then prio=(chrt -f 1); fi
kernels=(copy scale add triad)
sides=(hwbench reference)
[ -n "${STATIC:-}" ] && sides+=(static)
# Every round's figures, one line each: "side kernel MB/s".
figures=$work/figures.txt
: > "$figures"

run_hwbench() { "${prio[@]}" "$hwbench" run -q -o "$work/hw$1.json" "$work/stream.bench" > "$work/hw$1.txt"; }
run_reference() {  # $1 round, $2 binary, $3 side name
  OMP_NUM_THREADS=$threads OMP_PROC_BIND=close OMP_PLACES=threads "${prio[@]}" "$work/$2" > "$work/$3$1.txt"
}
record_reference() {  # $1 round, $2 side name
  local ref i
  read -r -a ref <<< "$(awk '/^RESULT/ { print $2, $3, $4, $5 }' "$work/$2$1.txt")"
  for i in 0 1 2 3; do echo "$2 ${kernels[$i]} ${ref[$i]}" >> "$figures"; done
}

for round in $(seq 1 "$rounds"); do
  # Odd rounds run hwbench first (round 1 must: the reference takes its array size and threads),
  # even rounds the reference, so that a drift in the machine's load favours neither.
  if [ $((round % 2)) = 1 ]; then run_hwbench "$round"; fi
  if [ "$round" = 1 ]; then
    cat "$work/hw1.txt"
    elements=$(jq -r -L "$bench_dir" 'include "result_samples"; .series[0] | sample_objects[0].params.elements' "$work/hw1.json")
    threads=$(jq -r -L "$bench_dir" 'include "result_samples"; .series[0] | sample_objects[0].params.threads' "$work/hw1.json")
    echo "reference: $cc $flags -fopenmp -DSTREAM_ARRAY_SIZE=$elements; OMP_NUM_THREADS=$threads, bound one per CPU${RT:+; both sides under chrt -f 1}"
    # shellcheck disable=SC2086  # the flags are several words
    "$cc" $flags -fopenmp -DSTREAM_ARRAY_SIZE="$elements" "$bench_dir/stream_ref.c" -o "$work/stream_ref" -lm
    if [ -n "${STATIC:-}" ]; then
      # shellcheck disable=SC2086
      "$cc" $flags -fopenmp -DSTREAM_STATIC_ARRAYS -DSTREAM_ARRAY_SIZE="$elements" "$bench_dir/stream_ref.c" \
        -o "$work/stream_ref_static" -lm
    fi
  fi
  run_reference "$round" stream_ref reference
  [ -n "${STATIC:-}" ] && run_reference "$round" stream_ref_static static
  if [ $((round % 2)) = 0 ]; then run_hwbench "$round"; fi
  if [ "$round" = 1 ]; then cat "$work/reference1.txt"; fi
  for k in "${kernels[@]}"; do echo "hwbench $k $(best_of "$k" "$work/hw$round.json")" >> "$figures"; done
  record_reference "$round" reference
  [ -n "${STATIC:-}" ] && record_reference "$round" static
  echo "round $round: $(awk -v r="$round" '{ f[$1 " " $2] = $3 } END {
    n = split("copy scale add triad", k, " ")
    for (i = 1; i <= n; i++) printf "%s %.0f/%.0f  ", k[i], f["hwbench " k[i]], f["reference " k[i]]
  }' <(tail -n "$(( ${#sides[@]} * 4 ))" "$figures"))(hwbench/reference MB/s)"
done

echo
echo "median of $rounds round(s) [min-max], $elements elements per array, $threads thread(s), MB/s:"
printf '%-8s' Function
for s in "${sides[@]}"; do printf ' %26s' "$s"; done
for s in "${sides[@]:1}"; do printf ' %12s' "hw/$s"; done
printf '\n'
for k in "${kernels[@]}"; do
  printf '%-8s' "$k"
  medians=()
  for s in "${sides[@]}"; do
    values=$(awk -v s="$s" -v k="$k" '$1 == s && $2 == k { print $3 }' "$figures")
    medians+=("$(median <<< "$values")")
    IFS=- read -r lo hi <<< "$(spread <<< "$values")"
    printf ' %10.0f [%6.0f-%6.0f]' "${medians[-1]}" "$lo" "$hi"
  done
  for m in "${medians[@]:1}"; do awk -v a="${medians[0]}" -v b="$m" 'BEGIN { printf " %12.3f", a / b }'; done
  printf '\n'
  if [ "$k" = triad ]; then triad=$(awk -v a="${medians[0]}" -v b="${medians[1]}" 'BEGIN { printf "%.12g", a / b }'); fi
done
awk -v triad="$triad" 'BEGIN {
  d = (triad - 1) * 100
  printf "triad: hwbench is %+.1f%% of the reference (goal within ±5%%): %s\n", d, (d <= 5 && d >= -5) ? "met" : "NOT met"
}'
