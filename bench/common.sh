# Sourced by the side-by-side scripts here: their work directory and the summaries of a column of
# figures.

# work_dir: sets `work` to $WORK, created if need be and kept afterwards, or else to a new
# temporary directory that is removed when the script exits.
work_dir() {
  if [[ -n "${WORK:-}" ]]; then
    work=$WORK
    mkdir -p "$work"
  else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
  fi
}

# The median of the numbers on stdin, one a line (0 when there are none).
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print 0; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# "lo-hi" of the numbers on stdin, three decimals.
spread() { sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { if (NR) printf "%.3f-%.3f", lo, hi }'; }
