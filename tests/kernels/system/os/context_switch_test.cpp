// Pipe-based context switching: the counter goes back and forth, the partner is reaped.
#include "kernels/system/os/context_switch.hpp"

#include <sys/wait.h>

#include <doctest/doctest.h>

#include "kernels/system/common/unixbench_test.hpp"
#include "kernels/system/cpu/cpu_tests.hpp"
#include "kernels/system/os/os_tests.hpp"
#include "kernels/system/programs/program_tests.hpp"
#include "tests/kernels/system/system_test_support.hpp"

namespace hwbench::kernels {

TEST_CASE("context1: n round trips move the counter to n, and finish reaps the partner") {
  system::ContextSwitch k;
  k.prepare();
  const pid_t partner = k.partner_pid();
  REQUIRE(partner > 0);
  CHECK(k.run(500).ops == 500);
  CHECK(k.run(1500).ops == 1500);
  CHECK(k.round_trips() == 2000);
  k.finish();
  CHECK(k.partner_pid() == -1);
  CHECK(WIFEXITED(k.partner_status()));
  CHECK(WEXITSTATUS(k.partner_status()) == 0);
  CHECK(test::gone(partner));
  CHECK(test::no_children());
}

TEST_CASE("context1: a partner that dies is an error naming how it ended, and nothing is left behind") {
  pid_t partner = -1;
  {
    system::ContextSwitch k;
    k.prepare();
    partner = k.partner_pid();
    CHECK(k.run(10).ops == 10);
    ::kill(partner, SIGKILL);
    // Wait until it is dead, without reaping it: that is the kernel's job.
    siginfo_t info{};
    REQUIRE(::waitid(P_PID, static_cast<id_t>(partner), &info, WEXITED | WNOWAIT) == 0);
    CHECK_THROWS_WITH_AS(k.run(10),
                         "context1's partner process stopped while writing to it: it was killed by signal 9 (Killed)",
                         KernelError);
  }
  CHECK(test::gone(partner));
  CHECK(test::no_children());
}

TEST_CASE("context1: an object dropped without finish() still reaps its partner") {
  pid_t partner = -1;
  {
    system::ContextSwitch k;
    k.prepare();
    partner = k.partner_pid();
    k.run(3);
  }
  CHECK(test::gone(partner));
  CHECK(test::no_children());
}

}  // namespace hwbench::kernels
