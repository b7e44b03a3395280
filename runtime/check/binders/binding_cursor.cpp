#include "runtime/check/binders/binding_cursor.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "lang/common/lexical.hpp"
#include "runtime/check/binders/kernel_binder.hpp"

namespace hwbench::runtime::check {

namespace recipe = lang::recipe;

void BindingCursor::fail(lang::SourceLoc loc, std::string message, std::string hint, std::uint32_t len,
                         bool about_machine) {
  req.diags.add({lang::Severity::error, loc, std::move(message), std::move(hint), len, about_machine});
  failed = true;
}

const recipe::Item* BindingCursor::value_item(const recipe::Item& after, const std::string& what,
                                              const std::string& example) {
  if (i + 1 >= stmt.items.size() || stmt.items[i + 1].kind == recipe::Item::Kind::arrow ||
      stmt.items[i + 1].kind == recipe::Item::Kind::comma) {
    fail(after.loc, fmt::format("'{}' needs a value", what), fmt::format("write it like: {}", example),
         item_width(after));
    return nullptr;
  }
  return &stmt.items[++i];
}

std::optional<Value> BindingCursor::eval(const recipe::Item& it) {
  if (it.kind == recipe::Item::Kind::word) {
    Value v;
    v.kind = Value::Kind::text;
    v.is_word = true;
    v.text = it.word;
    return v;
  }
  auto v = evaluate(it.expr, req.scope, req.diags);
  if (!v) failed = true;
  return v;
}

void BindingCursor::repeated(const recipe::Item& it, const std::string& name) {
  if (!seen.insert(name).second)
    fail(it.loc, fmt::format("'{}' is given twice", name), "keep one of them", item_width(it));
}

bool BindingCursor::value_follows() const {
  return i + 1 < stmt.items.size() && stmt.items[i + 1].kind == recipe::Item::Kind::expr;
}

bool BindingCursor::detached_unit(const recipe::Item& value, const Value& v, lang::Dim wanted,
                                  const std::string& what) {
  if (v.kind != Value::Kind::number || v.number.dim != lang::Dim::none || i + 1 >= stmt.items.size()) return false;
  const recipe::Item& next = stmt.items[i + 1];
  if (next.kind != recipe::Item::Kind::word || next.loc.line != value.loc.line) return false;
  const lang::UnitSuffix* unit = lang::find_unit_suffix(next.word);
  if (unit == nullptr || unit->dim != wanted) return false;
  const std::string number = to_text(v);
  fail(value.loc,
       fmt::format("'{}' needs {}, but '{} {}' has a space between the number and its unit", what,
                   wanted == lang::Dim::seconds ? "a duration" : "a size", number, next.word),
       fmt::format("write it without the space: {} {}{}", what, number, next.word),
       static_cast<std::uint32_t>(next.loc.column + item_width(next) - value.loc.column));
  ++i;
  return true;
}

std::uint32_t item_width(const recipe::Item& it) {
  return static_cast<std::uint32_t>(std::max<std::size_t>(1, it.word.size()));
}

std::string describe_value(const Value& v) { return fmt::format("'{}' is {}", to_text(v), value_kind(v)); }

}  // namespace hwbench::runtime::check
