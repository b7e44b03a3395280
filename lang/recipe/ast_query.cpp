#include "lang/recipe/ast_query.hpp"

namespace hwbench::lang::recipe {

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

bool term_mentions(const Term& term, std::string_view name) { return term.value && expr_mentions(*term.value, name); }

bool form_mentions(const std::monostate&, std::string_view) { return false; }

bool form_mentions(const ReportStmt& r, std::string_view name) {
  for (const auto& arg : r.args)
    if (term_mentions(arg.term, name)) return true;
  return false;
}

bool form_mentions(const BaselineStmt& b, std::string_view name) { return expr_mentions(b.file, name); }

bool form_mentions(const IndexStmt& x, std::string_view name) {
  if (expr_mentions(x.label, name) || (x.scale && expr_mentions(*x.scale, name))) return true;
  for (const auto& series : x.series)
    if (expr_mentions(series, name)) return true;
  return false;
}

bool form_mentions(const CompareStmt& c, std::string_view name) {
  if (expr_mentions(c.file, name)) return true;
  for (const auto& option : c.options)
    if (term_mentions(option.value, name)) return true;
  return false;
}

bool form_mentions(const SettleStmt& st, std::string_view name) {
  for (const auto* e : {&st.duration, &st.path, &st.max})
    if (*e && expr_mentions(**e, name)) return true;
  return false;
}

}  // namespace

bool mentions_variable(const Stmt& stmt, std::string_view name) {
  if (expr_mentions(stmt.value, name)) return true;
  for (const auto& item : stmt.items)
    if (item.kind == Item::Kind::expr && expr_mentions(item.expr, name)) return true;
  for (const auto& inner : stmt.body)
    if (mentions_variable(inner, name)) return true;
  return std::visit([&](const auto& form) { return form_mentions(form, name); }, stmt.form);
}

}  // namespace hwbench::lang::recipe
