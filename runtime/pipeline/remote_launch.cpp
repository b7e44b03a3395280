#include "runtime/pipeline/remote_launch.hpp"

#include <cstdlib>
#include <filesystem>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "base/platform/atomic_file.hpp"
#include "base/platform/probe.hpp"
#include "base/platform/real_file_view.hpp"
#include "base/platform/scratch_directory.hpp"
#include "lang/common/diagnostics.hpp"
#include "runtime/pipeline/result_names.hpp"
#include "runtime/pipeline/run_recipe.hpp"
#include "runtime/record/builtin_baselines.hpp"
#include "runtime/record/comparable.hpp"
#include "runtime/record/toml_reader.hpp"
#include "runtime/remote/bundle.hpp"
#include "runtime/remote/dist.hpp"
#include "runtime/remote/fleet_file.hpp"
#include "runtime/report/compare_report.hpp"

namespace hwbench::runtime::pipeline {

namespace {

/// A machine not known yet: the recipe is checked here for its errors and the files it names,
/// with nothing said about free space, memory or file systems; each machine checks it again
/// against its own.
class NotYetKnownMachine : public platform::MachineProbe {
 public:
  long online_cpus() const override { return here_.online_cpus(); }
  std::uint64_t available_memory_bytes() const override { return 0; }
  std::optional<std::uint64_t> free_bytes(const std::string&) const override { return std::nullopt; }
  std::string filesystem_type(const std::string&) const override { return ""; }

 private:
  platform::RealMachineProbe here_;
};

/// The directory the checker finds a recipe's relative file names in (Checker::recipe_dir).
std::string recipe_directory(const std::string& file) {
  std::error_code ec;
  const std::filesystem::path cwd = std::filesystem::current_path(ec);
  return (cwd / std::filesystem::path(file).parent_path()).lexically_normal().string();
}

/// The files a bundle carries: the recipe, then those it names, each once.
struct BundleFiles {
  std::string recipe_dir;
  std::vector<remote::BundleFile> files;
  std::set<std::string> seen;
};

/// Adds each file `plan` reads (its baselines, the results its `compare` reports name) to
/// `bundle`, at its place relative to the recipe's directory; false with `error` for a file
/// outside that directory, which the run elsewhere could not find at the same relative place.
bool add_named_files(const plan::Plan& plan, BundleFiles& bundle, std::string& error) {
  std::vector<std::string> named;
  for (const auto& b : plan.baselines)
    if (b.file.rfind(record::builtin_baseline_prefix, 0) != 0) named.push_back(b.file);  // built in: nothing to send
  for (const auto& r : plan.reports)
    if (r.style.layout == model::ReportLayout::compare) named.push_back(report::compared_path(r));
  for (const auto& file : named) {
    const std::filesystem::path normal = std::filesystem::path(file).lexically_normal();
    const std::string relative =
        normal.lexically_relative(std::filesystem::path(bundle.recipe_dir).lexically_normal()).string();
    if (!remote::bundle_path_problem(relative).empty()) {
      error = fmt::format(
          "{}: a recipe run on other machines can name only files in its own directory or below it, by "
          "relative paths; this one is outside {}",
          normal.string(), bundle.recipe_dir);
      return false;
    }
    if (!bundle.seen.insert(relative).second) continue;
    auto text = record::read_text_file(normal.string(), error);
    if (!text) return false;
    bundle.files.push_back({relative, std::move(*text)});
  }
  return true;
}

/// Each directory of the check here with the path it stands for.
using StandIns = std::vector<std::pair<std::string, std::string>>;

/// The recipe as checked here for `target`: its locations, the command line's then the target's,
/// each mapped to an empty directory of `scratch` (the machines' directories are not this one's),
/// which `stand_ins` gets with the path given.
RecipeRequest precheck_request(const RecipeRequest& recipe, const TargetLocations& target,
                               const platform::ScratchDirectory& scratch, StandIns& stand_ins) {
  RecipeRequest for_target = recipe;
  for_target.locations.insert(for_target.locations.end(), target.locations.begin(), target.locations.end());
  stand_ins.clear();
  for (std::size_t i = 0; i < for_target.locations.size() && !scratch.path().empty(); ++i) {
    const auto split = split_location(for_target.locations[i]);
    if (!split) continue;  // load_recipe says what is wrong with it
    // "N.d": no directory's name is the start of another's ("1" would be that of "10").
    const std::string here = fmt::format("{}/{}.d", scratch.path(), i);
    std::error_code ec;
    std::filesystem::create_directories(here, ec);
    for_target.locations[i] = split->first + "=" + here;
    stand_ins.emplace_back(here, split->second);
  }
  return for_target;
}

/// `told` with each stand-in directory named as the path it stands for (`-L st=/mnt/disk`, not
/// the check's own directory).
std::string as_given(std::string told, const StandIns& stand_ins) {
  for (const auto& [here, given] : stand_ins)
    for (auto at = told.find(here); at != std::string::npos; at = told.find(here, at + given.size()))
      told.replace(at, here.size(), given);
  return told;
}

/// The recipe checked here once per target; false when the request cannot be sent (the cause told,
/// `failure` set). What only this machine causes (a directory it lacks, a program not installed
/// here, a ramdisk it has none for) may not hold there: each target's own check decides that.
/// The recipe's warnings are told here, each once for all targets, as a run here tells them; the
/// targets leave them out (CheckContext::warnings_told).
bool gather_files(const LaunchRequest& request, const std::vector<TargetLocations>& targets, BundleFiles& bundle,
                  std::ostream& log, LoadFailure& failure) {
  const platform::RealFileView file_view;
  CheckContext context{*request.registry, file_view, std::make_shared<NotYetKnownMachine>()};
  context.elsewhere = true;
  const platform::ScratchDirectory scratch("hwbench-precheck");
  StandIns stand_ins;
  std::set<std::string> warned;  // each warning as told, with the paths given
  std::string warnings;
  for (std::size_t i = 0; i < targets.size(); ++i) {
    lang::Source source;
    std::ostringstream diagnostics;
    lang::Diagnostics findings;
    const auto checked = load_recipe(precheck_request(request.recipe, targets[i], scratch, stand_ins), context, source,
                                     diagnostics, failure, &findings);
    if (!checked) {
      // The recipe's errors are every target's: told once, as a run here tells them. Those that
      // only a later target's locations cause name it.
      log << as_given(diagnostics.str(), stand_ins);
      if (failure == LoadFailure::recipe && i > 0)
        log << fmt::format("hwbench: those errors come with {}'s locations; no machine was contacted\n",
                           targets[i].name);
      return false;
    }
    for (const auto& finding : findings.all()) {
      std::ostringstream told;
      lang::render_diagnostic(finding, source, told);
      if (std::string text = as_given(told.str(), stand_ins); warned.insert(text).second) warnings += text;
    }
    std::string error;
    if (!add_named_files(checked->plan, bundle, error)) {
      log << "hwbench: " << error << "\n";
      failure = LoadFailure::usage;
      return false;
    }
  }
  log << warnings;
  return true;
}

}  // namespace

std::optional<RemoteRun> prepare_remote_run(const LaunchRequest& request, const std::vector<TargetLocations>& targets,
                                            std::ostream& log, LoadFailure& failure) {
  failure = LoadFailure::usage;
  std::string error;
  auto recipe_text = record::read_text_file(request.recipe.file, error);
  if (!recipe_text) {
    log << "hwbench: " << error << "\n";
    return std::nullopt;
  }
  const std::string recipe_name = std::filesystem::path(request.recipe.file).filename().string();
  BundleFiles bundle{recipe_directory(request.recipe.file), {{recipe_name, std::move(*recipe_text)}}, {recipe_name}};
  if (!gather_files(request, targets, bundle, log, failure)) return std::nullopt;

  RemoteRun run;
  run.recipe_name = recipe_name;
  run.bundle = remote::pack_bundle(bundle.files);
  const RecipeRequest& recipe = request.recipe;
  if (recipe.allow_exec) run.run_words.push_back("--allow-exec");
  for (const auto& s : recipe.settings) run.run_words.insert(run.run_words.end(), {"--set", s});
  run.run_words.insert(run.run_words.end(), request.run_words.begin(), request.run_words.end());
  for (const auto& l : recipe.locations) run.run_words.insert(run.run_words.end(), {"-L", l});
  return run;
}

remote::HostBinaries find_binaries(const LaunchRequest& request, const std::string& dist, std::ostream& log) {
  const auto dirs = remote::dist_dirs(dist, std::getenv("HWBENCH_DIST"), remote::running_executable());
  std::vector<std::string> problems;
  remote::HostBinaries found{remote::find_dist_binaries(dirs, request.version, problems, remote::dist_hash_memo()),
                             dirs};
  for (const auto& p : problems) log << "hwbench: " << p << "\n";
  return found;
}

TargetOutcome collect_received(const LaunchRequest& request, const Received& received, const std::string& stamp,
                               std::ostream& log) {
  TargetOutcome target{received.name, received.machine, received.reports, received.error, "", nullptr};
  if (received.result.empty()) {
    // A run that says it ran through sends its result: without one, nothing of it can be compared.
    if (target.error.empty()) {
      target.error = "it ran through but its result file did not come back";
      log << fmt::format("hwbench: {}: {}\n", received.name, target.error);
    }
    return target;
  }
  const ReservedResults reserved([&](int n) {
    return std::vector{result_path_candidate(request.recipe.file, remote::file_name_part(received.name), stamp, n)};
  });
  const std::string& path = reserved.paths().front();
  std::string error;
  if (!platform::make_directories("results", error) || !platform::write_file_atomically(path, received.result, error)) {
    log << fmt::format("hwbench: {}: {}\n", received.name, error);
    if (target.error.empty()) target.error = error;
    return target;
  }
  target.result_path = path;
  auto result = record::load_comparable(path, error);
  if (!result) {
    log << fmt::format("hwbench: {}: the result it sent cannot be read: {}\n", received.name, error);
    if (target.error.empty()) target.error = "the result it sent cannot be read: " + error;
    return target;
  }
  if (!request.quiet) log << fmt::format("result of {}: {}\n", received.name, path);
  if (received.remote_exit == 0 && result->status == model::RunStatus::complete)
    target.result = std::make_shared<const model::Result>(std::move(*result));
  return target;
}

}  // namespace hwbench::runtime::pipeline
