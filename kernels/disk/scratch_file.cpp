#include "kernels/disk/scratch_file.hpp"

#include <fcntl.h>
#include <linux/falloc.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

#include <fmt/format.h>

#include "base/platform/newer_syscalls.hpp"
#include "base/platform/page_cache.hpp"
#include "kernels/common/kernel_io.hpp"

namespace hwbench::kernels::disk {

ScratchFile::ScratchFile(std::string path, const Context& context) : path_(std::move(path)), context_(context) {}

ScratchFile::~ScratchFile() { remove(); }

void ScratchFile::claim() const { common::refuse_foreign_overwrite(path_, context_); }

platform::FileDescriptor ScratchFile::create(int flags) {
  if (created_) remove();
  claim();
  // Our own file from an earlier run of the same statement may still be there (the runtime lent
  // us ownership of it); anything else was refused by claim().
  struct stat st {};
  if (::lstat(path_.c_str(), &st) == 0 && S_ISREG(st.st_mode)) ::unlink(path_.c_str());
  platform::FileDescriptor fd = platform::open_file(path_, flags | O_CREAT | O_EXCL, 0644);
  if (!fd.valid()) {
    const int err = errno;
    if (err == EINVAL && (flags & O_DIRECT) != 0) throw direct_error(path_, err);
    throw common::io_error("create", path_, err);
  }
  created_ = true;
  return fd;
}

platform::FileDescriptor ScratchFile::open(int flags) const {
  platform::FileDescriptor fd = platform::open_file(path_, flags);
  if (!fd.valid()) {
    const int err = errno;
    if (err == EINVAL && (flags & O_DIRECT) != 0) throw direct_error(path_, err);
    throw common::io_error("open", path_, err);
  }
  return fd;
}

bool ScratchFile::fill(std::uint64_t size, const unsigned char* pattern, std::uint64_t block, bool preallocate) {
  bool reserved = false;
  removing_on_error([&] {
    platform::FileDescriptor fd = create(O_WRONLY);
    if (preallocate) reserved = disk::preallocate(fd.get(), size, path_);
    for (std::uint64_t done = 0; done < size;) {
      const std::uint64_t length = std::min(block, size - done);
      pwrite_full(fd.get(), pattern, static_cast<std::size_t>(length), done, path_);
      done += length;
      if (common::interrupted(context_)) break;
    }
    close_synced(fd, path_);
  });
  return reserved;
}

bool ScratchFile::allocate(std::uint64_t size) {
  bool reserved = false;
  removing_on_error([&] {
    platform::FileDescriptor fd = create(O_WRONLY);
    reserved = preallocate(fd.get(), size, path_);
    // Without reserved blocks the file still gets its size, so that writes fill holes rather than
    // extend it (fio truncates to the size the same way).
    if (!reserved && ::ftruncate(fd.get(), static_cast<off_t>(size)) != 0)
      throw common::io_error("extend", path_, errno);
    close_synced(fd, path_);
  });
  return reserved;
}

void ScratchFile::evict_verified(const std::string& kernel) const {
  const platform::Eviction e = platform::evict(path_);
  if (!e.ok) throw KernelError(fmt::format("{} needs {} out of the page cache, but {}", kernel, path_, e.error));
}

void ScratchFile::remove() noexcept {
  if (!created_) return;
  ::unlink(path_.c_str());
  created_ = false;
}

void close_synced(platform::FileDescriptor& fd, const std::string& path) {
  if (::fsync(fd.get()) != 0 && errno != EINVAL && errno != EROFS) throw common::io_error("sync", path, errno);
  if (int err = fd.close(); err != 0) throw common::io_error("close", path, err);
}

std::size_t read_full(int fd, unsigned char* data, std::size_t size, const std::string& path) {
  std::size_t got = 0;
  while (got < size) {
    const ssize_t n = ::read(fd, data + got, size - got);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw common::io_error("read", path, errno);
    }
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
  }
  return got;
}

void pread_full(int fd, unsigned char* data, std::size_t size, std::uint64_t offset, const std::string& path) {
  std::size_t got = 0;
  while (got < size) {
    const ssize_t n = ::pread(fd, data + got, size - got, static_cast<off_t>(offset + got));
    if (n < 0) {
      if (errno == EINTR) continue;
      throw common::io_error("read", path, errno);
    }
    if (n == 0)
      throw KernelError(fmt::format("cannot read {}: it ends at {} bytes, before the {} bytes the test needs", path,
                                    offset + got, offset + size));
    got += static_cast<std::size_t>(n);
  }
}

void pwrite_full(int fd, const unsigned char* data, std::size_t size, std::uint64_t offset, const std::string& path) {
  std::size_t put = 0;
  while (put < size) {
    const ssize_t n = ::pwrite(fd, data + put, size - put, static_cast<off_t>(offset + put));
    if (n < 0) {
      if (errno == EINTR) continue;
      throw common::io_error("write", path, errno);
    }
    // A zero-byte write of a non-empty buffer only happens when the device is full.
    if (n == 0) throw common::io_error("write", path, ENOSPC);
    put += static_cast<std::size_t>(n);
  }
}

namespace {

bool unsupported(int err) { return err == EOPNOTSUPP || err == ENOSYS; }

}  // namespace

bool preallocate(int fd, std::uint64_t size, const std::string& path) {
  if (platform::fallocate(fd, 0, 0, static_cast<off_t>(size)) == 0) return true;
  if (unsupported(errno)) return false;
  throw common::io_error("allocate", path, errno);
}

bool unwrite(int fd, std::uint64_t size, const std::string& path) {
  if (platform::fallocate(fd, FALLOC_FL_ZERO_RANGE, 0, static_cast<off_t>(size)) != 0) {
    if (unsupported(errno)) return false;
    throw common::io_error("reset the blocks of", path, errno);
  }
  if (::fdatasync(fd) != 0) throw common::io_error("sync", path, errno);
  return true;
}

KernelError direct_error(const std::string& path, int err) {
  return KernelError(
      fmt::format("cannot open {} with O_DIRECT: {} (its file system refuses direct I/O)", path, std::strerror(err)));
}

}  // namespace hwbench::kernels::disk
