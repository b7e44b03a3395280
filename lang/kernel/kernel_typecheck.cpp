#include "lang/kernel/kernel_typecheck.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <utility>

#include <fmt/format.h>

#include "base/support/suggestions.hpp"
#include "lang/kernel/kernel_expr_typing.hpp"

namespace hwbench::lang::kernel {

namespace {

/// Whether `def` declares a result type; reports it at the kernel's name when not. Without a
/// result nothing of a call's work reaches the sink, so an optimiser may drop all of it and the
/// benchmark would time empty calls.
bool has_result(const KernelDef& def, Diagnostics& diags) {
  if (def.result) return true;
  diags.error(def.name_loc,
              fmt::format("kernel '{}' has no result type, so its work could be optimised away", def.name),
              fmt::format("declare one and return a value that depends on the work: "
                          "kernel {}(…) -> i64 {{ …; return sum }}",
                          def.name),
              underline_width(def.name));
  return false;
}

/// One instantiation being checked.
class Instantiator {
 public:
  Instantiator(KernelDef& def, std::vector<std::pair<std::string, KScalar>> binding, Diagnostics& diags)
      : def_(def), binding_(std::move(binding)), diags_(diags), expr_(def, scope_, diags) {}

  bool run() {
    const std::size_t errors = diags_.error_count();
    if (!has_result(def_, diags_) || !bind_types()) return false;
    for (auto& p : def_.params) {
      if (p.is_type) continue;
      expr_.resolve(p.type);
      const auto slot = static_cast<int>(def_.slots.size());
      def_.slots.push_back({p.name, p.type.resolved, 0, true});
      scope_.entries.push_back({p.name, slot, Kind::param, p.loc});
      if (!p.default_text.empty() && !scalar_from_name(p.type.name))
        if (auto why = value_text_error(p.default_text, p.type.resolved))
          diags_.error(p.default_loc, fmt::format("the default of '{}' does not fit: {}", p.name, *why),
                       fmt::format("'{}' is {} here ({} = {})", p.name, scalar_name(p.type.resolved), p.type.name,
                                   scalar_name(p.type.resolved)),
                       underline_width(p.default_text));
    }
    expr_.resolve(*def_.result);
    block(def_.body);
    if (!always_returns(def_.body))
      diags_.error(
          def_.name_loc, fmt::format("kernel '{}' does not return a value on every path", def_.name),
          fmt::format("end the body with return VALUE (a value of type {})", scalar_name(def_.result->resolved)),
          underline_width(def_.name));
    return diags_.error_count() == errors;
  }

 private:
  using Kind = KernelScope::Kind;
  using Entry = KernelScope::Entry;

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
                     underline_width(p.name));
        return false;
      }
      def_.type_args.emplace_back(p.name, *t);
    }
    return true;
  }

  /// Declares a local or loop variable; -1 (with an error) when the name is taken.
  int declare(const std::string& name, SourceLoc loc, KScalar type, std::uint32_t array_size, Kind kind) {
    if (expr_.lookup_type(name)) {
      diags_.error(loc, fmt::format("'{}' is the name of a type", name), "choose another name for the variable",
                   underline_width(name));
    } else if (const Entry* e = scope_.find(name)) {
      diags_.error(loc, fmt::format("'{}' is already declared (line {})", name, e->loc.line),
                   "choose another name: a name stays declared to the end of its block", underline_width(name));
    }
    const auto slot = static_cast<int>(def_.slots.size());
    def_.slots.push_back({name, type, array_size, false});
    scope_.entries.push_back({name, slot, kind, loc});
    return slot;
  }

  void block(std::vector<KStmt>& stmts) {
    const std::size_t mark = scope_.entries.size();
    for (auto& s : stmts) statement(s);
    scope_.entries.resize(mark);
  }

  void statement(KStmt& s) {
    switch (s.kind) {
      case KStmtKind::let: {
        const bool known = expr_.resolve(s.type);
        if (s.type.array_size > 0 && !s.exprs.empty()) {
          diags_.error(s.exprs[0].loc, "an array cannot be given a value in 'let'",
                       fmt::format("its elements start at zero; set them one by one: {}[i] = …", s.name));
        } else if (!s.exprs.empty() && known) {
          if (auto t = expr_.value(s.exprs[0], s.type.resolved); t && *t != s.type.resolved)
            expr_.mismatch(s.exprs[0], *t, s.type.resolved,
                           fmt::format("'{}' is declared {}, but its value is {}", s.name, scalar_name(s.type.resolved),
                                       scalar_name(*t)),
                           fmt::format("convert it: let {}: {} = {}(…)", s.name, s.type.name, s.type.name));
        }
        s.slot = declare(s.name, s.name_loc, s.type.resolved, s.type.array_size, Kind::local);
        return;
      }
      case KStmtKind::assign:
        assign(s);
        return;
      case KStmtKind::if_: {
        expr_.condition(s.exprs[0], "'if'");
        block(s.body);
        block(s.else_body);
        return;
      }
      case KStmtKind::for_: {
        const auto fallback = &ExprTyping::fallback;
        auto t = expr_.natural(s.exprs[0]);
        if (!t) t = expr_.natural(s.exprs[1]);
        if (!t) t = fallback(s.exprs[0]) == KScalar::f64 ? KScalar::f64 : fallback(s.exprs[1]);
        if (is_float(*t)) {
          KExpr& bad = fallback(s.exprs[0]) == KScalar::f64 || expr_.natural(s.exprs[0]) ? s.exprs[0] : s.exprs[1];
          expr_.value(bad, std::nullopt);
          diags_.error(bad.loc, fmt::format("a loop's bounds must be integers, not {}", scalar_name(*t)),
                       "convert it: i64(…)");
        }
        for (auto& bound : s.exprs) {
          if (is_float(*t)) break;
          auto bt = expr_.value(bound, *t);
          if (!bt) continue;
          if (*bt == KScalar::boolean || !is_integer(*bt)) {
            diags_.error(bound.loc, fmt::format("a loop's bounds must be integers, not {}", scalar_name(*bt)),
                         "convert it: i64(…)");
          } else if (*bt != *t) {
            expr_.mismatch(bound, *bt, *t,
                           fmt::format("a loop's bounds must have one type, but they are {} and {}", scalar_name(*t),
                                       scalar_name(*bt)),
                           fmt::format("convert one of them: {}(…)", scalar_name(*t)));
          }
        }
        const std::size_t mark = scope_.entries.size();
        s.slot = declare(s.name, s.name_loc, is_integer(*t) ? *t : KScalar::i64, 0, Kind::loop);
        block(s.body);
        scope_.entries.resize(mark);
        return;
      }
      case KStmtKind::return_: {
        const KScalar want = def_.result->resolved;
        if (s.exprs.empty()) {
          diags_.error(s.loc, fmt::format("kernel '{}' must return a value of type {}", def_.name, scalar_name(want)),
                       "write return VALUE", 6);
          return;
        }
        if (auto t = expr_.value(s.exprs[0], want); t && *t != want)
          expr_.mismatch(s.exprs[0], *t, want,
                         fmt::format("kernel '{}' returns {}, but this value is {}", def_.name, scalar_name(want),
                                     scalar_name(*t)),
                         fmt::format("convert it: return {}(…)", def_.result->name));
        return;
      }
    }
  }

  void assign(KStmt& s) {
    const Entry* e = expr_.variable(s.name, s.name_loc);
    for (auto& x : s.exprs) expr_.value(x, std::nullopt);  // still checked, for their own errors
    if (e == nullptr) return;
    s.slot = e->slot;
    const KSlot& slot = expr_.slot_of(*e);
    if (e->kind == Kind::param) {
      diags_.error(s.name_loc, fmt::format("'{}' is a parameter, which cannot be assigned", s.name),
                   fmt::format("copy it into a variable: let my_{}: {} = {}", s.name, scalar_name(slot.type), s.name),
                   underline_width(s.name));
      return;
    }
    if (e->kind == Kind::loop) {
      diags_.error(
          s.name_loc, fmt::format("'{}' is the loop variable, which cannot be assigned", s.name),
          fmt::format("use a variable of your own: let my_{}: {} = {}", s.name, scalar_name(slot.type), s.name),
          underline_width(s.name));
      return;
    }
    const bool indexed = s.exprs.size() == 2;
    if (indexed && slot.array_size == 0) {
      diags_.error(s.name_loc, fmt::format("'{}' is not an array", s.name),
                   fmt::format("assign it whole: {} = …", s.name), underline_width(s.name));
      return;
    }
    if (!indexed && slot.array_size > 0) {
      diags_.error(
          s.name_loc,
          fmt::format("'{}' is an array of {} {}; assign one element", s.name, slot.array_size, scalar_name(slot.type)),
          fmt::format("write {}[i] = …", s.name), underline_width(s.name));
      return;
    }
    if (indexed) expr_.index_value(s.exprs[0]);
    KExpr& v = s.exprs.back();
    if (auto t = expr_.value(v, slot.type); t && *t != slot.type)
      expr_.mismatch(
          v, *t, slot.type,
          fmt::format("cannot assign {} to '{}', which is {}", scalar_name(*t), s.name, scalar_name(slot.type)),
          fmt::format("convert it: {}{} = {}(…)", s.name, indexed ? "[…]" : "", scalar_name(slot.type)));
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
  KernelScope scope_;
  ExprTyping expr_;  ///< refers to def_, scope_ and diags_
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
    if (text.empty() || *end != '\0')
      return fmt::format("'{}' is not a whole number ({} is an integer type)", text, scalar_name(type));
    if (errno == ERANGE || v < integer_min(type) || v > integer_max(type)) return range_error(text, type);
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
                    underline_width(p.name));
        break;
      }
    if (scalar_from_name(p.name))
      diags.error(p.loc, fmt::format("'{}' is the name of a type", p.name), "choose another name for the parameter",
                  underline_width(p.name));
    if (p.is_type) {
      if (!p.default_text.empty() && !scalar_from_name(p.default_text))
        diags.error(p.default_loc,
                    fmt::format("the default of type parameter '{}' must be a type, not '{}'", p.name, p.default_text),
                    "write one of i16, i32, i64, f32, f64, as in T: type = f64", underline_width(p.default_text));
      continue;
    }
    const bool is_param_type = std::find(type_params.begin(), type_params.end(), p.type.name) != type_params.end();
    auto concrete = scalar_from_name(p.type.name);
    if (p.type.array_size > 0) {
      diags.error(p.type.loc, fmt::format("parameter '{}' cannot be an array", p.name),
                  "declare the array inside the body: let a: [f64; 16]", underline_width(p.type.name));
    } else if (!concrete && !is_param_type) {
      std::vector<std::string> candidates = scalar_names();
      candidates.insert(candidates.end(), type_params.begin(), type_params.end());
      diags.error(p.type.loc, fmt::format("unknown type '{}'", p.type.name),
                  support::did_you_mean(p.type.name, candidates, kTypesHint), underline_width(p.type.name));
    } else if (concrete && !p.default_text.empty()) {
      if (auto why = value_text_error(p.default_text, *concrete))
        diags.error(p.default_loc, fmt::format("the default of '{}' does not fit: {}", p.name, *why), {},
                    underline_width(p.default_text));
    }
  }
  if (has_result(def, diags)) {
    const bool known = scalar_from_name(def.result->name) ||
                       std::find(type_params.begin(), type_params.end(), def.result->name) != type_params.end();
    if (def.result->array_size > 0) {
      diags.error(def.result->loc, "a kernel cannot return an array", "return one element, or a sum of them",
                  underline_width(def.result->name));
    } else if (!known) {
      std::vector<std::string> candidates = scalar_names();
      candidates.insert(candidates.end(), type_params.begin(), type_params.end());
      diags.error(def.result->loc, fmt::format("unknown type '{}'", def.result->name),
                  support::did_you_mean(def.result->name, candidates, kTypesHint), underline_width(def.result->name));
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

}  // namespace hwbench::lang::kernel
