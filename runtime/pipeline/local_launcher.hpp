#pragma once
// The launcher for this machine: the recipe loaded and checked against it, run in this process
// (run_recipe), its reports rendered and its result file written where the command line said.
// `hwbench run` without --host or --slurm, and the run another machine starts (`run
// --remote-session`, `run --slurm-task`), use it.
#include <memory>
#include <string>
#include <vector>

#include "runtime/pipeline/launcher.hpp"
#include "runtime/pipeline/render.hpp"
#include "runtime/pipeline/run_recipe.hpp"

namespace hwbench::runtime::pipeline {

/// How the run here is made and shown.
struct LocalSetup {
  run::RunOptions options;                ///< the clock, observer, interruption flag, conditions, blocks
  RenderOptions render;                   ///< how its reports are rendered
  std::string result_path;                ///< where its result file goes (its directory made)
  std::vector<std::string> command_line;  ///< kept in the result
  /// The recipe already loaded and checked (`run --reruns`); null: launch() loads the request's.
  std::shared_ptr<const LoadedRecipe> loaded;
  /// A run another machine sent, which told the recipe's warnings (CheckContext::warnings_told).
  bool warnings_told = false;
};

/// Runs the recipe on this machine.
class LocalLauncher : public Launcher {
 public:
  explicit LocalLauncher(LocalSetup setup) : setup_(std::move(setup)) {}
  std::string target_kind() const override { return "machine"; }
  /// One target, this machine; its result file is written, complete or not. The diagnostics of
  /// a recipe that does not load go to `log`, and nothing is returned.
  std::optional<LaunchOutcome> launch(const LaunchRequest& request, std::ostream& log) override;

  /// Why the recipe did not load, when launch() returned nothing.
  LoadFailure load_failure() const override { return failure_; }
  /// The run's record: what it cleaned up after a failure, and what it could not.
  /// Only after launch() returned an outcome.
  const RunRecord& record() const { return *record_; }
  /// The run's rendering (its HTML page when setup.render.html).
  const RenderedResult& rendered() const { return rendered_; }

 private:
  LocalSetup setup_;
  LoadFailure failure_ = LoadFailure::usage;
  std::shared_ptr<RunRecord> record_;  ///< shared with the outcome's result
  RenderedResult rendered_;
};

}  // namespace hwbench::runtime::pipeline
