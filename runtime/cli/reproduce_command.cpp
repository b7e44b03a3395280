// `hwbench reproduce LOG…`: the procedure a log shows, inferred (runtime/reproduce), written as a
// recipe, checked or run here through the same commands as `check` and `run`, then compared
// with the log as the base (docs/reproduce.md).
#include <filesystem>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/platform/atomic_file.hpp"
#include "base/platform/machine.hpp"
#include "base/platform/scratch_directory.hpp"
#include "base/platform/whole_file.hpp"
#include "runtime/cli/cli.hpp"
#include "runtime/cli/commands.hpp"
#include "runtime/pipeline/render.hpp"
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
    if (!platform::make_directories(std::filesystem::path(file).parent_path().string(), error) ||
        !platform::write_file_atomically(file, text, error)) {
      err << "hwbench: " << error << "\n";
      return false;
    }
  }
  if (platform::write_file_atomically(path, procedure.recipe, error)) return true;
  err << "hwbench: " << error << "\n";
  return false;
}

/// The request that checks or runs the derived recipe: the procedure's own --set values, then
/// the command line's (which win); false when a location the procedure needs is not given.
bool recipe_request(const Common& given, const record::Procedure& procedure, const std::string& path,
                    const std::string& log_name, bool dry_run, Common& request, std::ostream& err) {
  request = given;
  request.file = path;
  request.settings.clear();
  for (const auto& [name, value] : procedure.settings) {
    const bool overridden = std::any_of(given.settings.begin(), given.settings.end(),
                                        [&](const std::string& s) { return s.rfind(name + "=", 0) == 0; });
    if (!overridden) request.settings.push_back(name + "=" + value);
  }
  request.settings.insert(request.settings.end(), given.settings.begin(), given.settings.end());
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
    return false;
  }
  return true;
}

/// The run's result beside the log's figures, the log the base, and the verdict under it.
int print_comparison(const reproduce::Log& log, const std::string& result_path, const analysis::CompareOptions& options,
                     std::ostream& out, std::ostream& err) {
  std::string error;
  auto here = record::load_comparable(result_path, error);
  if (!here) {
    err << "hwbench: " << error << "\n";
    return exit_failure;
  }
  const std::string base = std::filesystem::path(log.name).filename().string();
  const std::vector<model::Result> results{log.result, std::move(*here)};
  const std::vector<std::string> names{base, "this machine"};
  out << "\n" << pipeline::render_comparison(results, names, options, false);
  const auto comparison = analysis::compare_results({&results[0], &results[1]}, names, options);
  for (const auto& line : reproduce::reproduce_summary(comparison)) out << line << "\n";
  return exit_ok;
}

}  // namespace

int cmd_reproduce(const Common& c, const ReproduceChoices& choices, const std::string& format, std::size_t width,
                  const RunDisplay& display, const std::vector<std::string>& argv, std::ostream& out,
                  std::ostream& err) {
  if ((!choices.emit.empty() || !choices.output.empty()) && choices.logs.size() > 1) {
    err << "hwbench: --emit and -o name one file; give one log with them\n";
    return exit_usage;
  }
  analysis::CompareOptions options;
  if (!choices.effect.empty()) {
    if (auto why = analysis::set_compare_option(options, "effect", choices.effect); !why.empty()) {
      err << fmt::format("hwbench: --effect: {}\n", why);
      return exit_usage;
    }
  }
  int worst = exit_ok;
  for (const auto& name : choices.logs) {
    std::string error;
    auto text = record::read_text_file(name, error);
    if (!text) {
      err << "hwbench: " << error << "\n";
      return exit_usage;
    }
    auto log = reproduce::read_log(std::move(*text), name, error);
    if (!log) {
      err << "hwbench: " << error << "\n";
      return exit_recipe;
    }
    auto procedure = reproduce::infer_procedure(*log, {machine_ram()}, error);
    if (!procedure) {
      err << "hwbench: " << error << "\n";
      return exit_recipe;
    }
    err << fmt::format("reproduce: {}: read as {}; the procedure: {}\n", name, kind_text(log->kind), procedure->tool);
    for (const auto& note : procedure->notes) err << fmt::format("reproduce: note: {}\n", note);
    // The derived recipe lives here unless --emit names its place.
    const platform::ScratchDirectory work("hwbench-reproduce");
    const std::string stem = std::filesystem::path(name).stem().string();
    const std::string path =
        choices.emit.empty() ? (std::filesystem::path(work.path()) / (stem + ".bench")).string() : choices.emit;
    if (choices.emit.empty() && work.path().empty()) {
      err << "hwbench: cannot make a directory for the derived recipe in " << std::filesystem::temp_directory_path()
          << "\n";
      return exit_failure;
    }
    if (!write_recipe(*procedure, path, err)) return exit_failure;
    if (!choices.emit.empty()) err << fmt::format("recipe: {}\n", path);
    Common request;
    if (!recipe_request(c, *procedure, path, name, choices.dry_run, request, err)) return exit_usage;
    if (choices.dry_run) {
      out << procedure->recipe << "\n";
      const int code = cmd_check(request, false, out, err);
      worst = std::max(worst, code);
      continue;
    }
    RunChoices files;
    files.blocks = choices.blocks;
    files.output = choices.output.empty()
                       ? pipeline::default_result_path(stem + "-reproduced", "", pipeline::utc_stamp("%Y%m%dT%H%M%SZ"))
                       : choices.output;
    const int code = cmd_run(request, files, format, width, display, false, argv, out, err);
    if (code != exit_ok) return code;
    worst = std::max(worst, print_comparison(*log, files.output, options, out, err));
  }
  return worst;
}

}  // namespace hwbench::runtime::cli
