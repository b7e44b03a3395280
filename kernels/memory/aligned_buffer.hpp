#pragma once
// A page-aligned block of memory for the memory kernels' arrays. Its pages are not touched when
// it is made, so the first write decides where they live (each team member touches its own share,
// as STREAM's parallel initialisation does).
#include <cstddef>
#include <cstdlib>
#include <memory>
#include <string>

namespace hwbench::kernels::memory {

/// `bytes` bytes aligned to a page, freed on destruction.
class AlignedBuffer {
 public:
  AlignedBuffer() = default;
  /// Allocates `bytes` (rounded up to whole pages); throws KernelError naming `what` and the
  /// size when the system refuses.
  AlignedBuffer(std::size_t bytes, const std::string& what);

  /// The first byte, nullptr when empty.
  void* data() const { return data_.get(); }
  /// The size asked for, in bytes.
  std::size_t size() const { return size_; }
  /// The block seen as an array of T.
  template <typename T>
  T* as() const {
    return static_cast<T*>(data_.get());
  }

 private:
  struct Free {
    void operator()(void* p) const { std::free(p); }
  };
  std::unique_ptr<void, Free> data_;
  std::size_t size_ = 0;
};

}  // namespace hwbench::kernels::memory
