#include "base/chart/bar_chart.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "base/chart/layout.hpp"
#include "base/chart/svg.hpp"

namespace hwbench::chart {

namespace {

constexpr double bar_row = 20;
constexpr double heading_row = 18;
constexpr double reference_room = 18;

// A group of one unlabelled bar takes one row, its label beside the bar; any other a heading row too.
bool own_heading(const BarGroup& group) { return group.bars.size() != 1 || !group.bars.front().label.empty(); }

Scale bar_scale(const BarChart& chart) {
  double low = chart.origin, high = chart.origin;
  const auto reach = [&](double v) {
    if (!std::isfinite(v) || (chart.scale == ScaleKind::log && v <= 0)) return;
    low = std::min(low, v);
    high = std::max(high, v);
  };
  for (const auto& group : chart.groups)
    for (const auto& bar : group.bars) {
      reach(bar.value);
      reach(bar.lo);
      reach(bar.hi);
    }
  for (const auto& reference : chart.references) reach(reference.value);
  if (chart.scale == ScaleKind::log) {
    if (!(high > low)) {
      low /= 2;
      high *= 2;
    }
    return Scale::log(low, high);
  }
  return Scale::linear(low, high);
}

// The bar's 95% interval: a line from lo to hi across the middle of its row, with end caps.
void interval_whisker(SvgWriter& svg, const Layout& layout, const Scale& scale, const Bar& bar, double top) {
  if (!std::isfinite(bar.lo) || !std::isfinite(bar.hi) || (scale.kind() == ScaleKind::log && bar.lo <= 0)) return;
  const double x1 = layout.x(scale, bar.lo), x2 = layout.x(scale, bar.hi), y = top + 4 + (bar_row - 7) / 2;
  std::string path = fmt::format("M{:.1f} {:.1f}H{:.1f}M{:.1f} {:.1f}V{:.1f}M{:.1f} {:.1f}V{:.1f}", x1, y, x2, x1,
                                 y - 4, y + 4, x2, y - 4, y + 4);
  svg.empty("path", attr("class", "interval") + attr("d", path));
}

}  // namespace

std::string bar_svg(const BarChart& chart) {
  Layout layout;
  std::vector<std::string> labels;
  double text_room = 0;
  double rows = 0;
  for (const auto& group : chart.groups) {
    labels.push_back(group.label);
    if (own_heading(group)) rows += heading_row;
    for (const auto& bar : group.bars) {
      labels.push_back("  " + bar.label);
      text_room = std::max(text_room, text_width(bar.value_text));
      rows += bar_row;
    }
  }
  layout.left = label_margin(labels);
  layout.right = text_room + 14;
  layout.top = chart.references.empty() ? 8 : reference_room + 8;
  layout.bottom = 44;
  layout.height = layout.top + rows + layout.bottom;
  const Scale scale = bar_scale(chart);

  SvgWriter svg;
  svg.open(layout.width, layout.height, chart.label);
  bottom_axis(svg, layout, scale, chart.unit);
  const double origin = layout.x(scale, chart.origin);
  double top = layout.top;
  for (const auto& group : chart.groups) {
    svg.group(attr("class", "group"));
    const bool heading = own_heading(group);
    if (heading) {
      svg.text(6, top + 13, fitted_label(group.label, layout.left - 12), attr("class", "heading"),
               fitted_label(group.label, layout.left - 12) == group.label ? "" : group.label);
      top += heading_row;
    }
    for (const auto& bar : group.bars) {
      const std::string& label = heading ? bar.label : group.label;
      const std::string shown = fitted_label(label, layout.left - 12);
      svg.text(layout.left - 8, top + 14, shown, attr("text-anchor", "end"), shown == label ? "" : label);
      double end = origin;
      if (std::isfinite(bar.value) && (chart.scale == ScaleKind::linear || bar.value > 0)) {
        const double x = layout.x(scale, bar.value);
        const std::string colour(palette_colour(bar.colour));
        const std::string paint = bar.hollow ? attr("fill", "none") + attr("stroke", colour) + attr("stroke-width", "2")
                                             : attr("fill", colour);
        svg.titled("rect",
                   attr("class", bar.hollow ? "bar published" : "bar") + attr("x", std::min(x, origin)) +
                       attr("y", top + 4) + attr("width", std::max(0.5, std::fabs(x - origin))) +
                       attr("height", bar_row - 7) + paint,
                   bar.title);
        end = std::max(x, origin);
        interval_whisker(svg, layout, scale, bar, top);
        if (std::isfinite(bar.hi)) end = std::max(end, layout.x(scale, bar.hi));
      }
      svg.text(end + 4, top + 14, bar.value_text, attr("class", "value"));
      top += bar_row;
    }
    svg.end_group();
  }
  svg.empty("line", attr("class", "origin") + attr("x1", origin) + attr("x2", origin) + attr("y1", layout.plot_top()) +
                        attr("y2", layout.plot_bottom()));
  for (const auto& reference : chart.references) {
    const double x = layout.x(scale, reference.value);
    svg.titled("line",
               attr("class", "reference") + attr("x1", x) + attr("x2", x) + attr("y1", layout.plot_top() - 4) +
                   attr("y2", layout.plot_bottom()),
               reference.title);
    if (!reference.label.empty())
      svg.text(x, layout.plot_top() - 8, reference.label,
               attr("text-anchor", "middle") + attr("class", "reference-label"));
  }
  svg.close();
  return svg.str();
}

}  // namespace hwbench::chart
