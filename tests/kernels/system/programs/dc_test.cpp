// dc: the square root of 2 to 99 decimal places, as dc prints it (70 characters a line, a
// backslash before each break).
#include "kernels/system/programs/dc.hpp"

#include <doctest/doctest.h>

#include "kernels/system/common/program.hpp"
#include "kernels/system/common/unixbench_test.hpp"
#include "kernels/system/cpu/cpu_tests.hpp"
#include "kernels/system/os/os_tests.hpp"
#include "kernels/system/programs/program_tests.hpp"
#include "tests/kernels/files/files_test_support.hpp"

namespace hwbench::kernels {

// sqrt(2) = 1.41421356237309504880168872420969807856967187537694807317667973799073247846210703885038753432764157…
TEST_CASE("dc: sqrt(2) to 99 places") {
  const std::string dc = system::find_program("dc");
  if (dc.empty()) {
    MESSAGE("dc is not installed (apt-get install dc); skipping");
    return;
  }
  CHECK(system::run_dc(dc) ==
        "1.4142135623730950488016887242096980785696718753769480731766797379907\\\n"
        "32478462107038850387534327641572\n");
  const KernelSpec spec = system::dc_spec();
  CHECK(spec.runs_programs);
  CHECK(test::run_kernel(spec, test::make_call(spec, {}), Context{}, 2).ops == 2);
}

}  // namespace hwbench::kernels
