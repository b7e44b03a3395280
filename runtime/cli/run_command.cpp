// `hwbench run`: check, run, print the reports, write the result file.
#include "runtime/cli/commands.hpp"

#include <openssl/evp.h>
#include <unistd.h>

#include <csignal>
#include <ctime>
#include <filesystem>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "kernels/builtin/builtin.hpp"
#include "base/platform/real_file_view.hpp"
#include "runtime/analysis/indices.hpp"
#include "runtime/cli/cli.hpp"
#include "runtime/cli/progress.hpp"
#include "runtime/environment/environment.hpp"
#include "base/platform/atomic_file.hpp"
#include "base/platform/clock.hpp"
#include "base/platform/conditions.hpp"
#include "runtime/record/result_file.hpp"
#include "runtime/remote/bundle.hpp"
#include "runtime/remote/session_watch.hpp"
#include "runtime/run/interpreter.hpp"

namespace hwbench::runtime::cli {

using analysis::compute_indices;
using environment::capture_environment;
using model::IndexValue;
using model::Result;
using model::RunStatus;
using model::to_text;
using platform::RealClock;
using platform::make_directories;
using platform::write_file_atomically;
using record::save_result;
using remote::SessionWatch;
using remote::unpack_bundle;
using run::InterruptGuard;
using run::RunOptions;
using run::RunOutcome;
using run::run_plan;

std::string utc_stamp(const char* format) {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&now, &tm);
  char buf[64];
  std::strftime(buf, sizeof buf, format, &tm);
  return buf;
}

namespace {

std::string sha256_hex(const std::string& text) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  EVP_Digest(text.data(), text.size(), digest, &len, EVP_sha256(), nullptr);
  std::string out;
  for (unsigned int i = 0; i < len; ++i) out += fmt::format("{:02x}", digest[i]);
  return out;
}

}  // namespace

int cmd_run(const Common& c, const std::string& output, const std::string& html, const std::string& format, std::size_t width,
            const RunDisplay& display, bool remote_session, const std::vector<std::string>& argv, std::ostream& out,
            std::ostream& err) {
  // From here on Ctrl-C means "stop, clean up, say so", never a silent kill.
  InterruptGuard guard;
  std::optional<SessionWatch> session;
  if (remote_session) {
    // The client may be gone before the run ends: a write to its stderr must fail, not kill
    // this process before its teardown.
    ::signal(SIGPIPE, SIG_IGN);
    std::string error;
    if (!unpack_bundle(STDIN_FILENO, ".", error)) {
      err << "hwbench: " << error << "\n";
      return exit_usage;
    }
    session.emplace(STDIN_FILENO, [&guard] { guard.interrupt(); });
  }
  auto registry = kernels::builtin::builtin_registry();
  platform::RealFileView files;
  lang::Source source;
  int code = exit_ok;
  auto checked = load_and_check(c, source, registry, files, err, code);
  if (!checked) return code;

  std::string stem = std::filesystem::path(c.file).stem().string();
  std::string path = output.empty() ? fmt::format("results/{}-{}.json", stem, utc_stamp("%Y%m%dT%H%M%SZ")) : output;
  std::string dir = std::filesystem::path(path).parent_path().string();
  std::string error;
  if (!dir.empty() && !make_directories(dir, error)) {
    err << "hwbench: " << error << "\n";
    return exit_usage;
  }

  Result result;
  result.recipe_file = c.file;
  result.recipe_text = source.text;
  result.recipe_sha256 = sha256_hex(source.text);
  result.meta = checked->plan.meta;
  result.parameters = checked->plan.parameters;
  result.command_line = argv;
  result.environment = capture_environment();
  result.locations = checked->plan.locations;
  result.reports = checked->plan.reports;
  result.baselines = checked->plan.baselines;
  for (const auto& spec : checked->plan.indices) result.indices.push_back(IndexValue{spec, 0, {}, std::nullopt});
  result.started_utc = utc_stamp("%Y-%m-%dT%H:%M:%SZ");

  RealClock clock;
  RunOptions opts;
  opts.clock = &clock;
  ProgressDisplay progress(err, clock, progress_style(display.err_fd, display.verbose, display.color));
  if (!display.quiet) opts.observer = &progress;
  opts.interrupted = guard.flag();
  platform::SystemConditionsSampler conditions("", clock);
  opts.conditions = &conditions;
  RunOutcome outcome = run_plan(*checked, opts);
  result.conditions = std::move(outcome.conditions);
  result.settle = std::move(outcome.settle);
  result.finished_utc = utc_stamp("%Y-%m-%dT%H:%M:%SZ");
  result.status = outcome.status;
  result.error = outcome.error;
  result.series = std::move(outcome.series);
  result.programs = std::move(outcome.programs);
  // What importers read from command steps' output: in a section, laid over the environment in
  // its reports only; at the top level, the facts the run did not capture itself. And the
  // series each section's reports then cover.
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
  // The baselines and indices the tool's report needs (nbench's), where the recipe has none of
  // the same name.
  for (auto& b : outcome.imported_baselines)
    if (std::none_of(result.baselines.begin(), result.baselines.end(),
                     [&](const model::Baseline& known) { return known.name == b.name; }))
      result.baselines.push_back(std::move(b));
  for (auto& spec : outcome.imported_indices)
    if (std::none_of(result.indices.begin(), result.indices.end(), [&](const IndexValue& known) {
          return known.spec.label == spec.label && known.spec.baseline == spec.baseline;
        }))
      result.indices.push_back(IndexValue{std::move(spec), 0, {}, std::nullopt});
  compute_indices(result);

  if (outcome.status == RunStatus::complete) {
    render_all(result, parse_format(format), width, out, &result.rendered);
  } else {
    err << fmt::format("hwbench: {}\n", outcome.error);
    if (!outcome.removed_after_failure.empty())
      err << fmt::format("hwbench: teardown ran; removed {} file{} the run had created\n",
                         outcome.removed_after_failure.size(), outcome.removed_after_failure.size() == 1 ? "" : "s");
    if (!outcome.left_behind.empty())
      err << fmt::format("hwbench: could not remove {} file{} the run had created: {}\n", outcome.left_behind.size(),
                         outcome.left_behind.size() == 1 ? "" : "s", fmt::join(outcome.left_behind, ", "));
  }
  if (!save_result(result, path, error)) {
    err << "hwbench: " << error << "\n";
    return exit_failure;
  }
  // The page, like the result file, appears whole or not at all.
  if (!html.empty() && !write_file_atomically(html, result_html(result, width), error)) {
    err << "hwbench: " << error << "\n";
    return exit_failure;
  }
  if (outcome.status == RunStatus::complete) {
    // On another host the result file is the client's to name (docs/remote.md).
    if (!display.quiet && !remote_session) err << fmt::format("result: {}\n", path);
    if (!display.quiet && !html.empty()) err << fmt::format("page: {}\n", html);
    return exit_ok;
  }
  err << fmt::format("hwbench: the result file {} is marked {} (not complete)\n", path, to_text(outcome.status));
  return outcome.status == RunStatus::interrupted ? exit_interrupted : exit_failure;
}

}  // namespace hwbench::runtime::cli
