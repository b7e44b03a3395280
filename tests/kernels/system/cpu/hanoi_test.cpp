// The Tower of Hanoi: 2^N - 1 moves, all disks end on the third peg.
#include "kernels/system/cpu/hanoi.hpp"

#include <doctest/doctest.h>

#include "kernels/system/common/unixbench_test.hpp"
#include "kernels/system/cpu/cpu_tests.hpp"
#include "kernels/system/os/os_tests.hpp"
#include "kernels/system/programs/program_tests.hpp"
#include "tests/kernels/files/files_test_support.hpp"
#include "tests/kernels/system/system_test_support.hpp"

namespace hwbench::kernels {

TEST_CASE("hanoi: 10 disks take 1023 moves and end on peg 3") {
  system::Hanoi h;
  CHECK(h.solve(10) == 1023);
  CHECK(h.pegs[1] == 0);
  CHECK(h.pegs[2] == 0);
  CHECK(h.pegs[3] == 10);
}

TEST_CASE("hanoi: other sizes") {
  system::Hanoi h;
  CHECK(h.solve(1) == 1);
  CHECK(h.solve(2) == 3);
  CHECK(h.solve(17) == 131071);
  CHECK(h.pegs[3] == 17);
}

TEST_CASE("hanoi: one unit is one whole solution, disks defaults to 10") {
  const KernelSpec spec = system::hanoi_spec();
  CHECK(spec.param("disks")->default_text == "10");
  CHECK(spec.measure.for_seconds == 20);
  CHECK(test::run_kernel(spec, test::make_call(spec, {}, {{"disks", test::count_value(12)}}), Context{}, 7).ops == 7);
}

}  // namespace hwbench::kernels
