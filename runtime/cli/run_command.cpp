// `hwbench run` on this machine: the recipe loaded, run and rendered by the local launcher
// (runtime/pipeline/local_launcher.hpp); here only the display, the files it names and the exit
// code, the reruns (runtime/cli/reruns_command.cpp), and the two ways another machine's run
// starts: over ssh (`--remote-session`) and as a Slurm task (`--slurm-task`, docs/remote.md).
#include <stdlib.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/platform/clock.hpp"
#include "base/platform/conditions.hpp"
#include "base/platform/cpu_turns.hpp"
#include "base/platform/machine.hpp"
#include "base/platform/whole_file.hpp"
#include "kernels/builtin/builtin.hpp"
#include "lang/common/lexical.hpp"
#include "runtime/check/evaluation/settings.hpp"
#include "runtime/cli/cli.hpp"
#include "runtime/cli/commands.hpp"
#include "runtime/cli/progress.hpp"
#include "runtime/pipeline/local_launcher.hpp"
#include "runtime/pipeline/result_names.hpp"
#include "runtime/remote/bundle.hpp"
#include "runtime/remote/dist.hpp"
#include "runtime/remote/session_watch.hpp"
#include "runtime/remote/slurm_job.hpp"
#include "runtime/report/left_files_note.hpp"

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

/// The files a glob of the run's left as not its own although they appeared during the run: most
/// often a command step's output that its `writes` does not name (docs/language.md, section 4).
/// The result file keeps them too, and its reports' notes name them.
void tell_unclaimed(const model::Result& result, std::ostream& err) {
  for (const auto& left : result.unclaimed) err << "hwbench: warning: " << report::left_files_line(left) << "\n";
  // Another program may have made them (the run cannot tell): the hint where the recipe ran its own.
  if (!result.unclaimed.empty() && !result.programs.empty())
    err << "hint: rm deletes only the run's own files; a command step's are its own when the step names them with "
           "writes (exec … writes disk:/out.bin)\n";
}

/// The run here, its reports to `out`, its messages to `err`; the exit code. `loaded`: the recipe
/// already checked (a rerun's), null to load `c`'s.
int run_here(const Common& c, const RunChoices& files, const std::string& format, std::size_t width,
             const RunDisplay& display, RemoteRole role, const std::vector<std::string>& argv,
             run::InterruptGuard& guard, std::ostream& out, std::ostream& err,
             std::shared_ptr<const pipeline::LoadedRecipe> loaded = nullptr) {
  const auto registry = kernels::builtin::builtin_registry();
  platform::RealClock clock;
  platform::SystemConditionsSampler conditions("", clock);
  ProgressDisplay progress(err, clock, progress_style(display.err_fd, display.verbose, display.color));
  pipeline::LocalSetup setup;
  setup.options.clock = &clock;
  if (!display.quiet) setup.options.observer = &progress;
  setup.options.interrupted = guard.flag();
  setup.options.blocks = files.blocks;
  setup.options.memory_available = platform::available_memory_bytes();
  if (files.cpu_turns) setup.options.turn_cpus = platform::turn_cpus(platform::allowed_cpus());
  if (!files.spread.empty()) setup.options.spread_seconds = spread_seconds(files.spread).value_or(0);
  setup.options.conditions = &conditions;
  setup.render = {parse_format(format), width, !files.html.empty()};
  if (const std::string why = output_problem(c.file, "recipe", files.output, files.html); !why.empty()) {
    err << "hwbench: " << why << "\n";
    return exit_usage;
  }
  // A name of its own, taken now: a run started within the same second takes the next.
  std::optional<pipeline::ReservedResults> reserved;
  if (files.output.empty()) {
    const std::string stamp = pipeline::utc_stamp("%Y%m%dT%H%M%SZ");
    reserved.emplace([&](int n) { return std::vector{pipeline::result_path_candidate(c.file, "", stamp, n)}; });
  }
  setup.result_path = reserved ? reserved->paths().front() : files.output;
  setup.command_line = argv;
  setup.loaded = std::move(loaded);
  // Sent by a run on other machines, which told the recipe's warnings once for all of them.
  setup.warnings_told = role != RemoteRole::none;
  pipeline::LocalLauncher launcher(std::move(setup));
  pipeline::LaunchRequest request;
  request.recipe = c;
  request.registry = &registry;
  const auto outcome = launcher.launch(request, err);
  if (!outcome) return launcher.load_failure() == pipeline::LoadFailure::recipe ? exit_recipe : exit_usage;
  const pipeline::TargetOutcome& here = outcome->targets.front();
  const model::Result& result = launcher.record().result;
  const bool complete = result.status == model::RunStatus::complete;
  if (complete)
    out << here.reports;
  else
    tell_failure(launcher.record(), err);
  tell_unclaimed(result, err);
  if (here.result_path.empty()) {
    err << "hwbench: " << here.error << "\n";
    return exit_failure;
  }
  // The page, like the result file, appears whole or not at all.
  if (!files.html.empty() && !write_whole_file(files.html, launcher.rendered().html, err)) return exit_failure;
  if (complete) {
    // On another machine the result file is the launcher's to name (docs/remote.md).
    if (!display.quiet && role == RemoteRole::none) err << fmt::format("result: {}\n", here.result_path);
    if (!display.quiet && !files.html.empty()) err << fmt::format("page: {}\n", files.html);
    return exit_ok;
  }
  err << fmt::format("hwbench: the result file {} is marked {} (not complete)\n", here.result_path,
                     model::to_text(result.status));
  return result.status == model::RunStatus::interrupted ? exit_interrupted : exit_failure;
}

/// The file srun --bcast copied this binary to (slurm_bcast_JOB.STEP_NODE), which the task
/// removes at its end; "" when it runs from anywhere else.
std::string broadcast_copy() {
  const std::string self = remote::running_executable();
  return std::filesystem::path(self).filename().string().rfind("slurm_bcast_", 0) == 0 ? self : "";
}

/// A Slurm task (`run --slurm-task`, started by srun on a node): the run in a directory of its
/// own under $TMPDIR (or /tmp), the bundle unpacked there from stdin; the node's name first on
/// stderr, the answer on stdout at the end (runtime/remote/slurm_job.hpp); then the directory and
/// the broadcast binary removed. scancel's SIGTERM stops the run as a Ctrl-C would.
int slurm_task(const Common& c, const RunChoices& files, const std::string& format, std::size_t width,
               const RunDisplay& display, const std::vector<std::string>& argv, run::InterruptGuard& guard,
               std::ostream& out, std::ostream& err) {
  ::signal(SIGPIPE, SIG_IGN);
  utsname u{};
  ::uname(&u);
  const char* slurm_node = std::getenv("SLURMD_NODENAME");
  remote::TaskAnswer answer;
  answer.node = slurm_node != nullptr && *slurm_node != '\0' ? slurm_node : u.nodename;
  answer.machine = u.machine;
  err << remote::node_line_prefix << answer.node << "\n" << std::flush;
  const std::string bcast = broadcast_copy();
  const char* tmp = std::getenv("TMPDIR");
  const char* job = std::getenv("SLURM_JOB_ID");
  // Named by its job and node, so that the launcher's clean-up step finds it should this task be
  // killed before its `hwbench-dir` line reached the launcher.
  std::string dir = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/" +
                    remote::task_dir_template(job != nullptr ? job : "", answer.node);
  int code = exit_usage;
  std::string error;
  if (::mkdtemp(dir.data()) == nullptr) {
    err << fmt::format("hwbench: cannot make a run directory {}: {}\n", dir, std::strerror(errno));
    dir.clear();
  } else {
    // Told first, so that the launcher can remove it should this task be killed; and the run's
    // own temporary files (the built-in location `tmp`) go inside it, to go with it.
    err << remote::dir_line_prefix << dir << "\n" << std::flush;
    ::setenv("TMPDIR", dir.c_str(), 1);
    if (::chdir(dir.c_str()) != 0 || !remote::unpack_bundle(STDIN_FILENO, ".", error)) {
      err << "hwbench: " << (error.empty() ? "cannot enter " + dir : error) << "\n";
    } else {
      std::ostringstream reports;
      code = run_here(c, files, format, width, display, RemoteRole::slurm_task, argv, guard, reports, err);
      answer.files["reports.txt"] = reports.str();
      if (auto result = platform::read_whole_file(files.output)) answer.files["result.json"] = std::move(*result);
    }
  }
  answer.status = code;
  out << remote::encode_answer(answer) << std::flush;
  // Out of the directory before it goes (an error here changes nothing: it goes anyway).
  std::error_code ec;
  std::filesystem::current_path("/", ec);
  if (!dir.empty()) std::filesystem::remove_all(dir, ec);
  if (!bcast.empty()) std::filesystem::remove(bcast, ec);
  return code;
}

}  // namespace

std::optional<double> spread_seconds(std::string_view text) {
  // Read as a recipe reads a value, so that the spellings are the recipe's own.
  const auto value = check::parse_value(std::string(text));
  if (!value || value->kind != lang::recipe::ExprKind::number || value->number.dim != lang::Dim::seconds)
    return std::nullopt;
  if (value->number.value < 1 || value->number.value > 86400) return std::nullopt;
  return value->number.value;
}

int cmd_run(const Common& c, const RunChoices& files, const std::string& format, std::size_t width,
            const RunDisplay& display, RemoteRole role, const std::vector<std::string>& argv, std::ostream& out,
            std::ostream& err) {
  // From here on Ctrl-C means "stop, clean up, say so", never a silent kill.
  run::InterruptGuard guard;
  if (role == RemoteRole::slurm_task) return slurm_task(c, files, format, width, display, argv, guard, out, err);
  std::optional<remote::SessionWatch> session;
  if (role == RemoteRole::ssh_session) {
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
  if (role == RemoteRole::none && files.reruns > 1) {
    // Each rerun's reports are left out: those of the runs joined follow them.
    const auto once = [&](const RunChoices& one, const std::shared_ptr<const pipeline::LoadedRecipe>& loaded) {
      std::ostringstream reports;
      return run_here(c, one, format, width, display, role, argv, guard, reports, err, loaded);
    };
    return run_reruns(c, files, format, width, display.quiet, guard, once, out, err);
  }
  return run_here(c, files, format, width, display, role, argv, guard, out, err);
}

}  // namespace hwbench::runtime::cli
