#pragma once
// Internal to the generic reporters: a report as a grid of already formatted cells, and the
// three writers (text, CSV, Markdown) that print one. A reporter builds the grid once per
// format, so the three outputs hold the same figures by construction.
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/report/report.hpp"

namespace hwbench::runtime::report {

/// How a column's cells line up in text and Markdown.
enum class Align { left, right };

/// A table of formatted cells, with optional lines above and below it.
struct Grid {
  std::vector<std::string> before;             ///< text and Markdown only: lines above the table
  std::vector<Align> align;                    ///< one per column
  std::vector<std::string> header;             ///< one per column
  std::vector<std::vector<std::string>> rows;  ///< each as wide as `header`
  std::vector<std::string> after;              ///< text and Markdown only: lines below the table
};

/// Prints `grid` as aligned text, RFC 4180 CSV or a GitHub Markdown table. Text wider than
/// `width` columns (0: no limit) is cut into blocks of columns that fit, each led by the first
/// column; a single column wider than that still gets a block of its own.
void write_grid(const Grid& grid, Format format, std::ostream& out, std::size_t width);

/// A per-sample figure as a cell: format_figure, except that a missing (NaN) figure is
/// `-` in text and Markdown and an empty field in CSV.
std::string figure_cell(double value, Format format);

/// An aggregate as a cell: `count` as an integer, `cv` as a percentage with one decimal
/// (`2.3%`; CSV `2.3`), `ci95` with a leading `±` (CSV without), others as figure_cell.
std::string aggregate_cell(std::string_view aggregate, double value, Format format);

/// An aggregate's column title in the `lines` style: `mean MB/s` (CSV `mean (MB/s)`),
/// `cv` (CSV `cv (%)`), `count`. With `printed`, the column of the source's printed figures:
/// `mean (printed) MB/s` (CSV `mean (printed) (MB/s)`), `cv (printed)`, `count (printed)`.
std::string aggregate_title(std::string_view aggregate, std::string_view unit, Format format, bool printed = false);

/// An aggregate's row label in the `table` style: `mean`, CSV `cv (%)`; with `printed`,
/// `mean (printed)`, CSV `cv (printed) (%)`.
std::string aggregate_row_label(std::string_view aggregate, Format format, bool printed = false);

/// "did not reach ±P% in N runs" for a series whose `until ci` target was not reached.
std::string convergence_note(const SeriesFigures& series);

/// The `lines` style as a grid.
Grid lines_grid(const ReportData& data, Format format);

/// The `table` style as a grid.
Grid table_grid(const ReportData& data, Format format);

/// Columns a text grid takes: its columns' widths and two spaces between each two.
std::size_t text_width(const Grid& grid);

}  // namespace hwbench::runtime::report
