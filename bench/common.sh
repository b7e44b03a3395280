# Sourced by every script in bench/ (`. "$(dirname "$0")/common.sh"`): what they share.
#   bench_dir, repo_root   this folder and the clone it is in, as absolute paths;
#   die MESSAGE            the message on stderr, after the script's name, and exit 1;
#   need TOOL [HINT]       die unless TOOL is on PATH (HINT: how to get it);
#   on_exit COMMAND        run COMMAND when the script exits, after those registered before;
#   work_dir [NAME]        sets `work`: $WORK, kept, or a new temporary directory, removed at exit;
#   hwbench_binary [PATH]  sets `hwbench`: PATH, else $HWBENCH, else the clone's build/hwbench;
#   build_dir              sets `build`: $HWBENCH_BUILD, else the clone's build/;
#   cpu_model, load_average, machine_line   what the machine is and how busy;
#   median, spread         the median, and "lo-hi", of the numbers on stdin.
# shellcheck shell=bash disable=SC2034  # the variables set here are the sourcing script's

bench_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo_root=$(cd "$bench_dir/.." && pwd)

die() {
  echo "$(basename "$0" .sh): $*" >&2
  exit 1
}

need() {
  command -v "$1" >/dev/null 2>&1 || die "needs $1${2:+ ($2)}"
}

# One EXIT trap runs every command registered, in order, whatever each one's status.
bench_on_exit=()
on_exit() {
  bench_on_exit+=("$1")
  trap bench_run_on_exit EXIT
}
bench_run_on_exit() {
  local command
  for command in "${bench_on_exit[@]}"; do eval "$command" || true; done
}

# work_dir [NAME]: sets `work` to $WORK, created if need be and kept afterwards, or else to a new
# directory NAME.XXXXXX under $TMPDIR (default /tmp) that is removed when the script exits.
work_dir() {
  if [[ -n "${WORK:-}" ]]; then
    work=$WORK
    mkdir -p "$work"
  else
    work=$(mktemp -d "${TMPDIR:-/tmp}/${1:-hwbench-bench}.XXXXXX")
    on_exit 'rm -rf "$work"'
  fi
}

# rerun_count: sets `runs` to $RUNS (default 5), a whole number of at least 2, for the scripts
# that run one recipe several times in a row.
rerun_count() {
  runs=${RUNS:-5}
  [[ "$runs" =~ ^[0-9]+$ && "$runs" -ge 2 ]] || die "RUNS must be a whole number of at least 2"
}

# hwbench_binary [PATH]: sets `hwbench` to the absolute path of PATH, else of $HWBENCH, else of
# the clone's build/hwbench (as scripts/setup builds it); a relative path is taken from the
# directory the script was started in, so call this before any cd.
hwbench_binary() {
  local path=${1:-${HWBENCH:-$repo_root/build/hwbench}}
  [[ -f "$path" && -x "$path" ]] || die "no hwbench at $path; build it (scripts/setup) or set HWBENCH=/path/to/hwbench"
  hwbench=$(realpath "$path")
}

# build_dir: sets `build` to hwbench's CMake build directory, $HWBENCH_BUILD or the clone's build/
# (the scripts that compile a driver build its target there).
build_dir() {
  build=${HWBENCH_BUILD:-$repo_root/build}
}

# The CPU's model name (x86's "model name", else lscpu's "Model name", else the architecture).
cpu_model() {
  local model
  model=$(grep -m1 '^model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//') || true
  [[ -n "$model" ]] || model=$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1) || true
  echo "${model:-$(uname -m)}"
}

# The 1-, 5- and 15-minute load averages.
load_average() { cut -d' ' -f1-3 /proc/loadavg; }

# One line on the machine: its CPU model, its CPUs, its memory and its load.
machine_line() {
  echo "$(cpu_model); $(nproc) CPUs; $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo); load $(load_average)"
}

# The median of the numbers on stdin, one a line (0 when there are none); the mean of the two
# middle ones, for an even count, to 12 significant digits.
median() {
  sort -g | awk '{ v[NR] = $1 }
    END { if (NR == 0) print 0; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.12g\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
# "lo-hi" of the numbers on stdin, three decimals.
spread() { sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { if (NR) printf "%.3f-%.3f", lo, hi }'; }
