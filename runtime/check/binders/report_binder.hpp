#pragma once
// Binds `report …` statements: a style, a unit and aggregates.
#include <optional>

#include "lang/common/diagnostics.hpp"
#include "lang/recipe/ast.hpp"
#include "runtime/model/result.hpp"

namespace hwbench::runtime::check {

/// `report UNIT AGG[, AGG…]`, `report table UNIT with AGG[, AGG…]` or `report STYLE [OPTION
/// [VALUE]]…`: the unit, the style, the aggregates and the options looked up; an option that names
/// a baseline names one of `baselines`, those declared before it. Errors go to diags.
std::optional<model::ReportSpec> bind_report(const lang::recipe::ReportStmt& r,
                                             const std::vector<std::string>& baselines, lang::Diagnostics& diags);

}  // namespace hwbench::runtime::check
