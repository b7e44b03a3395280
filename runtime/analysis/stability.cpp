#include "runtime/analysis/stability.hpp"

#include <cmath>
#include <vector>

#include "runtime/analysis/statistics.hpp"

namespace hwbench::runtime::analysis {

bool drifts(std::span<const double> values) {
  if (values.size() < drift_min_samples) return false;
  const std::size_t half = values.size() / 2;
  const auto first = values.first(half);
  const auto second = values.last(half);
  const double gap = std::fabs(mean(first) - mean(second));
  // NaN (a half of NaNs) compares false: no drift claimed on figures that are not there.
  return gap > ci95(first) + ci95(second);
}

std::size_t count_outliers(std::span<const double> values) {
  if (values.size() < outlier_min_samples) return 0;
  const double centre = median(values);
  std::vector<double> deviations;
  deviations.reserve(values.size());
  for (double v : values) deviations.push_back(std::fabs(v - centre));
  const double mad = median(deviations);
  if (!(mad > 0)) return 0;
  std::size_t n = 0;
  for (double v : values)
    if (std::fabs(0.6745 * (v - centre) / mad) > outlier_z_threshold) ++n;
  return n;
}

}  // namespace hwbench::runtime::analysis
