# Sourced by bench/nbench_suite.sh and bench/nbench_lockstep.sh: what both need to set nbench
# 2.2.3 beside hwbench.
# shellcheck shell=bash

# nbench_link_wall NB_DIR OUT: links nbench's own objects (its Makefile's, in NB_DIR, with its
# CFLAGS less -s) with bench/nbench_wall_stopwatch.c into OUT/nbench-wall, nbench's stopwatch
# wrapped (the shim sums its regions' wall and CPU time and can take turns in lockstep). Returns
# 1 when the objects are not there.
nbench_link_wall() {
  local nb_dir=$1 out=$2 cflags
  local objects=(emfloat.o misc.o nbench0.o nbench1.o sysspec.o hardware.o)
  (cd "$nb_dir" && ls "${objects[@]}" > /dev/null 2>&1) || return 1
  read -r -a cflags <<< "$(sed -n 's/^CFLAGS *= *//p' "$nb_dir/Makefile" | sed 's/-s //')"
  gcc "${cflags[@]}" -c "$(dirname "${BASH_SOURCE[0]}")/nbench_wall_stopwatch.c" -o "$out/wall_stopwatch.o"
  (cd "$nb_dir" && gcc "${cflags[@]}" "${objects[@]}" "$out/wall_stopwatch.o" \
    -Wl,--wrap=StartStopwatch -Wl,--wrap=StopStopwatch -o "$out/nbench-wall" -lm)
}

# nbench_figure NAME FILE: the iterations/sec nbench printed for test NAME in FILE, empty if none.
# The figure follows the name, or, after nbench's two WARNING lines (no 95% certainty), stands on
# the continuation line that starts with blanks and a colon.
nbench_figure() {
  local figure
  figure=$(awk -v t="$1" 'index($0, t) == 1 && $0 ~ /^[A-Z ]+:/ { fig = $0; want = ($0 !~ /: *[0-9]/); next }
    want && /^ +:/ { fig = $0; want = 0 } END { print fig }' "$2" | cut -d: -f2 | tr -d ' ')
  [[ "$figure" =~ ^[0-9] ]] && echo "$figure"
  return 0
}

# nbench_wall_sums FILE: "WALL_NS CPU_NS" from the shim's line on nbench's stderr.
nbench_wall_sums() {
  sed -n 's/^hwbench-wall: regions [0-9]* wall_ns \([0-9]*\) cpu_ns \([0-9]*\)$/\1 \2/p' "$1"
}

# What every bench script shares: work_dir, median, spread…
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
