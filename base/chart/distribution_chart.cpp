#include "base/chart/distribution_chart.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "base/chart/layout.hpp"
#include "base/chart/svg.hpp"

namespace hwbench::chart {

namespace {

constexpr double plain_row = 36;
constexpr double tall_row = 60;
constexpr double legend_height = 22;
constexpr double wide_range = 1000;

double row_height(const DistributionRow& row) { return row.box || row.bins ? tall_row : plain_row; }

// The figures the axis must reach: every sample (or bin edge), the interval and the box.
Scale distribution_scale(const DistributionChart& chart) {
  double low = INFINITY, high = -INFINITY;
  const auto reach = [&](double v) {
    if (!std::isfinite(v)) return;
    low = std::min(low, v);
    high = std::max(high, v);
  };
  for (const auto& row : chart.rows) {
    if (row.bins) {
      reach(row.bins->low);
      reach(row.bins->low + row.bins->width * static_cast<double>(row.bins->counts.size()));
    } else {
      for (double v : row.values) reach(v);
    }
    reach(row.mean);
    if (std::isfinite(row.ci95)) {
      reach(row.mean - row.ci95);
      reach(row.mean + row.ci95);
    }
    reach(row.median);
    if (row.box) {
      reach(row.box->whisker_low);
      reach(row.box->whisker_high);
    }
  }
  if (!std::isfinite(low)) low = high = 0;
  // Series three decades apart (nbench's tests, 26 to 85 million iterations a second) would be
  // squeezed against one end of a linear axis.
  if (low > 0 && high / low >= wide_range) return Scale::log(low, high);
  return Scale::linear(low, high);
}

// Where sample i of a row stands up its band: spread by the golden ratio's fractions, so that
// equal figures do not hide each other and the same samples always land on the same spots.
double spread(std::size_t i) {
  const double golden = 0.6180339887498949;
  return std::fmod(static_cast<double>(i) * golden, 1.0);
}

// The keys of the marks drawn: the box's only when a row has one.
void distribution_legend(SvgWriter& svg, const Layout& layout, bool boxes) {
  double x = layout.plot_left();
  const double y = 14;
  svg.group(attr("class", "legend"));
  svg.empty("circle", attr("cx", x + 4) + attr("cy", y - 4) + attr("r", 3.0) + attr("class", "key"));
  svg.text(x + 12, y, "sample");
  x += 70;
  svg.empty("line", attr("x1", x) + attr("x2", x) + attr("y1", y - 11) + attr("y2", y + 2) + attr("class", "mean"));
  svg.text(x + 6, y, "mean");
  x += 52;
  svg.empty("line", attr("x1", x) + attr("x2", x + 18) + attr("y1", y - 4) + attr("y2", y - 4) + attr("class", "ci"));
  svg.text(x + 24, y, "95% CI of the mean");
  x += 150;
  svg.empty("path", fmt::format(" d=\"M{} {}l4 4l-4 4l-4 -4z\"", coordinate(x + 4), coordinate(y - 8)) +
                        attr("class", "median"));
  svg.text(x + 14, y, "median");
  x += 66;
  if (!boxes) {
    svg.end_group();
    return;
  }
  svg.empty("rect", attr("x", x) + attr("y", y - 9) + attr("width", 16.0) + attr("height", 10.0) +
                        attr("class", "box key-box"));
  svg.text(x + 22, y, "quartiles, whiskers at 1.5 IQR");
  svg.end_group();
}

void draw_bins(SvgWriter& svg, const Layout& layout, const Scale& scale, const DistributionRow& row,
               const std::string& unit, double top, double height) {
  const Bins& bins = *row.bins;
  std::size_t most = 1;
  for (std::size_t c : bins.counts) most = std::max(most, c);
  const double base = top + height - 4;
  for (std::size_t i = 0; i < bins.counts.size(); ++i) {
    if (bins.counts[i] == 0) continue;
    const double from = bins.low + bins.width * static_cast<double>(i);
    const double to = bins.low + bins.width * static_cast<double>(i + 1);
    const double tall = (height - 10) * static_cast<double>(bins.counts[i]) / static_cast<double>(most);
    const double x = layout.x(scale, from);
    svg.titled("rect",
               attr("class", "bin") + fmt::format(" data-count=\"{}\"", bins.counts[i]) + attr("x", x) +
                   attr("y", base - tall) + attr("width", std::max(0.5, layout.x(scale, to) - x)) +
                   attr("height", tall) + attr("fill", palette_colour(row.colour)),
               fmt::format("{}: {} sample{} from {} to {} {}", row.label, bins.counts[i],
                           bins.counts[i] == 1 ? "" : "s", exact(from), exact(to), unit));
  }
}

void draw_points(SvgWriter& svg, const Layout& layout, const Scale& scale, const DistributionRow& row,
                 const std::string& unit, double top, double height) {
  const std::string colour(palette_colour(row.colour));
  const std::string paint = row.hollow ? attr("fill", "none") + attr("stroke", colour) : attr("fill", colour);
  for (std::size_t i = 0; i < row.values.size(); ++i) {
    const double v = row.values[i];
    if (!std::isfinite(v)) continue;
    svg.titled("circle",
               attr("class", row.hollow ? "sample published" : "sample") + attr("cx", layout.x(scale, v)) +
                   attr("cy", top + height * spread(i)) + attr("r", 3.0) + paint,
               fmt::format("{} #{}: {} {}{}", row.label, i + 1, exact(v), unit, row.hollow ? " (published)" : ""));
  }
}

void draw_box(SvgWriter& svg, const Layout& layout, const Scale& scale, const DistributionRow& row,
              const std::string& unit, double top) {
  const Box& box = *row.box;
  const double mid = top + 7;
  const std::string title =
      fmt::format("{}: quartiles {}, {}, {} {}; whiskers {} to {} {}", row.label, exact(box.q1), exact(box.median),
                  exact(box.q3), unit, exact(box.whisker_low), exact(box.whisker_high), unit);
  svg.group(attr("class", "box"));
  svg.titled("line",
             attr("x1", layout.x(scale, box.whisker_low)) + attr("x2", layout.x(scale, box.whisker_high)) +
                 attr("y1", mid) + attr("y2", mid) + attr("class", "whisker"),
             title);
  const double left = layout.x(scale, box.q1);
  svg.titled("rect",
             attr("x", left) + attr("y", top) + attr("width", std::max(0.5, layout.x(scale, box.q3) - left)) +
                 attr("height", 14.0) + attr("stroke", palette_colour(row.colour)),
             title);
  const double m = layout.x(scale, box.median);
  svg.titled("line",
             attr("x1", m) + attr("x2", m) + attr("y1", top) + attr("y2", top + 14) + attr("class", "box-median"),
             title);
  svg.end_group();
}

void draw_summary(SvgWriter& svg, const Layout& layout, const Scale& scale, const DistributionRow& row,
                  const std::string& unit, double top, double height) {
  const double mid = top + height / 2;
  if (std::isfinite(row.mean) && std::isfinite(row.ci95)) {
    const double a = layout.x(scale, row.mean - row.ci95), b = layout.x(scale, row.mean + row.ci95);
    const std::string title =
        fmt::format("{}: 95% CI of the mean {} to {} {} (± {})", row.label, exact(row.mean - row.ci95),
                    exact(row.mean + row.ci95), unit, exact(row.ci95));
    svg.titled("path",
               fmt::format(" d=\"M{0} {2}v6m0 -3H{1}m0 -3v6\"", coordinate(a), coordinate(b), coordinate(mid - 3)) +
                   attr("class", "ci"),
               title);
  }
  if (std::isfinite(row.mean)) {
    const double x = layout.x(scale, row.mean);
    svg.titled(
        "line",
        attr("x1", x) + attr("x2", x) + attr("y1", top - 2) + attr("y2", top + height + 2) + attr("class", "mean"),
        fmt::format("{}: mean {} {}", row.label, exact(row.mean), unit));
  }
  if (std::isfinite(row.median)) {
    const double x = layout.x(scale, row.median);
    svg.titled(
        "path",
        fmt::format(" d=\"M{} {}l4 4l-4 4l-4 -4z\"", coordinate(x), coordinate(mid - 4)) + attr("class", "median"),
        fmt::format("{}: median {} {}", row.label, exact(row.median), unit));
  }
}

}  // namespace

std::string distribution_svg(const DistributionChart& chart) {
  Layout layout;
  std::vector<std::string> labels;
  for (const auto& row : chart.rows) labels.push_back(row.label);
  layout.left = label_margin(labels);
  layout.right = 24;
  layout.top = legend_height + 6;
  layout.bottom = 44;
  double rows_height = 0;
  for (const auto& row : chart.rows) rows_height += row_height(row);
  layout.height = layout.top + rows_height + layout.bottom;
  const Scale scale = distribution_scale(chart);

  SvgWriter svg;
  svg.open(layout.width, layout.height, chart.label);
  distribution_legend(svg, layout, std::any_of(chart.rows.begin(), chart.rows.end(), [](const auto& row) {
                        return row.box.has_value();
                      }));
  double top = layout.top;
  for (std::size_t r = 0; r < chart.rows.size(); ++r) {
    const auto& row = chart.rows[r];
    const double height = row_height(row);
    if (r % 2 == 0)
      svg.empty("rect", attr("class", "band") + attr("x", layout.plot_left()) + attr("y", top) +
                            attr("width", layout.plot_right() - layout.plot_left()) + attr("height", height));
    top += height;
  }
  bottom_axis(svg, layout, scale, scale.kind() == ScaleKind::log ? chart.unit + " (log scale)" : chart.unit);
  top = layout.top;
  for (const auto& row : chart.rows) {
    const double height = row_height(row);
    const std::string shown = fitted_label(row.label, layout.left - 12);
    svg.group(attr("class", "row"));
    svg.text(layout.left - 8, top + height / 2 + 4, shown, attr("text-anchor", "end"),
             shown == row.label ? "" : row.label);
    // The points (or bins) take the band under the box when there is one.
    const double marks_top = row.box ? top + 24 : top + 6;
    const double marks_height = row.box ? height - 30 : height - 12;
    if (row.box) draw_box(svg, layout, scale, row, chart.unit, top + 5);
    if (row.bins)
      draw_bins(svg, layout, scale, row, chart.unit, top, height);
    else
      draw_points(svg, layout, scale, row, chart.unit, marks_top, marks_height);
    draw_summary(svg, layout, scale, row, chart.unit, marks_top, marks_height);
    svg.end_group();
    top += height;
  }
  svg.close();
  return svg.str();
}

}  // namespace hwbench::chart
