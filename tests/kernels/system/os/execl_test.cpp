// Execl throughput: the chain re-executes the built hwbench the number of times asked, and is
// reaped at the end.
#include "kernels/system/os/execl.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <doctest/doctest.h>

#include "kernels/system/common/unixbench_test.hpp"
#include "kernels/system/cpu/cpu_tests.hpp"
#include "kernels/system/os/os_tests.hpp"
#include "kernels/system/programs/program_tests.hpp"
#include "tests/kernels/system/system_test_support.hpp"

namespace hwbench::kernels {

TEST_CASE("execl: the chain does the executions asked for and is reaped") {
  system::Execl k(HWBENCH_BINARY);
  k.prepare();
  const pid_t chain = k.chain_pid();
  REQUIRE(chain > 0);
  CHECK(k.run(3).ops == 3);
  CHECK(k.run(5).ops == 5);
  CHECK(k.executions() == 8);
  // Every execution keeps the process: the chain is still the one child.
  CHECK(k.chain_pid() == chain);
  k.finish();
  CHECK(WIFEXITED(k.chain_status()));
  CHECK(WEXITSTATUS(k.chain_status()) == 0);
  CHECK(test::gone(chain));
  CHECK(test::no_children());
}

TEST_CASE("execl: a binary that is no chain link is refused in prepare, and nothing is left") {
  system::Execl k("/bin/true");
  CHECK_THROWS_WITH_AS(
      k.prepare(),
      "execl: /bin/true could not run as a chain link (/bin/true --execl-child): execl's chain process "
      "stopped while reading from it: it exited with status 0",
      KernelError);
  CHECK(test::no_children());
}

TEST_CASE("execl: the hidden entry answers only its own flag") {
  char name[] = "hwbench";
  char flag[] = "--execl-child";
  char other[] = "run";
  char* with_flag[] = {name, flag, nullptr};
  char* without[] = {name, other, nullptr};
  CHECK(system::is_execl_child(2, with_flag));
  CHECK_FALSE(system::is_execl_child(2, without));
  CHECK_FALSE(system::is_execl_child(1, with_flag));
  // A malformed link exits with status 2 instead of executing anything.
  CHECK(system::execl_child_main(2, with_flag) == 2);
}

}  // namespace hwbench::kernels
