#include "base/chart/layout.hpp"

#include <algorithm>

#include "base/support/text_columns.hpp"

namespace hwbench::chart {

namespace {

constexpr double column_width = 8;

}  // namespace

double Layout::x(const Scale& scale, double value) const {
  return plot_left() + (plot_right() - plot_left()) * scale.fraction(value);
}

double Layout::y(const Scale& scale, double value) const {
  return plot_bottom() - (plot_bottom() - plot_top()) * scale.fraction(value);
}

double text_width(std::string_view text) { return column_width * static_cast<double>(support::display_width(text)); }

double label_margin(const std::vector<std::string>& labels) {
  double widest = 0;
  for (const auto& label : labels) widest = std::max(widest, text_width(label));
  return std::min(widest, max_label_width) + 12;
}

std::string fitted_label(std::string_view label, double width) {
  return support::fit_width(label, static_cast<std::size_t>(std::max(1.0, width / column_width)));
}

void bottom_axis(SvgWriter& svg, const Layout& layout, const Scale& scale, std::string_view caption) {
  svg.group(attr("class", "axis"));
  for (const Tick& tick : scale.ticks()) {
    const double x = layout.x(scale, tick.value);
    svg.empty("line", attr("class", "grid") + attr("x1", x) + attr("x2", x) + attr("y1", layout.plot_top()) +
                          attr("y2", layout.plot_bottom()));
    svg.text(x, layout.plot_bottom() + 16, tick.label, attr("text-anchor", "middle"));
  }
  svg.empty("line", attr("class", "frame") + attr("x1", layout.plot_left()) + attr("x2", layout.plot_right()) +
                        attr("y1", layout.plot_bottom()) + attr("y2", layout.plot_bottom()));
  svg.text((layout.plot_left() + layout.plot_right()) / 2, layout.plot_bottom() + 34, caption,
           attr("text-anchor", "middle") + attr("class", "caption"));
  svg.end_group();
}

void left_axis(SvgWriter& svg, const Layout& layout, const Scale& scale, std::string_view caption) {
  svg.group(attr("class", "axis"));
  for (const Tick& tick : scale.ticks()) {
    const double y = layout.y(scale, tick.value);
    svg.empty("line", attr("class", "grid") + attr("x1", layout.plot_left()) + attr("x2", layout.plot_right()) +
                          attr("y1", y) + attr("y2", y));
    svg.text(layout.plot_left() - 6, y + 4, tick.label, attr("text-anchor", "end"));
  }
  svg.empty("line", attr("class", "frame") + attr("x1", layout.plot_left()) + attr("x2", layout.plot_left()) +
                        attr("y1", layout.plot_top()) + attr("y2", layout.plot_bottom()));
  svg.text(layout.plot_left() - 6, layout.plot_top() - 10, caption,
           attr("text-anchor", "end") + attr("class", "caption"));
  svg.end_group();
}

}  // namespace hwbench::chart
