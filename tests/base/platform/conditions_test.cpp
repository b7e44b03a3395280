// The conditions sampler on a fake /proc and /sys: what it reads, and that what is missing is
// only missing.
#include "base/platform/conditions.hpp"

#include <filesystem>

#include <doctest/doctest.h>

#include "tests/support/fake_proc.hpp"

namespace platform = hwbench::platform;
namespace test = hwbench::test;

TEST_CASE("read_conditions: load, ticks, steal, swap, pressure, clock, governor and throttling from the files") {
  test::FakeProc proc;
  test::FakeCounters c;
  c.load1 = 2.31;
  c.user = 1500;
  c.idle = 8000;
  c.steal = 240;
  c.procs_running = 3;
  c.pswpin = 12;
  c.pswpout = 34;
  c.cpu_some_us = 5000;
  c.memory_some_us = 700;
  c.core_throttles = 4;
  c.governor = "powersave";
  proc.write(c);
  const platform::ConditionsSnapshot s = platform::read_conditions(proc.root(), 77);
  CHECK(s.time_ns == 77);
  REQUIRE(s.load1.has_value());
  CHECK(*s.load1 == doctest::Approx(2.31));
  CHECK(*s.load5 == doctest::Approx(0.5));
  CHECK(*s.load15 == doctest::Approx(0.4));
  CHECK(s.cpus == 2u);
  // user 1500 + system 100 + idle 8000 + iowait 50 + softirq 10 + steal 240; guest is not added again.
  CHECK(s.cpu_ticks == 9900u);
  CHECK(s.steal_ticks == 240u);
  CHECK(s.procs_running == 3u);
  CHECK(s.swap_in == 12u);
  CHECK(s.swap_out == 34u);
  REQUIRE(s.pressure_cpu.has_value());
  CHECK(s.pressure_cpu->some.total_us == 5000u);
  REQUIRE(s.pressure_cpu->full.has_value());
  CHECK(s.pressure_memory->some.total_us == 700u);
  CHECK_FALSE(s.pressure_io.has_value());
  CHECK(s.freq_min_khz == 2000000u);
  CHECK(s.freq_max_khz == 2100000u);
  CHECK(s.governors == std::vector<std::string>{"powersave"});
  CHECK(s.core_throttles == 8u);  // 4 on each of the 2 CPUs
  CHECK(s.package_throttles == 0u);
}

TEST_CASE("read_conditions: a machine that shows nothing gives an empty snapshot, not an error") {
  test::TempDir empty;
  const platform::ConditionsSnapshot s = platform::read_conditions(empty.path(), 1);
  CHECK_FALSE(s.load1.has_value());
  CHECK_FALSE(s.cpu_ticks.has_value());
  CHECK_FALSE(s.steal_ticks.has_value());
  CHECK_FALSE(s.cpus.has_value());
  CHECK_FALSE(s.swap_in.has_value());
  CHECK_FALSE(s.pressure_cpu.has_value());
  CHECK_FALSE(s.freq_min_khz.has_value());
  CHECK(s.governors.empty());
  CHECK_FALSE(s.core_throttles.has_value());
}

TEST_CASE("read_conditions: an old kernel's /proc/stat without steal, a VM without cpufreq or thermal_throttle") {
  test::FakeProc proc;
  test::write_text(proc / "proc/stat", "cpu  10 0 5 100 1 0 0\ncpu0 10 0 5 100 1 0 0\nprocs_running 2\n");
  std::filesystem::create_directories(proc / "sys/devices/system/cpu/cpu0");
  std::filesystem::create_directories(proc / "sys/devices/system/cpu/cpufreq");
  const platform::ConditionsSnapshot s = platform::read_conditions(proc.root(), 0);
  CHECK(s.cpu_ticks == 116u);
  CHECK_FALSE(s.steal_ticks.has_value());
  CHECK(s.cpus == 1u);
  CHECK_FALSE(s.freq_max_khz.has_value());
  CHECK_FALSE(s.core_throttles.has_value());
}

TEST_CASE("parse_pressure: some and full lines, text without `some` is not pressure") {
  const auto p = platform::parse_pressure("some avg10=12.50 avg60=3.00 avg300=1.00 total=987654\n");
  REQUIRE(p.has_value());
  CHECK(p->some.avg10 == doctest::Approx(12.5));
  CHECK(p->some.total_us == 987654u);
  CHECK_FALSE(p->full.has_value());
  CHECK_FALSE(platform::parse_pressure("").has_value());
  CHECK_FALSE(platform::parse_pressure("some avg10=x total=1\n").has_value());
}

TEST_CASE("SystemConditionsSampler: reads under its root, stamped by its clock") {
  test::FakeProc proc;
  test::FakeCounters c;
  c.load1 = 0.75;
  proc.write(c);
  test::SteppingClock clock(5'000'000'000);
  platform::SystemConditionsSampler sampler(proc.root(), clock);
  CHECK(sampler.sample().time_ns == 5'000'000'000);
  const auto second = sampler.sample();
  CHECK(second.time_ns == 10'000'000'000);
  CHECK(*second.load1 == doctest::Approx(0.75));
}
