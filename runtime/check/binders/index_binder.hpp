#pragma once
// Binds `baseline NAME from "FILE.toml"` and `index "LABEL" = geomean(SERIES, …) vs NAME [scale K]`.
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "lang/common/diagnostics.hpp"
#include "lang/recipe/ast.hpp"
#include "runtime/check/evaluation/evaluator.hpp"
#include "runtime/model/result.hpp"

namespace hwbench::runtime::check {

/// Loads the baseline a `baseline` statement names. A relative FILE is found next to the
/// recipe (`recipe_dir`). Errors (unreadable file, unknown table name) go to diags.
std::optional<model::Baseline> bind_baseline(const lang::recipe::Stmt& s, const Scope& scope,
                                             const std::string& recipe_dir,
                                             const std::vector<model::Baseline>& declared, lang::Diagnostics& diags);

/// Binds an `index` statement against the baselines declared before it. Series labels are
/// checked later, once every series is known (check_index_series).
std::optional<model::IndexSpec> bind_index(const lang::recipe::IndexStmt& index, const Scope& scope,
                                           const std::vector<model::Baseline>& baselines,
                                           const std::vector<model::IndexSpec>& declared, lang::Diagnostics& diags);

/// Every series an index names must be produced by the recipe and have a baseline figure. A
/// series in `refused` had its statement refused (with its own error): no second error for it.
void check_index_series(const lang::recipe::IndexStmt& index, const model::IndexSpec& spec,
                        const std::vector<std::string>& series_order, const std::set<std::string>& refused,
                        const std::vector<model::Baseline>& baselines, lang::Diagnostics& diags);

}  // namespace hwbench::runtime::check
