#include "runtime/analysis/node_spread.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace hwbench::runtime::analysis {

namespace {

double median_of(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

/// A figure with `digits` significant digits at most, and no exponent for ordinary magnitudes.
std::string figure_text(double v) {
  if (v == 0) return "0";
  const double magnitude = std::floor(std::log10(std::fabs(v)));
  const int decimals = std::clamp(3 - static_cast<int>(magnitude), 0, 6);
  return fmt::format("{:.{}f}", v, decimals);
}

/// Pads `text` to `width` columns, on the left (`right`) or the right.
std::string pad(const std::string& text, std::size_t width, bool right) {
  if (text.size() >= width) return text;
  const std::string fill(width - text.size(), ' ');
  return right ? fill + text : text + fill;
}

bool has_figure(const FigureCell& cell) {
  return cell.state == CellState::figure && std::isfinite(cell.value) && cell.value > 0;
}

/// The unit most of a row's figures are in (the first of those most common): a figure that could
/// not be given in the row's unit keeps its own, and is left out rather than set beside the others.
std::string common_unit(const CompareRow& row) {
  std::string best;
  std::size_t best_count = 0;
  for (const auto& cell : row.figures) {
    if (!has_figure(cell)) continue;
    const auto count =
        static_cast<std::size_t>(std::count_if(row.figures.begin(), row.figures.end(), [&](const FigureCell& c) {
          return has_figure(c) && c.unit == cell.unit;
        }));
    if (count > best_count) {
      best = cell.unit;
      best_count = count;
    }
  }
  return best;
}

}  // namespace

NodeSpread node_spread(const Comparison& comparison, const NodeSpreadOptions& options) {
  NodeSpread spread;
  spread.names = comparison.names;
  spread.options = options;
  for (const auto& row : comparison.rows) {
    const std::string unit = common_unit(row);
    const auto usable = [&](const FigureCell& cell) { return has_figure(cell) && cell.unit == unit; };
    std::vector<double> values;
    for (const auto& cell : row.figures)
      if (usable(cell)) values.push_back(cell.value);
    if (values.size() < 3) continue;
    SpreadRow out;
    out.label = row.label;
    out.unit = unit;
    out.figures = values.size();
    out.median = median_of(values);
    std::vector<double> deviations;
    for (double v : values) deviations.push_back(std::fabs(v - out.median));
    out.spread = mad_scale * median_of(deviations);
    for (const auto& cell : row.figures) {
      if (!usable(cell)) {
        out.ratios.push_back(std::nullopt);
        out.outlier.push_back(false);
        continue;
      }
      const double ratio = cell.value / out.median;
      out.ratios.push_back(ratio);
      out.outlier.push_back(std::fabs(cell.value - out.median) > options.k * out.spread &&
                            std::fabs(ratio - 1) >= options.min_effect);
    }
    spread.rows.push_back(std::move(out));
  }
  for (std::size_t m = 0; m < spread.names.size(); ++m)
    for (const auto& row : spread.rows)
      if (m < row.outlier.size() && row.outlier[m])
        spread.outliers.push_back({spread.names[m], row.label, *row.ratios[m]});
  return spread;
}

std::string format_node_spread(const NodeSpread& spread, const std::string& kind) {
  if (spread.rows.empty()) return "";
  std::vector<std::vector<std::string>> table;
  std::vector<std::string> header{"series", "unit", "median", "spread"};
  header.insert(header.end(), spread.names.begin(), spread.names.end());
  table.push_back(header);
  for (const auto& row : spread.rows) {
    std::vector<std::string> line{row.label, row.unit.empty() ? "index" : row.unit, figure_text(row.median),
                                  figure_text(row.spread)};
    for (std::size_t m = 0; m < row.ratios.size(); ++m)
      line.push_back(row.ratios[m] ? fmt::format("{}{:.2f}", row.outlier[m] ? "*" : "", *row.ratios[m]) : "-");
    table.push_back(std::move(line));
  }
  std::vector<std::size_t> widths(header.size(), 0);
  for (const auto& line : table)
    for (std::size_t c = 0; c < line.size() && c < widths.size(); ++c) widths[c] = std::max(widths[c], line[c].size());
  std::string out = fmt::format(
      "Each {}'s figure / the median of the {} {}s; * an outlier: beyond the median ± {:g} spreads (the MAD × "
      "{:g}) and {:g}% from it\n\n",
      kind, spread.names.size(), kind, spread.options.k, mad_scale, spread.options.min_effect * 100);
  for (const auto& line : table) {
    std::string text;
    for (std::size_t c = 0; c < line.size(); ++c) text += (c ? "  " : "") + pad(line[c], widths[c], c >= 2);
    while (!text.empty() && text.back() == ' ') text.pop_back();
    out += text + "\n";
  }
  out += "\n";
  if (spread.outliers.empty()) out += fmt::format("no outliers among the {} {}s\n", spread.names.size(), kind);
  for (const auto& o : spread.outliers)
    out += fmt::format("{} {}: {} {:.2f} of the median\n", kind, o.name, o.label, o.ratio);
  return out;
}

}  // namespace hwbench::runtime::analysis
