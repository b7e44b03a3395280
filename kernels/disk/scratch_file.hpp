#pragma once
// The one file a disk kernel works on (DIR/Bonnie.data, DIR/Xbench.data): created afresh, never a
// stranger's, and always removed again: by finish(), by the destructor, and by run() before an
// error leaves it (a worker process of `parallel` exits without running destructors).
#include <cstdint>
#include <string>

#include "base/platform/file_descriptor.hpp"
#include "kernels/contract/kernel.hpp"

namespace hwbench::kernels::disk {

/// A file this kernel creates and removes.
class ScratchFile {
 public:
  /// The file at `path`, judged by `context`'s ownership rules.
  ScratchFile(std::string path, const Context& context);
  /// Removes the file if this object created it.
  ~ScratchFile();
  ScratchFile(const ScratchFile&) = delete;
  ScratchFile& operator=(const ScratchFile&) = delete;

  /// The path.
  const std::string& path() const { return path_; }
  /// Throws KernelError when the file exists and this run did not create it.
  void claim() const;
  /// Creates the file afresh (our earlier copy unlinked, then O_CREAT|O_EXCL) opened with
  /// `flags` (O_WRONLY or O_RDWR, maybe O_DIRECT); throws KernelError naming the path.
  platform::FileDescriptor create(int flags);
  /// Opens the existing file with `flags`; throws KernelError naming the path.
  platform::FileDescriptor open(int flags) const;
  /// Creates the file afresh and writes `size` bytes, `block` at a time, repeating `pattern`
  /// (block bytes), then fsyncs and closes: the untimed preparation of a test that needs the file
  /// to exist. With `preallocate` its blocks are first reserved with preallocate() (fio's layout);
  /// returns whether they were. On failure (a full disk) the file is removed and KernelError names
  /// it.
  bool fill(std::uint64_t size, const unsigned char* pattern, std::uint64_t block, bool preallocate = false);
  /// Creates the file afresh as `size` bytes of reserved, never-written blocks (preallocate(),
  /// else a sparse file of that size), synced: what a fresh fio write job writes into. Returns
  /// whether the blocks were reserved; on failure the file is removed and KernelError names it.
  bool allocate(std::uint64_t size);
  /// Empties the page cache of the file (fdatasync, POSIX_FADV_DONTNEED) and verifies with
  /// mincore that no page stayed; otherwise throws KernelError naming the path, `kernel` (what
  /// needed it) and mincore's reason.
  void evict_verified(const std::string& kernel) const;
  /// Whether this object created the file and has not removed it.
  bool present() const { return created_; }
  /// Removes the file if this object created it; never throws.
  void remove() noexcept;
  /// Runs `work`; when it throws, removes the file before the error goes on.
  template <typename F>
  void removing_on_error(F&& work) {
    try {
      work();
    } catch (...) {
      remove();
      throw;
    }
  }

 private:
  std::string path_;
  Context context_;
  bool created_ = false;
};

/// bonnie++'s Close(): fsync, then close, both reported as errors naming `path`.
void close_synced(platform::FileDescriptor& fd, const std::string& path);

/// read(2) of exactly `size` bytes unless the file ends first; retries EINTR and short reads.
/// Returns the bytes read; throws io_error("read", path, …).
std::size_t read_full(int fd, unsigned char* data, std::size_t size, const std::string& path);

/// pread(2) of exactly `size` bytes at `offset`; a short file is an error naming `path`.
void pread_full(int fd, unsigned char* data, std::size_t size, std::uint64_t offset, const std::string& path);

/// pwrite(2) of exactly `size` bytes at `offset`; ENOSPC and friends throw, naming `path`.
void pwrite_full(int fd, const unsigned char* data, std::size_t size, std::uint64_t offset, const std::string& path);

/// Reserves the blocks of `fd`'s first `size` bytes with fallocate(2), mode 0 (the file grows to
/// `size`), as fio's default fallocate=native does. Returns false where the file system cannot
/// (EOPNOTSUPP); a full disk and other failures throw io_error("allocate", path, …).
bool preallocate(int fd, std::uint64_t size, const std::string& path);

/// Returns the blocks of `fd`'s first `size` bytes to the reserved, never-written state
/// (FALLOC_FL_ZERO_RANGE: on ext4 and XFS the extents become unwritten again, nothing is freed or
/// written) and syncs that. Returns false where the file system cannot; other failures throw.
bool unwrite(int fd, std::uint64_t size, const std::string& path);

/// The KernelError for an open that O_DIRECT made fail: names the path and says what to do.
KernelError direct_error(const std::string& path, int err);

}  // namespace hwbench::kernels::disk
