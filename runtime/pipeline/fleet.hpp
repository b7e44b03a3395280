#pragma once
// A recipe run on other hosts over OpenSSH (docs/remote.md), as a library: the hosts gathered,
// the recipe checked here for the files it names, one session per host (side by side or one
// after another), each host's result file written here. The command line prints the outcome.
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "kernels/contract/registry.hpp"
#include "runtime/model/result.hpp"
#include "runtime/pipeline/recipe_load.hpp"

namespace hwbench::runtime::pipeline {

/// A recipe and the hosts to run it on.
struct FleetRequest {
  RecipeRequest recipe;
  std::vector<std::string> destinations;  ///< --host DEST, in order
  std::string fleet_file;                 ///< --hosts FLEET.toml
  bool serial = false;                    ///< --serial: one host after another
  std::string dist;                       ///< --dist DIR: the static binaries
  /// Words each host's `hwbench run` gets for its display (--width, --format, -q, -v).
  std::vector<std::string> display_words;
  bool quiet = false;                           ///< no "result of HOST: PATH" lines
  const kernels::Registry* registry = nullptr;  ///< required: what the recipe is checked with here
  std::string version;                          ///< hwbench's version
};

/// How the run on one host went.
struct HostOutcome {
  std::string name;
  std::string machine;                  ///< its `uname -m`
  std::string reports;                  ///< what its run printed (the reports)
  std::optional<model::Result> result;  ///< its result, when it ran the recipe through
};

/// How the run on every host went, in the hosts' order.
struct FleetOutcome {
  std::vector<HostOutcome> hosts;
  bool all_complete = true;  ///< every host ran the recipe through and its result file is written
  bool interrupted = false;  ///< Ctrl-C or SIGTERM stopped the sessions
};

/// Runs `request` on its hosts, telling `log` what happens (each host's lines, prefixed with its
/// name, and the result files written). nullopt, with the cause told, for a request that no
/// session was opened for (a bad host, an unreadable recipe, a file it names outside its directory).
std::optional<FleetOutcome> run_fleet(const FleetRequest& request, std::ostream& log);

}  // namespace hwbench::runtime::pipeline
