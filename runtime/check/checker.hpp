#pragma once
// check: AST -> Plan. Every semantic error in one pass, before anything runs.
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/platform/probe.hpp"
#include "kernels/contract/registry.hpp"
#include "lang/common/diagnostics.hpp"
#include "lang/common/source.hpp"
#include "lang/recipe/ast.hpp"
#include "runtime/plan/plan.hpp"
#include "runtime/sandbox/locations.hpp"

namespace hwbench::runtime::check {

/// What the checker needs to know about the world.
struct CheckOptions {
  const kernels::Registry* registry = nullptr;
  /// -L NAME=PATH (a name) and -L /literal/dir=PATH (a remapped literal path), in order.
  std::vector<std::pair<std::string, std::string>> overrides;
  bool allow_exec = false;
  /// --set NAME=VALUE, in order: values in place of top-level `let`s (runtime/check/evaluation/settings.hpp).
  std::vector<std::pair<std::string, std::string>> settings;
  std::string cwd;
  const platform::FileView* files = nullptr;  ///< the real file system
  /// Overrides the built-in locations (tests); empty means builtin_locations(cwd, *machine).
  std::vector<sandbox::Location> builtins;
  /// The machine the recipe is checked for: `$cpus`, the memory available, each location's free
  /// space and file-system type. Never null; tests pass a fake.
  std::shared_ptr<const platform::MachineProbe> machine = std::make_shared<platform::RealMachineProbe>();
};

/// A checked recipe: the plan and the resolver that cleared its paths (the runtime re-checks with it).
struct CheckedRecipe {
  plan::Plan plan;
  std::shared_ptr<const sandbox::PathResolver> resolver;
};

/// Checks `recipe` and expands it into a Plan. Every error goes to `diags`; std::nullopt if any.
std::optional<CheckedRecipe> check(const lang::recipe::Recipe& recipe, const lang::Source& source,
                                   const CheckOptions& options, lang::Diagnostics& diags);

}  // namespace hwbench::runtime::check
