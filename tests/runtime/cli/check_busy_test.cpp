// `hwbench check` before a long run on a busy machine: the sampler reads a fake /proc that the
// pause between its two snapshots moves on.
#include <doctest/doctest.h>

#include "runtime/cli/commands.hpp"
#include "tests/support/fake_proc.hpp"

namespace platform = hwbench::platform;
namespace cli = hwbench::runtime::cli;
namespace test = hwbench::test;

TEST_CASE("check: a long run on a loaded VM whose host steals CPU time gets both warnings") {
  test::FakeProc proc;
  test::FakeCounters c;
  c.load1 = 2.3;
  proc.write(c);
  test::SteppingClock clock(1'000'000'000);
  platform::SystemConditionsSampler sampler(proc.root(), clock);
  hwbench::runtime::plan::Plan plan;
  plan.estimated_seconds = 300;
  int pauses = 0;
  const auto warnings = cli::busy_machine_warnings(plan, sampler, [&] {
    ++pauses;
    c.user += 150;
    c.steal += 50;  // a quarter of the 200 ticks of 2 CPUs
    proc.write(c);
  });
  CHECK(pauses == 1);
  CHECK(warnings == std::vector<std::string>{"the machine is already busy: load 2.3 on 2 CPUs",
                                             "the hypervisor is taking CPU time: steal 25% of CPU time now"});
}

TEST_CASE("check: a quiet machine, or a short run, gets no warning, only a known long run a pause") {
  test::FakeProc proc;
  test::FakeCounters c;
  proc.write(c);
  test::SteppingClock clock(1'000'000'000);
  platform::SystemConditionsSampler sampler(proc.root(), clock);
  hwbench::runtime::plan::Plan plan;  // no estimate: taken as long
  int pauses = 0;
  const auto count = [&] {
    ++pauses;
    c.user += 100;
    c.idle += 100;
    proc.write(c);
  };
  CHECK(cli::busy_machine_warnings(plan, sampler, count).empty());
  CHECK(pauses == 0);  // no estimate: the load alone, read at once
  plan.estimated_seconds = 300;
  CHECK(cli::busy_machine_warnings(plan, sampler, count).empty());
  CHECK(pauses == 1);
  c.load1 = 5;
  proc.write(c);
  plan.estimated_seconds = 20;
  CHECK(cli::busy_machine_warnings(plan, sampler, count).empty());
  CHECK(pauses == 1);
  plan.estimated_seconds.reset();
  CHECK(cli::busy_machine_warnings(plan, sampler, count) ==
        std::vector<std::string>{"the machine is already busy: load 5.0 on 2 CPUs"});
  CHECK(pauses == 1);
}
