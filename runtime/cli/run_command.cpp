// `hwbench run`: the recipe loaded, run and rendered through the library pipeline
// (runtime/pipeline); here only the display, the files it names and the exit code.
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/platform/atomic_file.hpp"
#include "base/platform/clock.hpp"
#include "base/platform/conditions.hpp"
#include "base/platform/real_file_view.hpp"
#include "kernels/builtin/builtin.hpp"
#include "runtime/cli/cli.hpp"
#include "runtime/cli/commands.hpp"
#include "runtime/cli/progress.hpp"
#include "runtime/pipeline/render.hpp"
#include "runtime/pipeline/run_recipe.hpp"
#include "runtime/record/result_file.hpp"
#include "runtime/remote/bundle.hpp"
#include "runtime/remote/session_watch.hpp"

namespace hwbench::runtime::cli {

namespace {

/// What a run that did not complete says besides its result file.
void tell_failure(const pipeline::RunRecord& run, std::ostream& err) {
  err << fmt::format("hwbench: {}\n", run.result.error);
  if (!run.removed_after_failure.empty())
    err << fmt::format("hwbench: teardown ran; removed {} file{} the run had created\n",
                       run.removed_after_failure.size(), run.removed_after_failure.size() == 1 ? "" : "s");
  if (!run.left_behind.empty())
    err << fmt::format("hwbench: could not remove {} file{} the run had created: {}\n", run.left_behind.size(),
                       run.left_behind.size() == 1 ? "" : "s", fmt::join(run.left_behind, ", "));
}

/// The directory the result file goes to, made; false with the cause told.
bool make_result_directory(const std::string& path, std::ostream& err) {
  const std::string dir = std::filesystem::path(path).parent_path().string();
  std::string error;
  if (dir.empty() || platform::make_directories(dir, error)) return true;
  err << "hwbench: " << error << "\n";
  return false;
}

}  // namespace

int cmd_run(const Common& c, const RunChoices& files, const std::string& format, std::size_t width,
            const RunDisplay& display, bool remote_session, const std::vector<std::string>& argv, std::ostream& out,
            std::ostream& err) {
  // From here on Ctrl-C means "stop, clean up, say so", never a silent kill.
  run::InterruptGuard guard;
  std::optional<remote::SessionWatch> session;
  if (remote_session) {
    // The client may be gone before the run ends: a write to its stderr must fail, not kill
    // this process before its teardown.
    ::signal(SIGPIPE, SIG_IGN);
    std::string error;
    if (!remote::unpack_bundle(STDIN_FILENO, ".", error)) {
      err << "hwbench: " << error << "\n";
      return exit_usage;
    }
    session.emplace(STDIN_FILENO, [&guard] { guard.interrupt(); });
  }
  const auto registry = kernels::builtin::builtin_registry();
  const platform::RealFileView file_view;
  lang::Source source;
  int code = exit_ok;
  auto checked = load_and_check(c, source, registry, file_view, err, code);
  if (!checked) return code;
  const std::string path = files.output.empty()
                               ? pipeline::default_result_path(c.file, "", pipeline::utc_stamp("%Y%m%dT%H%M%SZ"))
                               : files.output;
  if (!make_result_directory(path, err)) return exit_usage;

  platform::RealClock clock;
  pipeline::RunRequest request{&*checked, &source, argv, {}};
  request.options.clock = &clock;
  ProgressDisplay progress(err, clock, progress_style(display.err_fd, display.verbose, display.color));
  if (!display.quiet) request.options.observer = &progress;
  request.options.interrupted = guard.flag();
  request.options.blocks = files.blocks;
  platform::SystemConditionsSampler conditions("", clock);
  request.options.conditions = &conditions;
  pipeline::RunRecord run = pipeline::run_recipe(request);
  model::Result& result = run.result;

  const bool complete = result.status == model::RunStatus::complete;
  pipeline::RenderedResult rendered =
      pipeline::render_result(result, {parse_format(format), width, !files.html.empty()});
  if (complete) {
    out << rendered.text;
    result.rendered = std::move(rendered.reports);
  } else {
    tell_failure(run, err);
  }
  std::string error;
  if (!record::save_result(result, path, error)) {
    err << "hwbench: " << error << "\n";
    return exit_failure;
  }
  // The page, like the result file, appears whole or not at all.
  if (!files.html.empty() && !platform::write_file_atomically(files.html, rendered.html, error)) {
    err << "hwbench: " << error << "\n";
    return exit_failure;
  }
  if (complete) {
    // On another host the result file is the client's to name (docs/remote.md).
    if (!display.quiet && !remote_session) err << fmt::format("result: {}\n", path);
    if (!display.quiet && !files.html.empty()) err << fmt::format("page: {}\n", files.html);
    return exit_ok;
  }
  err << fmt::format("hwbench: the result file {} is marked {} (not complete)\n", path, model::to_text(result.status));
  return result.status == model::RunStatus::interrupted ? exit_interrupted : exit_failure;
}

}  // namespace hwbench::runtime::cli
