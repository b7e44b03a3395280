// fill and copy: one unit is one pass over the buffer, bytes counted as documented, and the
// buffers checked at the end.
#include <doctest/doctest.h>

#include "kernels/memory/memory.hpp"
#include "tests/kernels/files/files_test_support.hpp"

namespace hwbench::kernels::memory {

TEST_CASE("fill: one unit writes the whole buffer once, split over the threads") {
  const KernelSpec spec = fill_spec();
  for (double threads : {1.0, 3.0}) {
    CAPTURE(threads);
    const Call call =
        test::make_call(spec, {}, {{"size", test::size_value(100003)}, {"threads", test::size_value(threads)}});
    const Work one = test::run_kernel(spec, call, Context{});
    CHECK(one.bytes == 100003);
    CHECK(one.ops == 1);
    // finish() reads every byte back: five passes leave the fifth value everywhere, or it throws.
    const Work five = test::run_kernel(spec, call, Context{}, 5);
    CHECK(five.bytes == 5 * 100003);
    CHECK(five.ops == 5);
  }
  CHECK(spec.param("size")->default_text == size_text(default_stream_elements() * 8));
  CHECK(spec.measure.for_seconds == 1);
}

TEST_CASE("copy: one unit copies the buffer, counted read plus written") {
  const KernelSpec spec = copy_spec();
  for (double threads : {1.0, 2.0}) {
    CAPTURE(threads);
    const Call call =
        test::make_call(spec, {}, {{"size", test::size_value(65537)}, {"threads", test::size_value(threads)}});
    const Work two = test::run_kernel(spec, call, Context{}, 2);
    CHECK(two.bytes == 2 * 2 * 65537);
    CHECK(two.ops == 2);
  }
}

TEST_CASE("size_text: whole MiB as a recipe writes them") {
  CHECK(size_text(128u << 20) == "128MiB");
  CHECK(size_text(80'000'000) == "80000000");
  CHECK(size_text(0) == "0");
}

}  // namespace hwbench::kernels::memory
