#pragma once
// What disturbs a benchmark, as the kernel counts it: load average and runnable processes, CPU
// time stolen by a hypervisor, swapping, pressure stalls (PSI), CPU clock and governor, thermal
// throttling. A snapshot holds the counters at one instant; two snapshots give what happened in
// between (runtime/analysis/conditions.hpp). Every file is read under a root directory so that
// tests can fake /proc and /sys; a file that is missing or unreadable leaves its field empty.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/platform/clock.hpp"

namespace hwbench::platform {

/// One line of a /proc/pressure file: "some avg10=1.50 avg60=… avg300=… total=12345".
struct PressureLine {
  double avg10 = 0;            ///< % of the last 10 s that some (or all) tasks stalled
  std::uint64_t total_us = 0;  ///< stall time since boot, µs
};

/// One /proc/pressure/{cpu,memory,io} file.
struct Pressure {
  PressureLine some;
  std::optional<PressureLine> full;  ///< absent in /proc/pressure/cpu before Linux 5.13
};

/// The counters at one instant; std::nullopt (or empty) where this machine does not show them.
struct ConditionsSnapshot {
  std::int64_t time_ns = 0;     ///< CLOCK_MONOTONIC when it was taken
  std::optional<double> load1;  ///< /proc/loadavg, 1-minute load average
  std::optional<double> load5;
  std::optional<double> load15;
  std::optional<std::uint64_t> cpus;           ///< the `cpuN` lines of /proc/stat: CPUs online
  std::optional<std::uint64_t> cpu_ticks;      ///< /proc/stat `cpu`: user…steal summed (guest is in user)
  std::optional<std::uint64_t> steal_ticks;    ///< /proc/stat `cpu`: the 8th field, steal
  std::optional<std::uint64_t> procs_running;  ///< /proc/stat: runnable tasks, the reader included
  std::optional<std::uint64_t> swap_in;        ///< /proc/vmstat pswpin, pages since boot
  std::optional<std::uint64_t> swap_out;       ///< /proc/vmstat pswpout
  std::optional<Pressure> pressure_cpu;        ///< /proc/pressure/cpu (Linux 4.20+, CONFIG_PSI)
  std::optional<Pressure> pressure_memory;     ///< /proc/pressure/memory
  std::optional<Pressure> pressure_io;         ///< /proc/pressure/io
  std::optional<std::uint64_t> freq_min_khz;   ///< lowest scaling_cur_freq over the CPUs
  std::optional<std::uint64_t> freq_max_khz;   ///< highest scaling_cur_freq over the CPUs
  std::vector<std::string> governors;          ///< the distinct scaling_governor values, sorted
  /// Sum over the CPUs of thermal_throttle/core_throttle_count (x86 only).
  std::optional<std::uint64_t> core_throttles;
  /// Sum over the CPUs of thermal_throttle/package_throttle_count (each CPU repeats its package's).
  std::optional<std::uint64_t> package_throttles;
};

/// Parses a /proc/pressure file's text; std::nullopt when its `some` line is not there.
std::optional<Pressure> parse_pressure(const std::string& text);

/// The counters under `root` ("" for this machine; a test's temporary directory holding
/// proc/… and sys/…), stamped `time_ns`.
ConditionsSnapshot read_conditions(const std::string& root, std::int64_t time_ns);

/// Where the run takes its snapshots; tests script one.
class ConditionsSampler {
 public:
  virtual ~ConditionsSampler() = default;
  /// The counters now.
  virtual ConditionsSnapshot sample() = 0;
};

/// read_conditions() under a root directory, stamped by a clock.
class SystemConditionsSampler : public ConditionsSampler {
 public:
  /// Reads under `root` ("" for this machine); `clock` must outlive the sampler.
  SystemConditionsSampler(std::string root, Clock& clock) : root_(std::move(root)), clock_(clock) {}
  ConditionsSnapshot sample() override;

 private:
  std::string root_;
  Clock& clock_;
};

}  // namespace hwbench::platform
