#pragma once
// A block of memory whose first byte lies on a chosen boundary, for the kernels that need one:
// the disk family's I/O buffers (4096 bytes, as O_DIRECT requires, or where malloc puts them, as
// bonnie++'s is without -D: the kernel copies to an aligned buffer measurably faster, ~15% on a
// cached read, so the alignment is part of the procedure), zero-filled so that their pages are
// touched before any timing; and the memory family's arrays (a page), left untouched so that the
// first write decides where their pages live (each team member touches its own share, as
// STREAM's parallel initialisation does).
#include <cstddef>
#include <cstdlib>
#include <memory>
#include <string>

namespace hwbench::kernels::common {

/// `size` bytes on an `alignment` boundary, freed on destruction.
class AlignedBuffer {
 public:
  /// What the bytes hold when the buffer is made.
  enum class Fill {
    zeros,      ///< zero bytes: every page touched now
    untouched,  ///< whatever the allocator gives: no page touched
  };

  /// The boundary of the disk family's buffers: the logical block size of every common device
  /// is at most 4 KiB.
  static constexpr std::size_t block_alignment = 4096;
  /// An `alignment` of 0: wherever malloc puts the bytes.
  static constexpr std::size_t malloc_alignment = 0;
  /// The size of a memory page (sysconf), 4096 when the system does not say.
  static std::size_t page_size();

  /// An empty buffer.
  AlignedBuffer() = default;
  /// Allocates `size` bytes (the allocation rounded up to whole `alignment`s, at least one byte)
  /// whose first lies on a multiple of `alignment` (a power of two, or malloc_alignment); throws
  /// KernelError naming `what` and the size when the system refuses.
  AlignedBuffer(std::size_t size, std::size_t alignment, Fill fill, const std::string& what);

  /// The first byte, nullptr when empty.
  unsigned char* data() { return data_.get(); }
  /// The first byte, nullptr when empty.
  const unsigned char* data() const { return data_.get(); }
  /// The size asked for, in bytes.
  std::size_t size() const { return size_; }
  /// The block seen as an array of T (the memory kernels' arrays; a const buffer's elements stay
  /// writable, as a pointer member's would).
  template <typename T>
  T* as() const {
    return reinterpret_cast<T*>(data_.get());
  }

 private:
  struct Free {
    void operator()(unsigned char* p) const { std::free(p); }
  };
  std::unique_ptr<unsigned char, Free> data_;
  std::size_t size_ = 0;
};

}  // namespace hwbench::kernels::common
