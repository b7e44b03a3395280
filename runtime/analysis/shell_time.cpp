#include "runtime/analysis/shell_time.hpp"

#include <algorithm>
#include <cstdlib>

#include <fmt/format.h>

namespace hwbench::runtime::analysis {

std::optional<ShellShortfall> shell_shortfall(const model::Series& series) {
  ShellShortfall shortfall;
  double total = 0;
  for (const auto& sample : series.samples) {
    const auto& params = series.params_of(sample).params;
    const auto startup = params.find("shell_startup_ns");
    if (startup == params.end() || sample.figure) continue;
    ++shortfall.runs;
    shortfall.startup_seconds =
        std::max(shortfall.startup_seconds, std::strtod(startup->second.c_str(), nullptr) / 1e9);
    // CPU-timed samples are judged on their CPU time, the start-up's taken out as well.
    const std::int64_t ns = model::timed_ns(sample);
    if (ns <= 0) ++shortfall.zero_runs;
    total +=
        static_cast<double>(std::max<std::int64_t>(0, ns)) / 1e9 / static_cast<double>(sample.ops > 0 ? sample.ops : 1);
  }
  if (shortfall.runs == 0) return std::nullopt;
  shortfall.mean_seconds = total / static_cast<double>(shortfall.runs);
  if (shortfall.zero_runs == 0 && shortfall.mean_seconds >= shortfall.startup_seconds) return std::nullopt;
  return shortfall;
}

std::string shortfall_text(const ShellShortfall& shortfall) {
  std::string text = fmt::format("{:.3g} ms a run once the shell's start-up ({:.3g} ms) is taken out",
                                 shortfall.mean_seconds * 1e3, shortfall.startup_seconds * 1e3);
  if (shortfall.zero_runs > 0) text += fmt::format(", {} of {} runs 0 s", shortfall.zero_runs, shortfall.runs);
  return text;
}

std::vector<std::string> shell_notes(const model::Result& result) {
  std::vector<std::string> notes;
  for (const auto& series : result.series) {
    const auto shortfall = shell_shortfall(series);
    if (!shortfall) continue;
    notes.push_back(fmt::format(
        "{}: too short to time through a shell: {}{}. Time the command with exec, or give "
        "each run more work",
        series.label, shortfall_text(*shortfall), shortfall->zero_runs > 0 ? "; rates leave out runs of 0 s" : ""));
  }
  return notes;
}

}  // namespace hwbench::runtime::analysis
