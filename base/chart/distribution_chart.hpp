#pragma once
// The samples of series that share a unit, one row each: every sample as a point (rings for
// published figures, which have no spread), the mean with its 95% confidence interval and the
// median; a box plot above the points when the caller gives one; a histogram in place of the
// points when the caller gives bins. The figures come computed; this only draws them.
#include <cstddef>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace hwbench::chart {

/// A box plot's figures.
struct Box {
  double q1 = 0;
  double median = 0;
  double q3 = 0;
  double whisker_low = 0;
  double whisker_high = 0;
};

/// A histogram's figures: `counts[i]` samples in [low + i·width, low + (i+1)·width).
struct Bins {
  double low = 0;
  double width = 1;
  std::vector<std::size_t> counts;
};

/// One series.
struct DistributionRow {
  std::string label;
  std::vector<double> values;  ///< the samples in run order; drawn unless `bins` is set
  double mean = std::numeric_limits<double>::quiet_NaN();
  double ci95 = std::numeric_limits<double>::quiet_NaN();  ///< half-interval; NaN: none drawn
  double median = std::numeric_limits<double>::quiet_NaN();
  std::optional<Box> box;    ///< drawn above the points
  std::optional<Bins> bins;  ///< drawn in place of the points
  std::size_t colour = 0;    ///< index into the palette
  bool hollow = false;       ///< published figures: rings, not dots
};

/// Rows along one value axis: linear, or logarithmic when the figures are positive and the
/// largest is a thousand times the smallest or more.
struct DistributionChart {
  std::string label;  ///< the accessible name ("read 10MB… in MB/s")
  std::string unit;   ///< the axis caption
  std::vector<DistributionRow> rows;
};

/// The chart as an SVG document. Marks carry classes (`sample`, `bin`, `mean`, `ci`, `median`,
/// `box`) and each a <title> with its figure exactly.
std::string distribution_svg(const DistributionChart& chart);

}  // namespace hwbench::chart
