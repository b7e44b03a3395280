#pragma once
// The walk over one kernel statement's items that the binder's parts share (kernel_binder.cpp:
// arguments; kernel_parameters.cpp: `name value` parameters; measurement_options.cpp: `runs`,
// `for`, `cold`…): which item it stands on, the step being built, the names already given, and
// whether any error was reported.
#include <cstdint>
#include <optional>
#include <set>
#include <string>

#include "lang/recipe/ast.hpp"
#include "runtime/check/evaluation/evaluator.hpp"
#include "runtime/plan/plan.hpp"

namespace hwbench::runtime::check {

struct BindRequest;

/// One kernel statement being bound, left to right.
struct BindingCursor {
  /// A walk over `s`'s items, reporting to `r.diags`.
  BindingCursor(const lang::recipe::Stmt& s, const BindRequest& r) : stmt(s), req(r) {}

  const lang::recipe::Stmt& stmt;
  const BindRequest& req;
  plan::KernelStep step;       ///< what binding builds: the call, the policy, the canonical text
  std::size_t i = 0;           ///< the item the walk stands on
  std::set<std::string> seen;  ///< parameter and option names given so far
  bool failed = false;         ///< an error was reported

  /// Reports an error at `loc` (`len` columns wide) and marks the binding failed; `about_machine`
  /// for one that this machine causes (lang::Diagnostic::about_machine).
  void fail(lang::SourceLoc loc, std::string message, std::string hint, std::uint32_t len, bool about_machine = false);
  /// The value item after the parameter or option word `after` (the cursor moves onto it), or
  /// nullptr after reporting "'what' needs a value" with `example` as the hint.
  const lang::recipe::Item* value_item(const lang::recipe::Item& after, const std::string& what,
                                       const std::string& example);
  /// The value of an item: a bare word is its text; an expression is evaluated in the request's
  /// scope (a failure is reported by the evaluator and marks the binding failed).
  std::optional<Value> eval(const lang::recipe::Item& it);
  /// Reports `name` given a second time.
  void repeated(const lang::recipe::Item& it, const std::string& name);
  /// Whether the item after the cursor is an expression (a value that belongs to the word on it).
  bool value_follows() const;
  /// A number written apart from its unit (`for 3 s`, `size 10 MB`): when `v`, the value of the
  /// item `value` under the cursor, is a plain number and the next item a word that is a unit
  /// of `wanted`, reports one error for both (the unit word is not a parameter of its own),
  /// moves the cursor past the unit and returns true.
  bool detached_unit(const lang::recipe::Item& value, const Value& v, lang::Dim wanted, const std::string& what);
};

/// The columns an item takes in a diagnostic's underline (at least one).
std::uint32_t item_width(const lang::recipe::Item& it);

/// "'10s' is a duration", "'x' is a text": what a value is, for "needs a size, but …" messages.
std::string describe_value(const Value& v);

}  // namespace hwbench::runtime::check
