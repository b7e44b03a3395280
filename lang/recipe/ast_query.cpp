#include "lang/recipe/ast_query.hpp"

namespace hwbench::lang {

namespace {

bool expr_mentions(const Expr& e, std::string_view name) {
  if (e.kind == ExprKind::var && e.name == name) return true;
  for (const auto& part : e.parts)
    for (const auto& inner : part.expr)
      if (expr_mentions(inner, name)) return true;
  for (const auto& item : e.items)
    if (expr_mentions(item, name)) return true;
  return false;
}

}  // namespace

bool mentions_variable(const Stmt& stmt, std::string_view name) {
  if (expr_mentions(stmt.value, name)) return true;
  for (const auto& item : stmt.items)
    if (item.kind == Item::Kind::expr && expr_mentions(item.expr, name)) return true;
  for (const auto& inner : stmt.body)
    if (mentions_variable(inner, name)) return true;
  return false;
}

}  // namespace hwbench::lang
