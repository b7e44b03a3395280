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

std::vector<std::string> reproduce_summary(const analysis::Comparison& comparison, std::size_t column) {
  std::vector<std::string> lines;
  if (column == 0 || column > comparison.summary.size()) return lines;
  const std::size_t ratio = column - 1;
  // Speeds only, as the table's geometric mean (analysis::speed_ratio): a share of the CPU or a
  // count says nothing of how fast this machine is, and a latency 100 times the log's is a 0.01×
  // speed.
  std::vector<std::pair<double, std::string>> speeds;
  for (const auto& row : comparison.rows) {
    if (row.index || row.ratios.size() <= ratio) continue;
    const double r = analysis::speed_ratio(row.ratios[ratio]);
    if (r > 0) speeds.emplace_back(r, fmt::format("{} {}", row.label, times(r)));
  }
  if (speeds.empty()) return lines;
  const analysis::SummaryCell& summary = comparison.summary[ratio];
  const double g = summary.value;
  const std::string& name = comparison.names[column];
  lines.push_back(
      fmt::format("{} is {} as fast as the log's machine (geometric mean of the speeds over {} of {} "
                  "series, times as their reciprocals)",
                  name, times(g), summary.used, summary.series));
  // The series furthest from the geometric mean: where this machine differs most from the log's.
  std::vector<std::pair<double, std::string>> spread;
  for (const auto& [r, text] : speeds) spread.emplace_back(std::log(r / g), text);
  std::sort(spread.begin(), spread.end());
  if (spread.size() >= 3) {
    std::vector<std::string> low, high;
    for (std::size_t i = 0; i < std::min<std::size_t>(2, spread.size() / 2); ++i) {
      low.push_back(spread[i].second);
      high.push_back(spread[spread.size() - 1 - i].second);
    }
    lines.push_back(fmt::format("{} stands furthest above that on {}, furthest below on {}", name,
                                fmt::join(high, ", "), fmt::join(low, ", ")));
  }
  std::vector<std::string> differ;
  for (const auto& row : comparison.environment) {
    const std::string& theirs = row.values.empty() ? std::string() : row.values.front();
    const std::string& ours = column < row.values.size() ? row.values[column] : std::string();
    if (!theirs.empty() && !ours.empty() && theirs != ours) differ.push_back(row.label);
  }
  if (!differ.empty())
    lines.push_back(fmt::format("{} differs from the log's machine in: {}", name, fmt::join(differ, ", ")));
  return lines;
}

}  // namespace hwbench::runtime::reproduce
