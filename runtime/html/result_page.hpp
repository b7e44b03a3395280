#pragma once
// The page of one result (`hwbench report FILE --format html`, `hwbench run … --html FILE`).
#include <string>
#include <string_view>
#include <vector>

#include "runtime/html/page.hpp"
#include "runtime/model/result.hpp"
#include "runtime/report/compare_report.hpp"

namespace hwbench::runtime::html {

/// The facts of a result's machine as a table: those `hwbench compare` diffs (CPU, cores,
/// memory, kernel, OS, compiler, filesystems) and, for a published result, every fact its log
/// recorded (environment["nbench"]…).
Table environment_table(const model::Result& result);

/// The page: the recipe's title, source and notes and how the result was made; the
/// environment; per report (`reports`, rendered as the terminal shows them) its text in a
/// <pre> and its charts (report_charts.hpp; a `compare` report's from the files in `compared`); the series no report drew; the series that could
/// not run; the indices; `notes` (hwbench's lines under the
/// reports) in a <pre>.
std::string result_page(const model::Result& result, const std::vector<model::RenderedReport>& reports,
                        std::string_view notes, const report::ComparedResults& compared);

}  // namespace hwbench::runtime::html
