// `report summary`: one line per series, each in its natural unit, for a first screen that
// tells what a recipe measured before its sections give the detail.
#include <algorithm>
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

/// The `blocks` cell of a text or Markdown summary: the number of blocks ("-": taken back to
/// back), with "means" or "run" when the interval came from the block means or the run's drift.
std::string blocks_cell(const analysis::BlockInterval& in) {
  const std::string count = in.blocks >= 2 ? std::to_string(in.blocks) : "-";
  switch (in.estimate) {
    case analysis::IntervalEstimate::blocks:
      return count + " means";
    case analysis::IntervalEstimate::run:
      return count + " run";
    case analysis::IntervalEstimate::digits:
      return count + " digits";
    case analysis::IntervalEstimate::samples:
      break;
  }
  return count;
}

}  // namespace

std::vector<SummaryRow> build_summary(const model::Result& result, const analysis::RunDrift& drift) {
  std::vector<SummaryRow> rows;
  for (const auto& series : result.series) {
    const analysis::Unit& unit = analysis::natural_unit(series);
    SummaryRow row;
    row.label = series.label;
    row.unit = unit.name;
    row.converged = series.converged;
    std::vector<std::uint32_t> blocks;
    row.values = analysis::sample_values(series, unit, &blocks);
    row.interval = analysis::block_interval(row.values, blocks, drift, analysis::figure_resolution(series, unit));
    row.mean = analysis::aggregate("mean", row.values).value_or(kNoFigure);
    row.ci95 = row.interval.half;
    // The run's drift may widen an interval past the `until ci` target the run met.
    if (!row.values.empty())
      row.converged = row.converged && analysis::drift_keeps_target(series.ci_target_pct, row.interval, row.mean);
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
  // Samples taken in blocks spread over the run: how many, and whether ci95 came from their means.
  const bool blocked =
      std::any_of(rows.begin(), rows.end(), [](const SummaryRow& r) { return r.interval.blocks >= 2; });
  if (blocked) {
    const std::vector<const char*> titles = csv ? std::vector<const char*>{"blocks", "ci95 from", "unstable spread (%)"}
                                                : std::vector<const char*>{"blocks"};
    for (const char* title : titles) {
      grid.header.push_back(title);
      grid.align.push_back(Align::right);
    }
  }
  bool any_unconverged = false;
  std::vector<std::string> unstable, digits;
  for (const auto& row : rows) {
    // `*`: the series stopped before its `until ci` target; `!`: its blocks disagree. The notes
    // under the table say so.
    std::string label = row.label;
    if (!row.converged && !csv) label += " *";
    if (row.interval.unstable && !csv) {
      label += " !";
      unstable.push_back(fmt::format("! {}: unstable, its {} block means spread {:.1f}%", row.label,
                                     row.interval.blocks, row.interval.spread * 100));
    }
    if (row.interval.estimate == analysis::IntervalEstimate::digits && !csv)
      digits.push_back(fmt::format("{}: its CI, {}, is half the last digit its figures were printed with", row.label,
                                   ci_cell(row, format)));
    any_unconverged |= !row.converged;
    const Shown shown = shown_figures(row, format);
    std::vector<std::string> cells = {
        label, std::to_string(row.values.size()), shown.mean, shown.unit, ci_cell(row, format), shown.median};
    if (blocked) {
      const auto& in = row.interval;
      const bool has = in.blocks >= 2;
      if (csv) {
        cells.push_back(has ? std::to_string(in.blocks) : "");
        cells.push_back(has || in.estimate != analysis::IntervalEstimate::samples
                            ? std::string(analysis::estimate_word(in.estimate))
                            : "");
        cells.push_back(in.unstable ? fmt::format("{:.1f}", in.spread * 100) : "");
      } else {
        cells.push_back(blocks_cell(in));
      }
    }
    grid.rows.push_back(std::move(cells));
  }
  if (any_unconverged && !csv) grid.after.push_back("* did not reach its `until ci` target");
  if (blocked && !csv)
    grid.after.push_back("blocks: samples in N blocks over the run; \"N means\": CI from the block means");
  const bool from_run = std::any_of(rows.begin(), rows.end(), [](const SummaryRow& r) {
    return r.interval.estimate == analysis::IntervalEstimate::run;
  });
  if (from_run && !csv) grid.after.push_back("\"run\": CI from the drift all the run's blocks saw");
  for (auto& note : unstable) grid.after.push_back(std::move(note));
  for (auto& note : digits) grid.after.push_back(std::move(note));
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
