// The one aligned buffer of the disk and memory families: boundaries, zero-fill, sizes, errors.
#include "kernels/common/aligned_buffer.hpp"

#include <cstdint>
#include <limits>

#include <doctest/doctest.h>

#include "kernels/contract/kernel.hpp"

namespace hwbench::kernels {

namespace {

bool on_boundary(const void* p, std::size_t alignment) { return reinterpret_cast<std::uintptr_t>(p) % alignment == 0; }

}  // namespace

TEST_CASE("AlignedBuffer: the disk family's buffers are zeroed, on 4096 bytes or where malloc puts them") {
  const common::AlignedBuffer block(10000, common::AlignedBuffer::block_alignment, common::AlignedBuffer::Fill::zeros,
                                    "a block");
  REQUIRE(block.data() != nullptr);
  CHECK(block.size() == 10000);
  CHECK(on_boundary(block.data(), 4096));
  bool zero = true;
  for (std::size_t i = 0; i < block.size(); ++i) zero = zero && block.data()[i] == 0;
  CHECK(zero);

  const common::AlignedBuffer anywhere(3, common::AlignedBuffer::malloc_alignment, common::AlignedBuffer::Fill::zeros,
                                       "three bytes");
  REQUIRE(anywhere.data() != nullptr);
  CHECK(anywhere.size() == 3);
  CHECK((anywhere.data()[0] == 0 && anywhere.data()[1] == 0 && anywhere.data()[2] == 0));
}

TEST_CASE("AlignedBuffer: the memory family's arrays are page-aligned and seen as arrays of T") {
  const std::size_t page = common::AlignedBuffer::page_size();
  CHECK(page >= 4096);
  CHECK((page & (page - 1)) == 0);
  const common::AlignedBuffer array(100 * sizeof(double), page, common::AlignedBuffer::Fill::untouched, "an array");
  CHECK(array.size() == 100 * sizeof(double));
  CHECK(on_boundary(array.data(), page));
  double* values = array.as<double>();
  for (int i = 0; i < 100; ++i) values[i] = i;
  CHECK(array.as<double>()[99] == 99.0);
}

TEST_CASE("AlignedBuffer: empty, zero-sized and refused buffers") {
  const common::AlignedBuffer none;
  CHECK(none.data() == nullptr);
  CHECK(none.size() == 0);
  const common::AlignedBuffer zero(0, common::AlignedBuffer::block_alignment, common::AlignedBuffer::Fill::zeros,
                                   "nothing");
  CHECK(zero.data() != nullptr);
  CHECK(zero.size() == 0);
  // More than any allocator can round up to a whole page: refused before any allocation.
  const std::size_t huge = std::numeric_limits<std::size_t>::max() - 100;
  CHECK_THROWS_WITH_AS(common::AlignedBuffer(huge, common::AlignedBuffer::page_size(),
                                             common::AlignedBuffer::Fill::untouched, "STREAM array a"),
                       ("cannot allocate " + std::to_string(huge) + " bytes for STREAM array a: out of memory").c_str(),
                       KernelError);
}

}  // namespace hwbench::kernels
