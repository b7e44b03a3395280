#include "base/chart/line_chart.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "base/chart/layout.hpp"
#include "base/chart/svg.hpp"

namespace hwbench::chart {

namespace {

constexpr double plot_height = 220;
constexpr double legend_row = 18;

// The legend: one swatch and label per series, in rows that fit the width.
double legend_rows(const LineChart& chart, double width, std::vector<std::pair<double, double>>* places) {
  double x = 0, rows = 1;
  for (const auto& series : chart.series) {
    const double w = 26 + text_width(series.label) + 16;
    if (x > 0 && x + w > width) {
      x = 0;
      ++rows;
    }
    if (places) places->emplace_back(x, (rows - 1) * legend_row);
    x += w;
  }
  return rows;
}

// A series' path: through every sample, or (past drawn_points) a vertical stroke per plot
// column from the lowest to the highest sample that falls in it.
std::string series_path(const LineSeries& series, const Layout& layout, const Scale& across, const Scale& up) {
  std::string d;
  const std::size_t n = series.values.size();
  if (n <= drawn_points) {
    bool pen_down = false;
    for (std::size_t i = 0; i < n; ++i) {
      if (!std::isfinite(series.values[i])) {
        pen_down = false;
        continue;
      }
      d += fmt::format("{}{} {}", pen_down ? "L" : "M", coordinate(layout.x(across, static_cast<double>(i + 1))),
                       coordinate(layout.y(up, series.values[i])));
      pen_down = true;
    }
    return d;
  }
  const auto columns = static_cast<std::size_t>(layout.plot_right() - layout.plot_left());
  for (std::size_t c = 0; c < columns; ++c) {
    const std::size_t from = n * c / columns, to = n * (c + 1) / columns;
    double low = INFINITY, high = -INFINITY;
    for (std::size_t i = from; i < to; ++i) {
      if (!std::isfinite(series.values[i])) continue;
      low = std::min(low, series.values[i]);
      high = std::max(high, series.values[i]);
    }
    if (!std::isfinite(low)) continue;
    const double x = layout.plot_left() + static_cast<double>(c) + 0.5;
    d += fmt::format("M{} {}V{}", coordinate(x), coordinate(layout.y(up, low)),
                     coordinate(std::min(layout.y(up, high), layout.y(up, low) - 0.5)));
  }
  return d;
}

}  // namespace

std::string line_svg(const LineChart& chart) {
  std::size_t longest = 1;
  double low = INFINITY, high = -INFINITY;
  for (const auto& series : chart.series) {
    longest = std::max(longest, series.values.size());
    for (double v : series.values) {
      if (!std::isfinite(v)) continue;
      low = std::min(low, v);
      high = std::max(high, v);
    }
  }
  if (!std::isfinite(low)) low = high = 0;
  const Scale up = Scale::linear(low, high);
  const Scale across = Scale::linear_fixed(1, static_cast<double>(std::max<std::size_t>(longest, 2)));
  Layout layout;
  double widest_tick = 0;
  for (const Tick& tick : up.ticks()) widest_tick = std::max(widest_tick, text_width(tick.label));
  layout.left = std::max(widest_tick + 14, text_width(chart.unit) + 8);
  layout.right = 20;
  std::vector<std::pair<double, double>> places;
  const double legend = legend_rows(chart, layout.width - layout.left - layout.right, &places) * legend_row;
  layout.top = legend + 24;
  layout.bottom = 44;
  layout.height = layout.top + plot_height + layout.bottom;

  SvgWriter svg;
  svg.open(layout.width, layout.height, chart.label);
  svg.group(attr("class", "legend"));
  for (std::size_t s = 0; s < chart.series.size(); ++s) {
    const double x = layout.plot_left() + places[s].first, y = 6 + places[s].second;
    svg.empty("line", attr("x1", x) + attr("x2", x + 20) + attr("y1", y + 6) + attr("y2", y + 6) +
                          attr("stroke", palette_colour(chart.series[s].colour)) + attr("class", "run-key"));
    svg.text(x + 26, y + 10, chart.series[s].label);
  }
  svg.end_group();
  left_axis(svg, layout, up, chart.unit);
  bottom_axis(svg, layout, across, "sample, in run order");
  for (const auto& series : chart.series) {
    const std::string colour(palette_colour(series.colour));
    const std::string what = series.values.size() <= drawn_points
                                 ? fmt::format("{}: {} samples in run order", series.label, series.values.size())
                                 : fmt::format(
                                       "{}: {} samples in run order, each column of the plot drawn from its lowest "
                                       "to its highest sample",
                                       series.label, series.values.size());
    svg.titled("path",
               attr("class", "run") + attr("d", series_path(series, layout, across, up)) + attr("stroke", colour),
               what);
    if (series.values.size() > marked_points) continue;
    for (std::size_t i = 0; i < series.values.size(); ++i) {
      if (!std::isfinite(series.values[i])) continue;
      svg.titled("circle",
                 attr("class", "run-sample") + attr("cx", layout.x(across, static_cast<double>(i + 1))) +
                     attr("cy", layout.y(up, series.values[i])) + attr("r", 2.5) + attr("fill", colour),
                 fmt::format("{} #{}: {} {}", series.label, i + 1, exact(series.values[i]), chart.unit));
    }
  }
  svg.close();
  return svg.str();
}

}  // namespace hwbench::chart
