#include "runtime/pipeline/fleet.hpp"

#include <stdlib.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include <fmt/format.h>

#include "base/platform/atomic_file.hpp"
#include "base/platform/probe.hpp"
#include "base/platform/real_file_view.hpp"
#include "base/platform/scratch_directory.hpp"
#include "runtime/pipeline/run_recipe.hpp"
#include "runtime/record/builtin_baselines.hpp"
#include "runtime/record/comparable.hpp"
#include "runtime/record/toml_reader.hpp"
#include "runtime/remote/bundle.hpp"
#include "runtime/remote/dist.hpp"
#include "runtime/remote/fleet_file.hpp"
#include "runtime/remote/host_run.hpp"
#include "runtime/remote/ssh_session.hpp"
#include "runtime/report/compare_report.hpp"
#include "runtime/run/interpreter.hpp"

namespace hwbench::runtime::pipeline {

namespace {

/// A machine not known yet: the recipe is checked here for its errors and the files it names,
/// with nothing said about free space, memory or file systems; each host checks it again
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

/// The hosts of the request: the fleet file's, then each --host's.
std::optional<std::vector<remote::Host>> gather_hosts(const FleetRequest& request, std::ostream& log) {
  std::vector<remote::Host> hosts;
  if (!request.fleet_file.empty()) {
    std::string error;
    auto fleet = remote::load_fleet(request.fleet_file, error);
    if (!fleet) {
      log << error << "\n";
      return std::nullopt;
    }
    hosts = std::move(*fleet);
  }
  for (const auto& dest : request.destinations) {
    if (const std::string why = remote::destination_problem(dest); !why.empty()) {
      log << fmt::format("hwbench: --host: {}\n", why);
      return std::nullopt;
    }
    for (const auto& h : hosts) {
      if (h.name == dest) {
        log << fmt::format("hwbench: the host '{}' is named twice\n", dest);
        return std::nullopt;
      }
    }
    hosts.push_back(remote::Host{dest, dest, {}, "", ""});
  }
  return hosts;
}

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
/// outside that directory, which the run on a host could not find at the same relative place.
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
          "{}: a recipe run on other hosts can name only files in its own directory or below it, by "
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

/// The recipe as checked here for `host`: its locations, the command line's then the host's,
/// each mapped to an empty directory of `scratch` (the hosts' directories are not this machine's).
RecipeRequest precheck_request(const RecipeRequest& recipe, const remote::Host& host,
                               const platform::ScratchDirectory& scratch) {
  RecipeRequest for_host = recipe;
  for_host.locations.insert(for_host.locations.end(), host.locations.begin(), host.locations.end());
  for (std::size_t i = 0; i < for_host.locations.size() && !scratch.path().empty(); ++i) {
    const auto split = split_location(for_host.locations[i]);
    if (!split) continue;  // load_recipe says what is wrong with it
    const std::string here = fmt::format("{}/{}", scratch.path(), i);
    std::error_code ec;
    std::filesystem::create_directories(here, ec);
    for_host.locations[i] = split->first + "=" + here;
  }
  return for_host;
}

/// The recipe checked here first, once per host with that host's locations, to learn the files
/// it names (baselines, `compare with` results) before any session opens; nothing is said about
/// free space or memory, as each host checks the recipe against itself. False when the request
/// cannot be sent (the cause told).
bool gather_files(const FleetRequest& request, const std::vector<remote::Host>& hosts, BundleFiles& bundle,
                  std::ostream& log) {
  const platform::RealFileView file_view;
  const CheckContext context{*request.registry, file_view, std::make_shared<NotYetKnownMachine>()};
  const platform::ScratchDirectory scratch("hwbench-precheck");
  for (const auto& host : hosts) {
    lang::Source source;
    LoadFailure failure = LoadFailure::usage;
    std::ostringstream diagnostics;
    const auto checked =
        load_recipe(precheck_request(request.recipe, host, scratch), context, source, diagnostics, failure);
    if (!checked) {
      if (failure != LoadFailure::recipe) {
        log << diagnostics.str();
        return false;
      }
      // What fails here may pass there (a file that only the host has): the host's own check decides.
      log << fmt::format(
          "hwbench: note: the recipe does not pass the check here with {}'s locations; {} checks it itself, "
          "and it is sent without the files it names\n",
          host.name, host.name);
      continue;
    }
    std::string error;
    if (!add_named_files(checked->plan, bundle, error)) {
      log << "hwbench: " << error << "\n";
      return false;
    }
  }
  return true;
}

/// What every host's session gets: the bundle and the words of its `hwbench run`.
remote::RunRequest session_request(const FleetRequest& request, const BundleFiles& bundle,
                                   const std::string& recipe_name) {
  const RecipeRequest& recipe = request.recipe;
  remote::RunRequest session;
  session.ssh_client = remote::ssh_client_words(std::getenv("HWBENCH_SSH"));
  session.version = request.version;
  session.bundle = remote::pack_bundle(bundle.files);
  session.recipe = recipe_name;
  if (recipe.allow_exec) session.run_words.push_back("--allow-exec");
  for (const auto& s : recipe.settings) session.run_words.insert(session.run_words.end(), {"--set", s});
  session.run_words.insert(session.run_words.end(), request.display_words.begin(), request.display_words.end());
  for (const auto& l : recipe.locations) session.run_words.insert(session.run_words.end(), {"-L", l});
  return session;
}

/// The static binaries for each host, looked for once per directory list (hosts may name their own).
std::vector<remote::HostBinaries> host_binaries(const FleetRequest& request, const std::vector<remote::Host>& hosts,
                                                std::ostream& log) {
  const std::string executable = remote::running_executable();
  std::map<std::vector<std::string>, remote::HostBinaries> by_dirs;
  std::vector<remote::HostBinaries> binaries;
  for (const auto& host : hosts) {
    const auto dirs =
        remote::dist_dirs(host.dist.empty() ? request.dist : host.dist, std::getenv("HWBENCH_DIST"), executable);
    auto it = by_dirs.find(dirs);
    if (it == by_dirs.end()) {
      std::vector<std::string> problems;
      remote::HostBinaries found{remote::find_dist_binaries(dirs, request.version, problems, remote::dist_hash_memo()),
                                 dirs};
      for (const auto& p : problems) log << "hwbench: " << p << "\n";
      it = by_dirs.emplace(dirs, std::move(found)).first;
    }
    binaries.push_back(it->second);
  }
  return binaries;
}

/// One session per host, side by side unless `serial`. Ctrl-C or SIGTERM sets the flag; each
/// session then closes its stdin, and the run on its host stops as after a Ctrl-C there. A
/// session that ends early leaves its input unread: that must be a failed write, not a SIGPIPE.
std::vector<remote::HostRun> run_sessions(const std::vector<remote::Host>& hosts,
                                          const std::vector<remote::HostBinaries>& binaries,
                                          const remote::RunRequest& session, bool serial,
                                          const std::atomic<bool>* interrupted, std::ostream& log) {
  struct sigaction ignore {
  }, old_pipe{};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &ignore, &old_pipe);
  std::vector<remote::HostRun> runs(hosts.size());
  std::mutex log_mutex;
  const auto run_one = [&](std::size_t i) {
    const remote::Host& host = hosts[i];
    runs[i] = remote::run_on_host(host, binaries[i], session, interrupted, [&](const std::string& line) {
      std::lock_guard<std::mutex> lock(log_mutex);
      log << host.name << ": " << line << "\n" << std::flush;
    });
    if (!runs[i].error.empty()) {
      std::lock_guard<std::mutex> lock(log_mutex);
      log << fmt::format("hwbench: {}: {}\n", host.name, runs[i].error) << std::flush;
    }
  };
  if (serial) {
    for (std::size_t i = 0; i < hosts.size(); ++i) run_one(i);
  } else {
    std::vector<std::thread> threads;
    for (std::size_t i = 0; i < hosts.size(); ++i) threads.emplace_back(run_one, i);
    for (auto& t : threads) t.join();
  }
  ::sigaction(SIGPIPE, &old_pipe, nullptr);
  return runs;
}

/// Each host's result file written here and read back; the ones that ran through keep their result.
FleetOutcome collect(const FleetRequest& request, const std::vector<remote::Host>& hosts,
                     std::vector<remote::HostRun>& runs, std::ostream& log) {
  FleetOutcome outcome;
  const std::string stamp = utc_stamp("%Y%m%dT%H%M%SZ");
  for (std::size_t i = 0; i < hosts.size(); ++i) {
    const remote::HostRun& r = runs[i];
    HostOutcome& host = outcome.hosts.emplace_back(HostOutcome{hosts[i].name, r.machine, r.reports, std::nullopt});
    if (!r.error.empty()) outcome.all_complete = false;
    if (r.result.empty()) continue;
    const std::string path = default_result_path(request.recipe.file, remote::file_name_part(host.name), stamp);
    std::string error;
    if (!platform::make_directories("results", error) || !platform::write_file_atomically(path, r.result, error)) {
      log << fmt::format("hwbench: {}: {}\n", host.name, error);
      outcome.all_complete = false;
      continue;
    }
    auto result = record::load_comparable(path, error);
    if (!result) {
      log << fmt::format("hwbench: {}: the result it sent cannot be read: {}\n", host.name, error);
      outcome.all_complete = false;
      continue;
    }
    if (!request.quiet) log << fmt::format("result of {}: {}\n", host.name, path);
    if (r.remote_exit == 0 && result->status == model::RunStatus::complete) host.result = std::move(*result);
  }
  return outcome;
}

}  // namespace

std::optional<FleetOutcome> run_fleet(const FleetRequest& request, std::ostream& log) {
  const auto hosts = gather_hosts(request, log);
  if (!hosts) return std::nullopt;
  std::string error;
  auto recipe_text = record::read_text_file(request.recipe.file, error);
  if (!recipe_text) {
    log << "hwbench: " << error << "\n";
    return std::nullopt;
  }
  const std::string recipe_name = std::filesystem::path(request.recipe.file).filename().string();
  BundleFiles bundle{recipe_directory(request.recipe.file), {{recipe_name, std::move(*recipe_text)}}, {recipe_name}};
  if (!gather_files(request, *hosts, bundle, log)) return std::nullopt;
  const remote::RunRequest session = session_request(request, bundle, recipe_name);
  const std::vector<remote::HostBinaries> binaries = host_binaries(request, *hosts, log);
  run::InterruptGuard guard;
  std::vector<remote::HostRun> runs = run_sessions(*hosts, binaries, session, request.serial, guard.flag(), log);
  FleetOutcome outcome = collect(request, *hosts, runs, log);
  outcome.interrupted = guard.flag()->load();
  return outcome;
}

}  // namespace hwbench::runtime::pipeline
