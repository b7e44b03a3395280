#pragma once
// What evaluator.cpp and arithmetic.cpp share: the caps on a value's size, the helpers both use,
// and the operators evaluate() hands `-a` and `a OP b` to. Private to runtime/check.
#include <cstddef>
#include <optional>

#include "lang/common/diagnostics.hpp"
#include "lang/recipe/ast.hpp"
#include "runtime/check/evaluation/evaluator.hpp"

namespace hwbench::runtime::check::detail {

// A hostile recipe can double a text or a list with every `let` (`let b = [$a, $a]`), or nest a
// list in itself in a loop (`repeat 100000 { let a = [$a] }`, which would exhaust the stack of
// every recursive walk over it); no value may grow past this estimate of its memory (each value
// counts 64 bytes, plus its text) or nest deeper than the parser lets brackets nest.
inline constexpr std::size_t kMaxValueBytes = std::size_t{128} << 20;
inline constexpr std::size_t kValueOverhead = 64;
inline constexpr std::size_t kMaxValueDepth = 200;

/// Reports kValueTooLarge at `e`.
void too_large(const lang::recipe::Expr& e, lang::Diagnostics& diags);

/// A number of dimension `dim`, with no spelling of its own.
Value number_value(double value, lang::Dim dim);

/// `-a`.
std::optional<Value> eval_negate(const lang::recipe::Expr& e, const Scope& scope, lang::Diagnostics& diags);

/// `a OP b`: `+` joins texts when either side is one; otherwise arithmetic on numbers.
std::optional<Value> eval_binary(const lang::recipe::Expr& e, const Scope& scope, lang::Diagnostics& diags);

}  // namespace hwbench::runtime::check::detail
