#pragma once
// Values of recipe expressions. Everything a recipe computes is known before it runs.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lang/common/diagnostics.hpp"
#include "lang/recipe/ast.hpp"

namespace hwbench::runtime::check {

/// A value: a number with its dimension, a text (string, word or path), or a list.
struct Value {
  enum class Kind { number, text, list };
  Kind kind = Kind::number;
  lang::Quantity number;     ///< number: value in base units, and its spelling when it came from a literal
  std::string text;          ///< text
  bool is_path = false;      ///< text written as a bare path
  bool is_word = false;      ///< text written as a bare word
  std::vector<Value> items;  ///< list
  /// The value of a `let` whose expression had errors: every use of it fails, with no error of
  /// its own (the `let`'s said what is wrong), rather than stand in as 0.
  bool failed = false;
};

/// Variables in scope, with save and restore for loops.
class Scope {
 public:
  /// Sets (or replaces) a variable.
  void set(const std::string& name, Value v) { vars_[name] = std::move(v); }
  /// Removes a variable.
  void erase(const std::string& name) { vars_.erase(name); }
  /// The variable, or nullptr.
  const Value* find(const std::string& name) const;
  /// Every name in scope.
  std::vector<std::string> names() const;

 private:
  std::map<std::string, Value> vars_;
};

/// The text a value interpolates as: a literal keeps its spelling ("10MB"), other numbers print plainly.
std::string to_text(const Value& v);

/// What kind of value `v` is, for messages: "a size", "a plain number", "a duration",
/// "a percentage", "a text", "a list".
std::string value_kind(const Value& v);
/// The same for a dimension alone.
const char* dim_name(lang::Dim d);

/// The error for a value past 128 MiB or nested too deep (a hostile recipe's doubling `let`s).
inline constexpr std::string_view kValueTooLarge =
    "this value grows too large: past 128 MiB, or lists nested more than 200 deep";

/// Evaluates an expression; errors go to `diags` and give std::nullopt.
std::optional<Value> evaluate(const lang::recipe::Expr& e, const Scope& scope, lang::Diagnostics& diags);

/// A range's bounds (`1..10`), checked as evaluate() checks them: whole numbers, first ≤ last,
/// within 10^15, fewer than a million values.
struct RangeBounds {
  long long first = 0;
  long long last = 0;
};
std::optional<RangeBounds> evaluate_range(const lang::recipe::Expr& e, const Scope& scope, lang::Diagnostics& diags);
/// The value of a range at `k`, as the list evaluate() makes of a range holds it.
Value range_item(long long k);

/// Evaluates and checks for a whole number in [min, max] (for repeat and parallel counts).
std::optional<long long> evaluate_count(const lang::recipe::Expr& e, const Scope& scope, lang::Diagnostics& diags,
                                        const char* what, long long min, long long max);

/// Whether the comparison `e` (`A OP B`, OP one of == != < <= > >=, as `if` takes it) holds.
/// Numbers compare by value in base units and need the same kind of unit, or a plain number on
/// one side (`10MB > 5` is refused; `$cpus > 1` is fine); texts and words compare only with ==
/// and !=. Errors go to `diags` and give std::nullopt.
std::optional<bool> evaluate_condition(const lang::recipe::Expr& e, const Scope& scope, lang::Diagnostics& diags);

}  // namespace hwbench::runtime::check
