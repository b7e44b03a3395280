// Deltas between two snapshots of the counters, and the verdict: from fake /proc and /sys files
// read by the sampler, and from snapshots written out.
#include "runtime/analysis/conditions.hpp"

#include <doctest/doctest.h>

#include "tests/support/fake_proc.hpp"

namespace platform = hwbench::platform;
namespace analysis = hwbench::runtime::analysis;
namespace model = hwbench::runtime::model;
namespace test = hwbench::test;

namespace {

constexpr std::int64_t second = 1'000'000'000;

/// The snapshot the sampler reads from fake files holding `c`, at `time_ns`.
platform::ConditionsSnapshot snapshot(const test::FakeCounters& c, std::int64_t time_ns) {
  test::FakeProc proc;
  proc.write(c);
  return platform::read_conditions(proc.root(), time_ns);
}

/// A quiet run of one window 'A' over 10 s, from fake files.
model::RunConditions quiet_run() {
  test::FakeCounters c;
  model::RunConditions run;
  run.before = snapshot(c, 0);
  c.user += 1000;  // 10 s of one CPU busy, the other idle
  c.idle += 1000;
  run.windows.push_back({"A", 1, run.before, snapshot(c, 10 * second)});
  run.after = run.windows.back().end;
  return run;
}

}  // namespace

TEST_CASE("conditions_delta: steal as a share of every CPU's ticks, from fake /proc/stat") {
  test::FakeCounters c;
  const auto start = snapshot(c, 0);
  c.user += 880;
  c.idle += 1000;
  c.steal += 120;  // 120 of 2000 ticks
  const auto d = analysis::conditions_delta(start, snapshot(c, 10 * second));
  CHECK(d.seconds == doctest::Approx(10));
  REQUIRE(d.steal_pct.has_value());
  CHECK(*d.steal_pct == doctest::Approx(6.0));
}

TEST_CASE("conditions_delta: too few ticks to judge steal, counters that went back count as absent") {
  test::FakeCounters c;
  const auto start = snapshot(c, 0);
  c.user += 50;
  c.steal += 10;
  c.pswpin = 0;
  CHECK_FALSE(analysis::conditions_delta(start, snapshot(c, second)).steal_pct.has_value());
  platform::ConditionsSnapshot a;
  platform::ConditionsSnapshot b;
  a.swap_in = 100;
  b.swap_in = 40;
  CHECK_FALSE(analysis::conditions_delta(a, b).swap_in.has_value());
}

TEST_CASE("conditions_delta: swap pages, throttle events and pressure stall shares") {
  test::FakeCounters c;
  const auto start = snapshot(c, 0);
  c.pswpin = 30;
  c.pswpout = 5;
  c.core_throttles = 3;  // on each of 2 CPUs
  c.cpu_some_us = 1'500'000;
  c.memory_some_us = 200'000;
  const auto d = analysis::conditions_delta(start, snapshot(c, 10 * second));
  CHECK(d.swap_in == 30u);
  CHECK(d.swap_out == 5u);
  CHECK(d.throttles == 6u);
  CHECK(*d.cpu_pressure_pct == doctest::Approx(15));
  CHECK(*d.memory_pressure_pct == doctest::Approx(2));
  CHECK_FALSE(d.io_pressure_pct.has_value());
  CHECK(*d.load1 == doctest::Approx(0.1));
}

TEST_CASE("load_disturbs: load beyond hwbench's own workers and the CPUs they leave idle") {
  CHECK_FALSE(analysis::load_disturbs(2.2, 1, 2));  // one other process on the idle CPU, a little noise
  CHECK(analysis::load_disturbs(2.3, 1, 2));
  CHECK_FALSE(analysis::load_disturbs(4.1, 4, 2));  // four workers on two CPUs: all of it is ours
  CHECK(analysis::load_disturbs(4.5, 4, 2));
  CHECK(analysis::load_disturbs(1.3, 0, 1));
}

TEST_CASE("conditions_verdict: quiet") {
  CHECK(analysis::conditions_verdict(quiet_run(), 2) == "conditions: quiet");
  CHECK(analysis::conditions_cpus(quiet_run(), 8) == 2u);
  CHECK(analysis::conditions_cpus(model::RunConditions{}, 0) == 1u);
}

TEST_CASE("conditions_verdict: steal names its worst series and counts the others") {
  test::FakeCounters c;
  model::RunConditions run;
  run.before = snapshot(c, 0);
  platform::ConditionsSnapshot last = run.before;
  const auto window = [&](const std::string& label, std::uint64_t steal) {
    c.user += 1000 - steal;
    c.idle += 1000;
    c.steal += steal;
    const auto end = snapshot(c, last.time_ns + 10 * second);
    run.windows.push_back({label, 1, last, end});
    last = end;
  };
  window("NUMERIC SORT", 50);  // 2.5%
  window("STRING SORT", 240);  // 12%
  window("BITFIELD", 10);      // 0.5%
  run.after = last;
  CHECK(analysis::conditions_verdict(run, 2) ==
        "conditions: steal 12% of CPU time during 'STRING SORT' (and 1 more series)");
}

TEST_CASE("conditions_verdict: load before the run and during a series, throttling and swapping") {
  test::FakeCounters c;
  c.load1 = 2.3;
  model::RunConditions run;
  run.before = snapshot(c, 0);
  c.load1 = 3.4;
  c.core_throttles = 1;
  c.user += 1000;
  c.idle += 1000;
  run.windows.push_back({"copy", 1, run.before, snapshot(c, 10 * second)});
  c.pswpout = 64;
  run.after = snapshot(c, 11 * second);
  CHECK(analysis::conditions_findings(run, 2) ==
        std::vector<std::string>{"load 3.4 on 2 CPUs during 'copy'", "thermal throttling (2 events) during 'copy'",
                                 "swapping (0 pages in, 64 out) during the run"});
  run.windows.clear();
  CHECK(analysis::conditions_findings(run, 2).front() == "load 2.3 on 2 CPUs before the run");
}

TEST_CASE("conditions_verdict: pressure, and a governor other than performance only as a note") {
  test::FakeCounters c;
  c.governor = "schedutil";
  model::RunConditions run;
  run.before = snapshot(c, 0);
  c.memory_some_us = 2'000'000;  // 20% of 10 s
  c.cpu_some_us = 3'000'000;     // 30%, but the window ran 4 workers on 2 CPUs
  run.windows.push_back({"fork", 4, run.before, snapshot(c, 10 * second)});
  run.after = run.windows.back().end;
  CHECK(analysis::conditions_verdict(run, 2) ==
        "conditions: memory pressure 20% during 'fork' (CPU governor schedutil)");
  run.windows.back().workers = 1;
  CHECK(analysis::conditions_verdict(run, 2) ==
        "conditions: CPU pressure 30% during 'fork'; memory pressure 20% during 'fork' (CPU governor schedutil)");
  model::RunConditions quiet = quiet_run();
  quiet.before.governors = {"powersave"};
  CHECK(analysis::conditions_verdict(quiet, 2) == "conditions: quiet (CPU governor powersave)");
}

TEST_CASE("busy_warnings: only before a long run, for load or steal now") {
  test::FakeCounters c;
  c.load1 = 1.6;
  const auto first = snapshot(c, 0);
  c.user += 180;
  c.idle += 0;
  c.steal += 20;  // 10% of 200 ticks
  const auto second_snapshot = snapshot(c, second);
  CHECK(analysis::busy_warnings(first, second_snapshot, 2, 600) ==
        std::vector<std::string>{"the machine is already busy: load 1.6 on 2 CPUs",
                                 "the hypervisor is taking CPU time: steal 10% of CPU time now"});
  CHECK(analysis::busy_warnings(first, second_snapshot, 2, 30).empty());
  CHECK(analysis::busy_warnings(first, second_snapshot, 2, std::nullopt).size() == 2);
  CHECK(analysis::busy_warnings(first, second_snapshot, 4, 600).size() == 1);  // load 1.6 on 4 CPUs is not busy
  test::FakeCounters idle;
  CHECK(analysis::busy_warnings(snapshot(idle, 0), snapshot(idle, second), 2, 600).empty());
}
