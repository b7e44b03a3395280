#pragma once
// The static hwbench binaries that runs on other hosts use (scripts/build-static ARCH writes
// dist/hwbench-VERSION-linux-ARCH): which architecture a host's `uname -m` names, where the
// binaries are looked for, and each one's hash, which names its cache directory on a host.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hwbench::runtime::remote {

/// The architectures static binaries are built for, in the order scripts/build-static knows them.
const std::vector<std::string>& dist_architectures();

/// The architecture of a host whose `uname -m` says `machine`: x86_64; aarch64 and arm64 are
/// aarch64; armv7l, armv6l and armhf are armhf. Nothing for any other.
std::optional<std::string> dist_arch(std::string_view machine);

/// `hwbench-VERSION-linux-ARCH`, the name scripts/build-static gives the binary.
std::string dist_binary_name(const std::string& version, const std::string& arch);

/// The directories searched for the binaries, first match wins: `option` (--dist or a fleet
/// file's `dist`) when not "", else `env` (HWBENCH_DIST) when set and not "", else `dist/` in the
/// parent of the directory holding `executable` (the source tree of a build directory such as
/// build/hwbench) and `dist/` beside `executable` (an unpacked release).
std::vector<std::string> dist_dirs(const std::string& option, const char* env, const std::string& executable);

/// One static binary found here.
struct DistBinary {
  std::string arch;
  std::string path;
  std::string hash;  ///< the first 16 hex digits of its SHA-256: its cache directory is VERSION-HASH
  std::uint64_t size = 0;
};

/// Each architecture's binary found in `dirs` (the first directory holding it), with its hash;
/// a file that cannot be read is left out (`problems` gets one line about it). Hashing 15 MB
/// three times costs a noticeable part of a run's overhead, so with `memo` not "" the hashes are
/// kept in that file (`SHA256 SIZE MTIME_NS INODE PATH` lines) and a binary whose size, time
/// and inode are unchanged is not read again.
std::vector<DistBinary> find_dist_binaries(const std::vector<std::string>& dirs, const std::string& version,
                                           std::vector<std::string>& problems, const std::string& memo = "");

/// Where the hashes are kept here: ${XDG_CACHE_HOME:-$HOME/.cache}/hwbench/dist-sha256; "" when
/// neither variable is set.
std::string dist_hash_memo();

/// The error for a host whose architecture has no binary here: what to build, and where it was looked for.
std::string missing_binary_message(const std::string& arch, const std::string& machine,
                                   const std::vector<std::string>& dirs, const std::string& version);

/// The path of the running executable (/proc/self/exe), "" when unknown.
std::string running_executable();

}  // namespace hwbench::runtime::remote
