# Sourced by every script here: what hwbench needs from Debian 12, a function that installs what
# is missing (as root; otherwise it says what to install and fails), and the CPU time a script's
# steps used (scripts/test and scripts/test-sanitize print it).

# Building and running hwbench; dc and jq for recipes and scripts that call them.
HWBENCH_PACKAGES=(build-essential cmake ninja-build pkg-config ccache tao-pegtl-dev libtoml11-dev libssl-dev doctest-dev
                  nlohmann-json3-dev libcli11-dev libfmt-dev dc jq)
# What the tests add: to build, the LLVM JIT, clang with its sanitizer and libFuzzer runtimes,
# LLVM's linker lld and zlib1g-dev (to read chromium's PNG screenshots); to run, the real bonnie++ and openssl whose
# output the importers' tests read back, for the HTML report chromium (headless, to open each
# page) and libxml2-utils (xmllint checks the pages' XML), OpenSSH's server and client for the
# runs on other hosts (tests/runtime/remote/: sshd on 127.0.0.1, started by the tests), Slurm
# and munge for the runs on Slurm nodes (munged, slurmctld and three slurmd on this machine,
# started by the tests with a generated slurm.conf; the packages' own services are not used), and
# universal-ctags, whose function list scripts/function-lengths measures, and clang-format (14), which
# scripts/format-check holds the sources to.
HWBENCH_TEST_BUILD_PACKAGES=(llvm-14-dev clang-14 libclang-rt-14-dev lld-14 zlib1g-dev)
HWBENCH_TEST_TOOL_PACKAGES=(bonnie++ openssl chromium libxml2-utils openssh-server openssh-client universal-ctags
                            clang-format munge slurmctld slurmd slurm-client)

# generator_for DIR: "-G Ninja" for a build directory not configured yet. Ninja compiles a
# module's sources without waiting for the libraries it links, where Make builds the modules one
# layer after another and left one of the two CPUs idle for much of a build. A directory configured before keeps
# its generator (CMake refuses to change it).
generator_for() { [ -f "$1/CMakeCache.txt" ] || echo "-G Ninja"; }

# need_packages WHO PACKAGE…: installs the packages that are not installed yet.
need_packages() {
  local who=$1
  shift
  local missing=()
  local p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -ne 0 ]; then
    echo "$who: missing packages: ${missing[*]}; run as root or: sudo apt-get install ${missing[*]}" >&2
    return 1
  fi
  echo "$who: installing ${missing[*]}" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# need_architecture WHO DEBIAN_ARCH: enables a foreign Debian architecture (dpkg
# --add-architecture, as root) so that its multiarch libraries (libssl-dev:arm64…) can be
# installed; need_packages then updates the package lists when it installs them.
need_architecture() {
  local who=$1 arch=$2
  [ "$arch" = "$(dpkg --print-architecture)" ] && return 0
  dpkg --print-foreign-architectures | grep -qx "$arch" && return 0
  if [ "$(id -u)" -ne 0 ]; then
    echo "$who: Debian architecture $arch is not enabled; run as root or: sudo dpkg --add-architecture $arch" >&2
    return 1
  fi
  echo "$who: adding Debian architecture $arch" >&2
  dpkg --add-architecture "$arch"
  apt-get update -qq
}

# cpu_seconds NAME: sets the variable NAME to the CPU time (user + system, whole seconds) of the
# calling shell's children that have ended and been waited for. `times` writes to a file: in a
# pipe or a $(…) it would run in a new subshell, whose counts start at zero.
cpu_seconds() {
  local file="${TMPDIR:-/tmp}/hwbench-times.$$.$BASHPID"
  times >"$file"
  printf -v "$1" '%s' "$(awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%d", u[1] * 60 + u[2] + s[1] * 60 + s[2] + 0.5 }' "$file")"
  rm -f "$file"
}
