// The `lines` style: one line per series (`report MB/s mean, stdev`), then a column for each
// aggregate the source printed, when it is a published result.
#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "runtime/analysis/stability.hpp"
#include "runtime/report/grid.hpp"

namespace hwbench::runtime::report {

namespace {

// The footnote marks of a series whose samples drift, hold outliers or come from blocks that
// disagree: "[d]", "[o]", "[u]", "[d,o,u]"; "".
std::string stability_mark(const SeriesFigures& series) {
  std::string marks;
  if (series.drift) marks = "d";
  if (series.outliers > 0) marks += marks.empty() ? "o" : ",o";
  if (series.interval.unstable) marks += marks.empty() ? "u" : ",u";
  return marks.empty() ? marks : "[" + marks + "]";
}

}  // namespace

Grid lines_grid(const ReportData& data, Format format) {
  Grid grid;
  grid.header = {"series", "n"};
  grid.align = {Align::left, Align::right};
  for (const auto& name : data.spec.aggregates) {
    grid.header.push_back(aggregate_title(name, data.unit.name, format));
    grid.align.push_back(Align::right);
  }
  std::vector<std::size_t> printed;  // the aggregates that get a column of the source's figures
  for (std::size_t a = 0; a < data.spec.aggregates.size(); ++a) {
    if (!has_printed(data, a)) continue;
    printed.push_back(a);
    grid.header.push_back(aggregate_title(data.spec.aggregates[a], data.unit.name, format, /*printed=*/true));
    grid.align.push_back(Align::right);
  }
  // The note column exists only when there is something to say, so that ordinary reports
  // keep a fixed, short set of columns.
  const bool any_unconverged =
      std::any_of(data.series.begin(), data.series.end(), [](const SeriesFigures& s) { return !s.converged; });
  if (any_unconverged) {
    grid.header.push_back("note");
    grid.align.push_back(Align::left);
  }
  // CSV holds figures only: the marks and their legend are for readers of text and Markdown.
  const bool marked = format != Format::csv;
  bool any_drift = false;
  bool any_outliers = false;
  bool any_unstable = false;
  for (const auto& series : data.series) {
    const std::string mark = marked ? stability_mark(series) : std::string();
    any_drift |= series.drift;
    any_outliers |= series.outliers > 0;
    any_unstable |= series.interval.unstable;
    std::vector<std::string> row = {mark.empty() ? series.label : series.label + " " + mark,
                                    std::to_string(series.values.size())};
    for (const auto& [name, value] : series.aggregates) row.push_back(aggregate_cell(name, value, format));
    for (std::size_t a : printed) {
      const bool shown = a < series.printed.size() && series.printed[a].second.has_value();
      row.push_back(shown ? aggregate_cell(data.spec.aggregates[a], *series.printed[a].second, format) : std::string());
    }
    if (any_unconverged) row.push_back(series.converged ? std::string() : convergence_note(series));
    grid.rows.push_back(std::move(row));
  }
  if (marked && any_drift) grid.after.push_back("[d] drift: its first and second halves differ beyond their 95% CIs");
  if (marked && any_outliers)
    grid.after.push_back(fmt::format("[o] outliers: samples past {} modified Z-scores (MAD) from the median",
                                     analysis::outlier_z_threshold));
  if (marked && any_unstable)
    grid.after.push_back("[u] unstable: the means of its blocks differ beyond their own 95% CIs");
  return grid;
}

}  // namespace hwbench::runtime::report
