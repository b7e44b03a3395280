#pragma once
// The shape of a series' figures, for charts: quartiles and Tukey's whiskers (a box plot), and
// counts per bin (a histogram). Like the rest of statistics.hpp, free functions over figures.
#include <cstddef>
#include <span>
#include <vector>

namespace hwbench::runtime::analysis {

/// The `p` quantile (0..1) of `v` by linear interpolation between order statistics (Hyndman and
/// Fan's type 7, R's and NumPy's default): position p·(n−1) in the sorted values. NaN for no values.
double quantile(std::span<const double> v, double p);

/// What a box plot draws.
struct BoxSummary {
  double q1 = 0;            ///< quantile 0.25
  double median = 0;        ///< quantile 0.5, the same figure as median()
  double q3 = 0;            ///< quantile 0.75
  double whisker_low = 0;   ///< the lowest value at or above q1 − 1.5·(q3 − q1)
  double whisker_high = 0;  ///< the highest value at or below q3 + 1.5·(q3 − q1)
  std::size_t beyond = 0;   ///< values outside the whiskers
};

/// The box plot of `v` (which must not be empty).
BoxSummary box_summary(std::span<const double> v);

/// How many values fall in each of `bins` bins of width `width` from `low`: bin i holds
/// [low + i·width, low + (i+1)·width), the last bin also its upper edge; values outside are not counted.
std::vector<std::size_t> histogram(std::span<const double> v, double low, double width, std::size_t bins);

}  // namespace hwbench::runtime::analysis
