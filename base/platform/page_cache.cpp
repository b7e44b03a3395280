#include "base/platform/page_cache.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "base/platform/file_descriptor.hpp"

namespace hwbench::platform {

namespace {

constexpr unsigned long tmpfs_magic = 0x01021994;
constexpr unsigned long ramfs_magic = 0x858458f6;

struct Magic {
  unsigned long value;
  const char* name;
};

// f_type values from linux/magic.h and the file systems' own headers.
constexpr Magic known_magics[] = {
    {0xEF53, "ext4"},  // ext2/3/4 share this value; today's kernels mount all three with ext4
    {tmpfs_magic, "tmpfs"},   {ramfs_magic, "ramfs"},   {0x58465342, "xfs"},      {0x9123683E, "btrfs"},
    {0x6969, "nfs"},          {0x794c7630, "overlay"},  {0x2fc12fc1, "zfs"},      {0xF2F52010, "f2fs"},
    {0xca451a4e, "bcachefs"}, {0x65735546, "fuse"},     {0xFF534D42, "cifs"},     {0xFE534D42, "smb2"},
    {0x01021997, "9p"},       {0x00c36400, "ceph"},     {0x4d44, "vfat"},         {0x2011BAB0, "exfat"},
    {0x5346544e, "ntfs"},     {0x9660, "iso9660"},      {0x73717368, "squashfs"}, {0x15013346, "udf"},
    {0x3153464a, "jfs"},      {0x52654973, "reiserfs"}, {0x482b, "hfsplus"},      {0x3434, "nilfs"},
    {0xf15f, "ecryptfs"},     {0x9fa0, "proc"},         {0x62656572, "sysfs"},    {0x27e0eb, "cgroup"},
    {0x63677270, "cgroup2"},
};

const char* magic_name(unsigned long magic) {
  for (const auto& m : known_magics)
    if (m.value == magic) return m.name;
  return nullptr;
}

std::string errno_text(int err) { return std::strerror(err); }

// Counts resident pages through an open descriptor, mapping at most `window` bytes at a time so
// that a huge file needs neither a huge mapping nor a huge mincore vector.
ResidencyProbe residency_of(int fd, const std::string& path) {
  ResidencyProbe out;
  auto fail = [&](const std::string& why) {
    out.error = fmt::format("cannot measure the page-cache residency of {}: {}", path, why);
    return out;
  };
  struct stat st {};
  if (::fstat(fd, &st) != 0) return fail(errno_text(errno));
  if (S_ISDIR(st.st_mode)) return fail("it is a directory");
  if (!S_ISREG(st.st_mode)) return fail("it is not a regular file");

  const auto page = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
  const auto size = static_cast<std::uint64_t>(st.st_size);
  out.residency.total_pages = (size + page - 1) / page;
  constexpr std::uint64_t window = std::uint64_t{1} << 30;
  std::vector<unsigned char> vec(static_cast<std::size_t>(std::min(size, window) / page + 1));
  for (std::uint64_t offset = 0; offset < size; offset += window) {
    const auto length = static_cast<std::size_t>(std::min(window, size - offset));
    void* map = ::mmap(nullptr, length, PROT_READ, MAP_SHARED, fd, static_cast<off_t>(offset));
    if (map == MAP_FAILED) return fail(fmt::format("mmap: {}", errno_text(errno)));
    const int rc = ::mincore(map, length, vec.data());
    const int err = errno;
    ::munmap(map, length);
    if (rc != 0) return fail(fmt::format("mincore: {}", errno_text(err)));
    const std::size_t pages = (length + page - 1) / page;
    for (std::size_t i = 0; i < pages; ++i) out.residency.resident_pages += vec[i] & 1;
  }
  out.ok = true;
  return out;
}

}  // namespace

ResidencyProbe residency(const std::string& path) {
  FileDescriptor fd = open_file(path, O_RDONLY);
  if (!fd.valid()) {
    ResidencyProbe out;
    out.error = fmt::format("cannot measure the page-cache residency of {}: {}", path, errno_text(errno));
    return out;
  }
  return residency_of(fd.get(), path);
}

Eviction evict(const std::string& path) {
  Eviction out;
  auto fail = [&](const std::string& why) {
    out.error = fmt::format("cannot evict {} from the page cache: {}", path, why);
    return out;
  };
  struct statfs fs {};
  if (::statfs(path.c_str(), &fs) != 0) return fail(errno_text(errno));
  const auto magic = static_cast<unsigned long>(fs.f_type) & 0xffffffffUL;
  if (magic == tmpfs_magic || magic == ramfs_magic)
    return fail(fmt::format("it lives on {}, whose files are always in memory", magic_name(magic)));

  FileDescriptor fd = open_file(path, O_RDONLY);
  if (!fd.valid()) return fail(errno_text(errno));

  constexpr int max_attempts = 5;
  for (int attempt = 1; attempt <= max_attempts; ++attempt) {
    out.attempts = attempt;
    // DONTNEED skips dirty pages, so they are written back first. A read-only descriptor is
    // enough for fdatasync on Linux; EINVAL/EROFS mean the file cannot hold dirty pages anyway.
    if (::fdatasync(fd.get()) != 0 && errno != EINVAL && errno != EROFS)
      return fail(fmt::format("fdatasync: {}", errno_text(errno)));
    if (int err = ::posix_fadvise(fd.get(), 0, 0, POSIX_FADV_DONTNEED); err != 0)
      return fail(fmt::format("posix_fadvise: {}", errno_text(err)));
    ResidencyProbe probe = residency_of(fd.get(), path);
    if (!probe.ok) {
      out.error = probe.error;
      return out;
    }
    out.after = probe.residency;
    if (probe.residency.resident_pages == 0) {
      out.ok = true;
      return out;
    }
    // Pages still under writeback or briefly locked are dropped on a later round.
    std::this_thread::sleep_for(std::chrono::milliseconds(attempt));
  }
  return fail(
      fmt::format("{} of {} pages stay resident after {} attempts (is the file mapped or locked by another "
                  "process?)",
                  out.after.resident_pages, out.after.total_pages, max_attempts));
}

std::string filesystem_type(const std::string& path) {
  struct statfs fs {};
  if (::statfs(path.c_str(), &fs) != 0) return "";
  const auto magic = static_cast<unsigned long>(fs.f_type) & 0xffffffffUL;
  if (const char* name = magic_name(magic)) return name;
  return fmt::format("{:#x}", magic);
}

std::optional<std::uint64_t> free_bytes(const std::string& path) {
  struct statvfs vfs {};
  if (::statvfs(path.c_str(), &vfs) != 0) return std::nullopt;
  return static_cast<std::uint64_t>(vfs.f_bavail) * static_cast<std::uint64_t>(vfs.f_frsize);
}

}  // namespace hwbench::platform
