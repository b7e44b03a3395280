// The evaluator's arithmetic: `-a`, and `a OP b` on numbers with their units, or texts joined by `+`.
#include <optional>
#include <string>

#include <fmt/format.h>

#include "runtime/check/evaluation/evaluator_internal.hpp"

namespace hwbench::runtime::check::detail {

namespace recipe = lang::recipe;

std::optional<Value> eval_negate(const recipe::Expr& e, const Scope& scope, lang::Diagnostics& diags) {
  auto a = evaluate(e.items.at(0), scope, diags);
  if (!a) return std::nullopt;
  if (a->kind != Value::Kind::number) {
    diags.error(e.loc, "'-' needs a number", {});
    return std::nullopt;
  }
  return number_value(-a->number.value, a->number.dim);
}

/// `a OP b` on two numbers: the units must agree (`+`, `-`), or one side be a plain number (`*`),
/// and a quotient of like units is a plain number.
static std::optional<Value> eval_arithmetic(const recipe::Expr& e, const lang::Quantity& a, const lang::Quantity& b,
                                            lang::Diagnostics& diags) {
  const std::string& op = e.name;
  const lang::Dim da = a.dim, db = b.dim;
  const double x = a.value, y = b.value;
  if (op == "+" || op == "-") {
    if (da != db && da != lang::Dim::none && db != lang::Dim::none) {
      diags.error(e.loc, fmt::format("cannot {} {} and {}", op == "+" ? "add" : "subtract", dim_name(da), dim_name(db)),
                  "both sides need the same kind of unit");
      return std::nullopt;
    }
    return number_value(op == "+" ? x + y : x - y, da != lang::Dim::none ? da : db);
  }
  if (op == "*") {
    if (da != lang::Dim::none && db != lang::Dim::none) {
      diags.error(e.loc, fmt::format("cannot multiply {} by {}", dim_name(da), dim_name(db)),
                  "one side must be a plain number");
      return std::nullopt;
    }
    return number_value(x * y, da != lang::Dim::none ? da : db);
  }
  if (op == "/") {
    if (y == 0) {
      diags.error(e.loc, "division by zero", {});
      return std::nullopt;
    }
    if (db != lang::Dim::none && db != da) {
      diags.error(e.loc, fmt::format("cannot divide {} by {}", dim_name(da), dim_name(db)), {});
      return std::nullopt;
    }
    return number_value(x / y, db == da ? lang::Dim::none : da);
  }
  diags.error(e.loc, fmt::format("unknown operator '{}'", op), {});
  return std::nullopt;
}

std::optional<Value> eval_binary(const recipe::Expr& e, const Scope& scope, lang::Diagnostics& diags) {
  auto a = evaluate(e.items.at(0), scope, diags);
  auto b = evaluate(e.items.at(1), scope, diags);
  if (!a || !b) return std::nullopt;
  const std::string& op = e.name;
  if (op == "+" && (a->kind == Value::Kind::text || b->kind == Value::Kind::text)) {
    Value v;
    v.kind = Value::Kind::text;
    v.text = to_text(*a) + to_text(*b);
    if (v.text.size() > kMaxValueBytes) {
      too_large(e, diags);
      return std::nullopt;
    }
    return v;
  }
  if (a->kind != Value::Kind::number || b->kind != Value::Kind::number) {
    diags.error(e.loc, fmt::format("'{}' needs numbers", op), "only '+' joins texts");
    return std::nullopt;
  }
  return eval_arithmetic(e, a->number, b->number, diags);
}

}  // namespace hwbench::runtime::check::detail
