// `hwbench check`, and the reading and checking that `run` shares.
#include <chrono>
#include <thread>

#include <fmt/format.h>

#include "base/platform/clock.hpp"
#include "base/platform/real_file_view.hpp"
#include "kernels/builtin/builtin.hpp"
#include "runtime/analysis/conditions.hpp"
#include "runtime/cli/cli.hpp"
#include "runtime/cli/commands.hpp"
#include "runtime/pipeline/recipe_load.hpp"
#include "runtime/plan/plan_printer.hpp"

namespace hwbench::runtime::cli {

using check::check;

std::optional<check::CheckedRecipe> load_and_check(const Common& c, lang::Source& source,
                                                   const kernels::Registry& registry, const platform::FileView& files,
                                                   std::ostream& err, int& code,
                                                   std::shared_ptr<const platform::MachineProbe> machine) {
  pipeline::LoadFailure failure = pipeline::LoadFailure::usage;
  auto checked =
      pipeline::load_recipe(c, pipeline::CheckContext{registry, files, std::move(machine)}, source, err, failure);
  if (!checked) code = failure == pipeline::LoadFailure::recipe ? exit_recipe : exit_usage;
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
  plan::print_plan(checked->plan, out);
  if (busy_check) {
    platform::RealClock clock;
    platform::SystemConditionsSampler sampler("", clock);
    // One second: enough ticks (100 per CPU) to judge steal, short beside the run it warns about.
    const auto warnings =
        busy_machine_warnings(checked->plan, sampler, [] { std::this_thread::sleep_for(std::chrono::seconds(1)); });
    for (const auto& w : warnings) err << "hwbench: warning: " << w << "\n";
  }
  return exit_ok;
}

}  // namespace hwbench::runtime::cli
