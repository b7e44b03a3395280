// `report summary`: one line per series, each in its natural unit, for a first screen that
// tells what a recipe measured before its sections give the detail.
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "base/support/human_units.hpp"
#include "base/support/text_columns.hpp"
#include "runtime/analysis/statistics.hpp"
#include "runtime/analysis/units.hpp"
#include "runtime/report/grid.hpp"

namespace hwbench::runtime::report {

namespace {

constexpr double kNoFigure = std::numeric_limits<double>::quiet_NaN();

// The narrowest a cut label gets: below that a label says too little to be worth a line.
constexpr std::size_t kMinLabelWidth = 12;

// The half-interval in % of the mean: `±1.2%`; `-` where there is none (one sample, a mean of 0).
std::string ci_cell(const SummaryRow& row, Format format) {
  if (std::isnan(row.ci95) || std::isnan(row.mean) || row.mean == 0) return figure_cell(kNoFigure, format);
  const double pct = std::fabs(row.ci95 / row.mean) * 100;
  return format == Format::csv ? fmt::format("{:.1f}", pct) : fmt::format("±{:.1f}%", pct);
}

/// A row's mean and median as they are printed, with their unit.
struct Shown {
  std::string mean, unit, median;
};

// CSV keeps the natural unit's plain figures for programs to read; text and Markdown scale them
// for people, as the progress line does: 2.896 G ops/s, not 2895857012.8 ops/s.
Shown shown_figures(const SummaryRow& row, Format format) {
  const analysis::Unit* unit = analysis::find_unit(row.unit);
  if (format == Format::csv || unit == nullptr || std::isnan(row.mean))
    return {figure_cell(row.mean, format), row.unit, figure_cell(row.median, format)};
  const analysis::ScaledUnit scaled = analysis::scaled_unit(*unit, row.mean);
  const auto cell = [&](double value) {
    return std::isnan(value) ? figure_cell(value, format) : support::human_number(value / scaled.divisor);
  };
  return {cell(row.mean), scaled.name, cell(row.median)};
}

}  // namespace

std::vector<SummaryRow> build_summary(const model::Result& result) {
  std::vector<SummaryRow> rows;
  for (const auto& series : result.series) {
    const analysis::Unit& unit = analysis::natural_unit(series);
    SummaryRow row;
    row.label = series.label;
    row.unit = unit.name;
    row.converged = series.converged;
    for (const auto& sample : series.samples)
      if (auto value = analysis::sample_value(sample, unit)) row.values.push_back(*value);
    row.mean = analysis::aggregate("mean", row.values).value_or(kNoFigure);
    row.ci95 = row.values.size() < 2 ? kNoFigure : analysis::aggregate("ci95", row.values).value_or(kNoFigure);
    row.median = analysis::aggregate("median", row.values).value_or(kNoFigure);
    rows.push_back(std::move(row));
  }
  return rows;
}

void render_summary(const std::vector<SummaryRow>& rows, Format format, std::ostream& out, std::size_t width) {
  Grid grid;
  const bool csv = format == Format::csv;
  grid.header = {"series", "n", "mean", "unit", csv ? "ci95 (%)" : "95% CI", "median"};
  grid.align = {Align::left, Align::right, Align::right, Align::left, Align::right, Align::right};
  bool any_unconverged = false;
  for (const auto& row : rows) {
    // `*`: the series stopped before its `until ci` target; the note under the table says so.
    const bool mark = !row.converged && !csv;
    any_unconverged |= !row.converged;
    const Shown shown = shown_figures(row, format);
    grid.rows.push_back({mark ? row.label + " *" : row.label, std::to_string(row.values.size()), shown.mean, shown.unit,
                         ci_cell(row, format), shown.median});
  }
  if (any_unconverged && !csv) grid.after.push_back("* did not reach its `until ci` target");
  if (format == Format::text && width > 0) {
    // Cut the labels rather than the table: a summary split into blocks of columns would no
    // longer read as one line per series.
    const std::size_t total = text_width(grid);
    std::size_t label_width = support::display_width(grid.header[0]);
    for (const auto& row : grid.rows) label_width = std::max(label_width, support::display_width(row[0]));
    if (total > width) {
      const std::size_t excess = total - width;
      const std::size_t fitted = label_width > excess ? std::max(label_width - excess, kMinLabelWidth) : kMinLabelWidth;
      for (auto& row : grid.rows) row[0] = support::fit_width(row[0], fitted);
    }
  }
  write_grid(grid, format, out, width);
}

}  // namespace hwbench::runtime::report
