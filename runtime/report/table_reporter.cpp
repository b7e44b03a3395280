// The `table` style: runs as rows, series as columns, then one row per aggregate
// (`report table MB/s with mean`), as articles print a `time cp` series.
#include <algorithm>
#include <string>

#include "runtime/report/grid.hpp"

namespace hwbench::runtime {

Grid table_grid(const ReportData& data, Format format) {
  Grid grid;
  grid.before = {data.unit.name};
  grid.header = {"No"};
  grid.align = {Align::left};
  std::size_t runs = 0;
  for (const auto& series : data.series) {
    grid.header.push_back(series.label);
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
    // A CSV row label says what the bare number means (`cv (%)`); text shows it in the cells.
    std::vector<std::string> row = {format == Format::csv && name == "cv" ? std::string("cv (%)") : name};
    for (const auto& series : data.series) {
      row.push_back(a < series.aggregates.size() ? aggregate_cell(name, series.aggregates[a].second, format)
                                                 : std::string());
    }
    grid.rows.push_back(std::move(row));
  }
  for (const auto& series : data.series) {
    if (!series.converged) grid.after.push_back("note: " + series.label + " " + convergence_note(series));
  }
  return grid;
}

}  // namespace hwbench::runtime
