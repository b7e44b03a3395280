#pragma once
// What happened between two snapshots of the system's counters, and the verdict a report ends
// with: "conditions: quiet", or what was wrong and when. The thresholds are constants below and
// documented in docs/result-format.md ("Conditions").
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "runtime/model/conditions.hpp"
#include "runtime/model/result.hpp"

namespace hwbench::runtime::analysis {

/// Steal at or above this % of all CPUs' time in a window is reported.
inline constexpr double steal_threshold_pct = 2.0;
/// Steal is judged only over at least this many /proc/stat ticks of all CPUs (1 s of one CPU at
/// USER_HZ 100): over fewer, one tick is already a whole per cent.
inline constexpr std::uint64_t steal_min_ticks = 100;
/// Load beyond what hwbench's own workers and the CPUs they leave idle explain, by more than this
/// many CPUs, is reported.
inline constexpr double load_margin = 0.25;
/// CPU or memory pressure (PSI "some": the share of time some task waited) at or above this % is reported.
inline constexpr double pressure_threshold_pct = 10.0;
/// `hwbench check` warns before a run estimated to take at least this long…
inline constexpr double busy_check_min_seconds = 60;
/// …when the 1-minute load is at least this fraction of the CPUs (and at least 1)…
inline constexpr double busy_load_fraction = 0.5;

/// What changed between two snapshots; a field is std::nullopt when either snapshot lacks it.
struct ConditionsDelta {
  double seconds = 0;                         ///< monotonic time between them
  std::optional<double> steal_pct;            ///< stolen ticks / all ticks × 100; std::nullopt under steal_min_ticks
  std::optional<std::uint64_t> swap_in;       ///< pages swapped in
  std::optional<std::uint64_t> swap_out;      ///< pages swapped out
  std::optional<std::uint64_t> throttles;     ///< thermal throttle events (core and package counts)
  std::optional<double> cpu_pressure_pct;     ///< PSI cpu "some" stall time / elapsed × 100
  std::optional<double> memory_pressure_pct;  ///< PSI memory "some" stall time / elapsed × 100
  std::optional<double> io_pressure_pct;      ///< PSI io "some" stall time / elapsed × 100 (recorded, not judged)
  std::optional<double> load1;                ///< the 1-minute load average at the end
};

/// What changed from `start` to `end`. A counter that went backwards (a reset) counts as absent.
ConditionsDelta conditions_delta(const platform::ConditionsSnapshot& start, const platform::ConditionsSnapshot& end);

/// The CPUs the verdict counts: the snapshot's `cpuN` lines, else `fallback`, at least 1.
unsigned conditions_cpus(const model::RunConditions& conditions, unsigned fallback);

/// Whether a 1-minute load of `load1` is more than `workers` busy processes of hwbench on `cpus`
/// CPUs explain: load1 − workers > max(cpus − workers, 0) + load_margin.
bool load_disturbs(double load1, std::uint32_t workers, unsigned cpus);

/// What was wrong, one short phrase per cause, its worst window named ("steal 12% of CPU time
/// during 'STRING SORT'", "load 2.3 on 2 CPUs before the run"); a cause no window shows is
/// judged over the whole run. Empty when nothing was.
std::vector<std::string> conditions_findings(const model::RunConditions& conditions, unsigned cpus);

/// Facts worth a mention that disturb nothing by themselves: a CPU governor other than
/// `performance` ("CPU governor powersave").
std::vector<std::string> conditions_notes(const model::RunConditions& conditions);

/// The line every report ends with: "conditions: quiet", "conditions: quiet (CPU governor
/// schedutil)", "conditions: steal 12% of CPU time during 'STRING SORT'; load 2.3 on 2 CPUs
/// before the run".
std::string conditions_verdict(const model::RunConditions& conditions, unsigned cpus);

/// conditions_verdict() of a result that has conditions (the CPUs from its snapshots, else its
/// environment's logical CPUs); std::nullopt for one without (published, or older files).
std::optional<std::string> result_verdict(const model::Result& result);

/// Whether a run of `estimated_seconds` (std::nullopt: unknown) is long enough for `hwbench check`
/// to look at the machine first: at least busy_check_min_seconds, or unknown.
bool is_long_run(std::optional<double> estimated_seconds);

/// `hwbench check`'s warnings before a run of `estimated_seconds` (std::nullopt: unknown, taken as
/// long), from two snapshots a moment apart: the load (busy_load_fraction) and steal over the moment.
/// Empty for a short run or a quiet machine.
std::vector<std::string> busy_warnings(const platform::ConditionsSnapshot& first,
                                       const platform::ConditionsSnapshot& second, unsigned cpus,
                                       std::optional<double> estimated_seconds);

}  // namespace hwbench::runtime::analysis
