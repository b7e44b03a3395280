// Reruns joined into one result, each run's samples in a block of their own.
#include "runtime/analysis/reruns.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <utility>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace hwbench::runtime::analysis {

namespace {

/// `--set` values as `a=1, b=2`, or "none".
std::string settings_text(const std::map<std::string, std::string>& parameters) {
  if (parameters.empty()) return "none";
  std::vector<std::string> parts;
  for (const auto& [name, value] : parameters) parts.push_back(fmt::format("{}={}", name, value));
  return fmt::format("{}", fmt::join(parts, ", "));
}

/// The wall-clock start of a run's first sample, which no other run shares; 0 when it has none.
std::int64_t first_sample_start(const model::Result& run) {
  for (const model::Series& s : run.series)
    if (!s.samples.empty()) return s.samples.front().start_unix_ns;
  return 0;
}

/// Whether `a` and `b` are one run read twice (one file named twice, or a copy of it); false when
/// neither has a sample to tell by.
bool same_run(const model::Result& a, const model::Result& b) {
  return first_sample_start(a) != 0 && first_sample_start(a) == first_sample_start(b) &&
         a.started_utc == b.started_utc && a.finished_utc == b.finished_utc;
}

/// Why `run` (read from `path`) cannot be joined with `first`, or "".
std::string refusal(const model::Result& run, const std::string& path, const model::Result& first,
                    const std::string& first_path) {
  if (run.kind == model::ResultKind::published)
    return fmt::format("{}: a published result has no samples to join; join the results of `hwbench run` only", path);
  if (run.status != model::RunStatus::complete)
    return fmt::format("{}: this run is {}; join complete runs only", path, model::to_text(run.status));
  if (run.recipe_sha256 != first.recipe_sha256)
    return fmt::format(
        "{} ran another recipe than {} (their SHA-256 differ); reruns joined with + are runs of one recipe", path,
        first_path);
  if (run.parameters != first.parameters)
    return fmt::format(
        "{} ran with other --set values than {} ({} against {}); reruns joined with + are runs of one recipe "
        "with the same settings",
        path, first_path, settings_text(run.parameters), settings_text(first.parameters));
  return "";
}

/// The joined series of `section` and `label`, added (empty, after the others) when new.
model::Series& joined_series(model::Result& joined, const model::Series& like) {
  const auto it = std::find_if(joined.series.begin(), joined.series.end(), [&](const model::Series& s) {
    return s.section == like.section && s.label == like.label;
  });
  if (it != joined.series.end()) return *it;
  model::Series& s = joined.series.emplace_back();
  s.label = like.label;
  s.section = like.section;
  s.ci_target_pct = like.ci_target_pct;
  s.unavailable = like.unavailable;
  return s;
}

/// Appends `from`'s samples to `to`, each in block `run`, its own block kept as its round.
void append_run(model::Series& to, const model::Series& from, std::uint32_t run) {
  for (model::Sample sample : from.samples) {
    const model::ParamSet& set = from.params_of(sample);
    sample.round = sample.block;
    sample.block = run;
    sample.iteration = static_cast<std::uint32_t>(to.samples.size() + 1);
    to.add(sample, set);
  }
  to.converged = to.converged && from.converged;
  // Unavailable only where no run could take it.
  if (from.unavailable.empty() && !from.samples.empty()) to.unavailable.clear();
}

/// Adds what `from` names to `to`: each statement's files once, in the order the runs left them.
void join_left_files(std::vector<model::LeftFiles>& to, const std::vector<model::LeftFiles>& from) {
  for (const model::LeftFiles& left : from) {
    auto same = std::find_if(to.begin(), to.end(), [&](const auto& t) { return t.statement == left.statement; });
    if (same == to.end()) same = to.insert(to.end(), {left.statement, {}});
    for (const std::string& path : left.paths)
      if (std::find(same->paths.begin(), same->paths.end(), path) == same->paths.end()) same->paths.push_back(path);
  }
}

}  // namespace

std::optional<model::Result> join_reruns(std::vector<model::Result> runs, const std::vector<std::string>& paths,
                                         std::string& error) {
  if (runs.empty() || runs.size() != paths.size()) {
    error = "join_reruns: one path per run";
    return std::nullopt;
  }
  for (std::size_t i = 0; i < runs.size(); ++i) {
    if (error = refusal(runs[i], paths[i], runs[0], paths[0]); !error.empty()) return std::nullopt;
    // One run counted twice would look like two that agree: its spread between runs, none.
    for (std::size_t j = 0; j < i; ++j) {
      if (!same_run(runs[i], runs[j])) continue;
      error = fmt::format("{} and {} are one run (it started at {}); join each run once", paths[j], paths[i],
                          runs[i].started_utc);
      return std::nullopt;
    }
  }
  model::Result joined = runs[0];
  joined.series.clear();
  joined.conditions.reset();
  joined.settle.reset();
  joined.finished_utc = runs.back().finished_utc;
  joined.reruns = static_cast<std::uint32_t>(runs.size());
  for (std::size_t r = 0; r < runs.size(); ++r) {
    for (const model::Series& s : runs[r].series)
      append_run(joined_series(joined, s), s, static_cast<std::uint32_t>(r + 1));
    if (r > 0) join_left_files(joined.unclaimed, runs[r].unclaimed);
  }
  return joined;
}

}  // namespace hwbench::runtime::analysis
