#include "runtime/analysis/distribution.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "runtime/analysis/statistics.hpp"

namespace hwbench::runtime::analysis {

namespace {

double quantile_of_sorted(const std::vector<double>& sorted, double p) {
  const double position = p * static_cast<double>(sorted.size() - 1);
  const auto below = static_cast<std::size_t>(std::floor(position));
  const std::size_t above = std::min(below + 1, sorted.size() - 1);
  const double fraction = position - static_cast<double>(below);
  return sorted[below] + fraction * (sorted[above] - sorted[below]);
}

}  // namespace

double quantile(std::span<const double> v, double p) {
  if (v.empty()) return std::numeric_limits<double>::quiet_NaN();
  std::vector<double> sorted(v.begin(), v.end());
  std::sort(sorted.begin(), sorted.end());
  return quantile_of_sorted(sorted, p);
}

BoxSummary box_summary(std::span<const double> v) {
  std::vector<double> sorted(v.begin(), v.end());
  std::sort(sorted.begin(), sorted.end());
  BoxSummary box;
  box.q1 = quantile_of_sorted(sorted, 0.25);
  // The median as statistics.hpp computes it, so that the box and the report agree to the bit.
  box.median = median(v);
  box.q3 = quantile_of_sorted(sorted, 0.75);
  const double reach = 1.5 * (box.q3 - box.q1);
  box.whisker_low = box.q1;
  box.whisker_high = box.q3;
  for (double x : sorted) {
    if (x < box.q1 - reach || x > box.q3 + reach) {
      ++box.beyond;
      continue;
    }
    box.whisker_low = std::min(box.whisker_low, x);
    box.whisker_high = std::max(box.whisker_high, x);
  }
  return box;
}

std::vector<std::size_t> histogram(std::span<const double> v, double low, double width, std::size_t bins) {
  std::vector<std::size_t> counts(bins, 0);
  if (bins == 0 || !(width > 0)) return counts;
  const double high = low + width * static_cast<double>(bins);
  for (double x : v) {
    if (!(x >= low && x <= high)) continue;
    auto bin = static_cast<std::size_t>(std::floor((x - low) / width));
    counts[std::min(bin, bins - 1)] += 1;
  }
  return counts;
}

}  // namespace hwbench::runtime::analysis
