#pragma once
// `compare with "FILE" [ratio truncate|round] [digits N] [suffix TEXT] [unit U]`: a report that
// sets this run beside an earlier result or a published one (runtime/analysis/compare.hpp).
#include <optional>
#include <string>

#include "lang/common/diagnostics.hpp"
#include "lang/recipe/ast.hpp"
#include "runtime/check/evaluation/evaluator.hpp"
#include "runtime/model/result.hpp"

namespace hwbench::runtime::check {

/// Binds a `compare` statement into a ReportSpec of style "compare" whose options hold the
/// file (`with`, absolute) and the comparison options. The file must load now. `compare with
/// section "TITLE"` names instead one of `sections` (declared before it), other than `current`
/// (the section the statement stands in): its `with` is "section:TITLE" and its `section`
/// option the title.
std::optional<model::ReportSpec> bind_compare(const lang::recipe::CompareStmt& compare, const Scope& scope,
                                              const std::string& recipe_dir, const std::vector<std::string>& sections,
                                              const std::string& current, lang::Diagnostics& diags);

}  // namespace hwbench::runtime::check
