#include "runtime/pipeline/run_recipe.hpp"

#include <algorithm>
#include <ctime>
#include <filesystem>

#include <fmt/format.h>
#include <openssl/evp.h>

#include "runtime/analysis/indices.hpp"
#include "runtime/environment/environment.hpp"

namespace hwbench::runtime::pipeline {

std::string sha256_hex(const std::string& text) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  EVP_Digest(text.data(), text.size(), digest, &len, EVP_sha256(), nullptr);
  std::string out;
  for (unsigned int i = 0; i < len; ++i) out += fmt::format("{:02x}", digest[i]);
  return out;
}

namespace {

/// The result as the plan declares it, before anything runs.
model::Result declared_result(const RunRequest& request) {
  const plan::Plan& plan = request.checked->plan;
  model::Result result;
  result.recipe_file = request.source->name;
  result.recipe_text = request.source->text;
  result.recipe_sha256 = sha256_hex(request.source->text);
  result.meta = plan.meta;
  result.parameters = plan.parameters;
  result.command_line = request.command_line;
  result.environment = environment::capture_environment();
  result.locations = plan.locations;
  result.reports = plan.reports;
  result.baselines = plan.baselines;
  for (const auto& spec : plan.indices) result.indices.push_back(model::IndexValue{spec, 0, {}, std::nullopt});
  return result;
}

/// What importers read from command steps' output: in a section, laid over the environment in
/// its reports only; at the top level, the facts the run did not capture itself. And the series
/// each section's reports then cover; the baselines and indices the tool's report needs
/// (nbench's), where the recipe has none of the same name.
void merge_imported(run::RunOutcome& outcome, model::Result& result) {
  for (const auto& [section, env] : outcome.imported_environment) {
    if (!section.empty()) {
      result.section_environment[section] = env;
      continue;
    }
    for (const auto& [key, value] : env.items())
      if (!result.environment.contains(key)) result.environment[key] = value;
  }
  for (const auto& [label, section] : outcome.imported_series)
    for (auto& spec : result.reports)
      if (!section.empty() && spec.section == section) spec.series.push_back(label);
  for (auto& b : outcome.imported_baselines) model::add_once(result.baselines, std::move(b));
  for (auto& spec : outcome.imported_indices) model::add_once(result.indices, std::move(spec));
}

}  // namespace

RunRecord run_recipe(const RunRequest& request) {
  RunRecord record;
  model::Result& result = record.result;
  result = declared_result(request);
  result.started_utc = utc_stamp("%Y-%m-%dT%H:%M:%SZ");
  run::RunOutcome outcome = run::run_plan(*request.checked, request.options);
  result.conditions = std::move(outcome.conditions);
  result.settle = std::move(outcome.settle);
  result.turn_cpus = std::move(outcome.turn_cpus);
  result.finished_utc = utc_stamp("%Y-%m-%dT%H:%M:%SZ");
  result.status = outcome.status;
  result.error = outcome.error;
  result.series = std::move(outcome.series);
  result.programs = std::move(outcome.programs);
  result.unclaimed = std::move(outcome.unclaimed);
  merge_imported(outcome, result);
  analysis::compute_indices(result);
  record.removed_after_failure = std::move(outcome.removed_after_failure);
  record.left_behind = std::move(outcome.left_behind);
  return record;
}

std::string utc_stamp(const char* format) {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&now, &tm);
  char buf[64];
  std::strftime(buf, sizeof buf, format, &tm);
  return buf;
}

}  // namespace hwbench::runtime::pipeline
