// `hwbench run RECIPE --host DEST… | --hosts FLEET.toml`: the recipe run on other hosts over
// OpenSSH, each host's reports, and the comparison of the hosts (docs/remote.md).
#include "runtime/cli/commands.hpp"

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

#include "kernels/builtin/builtin.hpp"
#include "base/platform/real_file_view.hpp"
#include "runtime/cli/cli.hpp"
#include "base/platform/atomic_file.hpp"
#include "base/platform/probe.hpp"
#include "runtime/record/comparable.hpp"
#include "runtime/record/toml_reader.hpp"
#include "runtime/remote/bundle.hpp"
#include "runtime/remote/dist.hpp"
#include "runtime/remote/fleet_file.hpp"
#include "runtime/remote/host_run.hpp"
#include "runtime/remote/ssh_session.hpp"
#include "runtime/report/compare_report.hpp"
#include "runtime/run/interpreter.hpp"

namespace hwbench::runtime::cli {

using model::ReportLayout;
using model::Result;
using model::RunStatus;
using platform::make_directories;
using platform::write_file_atomically;
using record::load_comparable;
using record::read_text_file;
using remote::BundleFile;
using remote::DistBinary;
using remote::Host;
using remote::HostBinaries;
using remote::HostRun;
using remote::RunRequest;
using run::InterruptGuard;

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

/// The hosts of the command line: the fleet file's, then each --host's.
std::optional<std::vector<Host>> gather_hosts(const HostsOptions& options, std::ostream& err) {
  std::vector<Host> hosts;
  if (!options.fleet_file.empty()) {
    std::string error;
    auto fleet = remote::load_fleet(options.fleet_file, error);
    if (!fleet) {
      err << error << "\n";
      return std::nullopt;
    }
    hosts = std::move(*fleet);
  }
  for (const auto& dest : options.destinations) {
    if (const std::string why = remote::destination_problem(dest); !why.empty()) {
      err << fmt::format("hwbench: --host: {}\n", why);
      return std::nullopt;
    }
    for (const auto& h : hosts) {
      if (h.name == dest) {
        err << fmt::format("hwbench: the host '{}' is named twice\n", dest);
        return std::nullopt;
      }
    }
    hosts.push_back(Host{dest, dest, {}, "", ""});
  }
  return hosts;
}

/// The directory the checker finds a recipe's relative file names in (Checker::recipe_dir).
std::string recipe_directory(const std::string& file) {
  std::error_code ec;
  const std::filesystem::path cwd = std::filesystem::current_path(ec);
  return (cwd / std::filesystem::path(file).parent_path()).lexically_normal().string();
}

/// Adds each file `plan` reads (its baselines, the results its `compare` reports name) to
/// `files`, at its place relative to the recipe's directory; false with `error` for a file
/// outside that directory, which the run on a host could not find at the same relative place.
bool add_named_files(const plan::Plan& plan, const std::string& recipe_dir, std::vector<BundleFile>& files,
                     std::set<std::string>& seen, std::string& error) {
  std::vector<std::string> named;
  for (const auto& b : plan.baselines) named.push_back(b.file);
  for (const auto& r : plan.reports)
    if (r.style.layout == ReportLayout::compare) named.push_back(report::compared_path(r));
  for (const auto& file : named) {
    const std::filesystem::path normal = std::filesystem::path(file).lexically_normal();
    const std::string relative = normal.lexically_relative(std::filesystem::path(recipe_dir).lexically_normal()).string();
    if (!remote::bundle_path_problem(relative).empty()) {
      error = fmt::format("{}: a recipe run on other hosts can name only files in its own directory or below it, by "
                          "relative paths; this one is outside {}",
                          normal.string(), recipe_dir);
      return false;
    }
    if (!seen.insert(relative).second) continue;
    auto text = read_text_file(normal.string(), error);
    if (!text) return false;
    files.push_back({relative, std::move(*text)});
  }
  return true;
}

/// Removes the pre-check's directory (`dir` "" when there is none).
void remove_scratch(const std::string& dir) {
  std::error_code ec;
  if (!dir.empty()) std::filesystem::remove_all(dir, ec);
}

/// The heading of one block of the output: a host's reports or the comparison.
std::string block_heading(const std::string& title, const std::string& format) {
  if (format == "md" || format == "markdown") return fmt::format("# {}\n\n", title);
  return fmt::format("{}\n{}\n\n", title, std::string(title.size(), '='));
}

}  // namespace

int cmd_run_hosts(const Common& c, const HostsOptions& options, const std::string& format, std::size_t width,
                  const RunDisplay& display, std::ostream& out, std::ostream& err) {
  auto hosts = gather_hosts(options, err);
  if (!hosts) return exit_usage;

  std::string error;
  const auto recipe_text = read_text_file(c.file, error);
  if (!recipe_text) {
    err << "hwbench: " << error << "\n";
    return exit_usage;
  }
  // The recipe is checked here first, once per host with that host's locations, to learn the
  // files it names (baselines, `compare with` results) before any session opens. The hosts'
  // directories are not this machine's: each location is mapped to an empty directory here, and
  // nothing is said about free space or memory; each host checks the recipe against itself.
  const auto registry = kernels::builtin::builtin_registry();
  platform::RealFileView file_view;
  const auto unknown = std::make_shared<NotYetKnownMachine>();
  const std::string recipe_dir = recipe_directory(c.file);
  const std::string recipe_name = std::filesystem::path(c.file).filename().string();
  std::vector<BundleFile> files{{recipe_name, *recipe_text}};
  std::set<std::string> seen{recipe_name};
  std::string scratch = (std::filesystem::temp_directory_path() / "hwbench-precheck-XXXXXX").string();
  if (::mkdtemp(scratch.data()) == nullptr) scratch.clear();
  for (const auto& host : *hosts) {
    Common for_host = c;
    for_host.locations.insert(for_host.locations.end(), host.locations.begin(), host.locations.end());
    for (std::size_t i = 0; i < for_host.locations.size() && !scratch.empty(); ++i) {
      const std::string& l = for_host.locations[i];
      const auto eq = l.find('=');
      if (eq == std::string::npos) continue;  // load_and_check says what is wrong with it
      const std::string here = fmt::format("{}/{}", scratch, i);
      std::error_code ec;
      std::filesystem::create_directories(here, ec);
      for_host.locations[i] = l.substr(0, eq + 1) + here;
    }
    lang::Source source;
    int code = exit_ok;
    std::ostringstream diagnostics;
    const auto checked = load_and_check(for_host, source, registry, file_view, diagnostics, code, unknown);
    if (!checked) {
      if (code != exit_recipe) {
        err << diagnostics.str();
        remove_scratch(scratch);
        return code;
      }
      // What fails here may pass there (a file that only the host has): the host's own check decides.
      err << fmt::format("hwbench: note: the recipe does not pass the check here with {}'s locations; {} checks it itself, "
                         "and it is sent without the files it names\n",
                         host.name, host.name);
      continue;
    }
    if (!add_named_files(checked->plan, recipe_dir, files, seen, error)) {
      err << "hwbench: " << error << "\n";
      remove_scratch(scratch);
      return exit_usage;
    }
  }
  remove_scratch(scratch);

  RunRequest request;
  request.ssh_client = remote::ssh_client_words(std::getenv("HWBENCH_SSH"));
  request.version = hwbench_version();
  request.bundle = remote::pack_bundle(files);
  request.recipe = recipe_name;
  if (c.allow_exec) request.run_words.push_back("--allow-exec");
  for (const auto& s : c.settings) request.run_words.insert(request.run_words.end(), {"--set", s});
  request.run_words.insert(request.run_words.end(), {"--width", std::to_string(width), "--format", format});
  if (display.quiet) request.run_words.push_back("-q");
  if (display.verbose) request.run_words.push_back("-v");
  for (const auto& l : c.locations) request.run_words.insert(request.run_words.end(), {"-L", l});

  // The static binaries, looked for once per directory list (hosts may name their own).
  const std::string executable = remote::running_executable();
  std::map<std::vector<std::string>, HostBinaries> binaries_by_dirs;
  std::vector<const HostBinaries*> binaries;
  for (const auto& host : *hosts) {
    const auto dirs = remote::dist_dirs(host.dist.empty() ? options.dist : host.dist, std::getenv("HWBENCH_DIST"), executable);
    auto it = binaries_by_dirs.find(dirs);
    if (it == binaries_by_dirs.end()) {
      std::vector<std::string> problems;
      HostBinaries found{remote::find_dist_binaries(dirs, request.version, problems, remote::dist_hash_memo()), dirs};
      for (const auto& p : problems) err << "hwbench: " << p << "\n";
      it = binaries_by_dirs.emplace(dirs, std::move(found)).first;
    }
    binaries.push_back(&it->second);
  }

  // Ctrl-C or SIGTERM sets the flag; each session then closes its stdin, and the run on its
  // host stops as after a Ctrl-C there. A session that ends early leaves its input unread: that
  // must be a failed write, not a SIGPIPE.
  InterruptGuard guard;
  struct sigaction ignore {}, old_pipe {};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &ignore, &old_pipe);
  const std::string stamp = utc_stamp("%Y%m%dT%H%M%SZ");
  std::vector<HostRun> runs(hosts->size());
  std::mutex err_mutex;
  const auto run_one = [&](std::size_t i) {
    const Host& host = (*hosts)[i];
    runs[i] = remote::run_on_host(host, *binaries[i], request, guard.flag(), [&](const std::string& line) {
      std::lock_guard<std::mutex> lock(err_mutex);
      err << host.name << ": " << line << "\n" << std::flush;
    });
    if (!runs[i].error.empty()) {
      std::lock_guard<std::mutex> lock(err_mutex);
      err << fmt::format("hwbench: {}: {}\n", host.name, runs[i].error) << std::flush;
    }
  };
  if (options.serial) {
    for (std::size_t i = 0; i < hosts->size(); ++i) run_one(i);
  } else {
    std::vector<std::thread> threads;
    for (std::size_t i = 0; i < hosts->size(); ++i) threads.emplace_back(run_one, i);
    for (auto& t : threads) t.join();
  }
  ::sigaction(SIGPIPE, &old_pipe, nullptr);

  // Each host's result file here, then its reports; the complete ones are compared.
  bool all_complete = true;
  std::vector<Result> complete;
  std::vector<std::string> names;
  bool first_block = true;
  const std::string stem = std::filesystem::path(c.file).stem().string();
  for (std::size_t i = 0; i < hosts->size(); ++i) {
    const Host& host = (*hosts)[i];
    const HostRun& r = runs[i];
    if (!r.error.empty()) all_complete = false;
    if (r.result.empty()) continue;
    const std::string path = fmt::format("results/{}-{}-{}.json", stem, remote::file_name_part(host.name), stamp);
    error.clear();
    if (!make_directories("results", error) || !write_file_atomically(path, r.result, error)) {
      err << fmt::format("hwbench: {}: {}\n", host.name, error);
      all_complete = false;
      continue;
    }
    auto result = load_comparable(path, error);
    if (!result) {
      err << fmt::format("hwbench: {}: the result it sent cannot be read: {}\n", host.name, error);
      all_complete = false;
      continue;
    }
    if (!display.quiet) err << fmt::format("result of {}: {}\n", host.name, path);
    if (r.remote_exit != 0 || result->status != RunStatus::complete) continue;
    if (!first_block) out << "\n";
    first_block = false;
    out << block_heading(fmt::format("{} ({})", host.name, r.machine), format) << r.reports;
    complete.push_back(std::move(*result));
    names.push_back(host.name);
  }
  if (complete.size() >= 2) {
    out << "\n" << block_heading(fmt::format("Comparison: {} (the base) and the others", names.front()), format);
    print_comparison(complete, names, {}, "text", out);
  } else if (hosts->size() >= 2) {
    err << fmt::format("hwbench: no comparison: {} of the {} hosts ran the recipe through\n", complete.size(), hosts->size());
  }
  if (guard.flag()->load()) return exit_interrupted;
  return all_complete ? exit_ok : exit_failure;
}

}  // namespace hwbench::runtime::cli
