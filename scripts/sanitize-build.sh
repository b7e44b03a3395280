# Sourced by scripts/test-sanitize and scripts/fuzz: the one build that scripts/test compiles
# and tests (besides the static aarch64 binary).
# sanitize_build TARGET…: configures ./build-sanitize (clang-14, -DHWBENCH_FUZZ=ON: ASan, UBSan
# and libFuzzer's coverage instrumentation on the libraries; -DHWBENCH_WITH_LLVM=ON: the LLVM JIT,
# whose LLVM libraries are Debian's, uninstrumented; -O1 with line tables for readable stack
# traces; the tests' own code at -O0; linked by lld, which links the test binary in 4 s where
# ld.bfd takes 14) and builds the targets.
. scripts/packages.sh
SANITIZE_BUILD=build-sanitize
sanitize_build() {
  local cxx="${SANITIZE_CXX:-clang++-14}"
  if ! command -v "$cxx" >/dev/null; then
    echo "$0: $cxx not found; install it: apt-get install clang-14 libclang-rt-14-dev lld-14" >&2
    exit 1
  fi
  # The tests' own code at -O0, as in every build; what the tests exercise (the libraries) at -O1.
  cmake $(generator_for "$SANITIZE_BUILD") -S . -B "$SANITIZE_BUILD" -DHWBENCH_FUZZ=ON -DHWBENCH_WITH_LLVM=ON \
    -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=Release -DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld \
    -DCMAKE_CXX_FLAGS_RELEASE="-O1 -gline-tables-only -DNDEBUG" -DHWBENCH_RUNTIME_OPTIMIZE=-O1 >/dev/null
  cmake --build "$SANITIZE_BUILD" -j"${HWBENCH_JOBS:-2}" --target "$@"
}
