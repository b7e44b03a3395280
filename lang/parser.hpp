#pragma once
// parse: recipe text -> AST, every syntax error as a diagnostic.
#include <optional>

#include "lang/ast.hpp"
#include "lang/diagnostics.hpp"
#include "lang/source.hpp"

namespace hwbench::lang {

/// Parses a whole recipe. On a syntax error, adds diagnostics and returns std::nullopt.
std::optional<Recipe> parse(const Source& source, Diagnostics& diags);

}  // namespace hwbench::lang
