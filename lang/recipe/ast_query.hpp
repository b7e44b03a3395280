#pragma once
// Questions about a parsed recipe that the checker asks before it expands a statement.
#include <string_view>

#include "lang/recipe/ast.hpp"

namespace hwbench::lang::recipe {

/// Whether `$name` (or `${…name…}`) appears anywhere in `stmt`: its value, its arguments, its
/// body, nested statements included.
bool mentions_variable(const Stmt& stmt, std::string_view name);

}  // namespace hwbench::lang::recipe
