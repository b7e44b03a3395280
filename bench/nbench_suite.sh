#!/usr/bin/env bash
# Runs specs/nbench.bench (or the faithful variant) and prints, per test, hwbench's iterations/sec,
# its 95% half-interval, the number of samples, and the ratio to nbench 2.2.3's figure on this
# machine kind (shared/reference/nbench-unixbench.md, 1e); then the suite's wall time beside
# nbench's 992.9 s. A benchmark, not a test.
#
#   bench/nbench_suite.sh [RECIPE]          (default specs/nbench.bench)
#
# Environment: HWBENCH (default the clone's build/hwbench). With NBENCH=/path/to/nbench (a build of
# nbench-byte 2.2.3), it is run in the same go and its figures are the ratio's denominator
# instead of the reference table's.
#  - If nbench's objects lie beside NBENCH (its Makefile's emfloat.o, misc.o, nbench0.o, nbench1.o,
#    sysspec.o, hardware.o), they are linked once more with bench/nbench_wall_stopwatch.c, which
#    leaves nbench's CPU-time stopwatch as it is and sums the wall and CPU time of its timed
#    regions; nbench then runs one test at a time (CUSTOMRUN, MINSECONDS=$NBENCH_SECONDS, default
#    1) and the table has two ratios per test: CPU time (nbench's clock(), hwbench's CPU-timed
#    samples) and wall time (nbench's figure times its regions' CPU/wall, hwbench's ops over wall
#    time of the same samples). hwbench then runs the recipe's nbench series as nbench measures:
#    `cputime for NBENCH_SECONDS s until ci 5%` (a recipe written to the work dir).
#  - Otherwise NBENCH runs whole, NBENCH_ARGS passes it arguments (e.g. -cFAST.CMD with a command
#    file holding MINSECONDS=1), and only the CPU-time ratio is shown.
# ROUNDS=N (default 1) runs nbench and hwbench alternately N times (test by test when nbench runs
# per test), for a machine whose load changes: the table then shows per test the median of each
# tool's N figures, the median of the N rounds' ratios, and the lowest and highest ratio of a
# single round. The machine's load (uptime) is
# printed before and after. WORK=DIR keeps the outputs (runs, result files) there.
set -euo pipefail
. "$(dirname "$0")/nbench_side.sh"  # and common.sh

recipe=${1:-$repo_root/specs/nbench.bench}
hwbench_binary
rounds=${ROUNDS:-1}
work_dir nbench-suite
out=$work
rm -f "$out"/*.tsv "$out"/*.wall "$out"/nbench.*.txt "$out"/report.*.txt "$out"/run.*.json  # a kept WORK's earlier rounds

# nbench 2.2.3 on this machine kind (reference 1e): iterations/sec per test, in nbench's order.
tests=("NUMERIC SORT" "STRING SORT" "BITFIELD" "FP EMULATION" "FOURIER" "ASSIGNMENT" "IDEA" "HUFFMAN"
  "NEURAL NET" "LU DECOMPOSITION")
declare -A ref=(
  ["NUMERIC SORT"]=1415.7 ["STRING SORT"]=2259.9 ["BITFIELD"]=6.5701e+08 ["FP EMULATION"]=709.35
  ["FOURIER"]=1.6907e+05 ["ASSIGNMENT"]=53.131 ["IDEA"]=14553 ["HUFFMAN"]=8208.2
  ["NEURAL NET"]=203.55 ["LU DECOMPOSITION"]=5012.4)
ref_wall=992.9
ref_name="nbench 2.2.3 reference (Intel Xeon 2.1 GHz VM)"
[[ -n "${NBENCH:-}" ]] && ref_name="nbench on this machine"

now() { date +%s.%N; }

declare -A flag=(["NUMERIC SORT"]=DONUMSORT ["STRING SORT"]=DOSTRINGSORT ["BITFIELD"]=DOBITFIELD
  ["FP EMULATION"]=DOEMF ["FOURIER"]=DOFOUR ["ASSIGNMENT"]=DOASSIGN ["IDEA"]=DOIDEA ["HUFFMAN"]=DOHUFF
  ["NEURAL NET"]=DONNET ["LU DECOMPOSITION"]=DOLU)

# Per test, with nbench's objects at hand: a copy that also sums wall and CPU time of its regions.
per_test=0
if [[ -n "${NBENCH:-}" ]]; then
  nb_dir=$(cd "$(dirname "$NBENCH")" && pwd)
  if nbench_link_wall "$nb_dir" "$out"; then
    mkdir -p "$out/nbench-run"
    cp "$nb_dir/NNET.DAT" "$out/nbench-run/"  # NEURAL NET reads its patterns from the working directory
    per_test=1
  fi
fi

# Appends "round<TAB>test<TAB>it/s (CPU)<TAB>it/s (wall)" lines for one nbench run to
# $out/nbench.tsv; the wall figure is empty when nbench runs whole.
# With nbench's objects at hand, the one test named by $2 is run; otherwise nbench runs whole.
run_nbench() {
  local round=$1 name=${2:-} start line figure sums
  start=$(now)
  if ((per_test)); then
    # nbench upper-cases its command line, so the command file's name is upper case.
    printf 'CUSTOMRUN=T\nMINSECONDS=%s\n%s=T\n' "${NBENCH_SECONDS:-1}" "${flag[$name]}" > "$out/nbench-run/SUITE.CMD"
    (cd "$out/nbench-run" && "$out/nbench-wall" -cSUITE.CMD) > "$out/nbench.$round.out" 2> "$out/nbench.$round.err"
    figure=$(nbench_figure "$name" "$out/nbench.$round.out")
    sums=$(nbench_wall_sums "$out/nbench.$round.err")
    [[ -n "$figure" && -n "$sums" ]] || { echo "nbench_suite.sh: no figure from nbench for $name" >&2; exit 1; }
    awk -v r="$round" -v t="$name" -v v="$figure" -v s="$sums" \
      'BEGIN { split(s, w, " "); printf "%s\t%s\t%s\t%.6g\n", r, t, v, v * w[2] / w[1] }' >> "$out/nbench.tsv"
    cat "$out/nbench.$round.out" >> "$out/nbench.$round.txt"
  else
    # shellcheck disable=SC2086
    (cd "$nb_dir" && "$NBENCH" ${NBENCH_ARGS:-}) > "$out/nbench.$round.txt"
    while IFS= read -r line; do
      name=$(echo "${line%%:*}" | sed 's/ *$//')
      [[ -n "$name" && -n "${ref[$name]+x}" ]] || continue
      printf '%s\t%s\t%s\t\n' "$round" "$name" "$(echo "$line" | cut -d: -f2 | tr -d ' ')" >> "$out/nbench.tsv"
    done < "$out/nbench.$round.txt"
  fi
  printf '%s\t%s\n' "$round" "$(echo "$(now) - $start" | bc)" >> "$out/nbench.wall"
}

# Appends "round<TAB>test<TAB>mean it/s<TAB>ci95 %<TAB>samples<TAB>mean it/s over wall time" lines
# for one hwbench run.
# for one hwbench run of recipe $2 (default the recipe), whose result is $out/run.$round$3.json.
run_hwbench() {
  local round=$1 run_recipe=${2:-$recipe} tag=${3:-} start
  start=$(now)
  "$hwbench" run -q "$run_recipe" -o "$out/run.$round$tag.json" >> "$out/report.$round.txt"
  printf '%s\t%s\n' "$round" "$(echo "$(now) - $start" | bc)" >> "$out/hwbench.wall"
  # Per sample: operations over the timed seconds (CPU time when the series is CPU-timed); then
  # mean, and the 95% half-interval with Student's t (the table nbench uses, df 1..29); and the
  # mean of the same samples' operations over their wall time.
  jq -r -L "$bench_dir" --arg round "$round" 'include "result_samples";
    [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
     2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
     2.045] as $t |
    .series[] |
    [sample_objects[] | (.ops / ((if .cpu_timed then .cpu.usr_ns + .cpu.sys_ns else .wall_ns end) / 1e9))] as $x |
    [sample_objects[] | (.ops / (.wall_ns / 1e9))] as $w |
    ($x | length) as $n | ($x | add / $n) as $m |
    (if $n > 1 then (($x | map(($m - .) * ($m - .)) | add) / ($n - 1) | sqrt) else 0 end) as $s |
    (if $n >= 2 and $n <= 30 then $t[$n - 2] else 1.96 end) as $tv |
    [$round, .label, $m, (if $n > 1 then $tv * $s / ($n | sqrt) / $m * 100 else 0 end), $n, ($w | add / $n)] | @tsv' \
    "$out/run.$round$tag.json" >> "$out/hwbench.tsv"
}

# The per-round ratios of test $1, one a line: column $2 of hwbench.tsv over column $3 of
# nbench.tsv, rounds matched.
round_ratios() {
  local name=$1 hw_col=$2 nb_col=$3
  join -t $'\t' <(awk -F'\t' -v t="$name" -v c="$hw_col" '$2 == t { print $1 "\t" $c }' "$out/hwbench.tsv" | sort) \
    <(awk -F'\t' -v t="$name" -v c="$nb_col" '$2 == t && $c != "" { print $1 "\t" $c }' "$out/nbench.tsv" | sort) |
    awk -F'\t' '$3 > 0 { print $2 / $3 }'
}

# Same timing basis on both sides: with nbench run per test, hwbench runs each of the recipe's
# series as nbench measures, CPU time in samples of NBENCH_SECONDS until the 95% interval is within
# 5%, one recipe per test. The two tools then alternate test by test (nbench's NUMERIC SORT,
# hwbench's, hwbench's STRING SORT, nbench's, ...: the order within a pair alternates from pair
# to pair and from round to round), so that a change in the machine's load falls on both alike.
if ((per_test)); then
  for name in "${tests[@]}"; do
    grep -q "^series \"$name\"" "$recipe" || continue  # only the recipe's tests
    {
      echo 'title "nbench tests, CPU-timed as nbench times them"'
      sed -n 's/^\(series "'"$name"'" nbench [a-z_]*\).*$/\1 cputime for '"${NBENCH_SECONDS:-1}"'s until ci 5%/p' "$recipe"
      echo 'report iter/s mean, ci95, count'
    } > "$out/side_by_side.${flag[$name]}.bench"
  done
fi

echo "load before: $(uptime)"
for ((round = 1; round <= rounds; round++)); do
  if ((per_test)); then
    pair=$round
    for name in "${tests[@]}"; do
      one=$out/side_by_side.${flag[$name]}.bench
      [[ -f "$one" ]] || continue
      if ((pair++ % 2)); then
        run_nbench "$round" "$name"
        run_hwbench "$round" "$one" ".${flag[$name]}"
      else
        run_hwbench "$round" "$one" ".${flag[$name]}"
        run_nbench "$round" "$name"
      fi
    done
  else
    [[ -n "${NBENCH:-}" ]] && run_nbench "$round"
    run_hwbench "$round"
  fi
done
echo "load after:  $(uptime)"
echo

printf '%-18s %14s %9s %4s %14s %7s' test "hw it/s (CPU)" "ci95 %" n "$(echo "$ref_name" | cut -c1-14)" "CPU"
((rounds > 1)) && printf ' %13s' "CPU rounds"
((per_test)) && printf ' %7s' "wall"
((per_test && rounds > 1)) && printf ' %13s' "wall rounds"
printf '\n'
for name in "${tests[@]}"; do
  hw=$(awk -F'\t' -v t="$name" '$2 == t { print $3 }' "$out/hwbench.tsv" | median)
  [[ "$hw" == 0 ]] && continue
  ci=$(awk -F'\t' -v t="$name" '$2 == t { print $4 }' "$out/hwbench.tsv" | median)
  n=$(awk -F'\t' -v t="$name" '$2 == t { print $5 }' "$out/hwbench.tsv" | median)
  if [[ -n "${NBENCH:-}" ]]; then
    nb=$(awk -F'\t' -v t="$name" '$2 == t { print $3 }' "$out/nbench.tsv" | median)
  else
    nb=${ref[$name]}
  fi
  ratio=$(awk -v m="$hw" -v r="$nb" 'BEGIN { print (r > 0 ? m / r : 0) }')
  ((rounds > 1)) && [[ -n "${NBENCH:-}" ]] && ratio=$(round_ratios "$name" 3 3 | median)
  awk -v l="$name" -v m="$hw" -v ci="$ci" -v n="$n" -v r="$nb" -v q="$ratio" \
    'BEGIN { printf "%-18s %14.5g %8.2f%% %4d %14.5g %7.3f", l, m, ci, n, r, q }'
  ((rounds > 1)) && printf ' %13s' "$(round_ratios "$name" 3 3 | spread)"
  if ((per_test)); then
    hw_wall=$(awk -F'\t' -v t="$name" '$2 == t { print $6 }' "$out/hwbench.tsv" | median)
    nb_wall=$(awk -F'\t' -v t="$name" '$2 == t { print $4 }' "$out/nbench.tsv" | median)
    ratio=$(awk -v m="$hw_wall" -v r="$nb_wall" 'BEGIN { print (r > 0 ? m / r : 0) }')
    ((rounds > 1)) && ratio=$(round_ratios "$name" 6 4 | median)
    awk -v q="$ratio" 'BEGIN { printf " %7.3f", q }'
    ((rounds > 1)) && printf ' %13s' "$(round_ratios "$name" 6 4 | spread)"
  fi
  printf '\n'
done

# A round's wall time is the sum of its runs' (one per test when the tools alternate by test).
round_sums() { awk -F'\t' '{ s[$1] += $2 } END { for (r in s) print s[r] }' "$1"; }
wall=$(round_sums "$out/hwbench.wall" | median)
[[ -n "${NBENCH:-}" ]] && ref_wall=$(round_sums "$out/nbench.wall" | median)
printf '\nsuite wall time%s: hwbench %.1f s, %s %.1f s (ratio %.3f)\n' "$( ((rounds > 1)) && echo " (medians of $rounds rounds)")" \
  "$wall" "$ref_name" "$ref_wall" "$(echo "$wall / $ref_wall" | bc -l)"
echo
sed -n '1,40p' "$out/report.$rounds.txt"
