#include "runtime/reproduce/summary.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace hwbench::runtime::reproduce {

namespace {

/// A ratio as people read it: "3.20×", or "0.412×" below one.
std::string times(double ratio) { return ratio >= 1 ? fmt::format("{:.2f}×", ratio) : fmt::format("{:.3g}×", ratio); }

}  // namespace

std::vector<std::string> reproduce_summary(const analysis::Comparison& comparison) {
  std::vector<std::string> lines;
  if (comparison.summary.empty() || comparison.summary.front().used == 0) return lines;
  const analysis::SummaryCell& total = comparison.summary.front();
  const double g = total.value;
  lines.push_back(fmt::format("this machine is {} the log's figures (geometric mean over {} of {} series)", times(g),
                              total.used, total.series));
  // The series furthest from the geometric mean: where this machine differs most from the log's.
  std::vector<std::pair<double, std::string>> spread;
  for (const auto& row : comparison.rows) {
    if (row.index || row.ratios.empty() || row.ratios.front().state != analysis::RatioState::computed) continue;
    double r = row.ratios.front().value;
    if (row.ratios.front().lower_is_faster) r = 1 / r;
    spread.emplace_back(std::log(r / g), fmt::format("{} {}", row.label, times(r)));
  }
  std::sort(spread.begin(), spread.end());
  if (spread.size() >= 3) {
    std::vector<std::string> low, high;
    for (std::size_t i = 0; i < std::min<std::size_t>(2, spread.size() / 2); ++i) {
      low.push_back(spread[i].second);
      high.push_back(spread[spread.size() - 1 - i].second);
    }
    lines.push_back(
        fmt::format("furthest above that: {}; furthest below: {}", fmt::join(high, ", "), fmt::join(low, ", ")));
  }
  std::vector<std::string> differ;
  for (const auto& row : comparison.environment)
    if (row.differs) differ.push_back(row.label);
  if (!differ.empty()) lines.push_back(fmt::format("the machines differ in: {}", fmt::join(differ, ", ")));
  return lines;
}

}  // namespace hwbench::runtime::reproduce
