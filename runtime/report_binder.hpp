#pragma once
// Binds `report …` statements: a style, a unit and aggregates.
#include <optional>

#include "lang/ast.hpp"
#include "lang/diagnostics.hpp"
#include "runtime/result.hpp"

namespace hwbench::runtime {

/// `report UNIT AGG[, AGG…]` or `report table UNIT with AGG[, AGG…]`. Errors go to diags.
std::optional<ReportSpec> bind_report(const lang::Stmt& s, lang::Diagnostics& diags);

}  // namespace hwbench::runtime
