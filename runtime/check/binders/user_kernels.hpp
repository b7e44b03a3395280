#pragma once
// The kernels a recipe defines (`kernel NAME(…) { … }`), for the checker: parsed, validated and
// type-checked, made into KernelSpecs (kernels/jit/user_kernel.hpp) and layered over the built-in
// registry. The Plan keeps this object, so the specs its steps point to live as long as it does.
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "kernels/contract/registry.hpp"
#include "kernels/jit/user_kernel.hpp"
#include "lang/common/diagnostics.hpp"
#include "lang/common/source.hpp"
#include "lang/recipe/ast.hpp"
#include "runtime/plan/plan.hpp"

namespace hwbench::runtime::check {

/// A recipe's kernel definitions.
class UserKernels {
 public:
  /// Reads every top-level `kernel` definition of `recipe` and checks it (its body with the type
  /// parameters' defaults, i32 where one has none). nullptr when the recipe defines none.
  static std::shared_ptr<UserKernels> load(const lang::recipe::Recipe& recipe, const lang::Source& source,
                                           const kernels::Registry& builtin, lang::Diagnostics& diags);

  /// The built-in kernels and the recipe's, for binding statements.
  const kernels::Registry& registry() const { return registry_; }

  /// Checks a bound statement that calls a defined kernel (others pass untouched): instantiates
  /// its body for the statement's types (errors reported at the statement), checks its values
  /// against their types, resolves its back end and names it in the step's text with the label
  /// it gives the statement's options ("(jit O2 without vectorising, LLVM 14)"). False on error.
  bool check_call(const lang::recipe::Stmt& s, plan::KernelStep& step, lang::Diagnostics& diags) const;

  /// Whether `name` is a definition that did not parse: its statements are dropped without an
  /// "unknown kernel" of their own (the definition's syntax error says what is wrong).
  bool unparsed(const std::string& name) const { return unparsed_.count(name) != 0; }

 private:
  struct Entry {
    std::shared_ptr<const kernels::jit::DefinedKernel> kernel;
    bool valid = true;  ///< false: its definition has errors, already reported
  };

  kernels::Registry registry_;
  std::vector<Entry> entries_;
  std::set<std::string> unparsed_;
};

}  // namespace hwbench::runtime::check
