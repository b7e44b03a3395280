#include "runtime/pipeline/local_launcher.hpp"

#include <sys/utsname.h>
#include <unistd.h>

#include <filesystem>

#include "base/platform/atomic_file.hpp"
#include "base/platform/real_file_view.hpp"
#include "runtime/record/result_file.hpp"

namespace hwbench::runtime::pipeline {

namespace {

/// This machine's host name and `uname -m`.
std::pair<std::string, std::string> this_machine() {
  utsname u{};
  if (::uname(&u) != 0) return {"localhost", ""};
  return {u.nodename, u.machine};
}

}  // namespace

std::optional<LaunchOutcome> LocalLauncher::launch(const LaunchRequest& request, std::ostream& log) {
  std::shared_ptr<const LoadedRecipe> loaded = setup_.loaded;
  if (!loaded) {
    const platform::RealFileView file_view;
    CheckContext context{*request.registry, file_view, nullptr};
    context.warnings_told = setup_.warnings_told;
    loaded = load_recipe_once(request.recipe, context, log, failure_);
    if (!loaded) return std::nullopt;
  }
  std::string error;
  const std::string dir = std::filesystem::path(setup_.result_path).parent_path().string();
  if (!dir.empty() && !platform::make_directories(dir, error)) {
    log << "hwbench: " << error << "\n";
    failure_ = LoadFailure::usage;
    return std::nullopt;
  }

  RunRequest run{&*loaded->checked, &loaded->source, setup_.command_line, setup_.options};
  record_ = std::make_shared<RunRecord>(run_recipe(run));
  model::Result& result = record_->result;
  const bool complete = result.status == model::RunStatus::complete;
  rendered_ = render_result(result, setup_.render);
  if (complete) result.rendered = rendered_.reports;

  const auto [name, machine] = this_machine();
  LaunchOutcome outcome;
  TargetOutcome& target = outcome.targets.emplace_back();
  target.name = name;
  target.machine = machine;
  if (complete) target.reports = rendered_.text;
  target.error = complete ? "" : result.error;
  if (record::save_result(result, setup_.result_path, error)) {
    target.result_path = setup_.result_path;
  } else {
    target.error = error;
  }
  outcome.all_complete = complete && target.error.empty();
  outcome.interrupted = result.status == model::RunStatus::interrupted;
  // The outcome shares the record rather than copy its samples.
  if (target.error.empty()) target.result = std::shared_ptr<const model::Result>(record_, &record_->result);
  return outcome;
}

}  // namespace hwbench::runtime::pipeline
