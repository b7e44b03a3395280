#pragma once
// A chart's layout: the plot area inside its margins, where a scale's fraction lands on the
// page, the room labels take, and the axes drawn along the plot's edges.
#include <string>
#include <string_view>
#include <vector>

#include "base/chart/scale.hpp"
#include "base/chart/svg.hpp"

namespace hwbench::chart {

/// Font size of labels and ticks, in user units.
inline constexpr double font_size = 12;
/// Width every chart takes, in user units (its viewBox; the page scales it to its column).
inline constexpr double chart_width = 760;
/// The widest a row label may be before it is cut with "…".
inline constexpr double max_label_width = 250;

/// The plot area: a chart's width and height with margins on each side.
struct Layout {
  double width = chart_width;
  double height = 0;
  double left = 0;
  double right = 0;
  double top = 0;
  double bottom = 0;

  double plot_left() const { return left; }
  double plot_right() const { return width - right; }
  double plot_top() const { return top; }
  double plot_bottom() const { return height - bottom; }
  /// The x coordinate of `value` on `scale` along the plot's width.
  double x(const Scale& scale, double value) const;
  /// The y coordinate of `value` on `scale` up the plot's height (low at the bottom).
  double y(const Scale& scale, double value) const;
};

/// About the width `text` takes at font_size: 8 units per column, capitals being the widest (two
/// columns for East Asian wide characters).
double text_width(std::string_view text);

/// The margin that row labels need: the widest of `labels` plus a gap, at most max_label_width.
double label_margin(const std::vector<std::string>& labels);

/// `label` cut with "…" to fit `width`.
std::string fitted_label(std::string_view label, double width);

/// A value axis along the bottom of the plot: a grid line up the plot and a label under the
/// plot at each tick, and under them `caption` (the unit) centred.
void bottom_axis(SvgWriter& svg, const Layout& layout, const Scale& scale, std::string_view caption);

/// A value axis up the left of the plot: a grid line across and a label left of the plot at
/// each tick, `caption` (the unit) above the axis.
void left_axis(SvgWriter& svg, const Layout& layout, const Scale& scale, std::string_view caption);

}  // namespace hwbench::chart
