#include "runtime/report/settle_note.hpp"

#include <filesystem>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "runtime/report/report.hpp"

namespace hwbench::runtime::report {

namespace {

constexpr std::size_t kRatesShown = 5;

std::string seconds_text(double s) { return fmt::format("{:.1f} s", s); }

}  // namespace

std::string settle_line(const model::SettleRecord& settle) {
  const double took = static_cast<double>(settle.took_ns) / 1e9;
  if (settle.mode == model::SettleMode::wait) {
    if (settle.outcome == model::SettleOutcome::interrupted)
      return fmt::format("settled: waited {} of {}, interrupted", seconds_text(took), seconds_text(settle.seconds));
    return fmt::format("settled: waited {}", seconds_text(took));
  }
  const std::string file = std::filesystem::path(settle.file).filename().string();
  const std::size_t n = settle.probes.size();
  std::string line = fmt::format("settled: {} probe{} of {} in {}", n, n == 1 ? "" : "s", file, seconds_text(took));
  std::vector<std::string> rates;
  for (std::size_t i = 0; i < n; ++i) {
    if (n > kRatesShown && i > 0 && i + 3 < n) {
      if (i == 1) rates.emplace_back("…");
      continue;
    }
    rates.push_back(format_figure(model::probe_rate(settle.probes[i]) / 1e6));
  }
  if (!rates.empty()) line += fmt::format(", {} MB/s", fmt::join(rates, " → "));
  switch (settle.outcome) {
    case model::SettleOutcome::stable:
      return line + ", stable";
    case model::SettleOutcome::not_stable:
      return line + fmt::format(", not stable within {}", seconds_text(settle.seconds));
    case model::SettleOutcome::interrupted:
      return line + ", interrupted";
    case model::SettleOutcome::waited:
      break;
  }
  return line;
}

std::optional<std::string> settle_note(const model::Result& result) {
  if (!result.settle) return std::nullopt;
  return settle_line(*result.settle);
}

}  // namespace hwbench::runtime::report
