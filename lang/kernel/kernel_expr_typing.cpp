#include "lang/kernel/kernel_expr_typing.hpp"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "base/support/suggestions.hpp"
#include "lang/kernel/kernel_typecheck.hpp"

namespace hwbench::lang::kernel {

namespace {

/// A short spelling of an expression, for hints: `x`, `a[i]`, `2.5`, or `…`.
std::string spelled(const KExpr& e) {
  switch (e.kind) {
    case KExprKind::var:
      return e.name;
    case KExprKind::int_lit:
      return std::to_string(e.int_value);
    case KExprKind::float_lit:
      return fmt::format("{}", e.float_value);
    case KExprKind::index:
      return e.operands[0].kind == KExprKind::var || e.operands[0].kind == KExprKind::int_lit
                 ? fmt::format("{}[{}]", e.name, spelled(e.operands[0]))
                 : "…";
    default:
      return "…";
  }
}

}  // namespace

std::uint32_t underline_width(const std::string& text) {
  return static_cast<std::uint32_t>(std::max<std::size_t>(1, text.size()));
}

std::string range_error(const std::string& text, KScalar t) {
  return fmt::format("{} is out of range for {} ({} to {})", text, scalar_name(t), integer_min(t), integer_max(t));
}

std::optional<KScalar> ExprTyping::lookup_type(const std::string& name) const {
  if (auto t = scalar_from_name(name)) return t;
  for (const auto& [n, t] : def_.type_args)
    if (n == name) return t;
  return std::nullopt;
}

bool ExprTyping::resolve(KTypeRef& ref) {
  if (auto t = lookup_type(ref.name)) {
    ref.resolved = *t;
    return true;
  }
  std::vector<std::string> candidates = scalar_names();
  for (const auto& [n, t] : def_.type_args) candidates.push_back(n);
  diags_.error(ref.loc, fmt::format("unknown type '{}'", ref.name),
               support::did_you_mean(ref.name, candidates, kTypesHint), underline_width(ref.name));
  return false;
}

const KernelScope::Entry* KernelScope::find(const std::string& name) const {
  for (auto it = entries.rbegin(); it != entries.rend(); ++it)
    if (it->name == name) return &*it;
  return nullptr;
}

const KernelScope::Entry* ExprTyping::variable(const std::string& name, SourceLoc loc) {
  if (const KernelScope::Entry* e = scope_.find(name)) return e;
  std::vector<std::string> candidates;
  for (const auto& e : scope_.entries) candidates.push_back(e.name);
  diags_.error(loc, fmt::format("unknown variable '{}'", name),
               support::did_you_mean(name, candidates, fmt::format("declare it first: let {}: TYPE = VALUE", name)),
               underline_width(name));
  return nullptr;
}

void ExprTyping::mismatch(const KExpr& e, KScalar got, KScalar want, std::string message, std::string hint) {
  if (got == KScalar::boolean) {
    diags_.error(e.loc, fmt::format("a comparison (bool) cannot be used as a number ({} is needed)", scalar_name(want)),
                 "choose a number with if: if a < b { x = 1 } else { x = 0 }");
    return;
  }
  if (want == KScalar::boolean) {
    diags_.error(e.loc, fmt::format("a condition is needed here, not a number ({})", scalar_name(got)),
                 fmt::format("compare it, as in {} != 0", spelled(e)));
    return;
  }
  diags_.error(e.loc, std::move(message), std::move(hint));
}

void ExprTyping::condition(KExpr& e, const char* what) {
  auto t = value(e, KScalar::boolean);
  if (t && *t != KScalar::boolean)
    diags_.error(e.loc, fmt::format("{} needs a condition, not a number ({})", what, scalar_name(*t)),
                 fmt::format("compare it, as in {} != 0", spelled(e)));
}

void ExprTyping::index_value(KExpr& e) {
  auto want = natural(e);
  auto t = value(e, want ? *want : fallback(e));
  if (t && !is_integer(*t))
    diags_.error(e.loc, fmt::format("an array index must be an integer, not {}", scalar_name(*t)),
                 *t == KScalar::boolean ? "index with a number" : "convert it: a[i64(…)]");
}

std::optional<KScalar> ExprTyping::natural(const KExpr& e) const {
  switch (e.kind) {
    case KExprKind::int_lit:
    case KExprKind::float_lit:
      return std::nullopt;
    case KExprKind::var:
    case KExprKind::index: {
      const KernelScope::Entry* en = scope_.find(e.name);
      if (en == nullptr) return std::nullopt;
      return slot_of(*en).type;
    }
    case KExprKind::unary:
      return e.op == "!" ? std::optional<KScalar>(KScalar::boolean) : natural(e.operands[0]);
    case KExprKind::binary: {
      if (e.op == "+" || e.op == "-" || e.op == "*" || e.op == "/" || e.op == "%") {
        auto t = natural(e.operands[0]);
        return t ? t : natural(e.operands[1]);
      }
      return KScalar::boolean;
    }
    case KExprKind::cast:
      return lookup_type(e.cast_to.name);
  }
  return std::nullopt;
}

KScalar ExprTyping::fallback(const KExpr& e) {
  if (e.kind == KExprKind::float_lit) return KScalar::f64;
  if (e.kind == KExprKind::unary || e.kind == KExprKind::binary)
    for (const auto& o : e.operands)
      if (fallback(o) == KScalar::f64) return KScalar::f64;
  return KScalar::i64;
}

std::optional<KScalar> ExprTyping::value(KExpr& e, std::optional<KScalar> want) {
  auto t = check(e, want);
  if (t) e.type = *t;
  return t;
}

std::optional<KScalar> ExprTyping::check(KExpr& e, std::optional<KScalar> want) {
  switch (e.kind) {
    case KExprKind::int_lit:
      return int_literal(e, want);
    case KExprKind::float_lit:
      return float_literal(e, want);
    case KExprKind::var:
      return variable_value(e);
    case KExprKind::index:
      return element_value(e);
    case KExprKind::unary:
      return unary(e, want);
    case KExprKind::binary:
      return binary(e, want);
    case KExprKind::cast:
      return conversion(e);
  }
  return std::nullopt;
}

std::optional<KScalar> ExprTyping::int_literal(KExpr& e, std::optional<KScalar> want) {
  const KScalar t = want && *want != KScalar::boolean ? *want : KScalar::i64;
  if (is_float(t)) {
    // Back ends see a float literal wherever a float is meant.
    e.kind = KExprKind::float_lit;
    e.float_value =
        t == KScalar::f32 ? static_cast<double>(static_cast<float>(e.int_value)) : static_cast<double>(e.int_value);
  } else if (e.int_value < integer_min(t) || e.int_value > integer_max(t)) {
    diags_.error(e.loc, range_error(std::to_string(e.int_value), t),
                 "write a value in range, or compute in a wider type", underline_width(std::to_string(e.int_value)));
    return std::nullopt;
  }
  return t;
}

std::optional<KScalar> ExprTyping::float_literal(KExpr& e, std::optional<KScalar> want) {
  if (want && is_integer(*want)) {
    diags_.error(e.loc, fmt::format("a float literal cannot be an {}", scalar_name(*want)),
                 fmt::format("write an integer, or convert: {}(…)", scalar_name(*want)));
    return std::nullopt;
  }
  const KScalar t = want == KScalar::f32 ? KScalar::f32 : KScalar::f64;
  if (t == KScalar::f32) e.float_value = static_cast<double>(static_cast<float>(e.float_value));
  return t;
}

std::optional<KScalar> ExprTyping::variable_value(KExpr& e) {
  const KernelScope::Entry* en = variable(e.name, e.loc);
  if (en == nullptr) return std::nullopt;
  e.slot = en->slot;
  const KSlot& slot = slot_of(*en);
  if (slot.array_size > 0) {
    diags_.error(
        e.loc,
        fmt::format("'{}' is an array of {} {}; use one element", e.name, slot.array_size, scalar_name(slot.type)),
        fmt::format("write {}[i]", e.name), underline_width(e.name));
    return std::nullopt;
  }
  return slot.type;
}

std::optional<KScalar> ExprTyping::element_value(KExpr& e) {
  const KernelScope::Entry* en = variable(e.name, e.loc);
  index_value(e.operands[0]);
  if (en == nullptr) return std::nullopt;
  e.slot = en->slot;
  const KSlot& slot = slot_of(*en);
  if (slot.array_size == 0) {
    diags_.error(e.loc, fmt::format("'{}' is not an array", e.name),
                 fmt::format("declare an array with let {}: [{}; SIZE]", e.name, scalar_name(slot.type)),
                 underline_width(e.name));
    return std::nullopt;
  }
  return slot.type;
}

std::optional<KScalar> ExprTyping::conversion(KExpr& e) {
  KExpr& operand = e.operands[0];
  auto from = value(operand, natural(operand) ? natural(operand) : fallback(operand));
  auto to = lookup_type(e.cast_to.name);
  if (!to) {
    std::vector<std::string> candidates = scalar_names();
    for (const auto& [n, t] : def_.type_args) candidates.push_back(n);
    diags_.error(
        e.loc, fmt::format("unknown type '{}'", e.cast_to.name),
        support::did_you_mean(e.cast_to.name, candidates,
                              "a conversion is TYPE(x), TYPE one of i16, i32, i64, f32, f64 or a type parameter"),
        underline_width(e.cast_to.name));
    return std::nullopt;
  }
  e.cast_to.resolved = *to;
  if (!from) return std::nullopt;
  if (*from == KScalar::boolean) {
    diags_.error(operand.loc, fmt::format("cannot convert a comparison (bool) to {}", scalar_name(*to)),
                 "choose a number with if: if a < b { x = 1 } else { x = 0 }");
    return std::nullopt;
  }
  return *to;
}

std::optional<KScalar> ExprTyping::unary(KExpr& e, std::optional<KScalar> want) {
  KExpr& operand = e.operands[0];
  if (e.op == "!") {
    auto t = value(operand, KScalar::boolean);
    if (!t) return std::nullopt;
    if (*t != KScalar::boolean) {
      diags_.error(operand.loc, fmt::format("'!' needs a condition, not a number ({})", scalar_name(*t)),
                   fmt::format("compare it, as in {} == 0", spelled(operand)));
      return std::nullopt;
    }
    return KScalar::boolean;
  }
  const bool int_literal = operand.kind == KExprKind::int_lit && !(want && is_float(*want));
  if (int_literal || operand.kind == KExprKind::float_lit) {
    // `-LITERAL` is one literal, so that the most negative value of each type can be written.
    const SourceLoc loc = e.loc;
    KExpr lit = std::move(operand);
    e = std::move(lit);
    e.loc = loc;
    e.int_value = -e.int_value;
    e.float_value = -e.float_value;
    return check(e, want);
  }
  auto t = value(operand, want && *want != KScalar::boolean ? want : natural(operand));
  if (!t) return std::nullopt;
  if (*t == KScalar::boolean) {
    diags_.error(e.loc, "'-' needs a number, not a comparison (bool)", "negate a condition with '!'");
    return std::nullopt;
  }
  return t;
}

std::optional<KScalar> ExprTyping::binary(KExpr& e, std::optional<KScalar> want) {
  KExpr& l = e.operands[0];
  KExpr& r = e.operands[1];
  const auto len = underline_width(e.op);
  if (e.op == "&&" || e.op == "||") {
    auto lt = value(l, KScalar::boolean);
    auto rt = value(r, KScalar::boolean);
    bool ok = lt && rt;
    for (auto [side, t] : {std::pair{"left", lt}, std::pair{"right", rt}}) {
      if (t && *t != KScalar::boolean) {
        diags_.error(e.loc,
                     fmt::format("'{}' needs conditions on both sides, but the {} is a number ({})", e.op, side,
                                 scalar_name(*t)),
                     fmt::format("compare it, as in {} != 0", spelled(std::string(side) == "left" ? l : r)), len);
        ok = false;
      }
    }
    return ok ? std::optional<KScalar>(KScalar::boolean) : std::nullopt;
  }
  const bool arithmetic = e.op == "+" || e.op == "-" || e.op == "*" || e.op == "/" || e.op == "%";
  const auto nl = natural(l);
  const auto nr = natural(r);
  // An integer beside a float literal (`i + 0.5`) is a mismatch of two types, not a bad literal.
  if ((nl && !nr && is_integer(*nl) && fallback(r) == KScalar::f64) ||
      (nr && !nl && is_integer(*nr) && fallback(l) == KScalar::f64)) {
    value(nl ? l : r, std::nullopt);
    return different_types(e, nl ? *nl : KScalar::f64, nl ? KScalar::f64 : *nr);
  }
  std::optional<KScalar> t = nl ? nl : nr;
  if (!t && arithmetic && want && *want != KScalar::boolean) t = want;
  if (!t) t = fallback(l) == KScalar::f64 || fallback(r) == KScalar::f64 ? KScalar::f64 : KScalar::i64;
  if (*t == KScalar::boolean) t = KScalar::i64;  // reported below, as the operand's own type
  auto lt = value(l, t);
  auto rt = value(r, t);
  if (!lt || !rt) return std::nullopt;
  if (*lt == KScalar::boolean || *rt == KScalar::boolean) {
    const bool left = *lt == KScalar::boolean;
    diags_.error(
        e.loc, fmt::format("'{}' needs numbers, but the {} side is a comparison (bool)", e.op, left ? "left" : "right"),
        "choose a number with if: if a < b { x = 1 } else { x = 0 }", len);
    return std::nullopt;
  }
  if (*lt != *rt) return different_types(e, *lt, *rt);
  return arithmetic ? *lt : KScalar::boolean;
}

std::optional<KScalar> ExprTyping::different_types(const KExpr& e, KScalar lt, KScalar rt) {
  diags_.error(e.loc,
               fmt::format("'{}' needs two values of one type, but the left is {} and the right is {}", e.op,
                           scalar_name(lt), scalar_name(rt)),
               fmt::format("convert one side, as in {}({}) {} {}", scalar_name(rt), spelled(e.operands[0]), e.op,
                           spelled(e.operands[1])),
               underline_width(e.op));
  return std::nullopt;
}

}  // namespace hwbench::lang::kernel
