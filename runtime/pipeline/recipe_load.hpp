#pragma once
// The first two stages of every command that takes a recipe (check, run, a run on hosts, a run
// another host sent): read the file, parse it, check it against a machine.
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "base/platform/probe.hpp"
#include "kernels/contract/kernel.hpp"
#include "kernels/contract/registry.hpp"
#include "lang/common/source.hpp"
#include "runtime/check/checker.hpp"

namespace hwbench::runtime::pipeline {

/// A recipe as the command line names it.
struct RecipeRequest {
  std::string file;
  std::vector<std::string> locations;  ///< -L NAME=PATH or /DIR=PATH, as written
  std::vector<std::string> settings;   ///< --set NAME=VALUE, as written
  bool allow_exec = false;             ///< --allow-exec
};

/// What a recipe is checked with: the kernels, the files as they are, the machine (null: this one).
struct CheckContext {
  const kernels::Registry& registry;
  const platform::FileView& files;
  std::shared_ptr<const platform::MachineProbe> machine = nullptr;
  /// The recipe is checked here for other machines: what this machine causes (a directory or a
  /// program it lacks, lang::Diagnostic::about_machine) is left out, as each of them checks that
  /// against itself; the recipe's own errors remain.
  bool elsewhere = false;
  /// The recipe was sent here by a run on other machines, which told its warnings (those about
  /// the recipe, not about a machine) once, before any machine ran it: they are left out here.
  bool warnings_told = false;
};

/// Why a recipe did not load: the command line or the file (usage), or the recipe's own errors.
enum class LoadFailure { usage, recipe };

/// One -L word split at its first '=': the location's name (or /DIR) and its path, as written;
/// nullopt when either side is empty or there is no '='.
std::optional<std::pair<std::string, std::string>> split_location(const std::string& word);

/// Reads `request.file` into `source`, parses and checks it. The diagnostics, and what is wrong
/// with the request, go to `diagnostics` (and the diagnostics themselves to `findings` when it is
/// given); on failure nothing is returned and `failure` says why.
std::optional<check::CheckedRecipe> load_recipe(const RecipeRequest& request, const CheckContext& context,
                                                lang::Source& source, std::ostream& diagnostics, LoadFailure& failure,
                                                lang::Diagnostics* findings = nullptr);

/// A recipe read and checked once for several runs (`run --reruns`, each rerun a process forked
/// from the one that checked it): every run sees the same text, whatever happens to the file
/// meanwhile. `checked` points into `source`, so the pair stays where load_recipe_once put it.
struct LoadedRecipe {
  lang::Source source;
  std::optional<check::CheckedRecipe> checked;
};

/// load_recipe into a LoadedRecipe of its own; null, with `failure` set, when it does not load.
std::shared_ptr<const LoadedRecipe> load_recipe_once(const RecipeRequest& request, const CheckContext& context,
                                                     std::ostream& diagnostics, LoadFailure& failure);

}  // namespace hwbench::runtime::pipeline
