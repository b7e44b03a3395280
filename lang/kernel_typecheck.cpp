#include "lang/kernel_typecheck.hpp"

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <algorithm>
#include <limits>

#include <fmt/format.h>

namespace hwbench::lang {

namespace {

bool is_integer(KScalar t) { return t == KScalar::i16 || t == KScalar::i32 || t == KScalar::i64; }
bool is_float(KScalar t) { return t == KScalar::f32 || t == KScalar::f64; }

std::int64_t min_of(KScalar t) {
  switch (t) {
    case KScalar::i16: return std::numeric_limits<std::int16_t>::min();
    case KScalar::i32: return std::numeric_limits<std::int32_t>::min();
    default: return std::numeric_limits<std::int64_t>::min();
  }
}

std::int64_t max_of(KScalar t) {
  switch (t) {
    case KScalar::i16: return std::numeric_limits<std::int16_t>::max();
    case KScalar::i32: return std::numeric_limits<std::int32_t>::max();
    default: return std::numeric_limits<std::int64_t>::max();
  }
}

std::string range_error(const std::string& text, KScalar t) {
  return fmt::format("{} is out of range for {} ({} to {})", text, scalar_name(t), min_of(t), max_of(t));
}

std::uint32_t width(const std::string& s) { return static_cast<std::uint32_t>(std::max<std::size_t>(1, s.size())); }

const char* const types_hint = "types are i16, i32, i64, f32, f64 and the kernel's type parameters";

/// A short spelling of an expression, for hints: `x`, `a[i]`, `2.5`, or `…`.
std::string spelled(const KExpr& e) {
  switch (e.kind) {
    case KExprKind::var: return e.name;
    case KExprKind::int_lit: return std::to_string(e.int_value);
    case KExprKind::float_lit: return fmt::format("{}", e.float_value);
    case KExprKind::index:
      return e.operands[0].kind == KExprKind::var || e.operands[0].kind == KExprKind::int_lit
                 ? fmt::format("{}[{}]", e.name, spelled(e.operands[0]))
                 : "…";
    default: return "…";
  }
}

/// One instantiation being checked.
class Instantiator {
 public:
  Instantiator(KernelDef& def, std::vector<std::pair<std::string, KScalar>> binding, Diagnostics& diags)
      : def_(def), binding_(std::move(binding)), diags_(diags) {}

  bool run() {
    const std::size_t errors = diags_.error_count();
    if (!bind_types()) return false;
    for (auto& p : def_.params) {
      if (p.is_type) continue;
      resolve(p.type);
      const auto slot = static_cast<int>(def_.slots.size());
      def_.slots.push_back({p.name, p.type.resolved, 0, true});
      scope_.push_back({p.name, slot, Kind::param, p.loc});
      if (!p.default_text.empty() && !scalar_from_name(p.type.name))
        if (auto why = value_text_error(p.default_text, p.type.resolved))
          diags_.error(p.default_loc, fmt::format("the default of '{}' does not fit: {}", p.name, *why),
                       fmt::format("'{}' is {} here ({} = {})", p.name, scalar_name(p.type.resolved), p.type.name,
                                   scalar_name(p.type.resolved)),
                       width(p.default_text));
    }
    if (def_.result) resolve(*def_.result);
    block(def_.body);
    if (def_.result && !always_returns(def_.body))
      diags_.error(def_.name_loc, fmt::format("kernel '{}' does not return a value on every path", def_.name),
                   fmt::format("end the body with return VALUE (a value of type {})", scalar_name(def_.result->resolved)),
                   width(def_.name));
    return diags_.error_count() == errors;
  }

 private:
  enum class Kind { param, loop, local };
  struct Entry {
    std::string name;
    int slot;
    Kind kind;
    SourceLoc loc;
  };

  bool bind_types() {
    for (const auto& p : def_.params) {
      if (!p.is_type) continue;
      std::optional<KScalar> t;
      for (const auto& [name, value] : binding_)
        if (name == p.name) t = value;
      if (!t) t = scalar_from_name(p.default_text);
      if (!t) {
        diags_.error(p.loc, fmt::format("type parameter '{}' of kernel '{}' has no value", p.name, def_.name),
                     fmt::format("give it in the statement, as in {} {} f64, or a default: {}: type = f64", def_.name,
                                 p.name, p.name),
                     width(p.name));
        return false;
      }
      def_.type_args.emplace_back(p.name, *t);
    }
    return true;
  }

  /// The concrete type `name` stands for, or nullopt (no error reported).
  std::optional<KScalar> lookup_type(const std::string& name) const {
    if (auto t = scalar_from_name(name)) return t;
    for (const auto& [n, t] : def_.type_args)
      if (n == name) return t;
    return std::nullopt;
  }

  /// Resolves a type as written; reports an unknown one. False when unknown.
  bool resolve(KTypeRef& ref) {
    if (auto t = lookup_type(ref.name)) {
      ref.resolved = *t;
      return true;
    }
    std::vector<std::string> candidates = scalar_names();
    for (const auto& [n, t] : def_.type_args) candidates.push_back(n);
    diags_.error(ref.loc, fmt::format("unknown type '{}'", ref.name), did_you_mean(ref.name, candidates, types_hint),
                 width(ref.name));
    return false;
  }

  const Entry* find(const std::string& name) const {
    for (auto it = scope_.rbegin(); it != scope_.rend(); ++it)
      if (it->name == name) return &*it;
    return nullptr;
  }

  const KSlot& slot_of(const Entry& e) const { return def_.slots[static_cast<std::size_t>(e.slot)]; }

  /// Declares a local or loop variable; -1 (with an error) when the name is taken.
  int declare(const std::string& name, SourceLoc loc, KScalar type, std::uint32_t array_size, Kind kind) {
    if (lookup_type(name)) {
      diags_.error(loc, fmt::format("'{}' is the name of a type", name), "choose another name for the variable",
                   width(name));
    } else if (const Entry* e = find(name)) {
      diags_.error(loc, fmt::format("'{}' is already declared (line {})", name, e->loc.line),
                   "choose another name: a name stays declared to the end of its block", width(name));
    }
    const auto slot = static_cast<int>(def_.slots.size());
    def_.slots.push_back({name, type, array_size, false});
    scope_.push_back({name, slot, kind, loc});
    return slot;
  }

  /// The variable `name` at `loc`, reporting an unknown one.
  const Entry* variable(const std::string& name, SourceLoc loc) {
    if (const Entry* e = find(name)) return e;
    std::vector<std::string> candidates;
    for (const auto& e : scope_) candidates.push_back(e.name);
    diags_.error(loc, fmt::format("unknown variable '{}'", name),
                 did_you_mean(name, candidates, fmt::format("declare it first: let {}: TYPE = VALUE", name)),
                 width(name));
    return nullptr;
  }

  void block(std::vector<KStmt>& stmts) {
    const std::size_t mark = scope_.size();
    for (auto& s : stmts) statement(s);
    scope_.resize(mark);
  }

  void statement(KStmt& s) {
    switch (s.kind) {
      case KStmtKind::let: {
        const bool known = resolve(s.type);
        if (s.type.array_size > 0 && !s.exprs.empty()) {
          diags_.error(s.exprs[0].loc, "an array cannot be given a value in 'let'",
                       fmt::format("its elements start at zero; set them one by one: {}[i] = …", s.name));
        } else if (!s.exprs.empty() && known) {
          if (auto t = value(s.exprs[0], s.type.resolved); t && *t != s.type.resolved)
            mismatch(s.exprs[0], *t, s.type.resolved,
                     fmt::format("'{}' is declared {}, but its value is {}", s.name, scalar_name(s.type.resolved),
                                 scalar_name(*t)),
                     fmt::format("convert it: let {}: {} = {}(…)", s.name, s.type.name, s.type.name));
        }
        s.slot = declare(s.name, s.name_loc, s.type.resolved, s.type.array_size, Kind::local);
        return;
      }
      case KStmtKind::assign: assign(s); return;
      case KStmtKind::if_: {
        condition(s.exprs[0], "'if'");
        block(s.body);
        block(s.else_body);
        return;
      }
      case KStmtKind::for_: {
        auto t = natural(s.exprs[0]);
        if (!t) t = natural(s.exprs[1]);
        if (!t) t = fallback(s.exprs[0]) == KScalar::f64 ? KScalar::f64 : fallback(s.exprs[1]);
        if (is_float(*t)) {
          KExpr& bad = fallback(s.exprs[0]) == KScalar::f64 || natural(s.exprs[0]) ? s.exprs[0] : s.exprs[1];
          value(bad, std::nullopt);
          diags_.error(bad.loc, fmt::format("a loop's bounds must be integers, not {}", scalar_name(*t)),
                       "convert it: i64(…)");
        }
        for (auto& bound : s.exprs) {
          if (is_float(*t)) break;
          auto bt = value(bound, *t);
          if (!bt) continue;
          if (*bt == KScalar::boolean || !is_integer(*bt)) {
            diags_.error(bound.loc, fmt::format("a loop's bounds must be integers, not {}", scalar_name(*bt)),
                         "convert it: i64(…)");
          } else if (*bt != *t) {
            mismatch(bound, *bt, *t,
                     fmt::format("a loop's bounds must have one type, but they are {} and {}", scalar_name(*t),
                                 scalar_name(*bt)),
                     fmt::format("convert one of them: {}(…)", scalar_name(*t)));
          }
        }
        const std::size_t mark = scope_.size();
        s.slot = declare(s.name, s.name_loc, is_integer(*t) ? *t : KScalar::i64, 0, Kind::loop);
        block(s.body);
        scope_.resize(mark);
        return;
      }
      case KStmtKind::return_: {
        if (!def_.result) {
          if (!s.exprs.empty())
            diags_.error(s.loc, fmt::format("kernel '{}' has no result type, so 'return' takes no value", def_.name),
                         fmt::format("declare one: kernel {}(…) -> TYPE {{ … }}", def_.name), 6);
          return;
        }
        const KScalar want = def_.result->resolved;
        if (s.exprs.empty()) {
          diags_.error(s.loc, fmt::format("kernel '{}' must return a value of type {}", def_.name, scalar_name(want)),
                       "write return VALUE", 6);
          return;
        }
        if (auto t = value(s.exprs[0], want); t && *t != want)
          mismatch(s.exprs[0], *t, want,
                   fmt::format("kernel '{}' returns {}, but this value is {}", def_.name, scalar_name(want),
                               scalar_name(*t)),
                   fmt::format("convert it: return {}(…)", def_.result->name));
        return;
      }
    }
  }

  void assign(KStmt& s) {
    const Entry* e = variable(s.name, s.name_loc);
    for (auto& x : s.exprs) value(x, std::nullopt);  // still checked, for their own errors
    if (e == nullptr) return;
    s.slot = e->slot;
    const KSlot& slot = slot_of(*e);
    if (e->kind == Kind::param) {
      diags_.error(s.name_loc, fmt::format("'{}' is a parameter, which cannot be assigned", s.name),
                   fmt::format("copy it into a variable: let my_{}: {} = {}", s.name, scalar_name(slot.type), s.name),
                   width(s.name));
      return;
    }
    if (e->kind == Kind::loop) {
      diags_.error(s.name_loc, fmt::format("'{}' is the loop variable, which cannot be assigned", s.name),
                   fmt::format("use a variable of your own: let my_{}: {} = {}", s.name, scalar_name(slot.type), s.name),
                   width(s.name));
      return;
    }
    const bool indexed = s.exprs.size() == 2;
    if (indexed && slot.array_size == 0) {
      diags_.error(s.name_loc, fmt::format("'{}' is not an array", s.name),
                   fmt::format("assign it whole: {} = …", s.name), width(s.name));
      return;
    }
    if (!indexed && slot.array_size > 0) {
      diags_.error(s.name_loc, fmt::format("'{}' is an array of {} {}; assign one element", s.name, slot.array_size,
                                           scalar_name(slot.type)),
                   fmt::format("write {}[i] = …", s.name), width(s.name));
      return;
    }
    if (indexed) index_value(s.exprs[0]);
    KExpr& v = s.exprs.back();
    if (auto t = value(v, slot.type); t && *t != slot.type)
      mismatch(v, *t, slot.type,
               fmt::format("cannot assign {} to '{}', which is {}", scalar_name(*t), s.name, scalar_name(slot.type)),
               fmt::format("convert it: {}{} = {}(…)", s.name, indexed ? "[…]" : "", scalar_name(slot.type)));
  }

  /// Reports a value of type `got` where `want` is needed; bool gets its own words.
  void mismatch(const KExpr& e, KScalar got, KScalar want, std::string message, std::string hint) {
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

  void condition(KExpr& e, const char* what) {
    auto t = value(e, KScalar::boolean);
    if (t && *t != KScalar::boolean)
      diags_.error(e.loc, fmt::format("{} needs a condition, not a number ({})", what, scalar_name(*t)),
                   fmt::format("compare it, as in {} != 0", spelled(e)));
  }

  void index_value(KExpr& e) {
    auto want = natural(e);
    auto t = value(e, want ? *want : fallback(e));
    if (t && !is_integer(*t))
      diags_.error(e.loc, fmt::format("an array index must be an integer, not {}", scalar_name(*t)),
                   *t == KScalar::boolean ? "index with a number" : "convert it: a[i64(…)]");
  }

  /// The type `e` has on its own, or nullopt when its literals take the context's type.
  std::optional<KScalar> natural(const KExpr& e) const {
    switch (e.kind) {
      case KExprKind::int_lit:
      case KExprKind::float_lit: return std::nullopt;
      case KExprKind::var:
      case KExprKind::index: {
        const Entry* en = find(e.name);
        if (en == nullptr) return std::nullopt;
        return slot_of(*en).type;
      }
      case KExprKind::unary: return e.op == "!" ? std::optional<KScalar>(KScalar::boolean) : natural(e.operands[0]);
      case KExprKind::binary: {
        if (e.op == "+" || e.op == "-" || e.op == "*" || e.op == "/" || e.op == "%") {
          auto t = natural(e.operands[0]);
          return t ? t : natural(e.operands[1]);
        }
        return KScalar::boolean;
      }
      case KExprKind::cast: return lookup_type(e.cast_to.name);
    }
    return std::nullopt;
  }

  /// The type a literal-only expression takes when nothing decides: f64 if it holds a float.
  static KScalar fallback(const KExpr& e) {
    if (e.kind == KExprKind::float_lit) return KScalar::f64;
    if (e.kind == KExprKind::unary || e.kind == KExprKind::binary)
      for (const auto& o : e.operands)
        if (fallback(o) == KScalar::f64) return KScalar::f64;
    return KScalar::i64;
  }

  /// Checks `e`, giving its literals the type `want` where they take the context's; fills the
  /// resolved fields and returns the type (nullopt after an error).
  std::optional<KScalar> value(KExpr& e, std::optional<KScalar> want) {
    auto t = check(e, want);
    if (t) e.type = *t;
    return t;
  }

  std::optional<KScalar> check(KExpr& e, std::optional<KScalar> want) {
    switch (e.kind) {
      case KExprKind::int_lit: {
        const KScalar t = want && *want != KScalar::boolean ? *want : KScalar::i64;
        if (is_float(t)) {
          // Back ends see a float literal wherever a float is meant.
          e.kind = KExprKind::float_lit;
          e.float_value = t == KScalar::f32 ? static_cast<double>(static_cast<float>(e.int_value))
                                            : static_cast<double>(e.int_value);
        } else if (e.int_value < min_of(t) || e.int_value > max_of(t)) {
          diags_.error(e.loc, range_error(std::to_string(e.int_value), t),
                       "write a value in range, or compute in a wider type", width(std::to_string(e.int_value)));
          return std::nullopt;
        }
        return t;
      }
      case KExprKind::float_lit: {
        if (want && is_integer(*want)) {
          diags_.error(e.loc, fmt::format("a float literal cannot be an {}", scalar_name(*want)),
                       fmt::format("write an integer, or convert: {}(…)", scalar_name(*want)));
          return std::nullopt;
        }
        const KScalar t = want == KScalar::f32 ? KScalar::f32 : KScalar::f64;
        if (t == KScalar::f32) e.float_value = static_cast<double>(static_cast<float>(e.float_value));
        return t;
      }
      case KExprKind::var: {
        const Entry* en = variable(e.name, e.loc);
        if (en == nullptr) return std::nullopt;
        e.slot = en->slot;
        const KSlot& slot = slot_of(*en);
        if (slot.array_size > 0) {
          diags_.error(e.loc, fmt::format("'{}' is an array of {} {}; use one element", e.name, slot.array_size,
                                          scalar_name(slot.type)),
                       fmt::format("write {}[i]", e.name), width(e.name));
          return std::nullopt;
        }
        return slot.type;
      }
      case KExprKind::index: {
        const Entry* en = variable(e.name, e.loc);
        index_value(e.operands[0]);
        if (en == nullptr) return std::nullopt;
        e.slot = en->slot;
        const KSlot& slot = slot_of(*en);
        if (slot.array_size == 0) {
          diags_.error(e.loc, fmt::format("'{}' is not an array", e.name),
                       fmt::format("declare an array with let {}: [{}; SIZE]", e.name, scalar_name(slot.type)),
                       width(e.name));
          return std::nullopt;
        }
        return slot.type;
      }
      case KExprKind::unary: return unary(e, want);
      case KExprKind::binary: return binary(e, want);
      case KExprKind::cast: {
        KExpr& operand = e.operands[0];
        auto from = value(operand, natural(operand) ? natural(operand) : fallback(operand));
        auto to = lookup_type(e.cast_to.name);
        if (!to) {
          std::vector<std::string> candidates = scalar_names();
          for (const auto& [n, t] : def_.type_args) candidates.push_back(n);
          diags_.error(e.loc, fmt::format("unknown type '{}'", e.cast_to.name),
                       did_you_mean(e.cast_to.name, candidates,
                                    "a conversion is TYPE(x), TYPE one of i16, i32, i64, f32, f64 or a type parameter"),
                       width(e.cast_to.name));
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
    }
    return std::nullopt;
  }

  std::optional<KScalar> unary(KExpr& e, std::optional<KScalar> want) {
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

  std::optional<KScalar> binary(KExpr& e, std::optional<KScalar> want) {
    KExpr& l = e.operands[0];
    KExpr& r = e.operands[1];
    const auto len = width(e.op);
    if (e.op == "&&" || e.op == "||") {
      auto lt = value(l, KScalar::boolean);
      auto rt = value(r, KScalar::boolean);
      bool ok = lt && rt;
      for (auto [side, t] : {std::pair{"left", lt}, std::pair{"right", rt}}) {
        if (t && *t != KScalar::boolean) {
          diags_.error(e.loc, fmt::format("'{}' needs conditions on both sides, but the {} is a number ({})", e.op,
                                          side, scalar_name(*t)),
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
      diags_.error(e.loc, fmt::format("'{}' needs numbers, but the {} side is a comparison (bool)", e.op,
                                      left ? "left" : "right"),
                   "choose a number with if: if a < b { x = 1 } else { x = 0 }", len);
      return std::nullopt;
    }
    if (*lt != *rt) return different_types(e, *lt, *rt);
    return arithmetic ? *lt : KScalar::boolean;
  }

  std::optional<KScalar> different_types(const KExpr& e, KScalar lt, KScalar rt) {
    diags_.error(e.loc, fmt::format("'{}' needs two values of one type, but the left is {} and the right is {}", e.op,
                                    scalar_name(lt), scalar_name(rt)),
                 fmt::format("convert one side, as in {}({}) {} {}", scalar_name(rt), spelled(e.operands[0]), e.op,
                             spelled(e.operands[1])),
                 width(e.op));
    return std::nullopt;
  }

  static bool always_returns(const std::vector<KStmt>& stmts) {
    for (const auto& s : stmts) {
      if (s.kind == KStmtKind::return_) return true;
      if (s.kind == KStmtKind::if_ && always_returns(s.body) && always_returns(s.else_body)) return true;
    }
    return false;
  }

  KernelDef& def_;
  std::vector<std::pair<std::string, KScalar>> binding_;
  Diagnostics& diags_;
  std::vector<Entry> scope_;
};

}  // namespace

std::optional<KScalar> scalar_from_name(const std::string& name) {
  if (name == "i16") return KScalar::i16;
  if (name == "i32") return KScalar::i32;
  if (name == "i64") return KScalar::i64;
  if (name == "f32") return KScalar::f32;
  if (name == "f64") return KScalar::f64;
  return std::nullopt;
}

const std::vector<std::string>& scalar_names() {
  static const std::vector<std::string> names = {"i16", "i32", "i64", "f32", "f64"};
  return names;
}

std::optional<std::string> value_text_error(const std::string& text, KScalar type) {
  const char* begin = text.c_str();
  char* end = nullptr;
  errno = 0;
  if (is_integer(type)) {
    const long long v = std::strtoll(begin, &end, 10);
    if (text.empty() || *end != '\0') return fmt::format("'{}' is not a whole number ({} is an integer type)", text, scalar_name(type));
    if (errno == ERANGE || v < min_of(type) || v > max_of(type)) return range_error(text, type);
    return std::nullopt;
  }
  std::strtod(begin, &end);
  if (text.empty() || *end != '\0') return fmt::format("'{}' is not a number", text);
  return std::nullopt;
}

bool validate_kernel(const KernelDef& def, Diagnostics& diags) {
  const std::size_t errors = diags.error_count();
  std::vector<std::string> type_params;
  for (const auto& p : def.params)
    if (p.is_type) type_params.push_back(p.name);
  for (std::size_t i = 0; i < def.params.size(); ++i) {
    const KParam& p = def.params[i];
    for (std::size_t j = 0; j < i; ++j)
      if (def.params[j].name == p.name) {
        diags.error(p.loc, fmt::format("parameter '{}' is declared twice", p.name), "give each parameter its own name",
                    width(p.name));
        break;
      }
    if (scalar_from_name(p.name))
      diags.error(p.loc, fmt::format("'{}' is the name of a type", p.name), "choose another name for the parameter",
                  width(p.name));
    if (p.is_type) {
      if (!p.default_text.empty() && !scalar_from_name(p.default_text))
        diags.error(p.default_loc, fmt::format("the default of type parameter '{}' must be a type, not '{}'", p.name,
                                               p.default_text),
                    "write one of i16, i32, i64, f32, f64, as in T: type = f64", width(p.default_text));
      continue;
    }
    const bool is_param_type = std::find(type_params.begin(), type_params.end(), p.type.name) != type_params.end();
    auto concrete = scalar_from_name(p.type.name);
    if (p.type.array_size > 0) {
      diags.error(p.type.loc, fmt::format("parameter '{}' cannot be an array", p.name),
                  "declare the array inside the body: let a: [f64; 16]", width(p.type.name));
    } else if (!concrete && !is_param_type) {
      std::vector<std::string> candidates = scalar_names();
      candidates.insert(candidates.end(), type_params.begin(), type_params.end());
      diags.error(p.type.loc, fmt::format("unknown type '{}'", p.type.name),
                  did_you_mean(p.type.name, candidates, types_hint), width(p.type.name));
    } else if (concrete && !p.default_text.empty()) {
      if (auto why = value_text_error(p.default_text, *concrete))
        diags.error(p.default_loc, fmt::format("the default of '{}' does not fit: {}", p.name, *why), {},
                    width(p.default_text));
    }
  }
  if (def.result) {
    const bool known = scalar_from_name(def.result->name) ||
                       std::find(type_params.begin(), type_params.end(), def.result->name) != type_params.end();
    if (def.result->array_size > 0) {
      diags.error(def.result->loc, "a kernel cannot return an array", "return one element, or a sum of them",
                  width(def.result->name));
    } else if (!known) {
      std::vector<std::string> candidates = scalar_names();
      candidates.insert(candidates.end(), type_params.begin(), type_params.end());
      diags.error(def.result->loc, fmt::format("unknown type '{}'", def.result->name),
                  did_you_mean(def.result->name, candidates, types_hint), width(def.result->name));
    }
  }
  return diags.error_count() == errors;
}

std::optional<KernelDef> instantiate_kernel(const KernelDef& def,
                                            const std::vector<std::pair<std::string, KScalar>>& binding,
                                            Diagnostics& diags) {
  KernelDef out = def;
  out.type_args.clear();
  out.slots.clear();
  Instantiator inst(out, binding, diags);
  if (!inst.run()) return std::nullopt;
  return out;
}

}  // namespace hwbench::lang
