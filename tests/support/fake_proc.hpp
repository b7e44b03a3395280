#pragma once
// A fake /proc and /sys in a temporary directory, for the conditions sampler
// (base/platform/conditions.hpp): the files it reads, written from a few numbers.
#include <cstdint>
#include <filesystem>
#include <string>

#include <fmt/format.h>

#include "base/platform/clock.hpp"
#include "tests/support/temp_dir.hpp"

namespace hwbench::test {

/// A clock that advances by a fixed step at each reading: the time stamps of a sampler's snapshots.
class SteppingClock : public platform::Clock {
 public:
  explicit SteppingClock(std::int64_t step_ns) : step_ns_(step_ns) {}
  std::int64_t now_ns() override { return now_ += step_ns_; }
  platform::CpuTimes cpu() override { return {}; }
  std::int64_t unix_ns() override { return 0; }

 private:
  std::int64_t step_ns_;
  std::int64_t now_ = 0;
};

/// The counters a FakeProc writes.
struct FakeCounters {
  double load1 = 0.1;
  unsigned cpus = 2;
  std::uint64_t user = 1000;  ///< /proc/stat `cpu` user ticks
  std::uint64_t idle = 9000;  ///< idle ticks
  std::uint64_t steal = 0;
  std::uint64_t procs_running = 1;
  std::uint64_t pswpin = 0;
  std::uint64_t pswpout = 0;
  std::uint64_t cpu_some_us = 0;     ///< /proc/pressure/cpu some total
  std::uint64_t memory_some_us = 0;  ///< /proc/pressure/memory some total
  std::uint64_t core_throttles = 0;  ///< each CPU's core_throttle_count
  std::uint64_t khz = 2000000;       ///< each CPU's scaling_cur_freq
  std::string governor = "performance";
};

/// A temporary root holding proc/ and sys/devices/system/cpu/.
class FakeProc {
 public:
  FakeProc() { std::filesystem::create_directories(dir_ / "proc/pressure"); }
  /// The root to read under.
  const std::string& root() const { return dir_.path(); }
  /// A path under the root.
  std::string operator/(const std::string& relative) const { return dir_ / relative; }

  /// Writes every file from `c`.
  void write(const FakeCounters& c) const {
    write_text(dir_ / "proc/loadavg", fmt::format("{:.2f} 0.50 0.40 {}/300 4242\n", c.load1, c.procs_running));
    std::string stat = fmt::format("cpu  {} 0 100 {} 50 0 10 {} 0 0\n", c.user, c.idle, c.steal);
    for (unsigned i = 0; i < c.cpus; ++i) stat += fmt::format("cpu{} 1 0 1 1 0 0 0 0 0 0\n", i);
    stat += fmt::format("intr 0\nctxt 0\nbtime 0\nprocesses 300\nprocs_running {}\nprocs_blocked 0\n", c.procs_running);
    write_text(dir_ / "proc/stat", stat);
    write_text(dir_ / "proc/vmstat", fmt::format("nr_free_pages 100\npswpin {}\npswpout {}\n", c.pswpin, c.pswpout));
    write_text(
        dir_ / "proc/pressure/cpu",
        fmt::format("some avg10=0.00 avg60=0.00 avg300=0.00 total={}\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n",
                    c.cpu_some_us));
    write_text(
        dir_ / "proc/pressure/memory",
        fmt::format("some avg10=0.00 avg60=0.00 avg300=0.00 total={}\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n",
                    c.memory_some_us));
    for (unsigned i = 0; i < c.cpus; ++i) {
      const std::string cpu = dir_ / fmt::format("sys/devices/system/cpu/cpu{}", i);
      std::filesystem::create_directories(cpu + "/cpufreq");
      std::filesystem::create_directories(cpu + "/thermal_throttle");
      write_text(cpu + "/cpufreq/scaling_cur_freq", fmt::format("{}\n", c.khz + i * 100000));
      write_text(cpu + "/cpufreq/scaling_governor", c.governor + "\n");
      write_text(cpu + "/thermal_throttle/core_throttle_count", fmt::format("{}\n", c.core_throttles));
      write_text(cpu + "/thermal_throttle/package_throttle_count", "0\n");
    }
  }

 private:
  TempDir dir_;
};

}  // namespace hwbench::test
