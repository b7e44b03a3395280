#pragma once
// Samples in run order, one line per series over the sample number, so that a slow copy among
// fast ones shows as a dip. Up to `marked_points` samples per series each get a point with its
// figure; past `drawn_points`, a series is drawn as the range of the samples in each column of
// the plot, which keeps the drawing as wide as the plot whatever the number of samples.
#include <cstddef>
#include <string>
#include <vector>

namespace hwbench::chart {

/// Up to this many samples, a series' samples each get a point with a tooltip.
inline constexpr std::size_t marked_points = 500;
/// Up to this many samples, a series is one line through every sample.
inline constexpr std::size_t drawn_points = 2000;

/// One series' samples in run order.
struct LineSeries {
  std::string label;
  std::vector<double> values;
  std::size_t colour = 0;
};

/// The chart: sample number across, figures up.
struct LineChart {
  std::string label;  ///< the accessible name
  std::string unit;   ///< the vertical axis's caption
  std::vector<LineSeries> series;
};

/// The chart as an SVG document, with a legend naming each series by its colour.
std::string line_svg(const LineChart& chart);

}  // namespace hwbench::chart
