#include "runtime/check/evaluation/evaluator.hpp"

#include <cmath>

#include <fmt/format.h>

#include "base/support/suggestions.hpp"
#include "runtime/check/evaluation/evaluator_internal.hpp"

namespace hwbench::runtime::check {

using detail::number_value;
using detail::too_large;
namespace recipe = lang::recipe;

const Value* Scope::find(const std::string& name) const {
  auto it = vars_.find(name);
  return it == vars_.end() ? nullptr : &it->second;
}

std::vector<std::string> Scope::names() const {
  std::vector<std::string> out;
  for (const auto& [k, v] : vars_) out.push_back(k);
  return out;
}

static std::string plain_number(double v) {
  if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 1e15)
    return fmt::format("{}", static_cast<long long>(v));
  return fmt::format("{}", v);
}

std::string to_text(const Value& v) {
  switch (v.kind) {
    case Value::Kind::number:
      if (!v.number.text.empty()) return v.number.text;
      return plain_number(v.number.value);
    case Value::Kind::text:
      return v.text;
    case Value::Kind::list: {
      std::string out = "[";
      for (std::size_t i = 0; i < v.items.size(); ++i) out += (i ? ", " : "") + to_text(v.items[i]);
      return out + "]";
    }
  }
  return {};
}

/// The value's estimated memory; more than kMaxValueBytes when it is too deep.
static std::size_t value_bytes(const Value& v, std::size_t depth = 1) {
  if (depth > detail::kMaxValueDepth) return detail::kMaxValueBytes + 1;
  std::size_t n = detail::kValueOverhead + v.text.size();
  for (const auto& item : v.items) {
    n += value_bytes(item, depth + 1);
    if (n > detail::kMaxValueBytes) break;
  }
  return n;
}

namespace detail {

void too_large(const recipe::Expr& e, lang::Diagnostics& diags) {
  diags.error(e.loc, std::string(kValueTooLarge),
              "keep recipe values small: use a range or a loop instead of doubling texts or nesting lists");
}

Value number_value(double value, lang::Dim dim) {
  Value v;
  v.kind = Value::Kind::number;
  v.number.value = value;
  v.number.dim = dim;
  return v;
}

}  // namespace detail

const char* dim_name(lang::Dim d) {
  switch (d) {
    case lang::Dim::none:
      return "a plain number";
    case lang::Dim::bytes:
      return "a size";
    case lang::Dim::seconds:
      return "a duration";
    case lang::Dim::percent:
      return "a percentage";
  }
  return "a number";
}

static std::optional<std::string> interpolate(const recipe::Expr& e, const Scope& scope, lang::Diagnostics& diags) {
  const std::vector<lang::recipe::TextPart>& parts = e.parts;
  // A text variable is appended from where it lives, and the text's size is known before any
  // of it is copied: a value may be up to 128 MiB, and every copy of it costs its pages.
  auto known_text = [&scope](const lang::recipe::TextPart& p) -> const Value* {
    if (!p.is_expr || p.expr.front().kind != recipe::ExprKind::var) return nullptr;
    const Value* v = scope.find(p.expr.front().name);
    return v && v->kind == Value::Kind::text ? v : nullptr;
  };
  std::size_t expected = 0;
  for (const auto& p : parts) {
    if (!p.is_expr)
      expected += p.text.size();
    else if (const Value* v = known_text(p))
      expected += v->text.size();
  }
  if (expected > detail::kMaxValueBytes) {
    too_large(e, diags);
    return std::nullopt;
  }
  std::string out;
  out.reserve(expected);
  bool ok = true;
  for (const auto& p : parts) {
    if (!p.is_expr) {
      out += p.text;
      continue;
    }
    const recipe::Expr& part = p.expr.front();
    if (const Value* known = known_text(p)) {
      out += known->text;
    } else {
      auto v = evaluate(part, scope, diags);
      if (!v) {
        ok = false;
        continue;
      }
      out += to_text(*v);
    }
    if (out.size() > detail::kMaxValueBytes) {
      too_large(e, diags);
      return std::nullopt;
    }
  }
  if (!ok) return std::nullopt;
  return out;
}

std::string value_kind(const Value& v) {
  switch (v.kind) {
    case Value::Kind::number:
      return dim_name(v.number.dim);
    case Value::Kind::text:
      return "a text";
    case Value::Kind::list:
      return "a list";
  }
  return "a value";
}

Value range_item(long long k) { return number_value(static_cast<double>(k), lang::Dim::none); }

std::optional<RangeBounds> evaluate_range(const recipe::Expr& e, const Scope& scope, lang::Diagnostics& diags) {
  auto lo = evaluate(e.items.at(0), scope, diags);
  auto hi = evaluate(e.items.at(1), scope, diags);
  if (!lo || !hi) return std::nullopt;
  auto whole = [](const Value& x) {
    return x.kind == Value::Kind::number && x.number.dim == lang::Dim::none &&
           x.number.value == std::floor(x.number.value);
  };
  if (!whole(*lo) || !whole(*hi)) {
    diags.error(e.loc, "a range needs whole numbers at both ends", "write it like 1..10");
    return std::nullopt;
  }
  double a = lo->number.value, b = hi->number.value;
  if (!std::isfinite(a) || !std::isfinite(b) || std::fabs(a) > 1e15 || std::fabs(b) > 1e15) {
    diags.error(e.loc, fmt::format("the range {} has a bound beyond 10^15", e.text), "use smaller numbers");
    return std::nullopt;
  }
  if (b < a) {
    diags.error(e.loc, fmt::format("empty range {}: it ends before it starts", e.text),
                "write the smaller bound first");
    return std::nullopt;
  }
  if (b - a >= 1e6) {
    diags.error(e.loc, fmt::format("the range {} has more than a million values", e.text), "use a smaller range");
    return std::nullopt;
  }
  return RangeBounds{static_cast<long long>(a), static_cast<long long>(b)};
}

/// A string or a path, its `${…}` parts spliced in; a path keeps its location as `NAME:`.
static std::optional<Value> eval_text(const recipe::Expr& e, const Scope& scope, lang::Diagnostics& diags) {
  auto text = interpolate(e, scope, diags);
  if (!text) return std::nullopt;
  Value v;
  v.kind = Value::Kind::text;
  v.is_path = e.kind == recipe::ExprKind::path;
  v.text = (e.kind == recipe::ExprKind::path && !e.name.empty()) ? e.name + ":" + *text : std::move(*text);
  return v;
}

/// `$name`: the variable's value, or an error that says where such a variable comes from.
static std::optional<Value> eval_variable(const recipe::Expr& e, const Scope& scope, lang::Diagnostics& diags) {
  if (const Value* v = scope.find(e.name)) {
    if (v->failed) return std::nullopt;
    return *v;
  }
  std::string hint = support::did_you_mean(e.name, scope.names());
  if (hint.empty()) {
    if (e.name == "i")
      hint = "$i is defined inside 'repeat N …'";
    else if (e.name == "worker")
      hint = "$worker is defined inside 'parallel N { … }'";
    else
      hint = fmt::format("define it first: let {} = …", e.name);
  }
  diags.error(e.loc, fmt::format("undefined variable '${}'", e.name), hint,
              static_cast<std::uint32_t>(std::max<std::size_t>(1, e.text.size())));
  return std::nullopt;
}

/// `[a, b, …]`: every item evaluated (each error reported), the list refused past the size cap.
static std::optional<Value> eval_list(const recipe::Expr& e, const Scope& scope, lang::Diagnostics& diags) {
  Value v;
  v.kind = Value::Kind::list;
  bool ok = true;
  std::size_t bytes = detail::kValueOverhead;
  for (const auto& item : e.items) {
    // A variable's size is known before it is copied: `[$l, $l]` past the cap copies nothing.
    const Value* known = item.kind == recipe::ExprKind::var ? scope.find(item.name) : nullptr;
    if (known && bytes + value_bytes(*known, 2) > detail::kMaxValueBytes) {
      too_large(e, diags);
      return std::nullopt;
    }
    auto iv = evaluate(item, scope, diags);
    if (!iv) {
      ok = false;
      continue;
    }
    bytes += value_bytes(*iv, 2);
    if (bytes > detail::kMaxValueBytes) {
      too_large(e, diags);
      return std::nullopt;
    }
    v.items.push_back(std::move(*iv));
  }
  if (!ok) return std::nullopt;
  return v;
}

/// `a..b` as the list of its numbers.
static std::optional<Value> eval_range_list(const recipe::Expr& e, const Scope& scope, lang::Diagnostics& diags) {
  auto bounds = evaluate_range(e, scope, diags);
  if (!bounds) return std::nullopt;
  Value v;
  v.kind = Value::Kind::list;
  for (long long k = bounds->first; k <= bounds->last; ++k) v.items.push_back(range_item(k));
  return v;
}

std::optional<Value> evaluate(const recipe::Expr& e, const Scope& scope, lang::Diagnostics& diags) {
  switch (e.kind) {
    case recipe::ExprKind::number: {
      Value v;
      v.number = e.number;
      return v;
    }
    case recipe::ExprKind::string:
    case recipe::ExprKind::path:
      return eval_text(e, scope, diags);
    case recipe::ExprKind::word: {
      Value v;
      v.kind = Value::Kind::text;
      v.is_word = true;
      v.text = e.name;
      return v;
    }
    case recipe::ExprKind::var:
      return eval_variable(e, scope, diags);
    case recipe::ExprKind::list:
      return eval_list(e, scope, diags);
    case recipe::ExprKind::range:
      return eval_range_list(e, scope, diags);
    case recipe::ExprKind::negate:
      return detail::eval_negate(e, scope, diags);
    case recipe::ExprKind::binary:
      return detail::eval_binary(e, scope, diags);
  }
  return std::nullopt;
}

std::optional<long long> evaluate_count(const recipe::Expr& e, const Scope& scope, lang::Diagnostics& diags,
                                        const char* what, long long min, long long max) {
  auto v = evaluate(e, scope, diags);
  if (!v) return std::nullopt;
  auto len = static_cast<std::uint32_t>(std::max<std::size_t>(1, e.text.size()));
  if (v->kind != Value::Kind::number || v->number.dim != lang::Dim::none ||
      v->number.value != std::floor(v->number.value)) {
    diags.error(e.loc, fmt::format("{} needs a whole number, not '{}'", what, to_text(*v)), "write a count such as 10",
                len);
    return std::nullopt;
  }
  if (!(v->number.value >= static_cast<double>(min) && v->number.value <= static_cast<double>(max))) {
    diags.error(e.loc, fmt::format("{} {} is out of range", what, to_text(*v)), fmt::format("use {} to {}", min, max),
                len);
    return std::nullopt;
  }
  return static_cast<long long>(v->number.value);
}

std::optional<bool> evaluate_condition(const recipe::Expr& e, const Scope& scope, lang::Diagnostics& diags) {
  auto a = evaluate(e.items.at(0), scope, diags);
  auto b = evaluate(e.items.at(1), scope, diags);
  if (!a || !b) return std::nullopt;
  const std::string& op = e.name;
  const auto width = static_cast<std::uint32_t>(std::max<std::size_t>(1, e.text.size()));
  if (a->kind == Value::Kind::list || b->kind == Value::Kind::list) {
    diags.error(e.loc, fmt::format("'{}' cannot compare lists", op), "compare one value with another", width);
    return std::nullopt;
  }
  if (a->kind != b->kind) {
    diags.error(e.loc, fmt::format("'{}' compares a number with a text: '{}' and '{}'", op, to_text(*a), to_text(*b)),
                "compare numbers with numbers, texts with texts", width);
    return std::nullopt;
  }
  if (a->kind == Value::Kind::text) {
    if (op != "==" && op != "!=") {
      diags.error(e.loc, fmt::format("'{}' needs numbers; texts compare only with == and !=", op), {}, width);
      return std::nullopt;
    }
    return (a->text == b->text) == (op == "==");
  }
  const lang::Dim da = a->number.dim, db = b->number.dim;
  if (da != db && da != lang::Dim::none && db != lang::Dim::none) {
    diags.error(e.loc, fmt::format("cannot compare {} with {}", dim_name(da), dim_name(db)),
                "both sides need the same kind of unit", width);
    return std::nullopt;
  }
  const double x = a->number.value, y = b->number.value;
  if (op == "==") return x == y;
  if (op == "!=") return x != y;
  if (op == "<") return x < y;
  if (op == "<=") return x <= y;
  if (op == ">") return x > y;
  return x >= y;
}

}  // namespace hwbench::runtime::check
