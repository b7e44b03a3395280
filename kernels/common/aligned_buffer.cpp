#include "kernels/common/aligned_buffer.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <limits>

#include <fmt/format.h>

#include "kernels/contract/kernel.hpp"

namespace hwbench::kernels::common {

std::size_t AlignedBuffer::page_size() {
  const long page = ::sysconf(_SC_PAGESIZE);
  return page > 0 ? static_cast<std::size_t>(page) : 4096;
}

AlignedBuffer::AlignedBuffer(std::size_t size, std::size_t alignment, Fill fill, const std::string& what)
    : size_(size) {
  const std::size_t asked = std::max<std::size_t>(size, 1);
  void* p = nullptr;
  if (alignment == malloc_alignment) {
    p = std::malloc(asked);
  } else if (asked <= std::numeric_limits<std::size_t>::max() - alignment &&
             ::posix_memalign(&p, alignment, (asked + alignment - 1) / alignment * alignment) != 0) {
    p = nullptr;
  }
  if (p == nullptr) throw KernelError(fmt::format("cannot allocate {} bytes for {}: out of memory", size, what));
  data_.reset(static_cast<unsigned char*>(p));
  if (fill == Fill::zeros) std::memset(p, 0, size);
}

}  // namespace hwbench::kernels::common
