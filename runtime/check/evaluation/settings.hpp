#pragma once
// `hwbench run|check RECIPE --set NAME=VALUE`: a value given on the command line in place of a
// top-level `let NAME = …`, read as recipe text and held to the type of the recipe's own value.
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "lang/common/diagnostics.hpp"
#include "lang/recipe/ast.hpp"
#include "runtime/check/evaluation/evaluator.hpp"

namespace hwbench::runtime::check {

/// VALUE read as the right-hand side of a recipe's `let` (`--set NAME=VALUE`, `--spread 90s`):
/// nullopt when it is not one value.
std::optional<lang::recipe::Expr> parse_value(const std::string& text);

/// The --set values of one check, in command-line order, and which of them a `let` took.
class Settings {
 public:
  explicit Settings(std::vector<std::pair<std::string, std::string>> given);

  /// For a top-level `let` whose recipe value is `own`: the --set value that replaces it, read as
  /// the recipe's own value would be (`$cpus` and earlier `let`s in scope), or std::nullopt when
  /// nothing is set for it. A value that is not a value, or of another type than `own` (a size
  /// stays a size, a text a text), is an error at the `let`; the recipe's value stays.
  std::optional<Value> replace(const lang::recipe::Stmt& let, const Value& own, const Scope& scope,
                               lang::Diagnostics& diags);

  /// After the walk: an error for each --set that no top-level `let` took, with the recipe's
  /// top-level names as suggestions.
  void report_unused(const lang::recipe::Recipe& recipe, lang::Diagnostics& diags) const;

  /// NAME -> VALUE as given, for the plan and the result file.
  const std::map<std::string, std::string>& used() const { return used_; }

 private:
  std::vector<std::pair<std::string, std::string>> given_;
  std::set<std::string> matched_;  ///< names a top-level `let` had, taken or refused
  std::map<std::string, std::string> used_;
};

}  // namespace hwbench::runtime::check
