// `hwbench reproduce LOG…`: the procedure a log shows, inferred (runtime/reproduce), written as a
// recipe, checked or run here through the same commands as `check` and `run`, then compared
// with the log as the base (docs/reproduce.md).
#include <unistd.h>

#include <filesystem>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/platform/atomic_file.hpp"
#include "base/platform/machine.hpp"
#include "base/platform/scratch_directory.hpp"
#include "base/platform/whole_file.hpp"
#include "runtime/cli/cli.hpp"
#include "runtime/cli/commands.hpp"
#include "runtime/pipeline/render.hpp"
#include "runtime/pipeline/result_names.hpp"
#include "runtime/pipeline/run_recipe.hpp"
#include "runtime/record/comparable.hpp"
#include "runtime/record/toml_reader.hpp"
#include "runtime/reproduce/procedures.hpp"
#include "runtime/reproduce/summary.hpp"

namespace hwbench::runtime::cli {

namespace {

/// How a log's kind is told: "an nbench log", "a hwbench result file".
std::string kind_text(const std::string& kind) {
  if (kind == "result") return "a hwbench result file";
  if (kind == "published") return "a published result";
  if (kind == "openssl") return "an openssl speed log";
  return fmt::format("{} {} log", kind == "nbench" ? "an" : "a", kind);
}

std::uint64_t machine_ram() {
  const auto meminfo = platform::read_whole_file("/proc/meminfo");
  return meminfo ? platform::meminfo_bytes(*meminfo, "MemTotal").value_or(0) : 0;
}

/// Writes the recipe (and the files it reads) at `path`; false with the cause told.
bool write_recipe(const record::Procedure& procedure, const std::string& path, std::ostream& err) {
  std::string error;
  const std::filesystem::path dir = std::filesystem::path(path).parent_path();
  for (const auto& [relative, text] : procedure.files) {
    const std::string file = (dir / relative).string();
    if (!platform::make_directories(std::filesystem::path(file).parent_path().string(), error)) {
      err << "hwbench: " << error << "\n";
      return false;
    }
    if (!write_whole_file(file, text, err)) return false;
  }
  return write_whole_file(path, procedure.recipe, err);
}

/// The request that checks or runs the derived recipe: the procedure's own --set values, then
/// the command line's (which win); false, with the cause told, when a value or a location the
/// procedure needs is not given (a dry run only notes them).
bool recipe_request(const Common& given, const record::Procedure& procedure, const std::string& path,
                    const std::string& log_name, bool dry_run, Common& request, std::ostream& err) {
  request = given;
  request.file = path;
  // --original asked for the program to run: its step needs no --allow-exec of its own.
  request.allow_exec = given.allow_exec || procedure.original;
  request.settings.clear();
  const auto given_setting = [&](const std::string& name) {
    return std::any_of(given.settings.begin(), given.settings.end(),
                       [&](const std::string& s) { return s.rfind(name + "=", 0) == 0; });
  };
  for (const auto& [name, value] : procedure.settings)
    if (!given_setting(name)) request.settings.push_back(name + "=" + value);
  request.settings.insert(request.settings.end(), given.settings.begin(), given.settings.end());
  bool complete = true;
  for (const auto& [name, what] : procedure.missing) {
    if (given_setting(name)) continue;
    err << fmt::format("{}: {}: the log does not give {}: give it with --set {}=…\n",
                       dry_run ? "reproduce: note" : "hwbench", log_name, what, name);
    complete = complete && dry_run;
  }
  for (const auto& location : procedure.locations) {
    const bool named = std::any_of(given.locations.begin(), given.locations.end(), [&](const std::string& l) {
      const auto split = pipeline::split_location(l);
      return split && split->first == location;
    });
    if (named) continue;
    if (dry_run) {
      err << fmt::format("reproduce: note: to run it, give -L {}=PATH (checked here with the built-in default)\n",
                         location);
      continue;
    }
    err << fmt::format(
        "hwbench: {}: its procedure needs -L {}=PATH: the log cannot say where that is on this "
        "machine (a directory hwbench may write in)\n",
        log_name, location);
    complete = false;
  }
  return complete;
}

/// The runs' results beside the log's figures, the log the base, and each one's verdict under it.
/// A run with sections (--original: the program's section and hwbench's) gives a column per
/// section, "NAME (SECTION)".
void print_comparison(const reproduce::Log& log, const std::vector<const model::Result*>& runs,
                      const std::vector<std::string>& run_names, const analysis::CompareOptions& options,
                      std::size_t width, std::ostream& out) {
  std::vector<model::Result> parts;  // the runs' sections, as columns of their own
  std::vector<std::string> names{std::filesystem::path(log.name).filename().string()};
  for (std::size_t i = 0; i < runs.size(); ++i) {
    for (auto& [section, part] : reproduce::split_sections(*runs[i], log)) {
      parts.push_back(std::move(part));
      names.push_back(section.empty() ? run_names[i] : fmt::format("{} ({})", run_names[i], section));
    }
  }
  std::vector<const model::Result*> columns{&log.result};
  for (const auto& part : parts) columns.push_back(&part);
  const auto comparison = analysis::compare_results(columns, names, options);
  out << "\n" << pipeline::render_comparison(columns, comparison, options, false, width);
  for (std::size_t column = 1; column < columns.size(); ++column)
    for (const auto& line : reproduce::reproduce_summary(comparison, column)) out << line << "\n";
}

/// Everything a reproduction of one log is done with.
struct Reproduction {
  const Common& common;
  const ReproduceChoices& choices;
  const HostsOptions& hosts;
  const std::string& format;
  std::size_t width;
  const RunDisplay& display;
  const std::vector<std::string>& argv;
  const analysis::CompareOptions& options;
};

/// The log read and its procedure inferred, both told; nullopt with the exit code set.
std::optional<std::pair<reproduce::Log, record::Procedure>> read_and_infer(const std::string& name, bool original,
                                                                           std::ostream& err, int& code) {
  std::string error;
  // A device reads forever (/dev/zero) or waits (a tty): no tool's log is one. Pipes are read.
  std::error_code ec;
  if (std::filesystem::is_character_file(name, ec) || std::filesystem::is_block_file(name, ec)) {
    err << fmt::format("hwbench: {}: a device, not a log\n", name);
    code = exit_usage;
    return std::nullopt;
  }
  auto text = record::read_text_file(name, error);
  if (!text) {
    err << "hwbench: " << error << "\n";
    code = exit_usage;
    return std::nullopt;
  }
  auto log = reproduce::read_log(std::move(*text), name, error);
  auto procedure =
      log ? reproduce::infer_procedure(*log, {machine_ram(), original, ::geteuid() == 0}, error) : std::nullopt;
  if (!procedure) {
    err << "hwbench: " << error << "\n";
    code = exit_recipe;
    return std::nullopt;
  }
  err << fmt::format("reproduce: {}: read as {}; the procedure: {}\n", name, kind_text(log->kind), procedure->tool);
  for (const auto& note : procedure->notes) err << fmt::format("reproduce: note: {}\n", note);
  return std::make_pair(std::move(*log), std::move(*procedure));
}

/// The derived recipe run here or on the hosts, its reports printed, then the comparison.
int run_and_compare(const Reproduction& how, const reproduce::Log& log, const Common& request, const std::string& stem,
                    std::ostream& out, std::ostream& err) {
  if (how.hosts.any()) {
    HostResults results;
    const int code = run_on_hosts(request, how.hosts, how.format, how.width, how.display, results, out, err);
    if (results.results.empty()) return code;
    const auto runs = result_pointers(results);
    print_comparison(log, runs, results.names, how.options, how.width, out);
    // The nodes judged among themselves, without the log.
    if (runs.size() >= 3)
      print_node_verdict(analysis::compare_results(runs, results.names, {}), results.kind, how.hosts, how.format, out);
    return code;
  }
  RunChoices files;
  files.blocks = how.choices.blocks;
  std::optional<pipeline::ReservedResults> reserved;
  if (how.choices.output.empty()) {
    const std::string stamp = pipeline::utc_stamp("%Y%m%dT%H%M%SZ");
    reserved.emplace(
        [&](int n) { return std::vector{pipeline::result_path_candidate(stem + "-reproduced.bench", "", stamp, n)}; });
  }
  files.output = reserved ? reserved->paths().front() : how.choices.output;
  const int code = cmd_run(request, files, how.format, how.width, how.display, RemoteRole::none, how.argv, out, err);
  if (code != exit_ok) return code;
  std::string error;
  auto here = record::load_comparable(files.output, error);
  if (!here) {
    err << "hwbench: " << error << "\n";
    return exit_failure;
  }
  print_comparison(log, {&*here}, {"this machine"}, how.options, how.width, out);
  return exit_ok;
}

/// One log reproduced: read, its procedure inferred and written, then checked (--dry-run) or run.
int reproduce_one(const Reproduction& how, const std::string& name, std::ostream& out, std::ostream& err) {
  int code = exit_ok;
  auto inferred = read_and_infer(name, how.choices.original, err, code);
  if (!inferred) return code;
  const auto& [log, procedure] = *inferred;
  // The derived recipe lives here unless --emit names its place.
  const platform::ScratchDirectory work("hwbench-reproduce");
  const std::string stem = std::filesystem::path(name).stem().string();
  const std::string& emit = how.choices.emit;
  if (emit.empty() && work.path().empty()) {
    err << "hwbench: cannot make a directory for the derived recipe in " << std::filesystem::temp_directory_path()
        << "\n";
    return exit_failure;
  }
  const std::string path = emit.empty() ? (std::filesystem::path(work.path()) / (stem + ".bench")).string() : emit;
  if (!write_recipe(procedure, path, err)) return exit_failure;
  if (!emit.empty()) err << fmt::format("recipe: {}\n", path);
  // The derived recipe's file goes with the temporary directory: a diagnostic that names it says
  // where the line it quotes can be kept.
  const auto refused = [&](int code) {
    if (emit.empty() && (code == exit_usage || code == exit_recipe))
      err << fmt::format(
          "reproduce: note: {} was the derived recipe, removed with its directory: --emit FILE keeps "
          "it, --dry-run prints it\n",
          path);
    return code;
  };
  Common request;
  if (!recipe_request(how.common, procedure, path, name, how.choices.dry_run, request, err)) return refused(exit_usage);
  if (how.choices.dry_run) {
    out << procedure.recipe << "\n";
    return refused(cmd_check(request, false, out, err));
  }
  return refused(run_and_compare(how, log, request, stem, out, err));
}

}  // namespace

int cmd_reproduce(const Common& c, const ReproduceChoices& choices, const HostsOptions& hosts,
                  const std::string& format, std::size_t width, const RunDisplay& display,
                  const std::vector<std::string>& argv, std::ostream& out, std::ostream& err) {
  if ((!choices.emit.empty() || !choices.output.empty()) && choices.logs.size() > 1) {
    err << "hwbench: --emit and -o name one file; give one log with them\n";
    return exit_usage;
  }
  if (hosts.any() && !choices.output.empty()) {
    err << "hwbench: -o names one file; a run on hosts writes results/<recipe>-<host>-<UTC time>.json for each\n";
    return exit_usage;
  }
  // The log is the one thing a reproduction must never write over.
  for (const auto& [option, file] : {std::pair{"--emit", &choices.emit}, std::pair{"-o", &choices.output}}) {
    std::error_code ec;
    if (!file->empty() && !choices.logs.empty() && std::filesystem::equivalent(*file, choices.logs.front(), ec)) {
      err << fmt::format("hwbench: {} {} is the log itself; name another file\n", option, *file);
      return exit_usage;
    }
  }
  analysis::CompareOptions options;
  if (!choices.effect.empty()) {
    if (auto why = analysis::set_compare_option(options, "effect", choices.effect); !why.empty()) {
      err << fmt::format("hwbench: --effect: {}\n", why);
      return exit_usage;
    }
  }
  const Reproduction how{c, choices, hosts, format, width, display, argv, options};
  int worst = exit_ok;
  for (const auto& name : choices.logs) {
    const int code = reproduce_one(how, name, out, err);
    // A log that could not be read or run stops the rest; a failed comparison does not.
    if (code != exit_ok && code != exit_failure) return code;
    worst = std::max(worst, code);
  }
  return worst;
}

}  // namespace hwbench::runtime::cli
