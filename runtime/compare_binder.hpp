#pragma once
// `compare with "FILE" [ratio truncate|round] [digits N] [suffix TEXT] [unit U]`: a report that
// sets this run beside an earlier result or a published one (runtime/compare.hpp).
#include <optional>
#include <string>

#include "lang/ast.hpp"
#include "lang/diagnostics.hpp"
#include "runtime/evaluator.hpp"
#include "runtime/result.hpp"

namespace hwbench::runtime {

/// Binds a `compare` statement into a ReportSpec of style "compare" whose options hold the
/// file (`with`, absolute) and the comparison options. The file must load now.
std::optional<ReportSpec> bind_compare(const lang::CompareStmt& compare, const Scope& scope,
                                       const std::string& recipe_dir, lang::Diagnostics& diags);

/// Renders a "compare" ReportSpec: the file first, this run second (ratios read run / file).
RenderedReport render_compare_report(const Result& result, const ReportSpec& spec);

}  // namespace hwbench::runtime
