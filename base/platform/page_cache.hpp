#pragma once
// The page cache as `cold` needs it: how much of a file is resident, evicting it and proving it,
// and the file-system facts the runtime records for each location. Errors are values here:
// the runtime calls these between samples and decides what a failure means.
#include <cstdint>
#include <optional>
#include <string>

namespace hwbench::platform {

/// How many of a file's pages are in the page cache.
struct Residency {
  std::uint64_t resident_pages = 0;
  std::uint64_t total_pages = 0;
};

/// The outcome of residency(): `ok` with the counts, or the reason in `error`.
struct ResidencyProbe {
  bool ok = false;
  Residency residency;
  std::string error;  ///< e.g. "cannot measure the page-cache residency of /x: No such file or directory"
};

/// Counts the resident pages of the regular file at `path` (mmap + mincore); an empty file is 0/0.
ResidencyProbe residency(const std::string& path);

/// The outcome of evict().
struct Eviction {
  bool ok = false;    ///< true only when mincore saw no resident page afterwards
  std::string error;  ///< why not, naming the path
  Residency after;    ///< the last residency seen
  int attempts = 0;   ///< fdatasync + fadvise rounds made
};

/// Drops the file at `path` from the page cache (fdatasync, then POSIX_FADV_DONTNEED) and verifies
/// with mincore that no page stays resident, retrying a few times. Files on tmpfs or ramfs cannot
/// be evicted; that is reported as an error, never as success.
Eviction evict(const std::string& path);

/// The file-system type holding `path`: "ext4", "tmpfs", "xfs", "btrfs", "nfs", "overlay", …,
/// "0x…" (hex magic) when unknown, "" when statfs fails.
std::string filesystem_type(const std::string& path);

/// Bytes available to an unprivileged user on the file system holding `path` (f_bavail * f_frsize).
std::optional<std::uint64_t> free_bytes(const std::string& path);

}  // namespace hwbench::platform
