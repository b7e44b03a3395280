// The `lines` style: one line per series (`report MB/s mean, stdev`).
#include <algorithm>
#include <string>

#include "runtime/report/grid.hpp"

namespace hwbench::runtime {

Grid lines_grid(const ReportData& data, Format format) {
  Grid grid;
  grid.header = {"series", "n"};
  grid.align = {Align::left, Align::right};
  for (const auto& name : data.spec.aggregates) {
    grid.header.push_back(aggregate_title(name, data.unit.name, format));
    grid.align.push_back(Align::right);
  }
  // The note column exists only when there is something to say, so that ordinary reports
  // keep a fixed, short set of columns.
  const bool any_unconverged = std::any_of(data.series.begin(), data.series.end(),
                                           [](const SeriesFigures& s) { return !s.converged; });
  if (any_unconverged) {
    grid.header.push_back("note");
    grid.align.push_back(Align::left);
  }
  for (const auto& series : data.series) {
    std::vector<std::string> row = {series.label, std::to_string(series.values.size())};
    for (const auto& [name, value] : series.aggregates) row.push_back(aggregate_cell(name, value, format));
    if (any_unconverged) row.push_back(series.converged ? std::string() : convergence_note(series));
    grid.rows.push_back(std::move(row));
  }
  return grid;
}

}  // namespace hwbench::runtime
