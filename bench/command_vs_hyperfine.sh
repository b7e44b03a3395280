#!/usr/bin/env bash
# hwbench's command steps side by side with hyperfine (Debian's), which times a command the same
# way: `true` (the per-run overhead: nothing but spawning and reaping) and a 10 ms program
# (`sleep 0.01`), each in the argv form (hwbench `exec`, hyperfine -N) and the shell form
# (hwbench `sh`, hyperfine's default, both taking out the shell's start-up). Rounds alternate
# which tool goes first; each round gives the ratio of the two means (hwbench / hyperfine), and
# the script prints the median and the spread of the ratios, with both tools' median means.
#
#   bench/command_vs_hyperfine.sh [--rounds R] [--runs N]      # defaults: 5 rounds of 200 runs
#
# Needs: build/hwbench (scripts/setup), hyperfine and jq (apt-get install hyperfine jq).
set -euo pipefail
. "$(dirname "$0")/common.sh"

rounds=5 runs=200
while [[ $# -gt 0 ]]; do
  case $1 in
    --rounds) rounds=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    *) echo "usage: $0 [--rounds R] [--runs N]" >&2; exit 2 ;;
  esac
done
hwbench_binary
need hyperfine "apt-get install hyperfine"
need jq "apt-get install jq"
work_dir hwbench-hyperfine

# The mean wall time in seconds of series 1 in an hwbench result.
hwbench_mean() { jq -L "$bench_dir" 'include "result_samples"; [.series[0] | sample_objects[] | .wall_ns] | add / length / 1e9' "$1"; }

# One case: NAME, the hwbench statement, hyperfine's arguments.
run_case() {
  local name=$1 statement=$2
  shift 2
  printf 'series "%s" %s runs %d warmup 3\n' "$name" "$statement" "$runs" >"$work/case.bench"
  : >"$work/ratios" >"$work/hw" >"$work/hf"
  for ((r = 1; r <= rounds; r++)); do
    local order=(hw hf)
    ((r % 2 == 0)) && order=(hf hw)
    for who in "${order[@]}"; do
      if [[ $who == hw ]]; then
        (cd "$work" && "$hwbench" run --allow-exec --quiet case.bench -o "$work/hw.json" >/dev/null)
      else
        hyperfine --style none --runs "$runs" --warmup 3 --export-json "$work/hf.json" "$@" >/dev/null 2>&1
      fi
    done
    local hw hf
    hw=$(hwbench_mean "$work/hw.json")
    hf=$(jq '.results[0].mean' "$work/hf.json")
    echo "$hw" >>"$work/hw"
    echo "$hf" >>"$work/hf"
    awk -v a="$hw" -v b="$hf" 'BEGIN { printf "%.6f\n", a / b }' >>"$work/ratios"
  done
  printf '%-22s hwbench %8.3f ms  hyperfine %8.3f ms  ratio %.3f (rounds %s)\n' "$name" \
    "$(median <"$work/hw" | awk '{ print $1 * 1000 }')" "$(median <"$work/hf" | awk '{ print $1 * 1000 }')" \
    "$(median <"$work/ratios")" "$(spread <"$work/ratios")"
}

echo "$(cpu_model); $(nproc) CPUs; $rounds rounds of $runs runs"
run_case "true (argv)" "exec true" -N true
run_case "sleep 0.01 (argv)" "exec sleep 0.01" -N "sleep 0.01"
run_case "true (shell)" 'sh "true"' true
run_case "sleep 0.01 (shell)" 'sh "sleep 0.01"' "sleep 0.01"
