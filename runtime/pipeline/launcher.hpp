#pragma once
// Where a recipe runs: this machine (local_launcher.hpp), other hosts over OpenSSH
// (ssh_launcher.hpp) or the nodes of a Slurm allocation (slurm_launcher.hpp). Each is one
// implementation of Launcher over the library pipeline: every machine loads, checks and runs the
// recipe with load_recipe and run_recipe, and the launcher writes each machine's result file
// here and hands back how each went. The command line only picks one (runtime/cli/cli.cpp); a
// fourth place to run (Kubernetes jobs, a batch system other than Slurm) is one more
// implementation of launch(), and every command that runs recipes gets it.
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "kernels/contract/registry.hpp"
#include "runtime/model/result.hpp"
#include "runtime/pipeline/recipe_load.hpp"

namespace hwbench::runtime::pipeline {

/// What every launcher is given: the recipe as the command line names it, and how to show it.
struct LaunchRequest {
  RecipeRequest recipe;
  /// Words each remote run's `hwbench run` gets: its display (--width, --format, -q, -v) and how
  /// it takes its samples (--blocks, --spread).
  std::vector<std::string> run_words;
  bool quiet = false;                           ///< no "result of NAME: PATH" lines
  const kernels::Registry* registry = nullptr;  ///< required: what the recipe is checked with here
  std::string version;                          ///< hwbench's version (the remote binaries')
  bool serial = false;                          ///< one machine after another, not all at once
  std::string dist;                             ///< --dist DIR: the static binaries, "" for the default
};

/// How the run on one machine (a host, a node, this machine) went.
struct TargetOutcome {
  std::string name;         ///< the host's name, the node's, or this machine's host name
  std::string machine;      ///< its `uname -m`, when learnt
  std::string reports;      ///< what its run printed (the reports)
  std::string error;        ///< "" when it ran the recipe through; otherwise one line: the cause
  std::string result_path;  ///< the result file written here, "" when none
  /// Its result, when it ran the recipe through: shared, not copied (a local run's is the
  /// launcher's record, which may hold 10^6 samples).
  std::shared_ptr<const model::Result> result;
};

/// How the run on every machine went, in the machines' order.
struct LaunchOutcome {
  std::vector<TargetOutcome> targets;
  bool all_complete = true;  ///< every machine ran the recipe through and its result file is written
  bool interrupted = false;  ///< Ctrl-C or SIGTERM stopped the runs
};

/// One place to run recipes.
class Launcher {
 public:
  virtual ~Launcher() = default;
  /// What its machines are called in messages: "host", "node", "machine".
  virtual std::string target_kind() const = 0;
  /// Runs `request` on its machines, telling `log` what happens (each machine's progress,
  /// prefixed with its name when there may be several, and the result files written). nullopt,
  /// with the cause told, when nothing ran: a bad request, a recipe that does not load, a job
  /// the batch system refused.
  virtual std::optional<LaunchOutcome> launch(const LaunchRequest& request, std::ostream& log) = 0;
  /// Why launch() returned nothing: LoadFailure::recipe for a recipe with errors (told, as a run
  /// here tells them, and no machine contacted), LoadFailure::usage for any other cause.
  virtual LoadFailure load_failure() const = 0;
};

}  // namespace hwbench::runtime::pipeline
