#include "kernels/disk/aligned_buffer.hpp"

#include <cstdlib>
#include <cstring>
#include <new>

namespace hwbench::kernels::disk {

namespace {
// The logical block size of every common device is at most a 4 KiB page.
constexpr std::size_t alignment = 4096;
}  // namespace

void AlignedBuffer::Free::operator()(unsigned char* p) const { std::free(p); }

AlignedBuffer::AlignedBuffer(std::size_t size, bool page_aligned) : size_(size) {
  void* p = nullptr;
  if (!page_aligned) p = std::malloc(size == 0 ? 1 : size);
  else if (::posix_memalign(&p, alignment, size == 0 ? alignment : size) != 0) p = nullptr;
  if (p == nullptr) throw std::bad_alloc();
  data_.reset(static_cast<unsigned char*>(p));
  std::memset(p, 0, size);
}

}  // namespace hwbench::kernels::disk
