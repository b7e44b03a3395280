#pragma once
// What a run measures: samples grouped into series. Base figures only (bytes, ops, ns);
// nothing here is rounded or converted.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "runtime/platform/clock.hpp"

namespace hwbench::runtime::model {

/// A figure without raw measurements, as printed in an article or a tool's log.
struct Figure {
  double value = 0;
  std::string unit;  ///< a unit name known to units.hpp, e.g. "MB/s"
};

/// One timed sample. wall_ns and cpu leave out what the kernel did through kernels::untimed().
struct Sample {
  std::string kernel;                        ///< kernel name, "time" or "parallel"
  std::map<std::string, std::string> params; ///< resolved arguments and parameters, as text
  std::uint32_t iteration = 0;               ///< 1-based index within its series
  std::uint64_t units = 0;                   ///< units of work done
  std::uint64_t bytes = 0;
  std::uint64_t ops = 0;
  std::int64_t wall_ns = 0;
  platform::CpuTimes cpu;
  std::int64_t start_unix_ns = 0;            ///< wall-clock start, for the record only
  bool cold = false;                         ///< page cache evicted (and verified) before it
  std::int64_t max_latency_ns = 0;           ///< the kernel's longest single operation (Work::max_latency_ns); 0: none
  bool cpu_timed = false;                    ///< rates use this process's CPU time (usr+sys), not wall time
  std::optional<Figure> figure;              ///< set for imported or published samples only
};

/// Samples that belong together under one label.
struct Series {
  std::string label;
  std::vector<Sample> samples;
  bool converged = true;      ///< false when an `until ci` target was not reached
  double ci_target_pct = 0;   ///< the `until ci` target, 0 when none
  std::map<std::string, Figure> printed;  ///< published only: aggregates as the source printed them (name -> figure)
  std::string unavailable;    ///< why this machine could not run it (kernels::KernelUnavailable); "" when it ran
};

}  // namespace hwbench::runtime::model
