// Process creation: n forks, each child waited for.
#include <doctest/doctest.h>

#include "kernels/system/system.hpp"
#include "tests/kernels/files/files_test_support.hpp"
#include "tests/kernels/system/system_test_support.hpp"

namespace hwbench::kernels {

TEST_CASE("spawn: n units are n forks, and no child is left, not even a zombie") {
  const KernelSpec spec = system::spawn_spec();
  CHECK(spec.measure.for_seconds == 30);
  const Work w = test::run_kernel(spec, test::make_call(spec, {}), Context{}, 40);
  CHECK(w.ops == 40);
  CHECK(test::no_children());
}

}  // namespace hwbench::kernels
