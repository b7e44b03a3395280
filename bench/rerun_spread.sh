#!/usr/bin/env bash
# The reruns' spread against the interval one run reports (issue 32): bench/rerun-spread.bench run
# RUNS times in a row, and per series the spread of the runs' means beside the 95% CI each run's
# `report summary` printed, and how often one run's interval holds another run's mean. On a
# machine whose speed drifts, the interval from one run's samples does not cover the next run.
# A benchmark, not a test.
#
#   bench/rerun_spread.sh [RUN-OPTION…]   (RUNS=N reruns, default 5, at least 2; about 25 s each)
#   bench/rerun_spread.sh --blocks 1      (each series back to back, as before samples came in blocks)
#   bench/rerun_spread.sh --spread 60s    (each run's blocks paced over a minute: a slower drift seen)
#   RERENDER=1 WORK=DIR bench/rerun_spread.sh
#                                         (no runs: the table of DIR's kept run files, as HWBENCH's
#                                         `report` computes their intervals: two estimators, one set
#                                         of samples)
#
# Environment: HWBENCH (default the clone's build/hwbench), WORK=DIR keeps the result files
# (runN.json), the reports (runN.txt) and their CSV (runN.csv). Needs nothing but awk.
#
# Each run is `hwbench run RECIPE -o runN.json -q`, timed with `date +%s.%N`; its figures are
# those `hwbench report runN.json --format csv` prints (the summary's columns found by their
# names: series, mean, ci95 (%)), so the table measures whatever interval hwbench reports, to the
# digits it prints (the CI to 0.1%). Per series:
#   means spread      (max mean - min mean) / median of the runs' means, in %;
#   reported CI       the median over the runs of the CI's half-width, in % of that run's mean;
#   other runs inside over every ordered pair of runs (i, j), i != j, how many times run j's mean
#                     lies in run i's interval [mean_i - ci_i, mean_i + ci_i]: "K of N(N-1)";
#                     a run without an interval (under two samples) holds none and is not counted.
# Then how many of `hwbench compare`'s verdicts between these runs claim a difference (all false:
# the runs are of one recipe on one machine), one run against one and the odd runs joined with +
# against the even ones; how often the interval of three reruns joined (`hwbench report
# a1.json+a2.json+a3.json`) holds another run's mean; each run's wall time and their total, and
# the machine line.
set -euo pipefail
. "$(dirname "$0")/common.sh"

rerun_count
hwbench_binary
need awk
recipe=$bench_dir/rerun-spread.bench
work_dir hwbench-rerun-spread
rerender=${RERENDER:-0}
if [[ "$rerender" == 1 ]]; then
  [[ -f "$work/run1.json" && -f "$work/walls.txt" ]] || die "RERENDER=1 needs WORK=DIR with the run files of a run of this script"
  runs=$(find "$work" -maxdepth 1 -name 'run*.json' | wc -l)
else
  rm -f "$work"/run*.json "$work"/run*.txt "$work/walls.txt"  # a kept WORK's earlier runs
fi
rm -f "$work"/run*.csv "$work/figures.tsv"

now() { date +%s.%N; }

# One line per run and series: "run<TAB>series<TAB>mean<TAB>ci95 %" (an empty CI when there is
# none), from the summary's CSV (RFC 4180: a quoted field may hold commas and doubled quotes).
csv_figures() {
  awk -v run="$1" '
    function split_csv(line, f,    n, i, c, field, quoted) {
      n = 0; field = ""; quoted = 0
      for (i = 1; i <= length(line); i++) {
        c = substr(line, i, 1)
        if (quoted) {
          if (c == "\"" && substr(line, i + 1, 1) == "\"") { field = field c; i++ }
          else if (c == "\"") quoted = 0
          else field = field c
        } else if (c == "\"") quoted = 1
        else if (c == ",") { f[++n] = field; field = "" }
        else field = field c
      }
      f[++n] = field
      return n
    }
    { sub(/\r$/, "") }
    NR == 1 {
      n = split_csv($0, h)
      for (i = 1; i <= n; i++) col[h[i]] = i
      if (!("series" in col) || !("mean" in col) || !("ci95 (%)" in col)) {
        print "rerun_spread: no series, mean and ci95 (%) columns in the summary CSV" > "/dev/stderr"
        exit 1
      }
      next
    }
    {
      split_csv($0, f)
      ci = f[col["ci95 (%)"]]
      if (ci !~ /^[0-9.eE+-]+$/) ci = ""
      printf "%s\t%s\t%s\t%s\n", run, f[col["series"]], f[col["mean"]], ci
    }'
}

walls=()
if [[ "$rerender" == 1 ]]; then mapfile -t walls < "$work/walls.txt"; fi
for ((i = 1; i <= runs; i++)); do
  if [[ "$rerender" != 1 ]]; then
    echo "run $i of $runs" >&2
    start=$(now)
    "$hwbench" run "$recipe" -o "$work/run$i.json" -q "$@" > "$work/run$i.txt"
    end=$(now)
    walls+=("$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.1f", e - s }')")
    echo "${walls[-1]}" >> "$work/walls.txt"
  fi
  "$hwbench" report "$work/run$i.json" --format csv > "$work/run$i.csv"
  csv_figures "$i" < "$work/run$i.csv" >> "$work/figures.tsv"
done

printf '%-16s %14s %14s %18s\n' "series" "means spread" "reported CI" "other runs inside"
# The series in the first run's order.
while IFS= read -r label; do
  rows=$(awk -F '\t' -v s="$label" '$2 == s' "$work/figures.tsv")
  median_mean=$(cut -f3 <<< "$rows" | median)
  cis=$(cut -f4 <<< "$rows" | awk 'NF')
  median_ci=
  if [[ -n "$cis" ]]; then median_ci=$(median <<< "$cis"); fi
  awk -F '\t' -v s="$label" -v m="$median_mean" -v c="$median_ci" '
    { n++; mean[n] = $3 + 0; ci[n] = $4; if (n == 1 || $3 < lo) lo = $3 + 0; if (n == 1 || $3 > hi) hi = $3 + 0 }
    END {
      inside = 0; pairs = 0
      for (i = 1; i <= n; i++) {
        if (ci[i] == "") continue
        half = mean[i] * ci[i] / 100
        for (j = 1; j <= n; j++) {
          if (j == i) continue
          pairs++
          if (mean[j] >= mean[i] - half && mean[j] <= mean[i] + half) inside++
        }
      }
      spread = m > 0 ? sprintf("%.1f%%", (hi - lo) / m * 100) : "-"
      # "±" is two bytes, which printf counts as two columns.
      printf "%-16s %14s %s %18s\n", s, spread, c == "" ? sprintf("%14s", "-") : sprintf("%15s", sprintf("±%.1f%%", c)), inside " of " pairs
    }' <<< "$rows"
done < <(awk -F '\t' '$1 == 1 { print $2 }' "$work/figures.tsv")

# The verdicts of `hwbench compare` between these runs of one recipe: every difference one claims
# is false. Each pair of runs one against one, then the odd runs joined against the even ones.
claimed() {
  "$hwbench" compare "$@" 2> /dev/null | sed -n '/^verdicts:/,/^$/p' | grep -F '/' |
    awk '{ n++ } /faster|slower|as fast|higher|lower/ { c++ } END { print c + 0, n + 0 }'
}
single_c=0 single_n=0
for ((i = 1; i <= runs; i++)); do
  for ((j = i + 1; j <= runs; j++)); do
    read -r c n < <(claimed "$work/run$i.json" "$work/run$j.json")
    single_c=$((single_c + c)) single_n=$((single_n + n))
  done
done
echo "compare between these runs, one against one: $single_c of $single_n verdicts claim a difference"
if ((runs >= 4)); then
  odd=() even=()
  for ((i = 1; i <= runs; i++)); do
    if ((i % 2)); then odd+=("$work/run$i.json"); else even+=("$work/run$i.json"); fi
  done
  join_plus() { local IFS=+; echo "$*"; }
  read -r c n < <(claimed "$(join_plus "${odd[@]}")" "$(join_plus "${even[@]}")")
  echo "compare, odd runs joined against even runs (a1.json+a3.json+…): $c of $n verdicts claim a difference"
fi

# Reruns joined in threes (`hwbench report a1.json+a2.json+a3.json`: each run one block, the
# interval from the runs' means): each consecutive triple's interval against every other run's
# mean, "K of M" per series, with at least 4 runs (one outside a triple).
if ((runs >= 4)); then
  rm -f "$work/triples.tsv"
  for ((i = 1; i + 2 <= runs; i += 3)); do
    "$hwbench" report "$work/run$i.json+$work/run$((i + 1)).json+$work/run$((i + 2)).json" --format csv |
      csv_figures "$i" >> "$work/triples.tsv"
  done
  echo "reruns joined in threes: the other runs' means inside a triple's interval"
  awk -F '\t' -v n="$runs" '
    FNR == NR { mean[$2 SUBSEP $1] = $3; next }
    $4 != "" {
      if (!($2 in total)) order[++labels] = $2
      half = $3 * $4 / 100
      for (r = 1; r <= n; r++) {
        if (r >= $1 && r <= $1 + 2 || !(($2 SUBSEP r) in mean)) continue
        total[$2]++
        m = mean[$2 SUBSEP r]
        if (m >= $3 - half && m <= $3 + half) inside[$2]++
      }
      cis[$2] = cis[$2] sprintf(" ±%s%%", $4)
    }
    END { for (i = 1; i <= labels; i++) printf "%-16s %9s   CI%s\n", order[i], inside[order[i]] + 0 " of " total[order[i]], cis[order[i]] }
  ' "$work/figures.tsv" "$work/triples.tsv"
fi

total=$(printf '%s\n' "${walls[@]}" | awk '{ t += $1 } END { printf "%.1f", t }')
echo "wall time per run: $(printf '%s s, ' "${walls[@]}" | sed 's/, $//'); total $total s"
echo "machine: $(machine_line)"
