// alloc: one unit is one malloc/free pair; the live set is held and released.
#include <doctest/doctest.h>

#include "kernels/memory/memory.hpp"
#include "tests/kernels/files/files_test_support.hpp"

namespace hwbench::kernels::memory {

TEST_CASE("alloc: one unit is one malloc/free pair") {
  const KernelSpec spec = alloc_spec();
  const Call call = test::make_call(spec, {}, {{"size", test::size_value(256)}, {"live", test::size_value(10)}});
  const Work w = test::run_kernel(spec, call, Context{}, 12345);
  CHECK(w.ops == 12345);
  CHECK(w.bytes == 0);
  // More pairs than live blocks wraps round the slots; a second run() continues where it stopped.
  auto kernel = spec.make(call, Context{});
  kernel->prepare();
  CHECK(kernel->run(7).ops == 7);
  CHECK(kernel->run(30).ops == 30);
  kernel->finish();
  CHECK(spec.unit == WorkUnit::operations);
  CHECK(spec.param("size")->default_text == "4KiB");
}

}  // namespace hwbench::kernels::memory
