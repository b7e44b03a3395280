#include "runtime/check/binding_cursor.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "runtime/check/kernel_binder.hpp"

namespace hwbench::runtime::check {

using lang::recipe::Item;

void BindingCursor::fail(lang::SourceLoc loc, std::string message, std::string hint, std::uint32_t len) {
  req.diags.error(loc, std::move(message), std::move(hint), len);
  failed = true;
}

const Item* BindingCursor::value_item(const Item& after, const std::string& what, const std::string& example) {
  if (i + 1 >= stmt.items.size() || stmt.items[i + 1].kind == Item::Kind::arrow ||
      stmt.items[i + 1].kind == Item::Kind::comma) {
    fail(after.loc, fmt::format("'{}' needs a value", what), fmt::format("write it like: {}", example), item_width(after));
    return nullptr;
  }
  return &stmt.items[++i];
}

std::optional<Value> BindingCursor::eval(const Item& it) {
  if (it.kind == Item::Kind::word) {
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

void BindingCursor::repeated(const Item& it, const std::string& name) {
  if (!seen.insert(name).second) fail(it.loc, fmt::format("'{}' is given twice", name), "keep one of them", item_width(it));
}

bool BindingCursor::value_follows() const {
  return i + 1 < stmt.items.size() && stmt.items[i + 1].kind == Item::Kind::expr;
}

std::uint32_t item_width(const Item& it) {
  return static_cast<std::uint32_t>(std::max<std::size_t>(1, it.word.size()));
}

std::string describe_value(const Value& v) { return fmt::format("'{}' is {}", to_text(v), value_kind(v)); }

}  // namespace hwbench::runtime::check
