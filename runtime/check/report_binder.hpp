#pragma once
// Binds `report …` statements: a style, a unit and aggregates.
#include <optional>

#include "lang/recipe/ast.hpp"
#include "lang/common/diagnostics.hpp"
#include "runtime/model/result.hpp"

namespace hwbench::runtime {

/// `report UNIT AGG[, AGG…]` or `report table UNIT with AGG[, AGG…]`. Errors go to diags.
std::optional<ReportSpec> bind_report(const lang::Stmt& s, lang::Diagnostics& diags);

}  // namespace hwbench::runtime
