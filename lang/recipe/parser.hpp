#pragma once
// parse: recipe text -> AST, every syntax error as a diagnostic.
#include <optional>

#include "lang/common/diagnostics.hpp"
#include "lang/common/source.hpp"
#include "lang/recipe/ast.hpp"

namespace hwbench::lang::recipe {

/// Parses a whole recipe. On a syntax error, adds diagnostics and returns std::nullopt.
std::optional<Recipe> parse(const Source& source, Diagnostics& diags);

}  // namespace hwbench::lang::recipe
