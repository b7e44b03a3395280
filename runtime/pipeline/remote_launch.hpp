#pragma once
// What the launchers that run a recipe elsewhere share (ssh_launcher.hpp, slurm_launcher.hpp):
// the recipe checked here for the files it names and packed with them into one bundle, the
// words of each machine's `hwbench run`, the static binaries, and each machine's answer written
// here as its result file.
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "runtime/pipeline/launcher.hpp"
#include "runtime/remote/host_run.hpp"

namespace hwbench::runtime::pipeline {

/// A machine's own -L words, added after the command line's (a fleet file's host; none for a node).
struct TargetLocations {
  std::string name;
  std::vector<std::string> locations;
};

/// A recipe made ready to send.
struct RemoteRun {
  std::string recipe_name;             ///< the recipe's path inside the bundle
  std::string bundle;                  ///< remote::pack_bundle() of the recipe and the files it names
  std::vector<std::string> run_words;  ///< --allow-exec, --set, the display words, the command line's -L
};

/// The recipe read and checked here once per machine, with that machine's locations, for its own
/// errors and to learn the files it names (baselines, `compare with` results); what depends on
/// this machine (its directories, programs, free space, memory, file systems) is left to each
/// machine's own check. nullopt, with the cause told and `failure` set, when it cannot be sent:
/// LoadFailure::recipe for a recipe with errors (told once, as a run here tells them), usage for
/// an unreadable recipe or a file it names outside its directory.
std::optional<RemoteRun> prepare_remote_run(const LaunchRequest& request, const std::vector<TargetLocations>& targets,
                                            std::ostream& log, LoadFailure& failure);

/// The static binaries in the directories `dist` names (or the default ones, dist_dirs), each
/// problem with one told.
remote::HostBinaries find_binaries(const LaunchRequest& request, const std::string& dist, std::ostream& log);

/// What one machine sent back.
struct Received {
  std::string name, machine;
  std::string result;    ///< the result file's text, "" when it wrote none
  std::string reports;   ///< what its run printed
  std::string error;     ///< "" when it ran the recipe through
  int remote_exit = -1;  ///< hwbench's exit code there, -1 when it did not run
};

/// `received`'s result written here as results/<recipe>-<name>-<stamp>.json and read back;
/// the outcome keeps the result when the run there completed.
TargetOutcome collect_received(const LaunchRequest& request, const Received& received, const std::string& stamp,
                               std::ostream& log);

}  // namespace hwbench::runtime::pipeline
