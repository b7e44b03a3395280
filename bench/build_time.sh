#!/usr/bin/env bash
# Measures what issue 15 set goals for, on a fresh clone of this repository with no compiler
# cache (CCACHE_DISABLE=1), on this machine (2 cores: -j2):
#   1. a cold build of hwbench as scripts/setup builds it (configure + build, Release);
#   2. the size of that hwbench;
#   3. the rebuild after touching one kernel .cpp (kernels/memory/stream.cpp);
#   4. with --ci, the whole of .ci/run (the sanitizer build with the LLVM JIT and every test on
#      it, the static aarch64 binary under qemu, fuzzing), each step's line as .ci/run prints it.
# Packages must be installed already (scripts/setup as root does that); apt time is not measured.
# Usage: bench/build_time.sh [--ci] [COMMIT]   (COMMIT defaults to HEAD)
set -euo pipefail
. "$(dirname "$0")/common.sh"
cd "$repo_root"
ci=0
if [ "${1:-}" = --ci ]; then ci=1; shift; fi
commit=$(git rev-parse "${1:-HEAD}")
work_dir hwbench-build-time
rm -rf "$work/h"  # a kept WORK's earlier clone: the build is measured on a fresh one
git clone -q . "$work/h"
cd "$work/h"
git checkout -q "$commit"
export CCACHE_DISABLE=1

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

echo "commit $(git log --oneline -1)"
echo "machine: $(machine_line)"

t=$(now)
. scripts/packages.sh
cmake $(generator_for build) -S . -B build >/dev/null
cmake --build build -j"${HWBENCH_JOBS:-2}" --target hwbench >/dev/null
echo "cold build of hwbench: $(since "$t") s"
echo "hwbench size: $(stat -c %s build/hwbench | awk '{ printf "%.1f MB", $1 / 1e6 }')"

touch kernels/memory/stream.cpp
t=$(now)
cmake --build build -j"${HWBENCH_JOBS:-2}" --target hwbench >/dev/null
echo "rebuild after touching kernels/memory/stream.cpp: $(since "$t") s"

if [ "$ci" = 1 ]; then
  rm -rf build
  t=$(now)
  CI=true bash .ci/run >"$work/ci.log" 2>&1 || { tail -40 "$work/ci.log"; echo ".ci/run FAILED"; exit 1; }
  grep '^== ' "$work/ci.log"
  echo ".ci/run: $(since "$t") s"
fi
