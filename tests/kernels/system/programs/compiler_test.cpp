// The compiler test: one unit compiles and links the program; the files go at the end.
#include <doctest/doctest.h>

#include "kernels/system/common/program.hpp"
#include "kernels/system/common/unixbench_test.hpp"
#include "kernels/system/cpu/cpu_tests.hpp"
#include "kernels/system/os/os_tests.hpp"
#include "kernels/system/programs/program_tests.hpp"
#include "tests/kernels/files/files_test_support.hpp"
#include "tests/kernels/system/system_test_support.hpp"

namespace hwbench::kernels {

TEST_CASE("cc: one unit is one compile that produces a working program") {
  if (system::find_program("cc").empty()) {
    MESSAGE("cc is not installed; skipping");
    return;
  }
  test::TempDir dir;
  const KernelSpec spec = system::compiler_spec();
  CHECK(spec.runs_programs);
  test::Ownership own;
  auto k = spec.make(test::make_call(spec, {test::path_arg(dir.path())}), own.context());
  k->prepare();
  CHECK(k->run(1).ops == 1);
  system::ProgramRun run;
  run.argv = {dir / "cctest", "-n", "2", dir / "cctest.c"};
  const auto out = system::run_program(run);
  CHECK(system::succeeded(out.status));
  // The program's statistics of its own source text.
  CHECK(out.output == "421 words (102 distinct), 39 numbers, mean 145.872\n    26  e\n    22  i\n");
  k->finish();
  CHECK(test::entries(dir.path()) == 0);
}

}  // namespace hwbench::kernels
