#include "kernels/memory/aligned_buffer.hpp"

#include <unistd.h>

#include <algorithm>

#include <fmt/format.h>

#include "kernels/contract/kernel.hpp"

namespace hwbench::kernels::memory {

AlignedBuffer::AlignedBuffer(std::size_t bytes, const std::string& what) : size_(bytes) {
  const long page_size = ::sysconf(_SC_PAGESIZE);
  const std::size_t page = page_size > 0 ? static_cast<std::size_t>(page_size) : 4096;
  // aligned_alloc wants a multiple of the alignment.
  const std::size_t rounded = (std::max<std::size_t>(bytes, 1) + page - 1) / page * page;
  data_.reset(std::aligned_alloc(page, rounded));
  if (!data_)
    throw KernelError(fmt::format("cannot allocate {} bytes for {}: out of memory", bytes, what));
}

}  // namespace hwbench::kernels::memory
