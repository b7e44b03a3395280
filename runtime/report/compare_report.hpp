#pragma once
// The render stage of a comparison (runtime/analysis/compare.hpp computes it): the table
// `hwbench compare` prints, and the `compare with "FILE"` report of a recipe.
#include <cmath>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "runtime/analysis/compare.hpp"
#include "runtime/model/result.hpp"
#include "runtime/report/named_report.hpp"

namespace hwbench::runtime::report {

/// The render stage: the table (label column, then one right-aligned column per result, then
/// the ratio columns), the summary row, notes on marked rows and the comparison's own notes (a
/// tool's), then the environment diff.
/// Columns are aligned by display width (East Asian wide characters such as 倍 count two). The
/// notes are wrapped to `width` columns (0: no limit), each continuation line indented two
/// columns, under the text after a note's `- ` or `! `.
std::string format_comparison(const analysis::Comparison& comparison, const analysis::CompareOptions& options,
                              std::size_t width = 0);

/// The verdicts under a comparison's table: for each computed ratio, what the samples say
/// (analysis::verdict_text); "" when no ratio has samples with a spread (published figures only).
std::string format_verdicts(const analysis::Comparison& comparison, const analysis::CompareOptions& options);

/// A ratio as the table prints it: cut to options.digits decimals by options.ratio, then the
/// suffix (1.1666 -> "1.16倍" truncated, "1.17倍" rounded); `-` for NaN.
std::string format_ratio(double ratio, const analysis::CompareOptions& options);

/// A figure's cell as the table prints it: the figure and its unit, `-` without one. Operations
/// per second and seconds are scaled for people (analysis::scaled_unit: 2.896 G ops/s, 12.50 ms)
/// by `row_scale`, the row's largest figure in that unit (row_scale()), so that a row's figures
/// share their prefix; by the figure itself when it is NaN. Other units print as format_figure.
std::string figure_cell_text(const analysis::FigureCell& cell, double row_scale = NAN);

/// The largest figure of `row` in `unit` (by magnitude), NaN when it has none.
double row_scale(const analysis::CompareRow& row, const std::string& unit);

/// A ratio's cell as the table prints it: format_ratio when computed, `!` when the figures
/// could not be divided, `-` when one is missing.
std::string ratio_cell_text(const analysis::RatioCell& cell, const analysis::CompareOptions& options);

/// The results `compare with "FILE"` reports set beside this run, read before anything renders
/// (rendering reads no file): by the path the spec names, the result or why it could not be read.
struct ComparedResults {
  std::map<std::string, model::Result> results;
  std::map<std::string, std::string> errors;
  /// What the original tools say under each comparison (analysis::Comparison::notes), set where
  /// the tools are known (pipeline::read_compared: tools::comparison_notes); none when empty.
  CompareNotes notes;
};

/// The path a "compare" ReportSpec names (its `with` option).
std::string compared_path(const model::ReportSpec& spec);

/// What a "compare" ReportSpec compares: the file first, this run second (ratios read run /
/// file), the figures computed (analysis::compare_results) and the options they were computed with.
struct ComparedReport {
  analysis::Comparison comparison;
  analysis::CompareOptions options;
  std::vector<const model::Result*> results;  ///< the file's result (in `compared`) and `result`
};

/// The comparison a "compare" ReportSpec makes of `result` (which must outlive it) with the file
/// it names, or std::nullopt when that file was not read.
std::optional<ComparedReport> compare_report_data(const model::Result& result, const model::ReportSpec& spec,
                                                  const ComparedResults& compared);

/// Renders a "compare" ReportSpec: compare_report_data, formatted with its notes wrapped to
/// `width` (0: no limit); or why the file could not be compared.
model::RenderedReport render_compare_report(const model::Result& result, const model::ReportSpec& spec,
                                            const ComparedResults& compared, std::size_t width);

}  // namespace hwbench::runtime::report
