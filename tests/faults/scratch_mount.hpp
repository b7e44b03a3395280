#pragma once
// A small tmpfs mounted for one test (root only): a disk that fills up at a known size, or
// that can be made read-only while hwbench runs.
#include <sys/mount.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include <doctest/doctest.h>

#include "tests/support/temp_dir.hpp"

namespace hwbench::test {

/// A tmpfs of `size_mib` MiB on a fresh directory under /tmp, unmounted on destruction.
class ScratchMount {
 public:
  explicit ScratchMount(int size_mib, bool read_only = false) {
    if (::geteuid() != 0) {
      why_not_ = "not running as root";
      return;
    }
    const std::string options = "size=" + std::to_string(size_mib) + "m,mode=0755";
    if (::mount("tmpfs", dir_.path().c_str(), "tmpfs", read_only ? MS_RDONLY : 0, options.c_str()) != 0) {
      why_not_ = std::string("mount -t tmpfs failed: ") + std::strerror(errno);
      return;
    }
    mounted_ = true;
  }
  ~ScratchMount() {
    if (mounted_) ::umount2(dir_.path().c_str(), MNT_DETACH);
  }
  ScratchMount(const ScratchMount&) = delete;
  ScratchMount& operator=(const ScratchMount&) = delete;

  /// Whether the tmpfs is mounted; otherwise why_not() says why.
  bool mounted() const { return mounted_; }
  const std::string& why_not() const { return why_not_; }
  /// The mount point.
  const std::string& path() const { return dir_.path(); }
  std::string operator/(const std::string& name) const { return dir_ / name; }

  /// Remounts it read-only (false with errno set when the kernel refuses, e.g. a file is open
  /// for writing).
  bool make_read_only() const {
    return ::mount(nullptr, dir_.path().c_str(), nullptr, MS_REMOUNT | MS_RDONLY, nullptr) == 0;
  }

 private:
  TempDir dir_;
  bool mounted_ = false;
  std::string why_not_;
};

/// Whether `mount` is mounted; when not, the test's output says why (and the caller skips).
inline bool mounted_or_say_why(const ScratchMount& mount) {
  if (!mount.mounted()) MESSAGE("skipped: " << mount.why_not());
  return mount.mounted();
}

}  // namespace hwbench::test
