// Pipe throughput: every 512-byte block goes through the pipe and comes back checked.
#include "kernels/system/os/pipe.hpp"

#include <doctest/doctest.h>

#include "kernels/system/common/unixbench_test.hpp"
#include "kernels/system/cpu/cpu_tests.hpp"
#include "kernels/system/os/os_tests.hpp"
#include "kernels/system/programs/program_tests.hpp"

namespace hwbench::kernels {

TEST_CASE("pipe: n units write and read n numbered 512-byte blocks") {
  system::PipeThroughput pipe;
  pipe.prepare();
  Work w = pipe.run(1000);
  CHECK(w.ops == 1000);
  CHECK(w.bytes == 512000);
  w = pipe.run(24);
  CHECK(w.ops == 24);
  CHECK(pipe.blocks() == 1024);
  pipe.finish();
}

TEST_CASE("pipe: the spec") {
  const KernelSpec spec = system::pipe_spec();
  CHECK(spec.name == "pipe");
  CHECK(spec.measure.for_seconds == 10);
  CHECK_FALSE(spec.runs_programs);
}

}  // namespace hwbench::kernels
