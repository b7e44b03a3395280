// `hwbench check`, and the reading and checking that `run` shares.
#include "runtime/cli/commands.hpp"

#include <chrono>
#include <filesystem>
#include <thread>

#include <fmt/format.h>

#include "runtime/analysis/conditions.hpp"
#include "runtime/cli/cli.hpp"
#include "base/platform/clock.hpp"
#include "runtime/plan/plan_printer.hpp"
#include "kernels/builtin/builtin.hpp"
#include "base/platform/real_file_view.hpp"
#include "lang/recipe/parser.hpp"
#include "runtime/record/toml_reader.hpp"

namespace hwbench::runtime::cli {

using check::CheckOptions;
using check::CheckedRecipe;
using check::check;
using plan::print_plan;
using record::read_text_file;

namespace {

std::string current_dir() {
  std::error_code ec;
  auto p = std::filesystem::current_path(ec);
  return ec ? std::string("/") : p.string();
}

}  // namespace

/// Parses and checks; prints diagnostics. Returns the exit code on failure.
std::optional<CheckedRecipe> load_and_check(const Common& c, lang::Source& source, const kernels::Registry& registry,
                                            const kernels::FileView& files, std::ostream& err, int& code,
                                            std::shared_ptr<const platform::MachineProbe> machine) {
  std::string error;
  auto text = read_text_file(c.file, error);
  if (!text) {
    err << "hwbench: " << error << "\n";
    code = exit_usage;
    return std::nullopt;
  }
  source.text = std::move(*text);
  source.name = c.file;
  CheckOptions opts;
  opts.registry = &registry;
  opts.allow_exec = c.allow_exec;
  opts.cwd = current_dir();
  opts.files = &files;
  if (machine) opts.machine = std::move(machine);
  for (const auto& l : c.locations) {
    auto eq = l.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == l.size()) {
      err << fmt::format("hwbench: -L needs NAME=PATH or /DIR=PATH, not '{}'\n", l);
      code = exit_usage;
      return std::nullopt;
    }
    std::string path = l.substr(eq + 1);
    if (path[0] != '/') path = opts.cwd + "/" + path;
    opts.overrides.emplace_back(l.substr(0, eq), path);
  }
  for (const auto& s : c.settings) {
    auto eq = s.find('=');
    if (eq == std::string::npos || eq == 0) {
      err << fmt::format("hwbench: --set needs NAME=VALUE, not '{}'\n", s);
      code = exit_usage;
      return std::nullopt;
    }
    opts.settings.emplace_back(s.substr(0, eq), s.substr(eq + 1));
  }
  lang::Diagnostics diags;
  auto recipe = lang::recipe::parse(source, diags);
  std::optional<CheckedRecipe> checked;
  if (recipe) checked = check(*recipe, source, opts, diags);
  diags.render(source, err);
  if (!checked || diags.has_errors()) {
    auto n = diags.error_count();
    err << fmt::format("{} error{} in {}; nothing was run\n", n, n == 1 ? "" : "s", c.file);
    code = exit_recipe;
    return std::nullopt;
  }
  return checked;
}

std::vector<std::string> busy_machine_warnings(const plan::Plan& plan, platform::ConditionsSampler& sampler,
                                               const std::function<void()>& pause) {
  if (!analysis::is_long_run(plan.estimated_seconds)) return {};
  const auto first = sampler.sample();
  // Steal needs an interval; the load average does not. A run of unknown length (most recipes)
  // gets the load alone, so that `check` does not wait a second every time.
  if (plan.estimated_seconds) pause();
  const auto second = sampler.sample();
  const unsigned cpus = static_cast<unsigned>(second.cpus.value_or(std::max(1u, std::thread::hardware_concurrency())));
  return analysis::busy_warnings(first, second, cpus, plan.estimated_seconds);
}

int cmd_check(const Common& c, bool busy_check, std::ostream& out, std::ostream& err) {
  auto registry = kernels::builtin::builtin_registry();
  platform::RealFileView files;
  lang::Source source;
  int code = exit_ok;
  auto checked = load_and_check(c, source, registry, files, err, code);
  if (!checked) return code;
  print_plan(checked->plan, out);
  if (busy_check) {
    platform::RealClock clock;
    platform::SystemConditionsSampler sampler("", clock);
    // One second: enough ticks (100 per CPU) to judge steal, short beside the run it warns about.
    const auto warnings = busy_machine_warnings(checked->plan, sampler, [] { std::this_thread::sleep_for(std::chrono::seconds(1)); });
    for (const auto& w : warnings) err << "hwbench: warning: " << w << "\n";
  }
  return exit_ok;
}

}  // namespace hwbench::runtime::cli
