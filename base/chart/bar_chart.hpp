#pragma once
// Horizontal bars in groups along one value axis: a group per series (one bar per machine) or
// per index (one bar per test ratio). Bars start at the axis's origin (0, or 1 for ratios on a
// log scale, so that a ratio under 1 points left), carry their figure's text at their end, and
// are hollow for published figures. Reference lines (1.0, a geometric mean) cross the plot.
#include <cstddef>
#include <limits>
#include <string>
#include <vector>

#include "base/chart/scale.hpp"

namespace hwbench::chart {

/// One bar.
struct Bar {
  std::string label;  ///< beside the bar (a machine's name); "" for a group of one bar
  double value = std::numeric_limits<double>::quiet_NaN();  ///< NaN: no bar, only its text
  std::string value_text;  ///< printed at the bar's end, as the text report prints the figure
  std::string title;       ///< the tooltip: the figure exactly
  std::size_t colour = 0;  ///< index into the palette
  bool hollow = false;     ///< a published figure: outlined, not filled
  /// The value's 95% interval, drawn across the bar's end as a whisker; NaN: none known.
  double lo = std::numeric_limits<double>::quiet_NaN();
  double hi = std::numeric_limits<double>::quiet_NaN();
};

/// Bars under one heading.
struct BarGroup {
  std::string label;
  std::vector<Bar> bars;
};

/// A dashed line across the plot at `value`, named at its top.
struct Reference {
  double value = 1;
  std::string label;
  std::string title;
};

/// The chart.
struct BarChart {
  std::string label;  ///< the accessible name
  std::string unit;   ///< the axis caption
  ScaleKind scale = ScaleKind::linear;
  double origin = 0;  ///< where bars start: 0 on a linear axis, 1 for ratios on a log axis
  std::vector<BarGroup> groups;
  std::vector<Reference> references;
};

/// The chart as an SVG document; bars have class `bar` (and `published` when hollow).
std::string bar_svg(const BarChart& chart);

}  // namespace hwbench::chart
