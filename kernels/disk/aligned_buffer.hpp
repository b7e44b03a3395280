#pragma once
// An I/O buffer: page-aligned, as O_DIRECT requires, or where malloc puts it, as bonnie++'s is
// without -D (the kernel copies to a page-aligned buffer measurably faster, ~15% on a cached
// read, so the alignment is part of the procedure).
#include <cstddef>
#include <memory>

namespace hwbench::kernels::disk {

/// `size` zero-filled bytes (so its pages are touched before any timing).
class AlignedBuffer {
 public:
  /// An empty buffer.
  AlignedBuffer() = default;
  /// Allocates `size` bytes aligned to 4096, or with `page_aligned` false wherever malloc puts
  /// them; throws std::bad_alloc when it cannot.
  explicit AlignedBuffer(std::size_t size, bool page_aligned = true);
  /// The bytes.
  unsigned char* data() { return data_.get(); }
  /// The bytes.
  const unsigned char* data() const { return data_.get(); }
  /// How many.
  std::size_t size() const { return size_; }

 private:
  struct Free {
    void operator()(unsigned char* p) const;
  };
  std::unique_ptr<unsigned char, Free> data_;
  std::size_t size_ = 0;
};

}  // namespace hwbench::kernels::disk
