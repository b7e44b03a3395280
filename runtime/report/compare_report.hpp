#pragma once
// The render stage of a comparison (runtime/analysis/compare.hpp computes it): the table
// `hwbench compare` prints, and the `compare with "FILE"` report of a recipe.
#include <string>

#include "runtime/analysis/compare.hpp"
#include "runtime/model/result.hpp"

namespace hwbench::runtime::report {

/// The render stage: the table (label column, then one right-aligned column per result, then
/// the ratio columns), the summary row, notes on marked rows, then the environment diff.
/// Columns are aligned by display width (East Asian wide characters such as 倍 count two).
std::string format_comparison(const analysis::Comparison& comparison, const analysis::CompareOptions& options);

/// A ratio as the table prints it: cut to options.digits decimals by options.ratio, then the
/// suffix (1.1666 -> "1.16倍" truncated, "1.17倍" rounded); `-` for NaN.
std::string format_ratio(double ratio, const analysis::CompareOptions& options);

/// Renders a "compare" ReportSpec: the file first, this run second (ratios read run / file).
model::RenderedReport render_compare_report(const model::Result& result, const model::ReportSpec& spec);

}  // namespace hwbench::runtime::report
