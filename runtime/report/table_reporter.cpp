// The `table` style: runs as rows, series as columns, then one row per aggregate
// (`report table MB/s with mean`), as articles print a `time cp` series; a published result's
// printed aggregates follow as `mean (printed)` rows.
#include <algorithm>
#include <string>

#include "runtime/report/grid.hpp"

namespace hwbench::runtime::report {

Grid table_grid(const ReportData& data, Format format) {
  Grid grid;
  grid.before = {data.unit.name};
  grid.header = {"No"};
  grid.align = {Align::left};
  std::size_t runs = 0;
  for (const auto& series : data.series) {
    // CSV has no line above its header for the unit: each column names it.
    grid.header.push_back(format == Format::csv ? series.label + " (" + data.unit.name + ")" : series.label);
    grid.align.push_back(Align::right);
    runs = std::max(runs, series.values.size());
  }
  for (std::size_t i = 0; i < runs; ++i) {
    std::vector<std::string> row = {std::to_string(i + 1)};
    for (const auto& series : data.series) {
      row.push_back(i < series.values.size() ? figure_cell(series.values[i], format) : std::string());
    }
    grid.rows.push_back(std::move(row));
  }
  for (std::size_t a = 0; a < data.spec.aggregates.size(); ++a) {
    const auto& name = data.spec.aggregates[a];
    std::vector<std::string> row = {aggregate_row_label(name, format)};
    for (const auto& series : data.series) {
      row.push_back(a < series.aggregates.size() ? aggregate_cell(name, series.aggregates[a].second, format)
                                                 : std::string());
    }
    grid.rows.push_back(std::move(row));
  }
  // The source's own figures come after every computed row, so the computed block reads the
  // same with or without them; a series the source printed nothing for gets an empty cell.
  for (std::size_t a = 0; a < data.spec.aggregates.size(); ++a) {
    if (!has_printed(data, a)) continue;
    const auto& name = data.spec.aggregates[a];
    std::vector<std::string> row = {aggregate_row_label(name, format, /*printed=*/true)};
    for (const auto& series : data.series) {
      const bool shown = a < series.printed.size() && series.printed[a].second.has_value();
      row.push_back(shown ? aggregate_cell(name, *series.printed[a].second, format) : std::string());
    }
    grid.rows.push_back(std::move(row));
  }
  for (const auto& series : data.series) {
    if (!series.converged) grid.after.push_back("note: " + series.label + " " + convergence_note(series));
  }
  return grid;
}

}  // namespace hwbench::runtime::report
