// `hwbench run --reruns N`: the recipe run N times in a row, each run in a process of its own,
// then the N result files joined and reported as `hwbench report r-1.json+r-2.json+…` would
// (docs/language.md, "Reruns as one side"). A run's own blocks see the machine over its seconds;
// the next run may find it faster or slower (another vCPU, a host that drifted), and only the
// runs' means show that.
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/platform/real_file_view.hpp"
#include "kernels/builtin/builtin.hpp"
#include "runtime/cli/cli.hpp"
#include "runtime/cli/commands.hpp"
#include "runtime/pipeline/render.hpp"
#include "runtime/pipeline/result_names.hpp"
#include "runtime/pipeline/run_recipe.hpp"

namespace hwbench::runtime::cli {

namespace {

/// `path` with `-k` before its extension: r.json → r-2.json, r → r-2.
std::string rerun_file(const std::string& path, std::uint32_t k) {
  std::filesystem::path p(path);
  p.replace_filename(fmt::format("{}-{}{}", p.stem().string(), k, p.extension().string()));
  return p.string();
}

/// The files of reruns 1 to `count` of a result named `path`.
std::vector<std::string> rerun_files(const std::string& path, std::uint32_t count) {
  std::vector<std::string> out;
  for (std::uint32_t k = 1; k <= count; ++k) out.push_back(rerun_file(path, k));
  return out;
}

extern "C" void on_rerun_child(int) {}

/// While it lives, SIGINT, SIGTERM, SIGHUP and SIGCHLD are held back except inside wait_rerun's
/// sigsuspend and deliver_pending(): a signal between the last look at the interruption flag and
/// the fork is not lost, and waiting for a rerun costs no wake-ups. SIGCHLD gets a handler of its
/// own (one that does nothing), so that sigsuspend returns when the rerun ends, whatever
/// SIGCHLD's disposition was; and the four are open while waiting whatever mask hwbench was
/// started with (a parent that blocked SIGCHLD would otherwise hold the wait for ever).
class HeldSignals {
 public:
  HeldSignals() {
    sigset_t held;
    sigemptyset(&held);
    for (const int sig : {SIGINT, SIGTERM, SIGHUP, SIGCHLD}) sigaddset(&held, sig);
    ::sigprocmask(SIG_BLOCK, &held, &old_mask_);
    wait_mask_ = old_mask_;
    for (const int sig : {SIGINT, SIGTERM, SIGHUP, SIGCHLD}) sigdelset(&wait_mask_, sig);
    struct sigaction sa {};
    sa.sa_handler = on_rerun_child;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    ::sigaction(SIGCHLD, &sa, &old_child_);
  }
  ~HeldSignals() { restore(); }
  HeldSignals(const HeldSignals&) = delete;
  HeldSignals& operator=(const HeldSignals&) = delete;
  /// Gives back the mask and SIGCHLD's action (in a rerun's process, first thing).
  void restore() const {
    ::sigaction(SIGCHLD, &old_child_, nullptr);
    ::sigprocmask(SIG_SETMASK, &old_mask_, nullptr);
  }
  /// Waits for any signal, the held ones included.
  void suspend() const { ::sigsuspend(&wait_mask_); }
  /// Lets a held signal that came meanwhile (a Ctrl-C after the last rerun ended) be handled now,
  /// so that the interruption flag shows it before the next rerun is forked.
  void deliver_pending() const {
    sigset_t pending;
    sigemptyset(&pending);
    if (::sigpending(&pending) != 0) return;
    if (!sigismember(&pending, SIGINT) && !sigismember(&pending, SIGTERM) && !sigismember(&pending, SIGHUP)) return;
    sigset_t held;
    ::sigprocmask(SIG_SETMASK, &wait_mask_, &held);  // the pending signal is handled here
    ::sigprocmask(SIG_SETMASK, &held, nullptr);
  }

 private:
  sigset_t old_mask_{};
  sigset_t wait_mask_{};  ///< old_mask_ with the four held ones open
  struct sigaction old_child_ {};
};

/// How a rerun ended.
struct RerunEnd {
  int code = exit_failure;
  std::string how;  ///< "exit code 3", "signal 11 (Segmentation fault)"
};

/// Waits for the rerun `pid`, passing it the signal that interrupted this process (once): a
/// Ctrl-C at a terminal reaches both, a SIGTERM sent to this process alone reaches it this way.
RerunEnd wait_rerun(pid_t pid, const run::InterruptGuard& guard, const HeldSignals& held) {
  bool passed_on = false;
  int status = 0;
  for (;;) {
    const pid_t got = ::waitpid(pid, &status, WNOHANG);
    if (got == pid) break;
    if (got < 0) return {exit_failure, fmt::format("waitpid: {}", std::strerror(errno))};  // WNOHANG: no EINTR
    if (!passed_on && guard.flag()->load()) {
      ::kill(pid, guard.signal() == SIGINT ? SIGINT : SIGTERM);
      passed_on = true;
      continue;
    }
    held.suspend();
  }
  if (WIFEXITED(status)) return {WEXITSTATUS(status), fmt::format("exit code {}", WEXITSTATUS(status))};
  const int sig = WTERMSIG(status);
  return {(sig == SIGINT || sig == SIGTERM) ? exit_interrupted : exit_failure,
          fmt::format("signal {} ({})", sig, ::strsignal(sig))};
}

/// One rerun in a forked process.
RerunEnd rerun(const RunChoices& choices, const std::shared_ptr<const pipeline::LoadedRecipe>& loaded,
               const run::InterruptGuard& guard, const HeldSignals& held, const RerunOnce& once, std::ostream& err) {
  err.flush();
  std::cout.flush();
  std::cerr.flush();
  const pid_t pid = ::fork();
  if (pid < 0) return {exit_failure, fmt::format("no process: fork: {}", std::strerror(errno))};
  if (pid == 0) {
    held.restore();
    int code = exit_failure;
    // Nothing may unwind past here: the process is a copy of its caller's, tests included.
    try {
      code = once(choices, loaded);
    } catch (const std::exception& e) {
      err << "hwbench: " << e.what() << "\n";
    } catch (...) {
      err << "hwbench: the rerun failed\n";
    }
    err.flush();
    std::cout.flush();
    std::cerr.flush();
    ::_exit(code);
  }
  return wait_rerun(pid, guard, held);
}

/// The joined reruns' reports to `out`, their page to `files.html` when named.
int report_joined(const std::vector<std::string>& paths, const RunChoices& files, const std::string& format,
                  std::size_t width, std::ostream& out, std::ostream& err) {
  std::string error;
  const auto joined = pipeline::load_joined(paths, error);
  if (!joined) {
    err << "hwbench: " << error << "\n";
    return exit_failure;
  }
  print_reports(*joined, format, width, out);
  if (!files.html.empty() &&
      !write_whole_file(files.html, pipeline::render_result(*joined, {report::Format::text, width, true}).html, err))
    return exit_failure;
  return exit_ok;
}

}  // namespace

int run_reruns(const Common& c, const RunChoices& files, const std::string& format, std::size_t width, bool quiet,
               const run::InterruptGuard& guard, const RerunOnce& once, std::ostream& out, std::ostream& err) {
  // A recipe that does not check says so once, before any rerun starts; the reruns run what was
  // checked here, not what the file says when each begins.
  const auto registry = kernels::builtin::builtin_registry();
  const platform::RealFileView view;
  pipeline::LoadFailure failure = pipeline::LoadFailure::usage;
  const auto loaded = pipeline::load_recipe_once(c, pipeline::CheckContext{registry, view, nullptr}, err, failure);
  if (!loaded) return failure == pipeline::LoadFailure::recipe ? exit_recipe : exit_usage;
  // Every rerun's name is taken now, as one set: reruns started within the same second elsewhere
  // take another set whole.
  std::optional<pipeline::ReservedResults> reserved;
  if (files.output.empty()) {
    const std::string stamp = pipeline::utc_stamp("%Y%m%dT%H%M%SZ");
    reserved.emplace(
        [&](int n) { return rerun_files(pipeline::result_path_candidate(c.file, "", stamp, n), files.reruns); });
  }
  const std::vector<std::string> names = reserved ? reserved->paths() : rerun_files(files.output, files.reruns);
  // Each rerun's file against the page the joined result gets: told now, not after the reruns.
  for (const std::string& name : names) {
    if (const std::string why = output_problem(c.file, "recipe", name, files.html); !why.empty()) {
      err << "hwbench: " << why << "\n";
      return exit_usage;
    }
  }
  std::vector<std::string> paths;
  const auto completed = [&] {
    return paths.empty() ? std::string() : fmt::format("; complete: {}", fmt::join(paths, ", "));
  };
  const HeldSignals held;
  for (std::uint32_t k = 1; k <= files.reruns; ++k) {
    held.deliver_pending();
    if (guard.flag()->load()) {
      err << fmt::format("hwbench: interrupted before rerun {} of {}{}\n", k, files.reruns, completed());
      return exit_interrupted;
    }
    if (!quiet) err << fmt::format("rerun {} of {}\n", k, files.reruns);
    RunChoices one = files;
    one.reruns = 1;
    one.html.clear();
    one.output = names[k - 1];
    const RerunEnd end = rerun(one, loaded, guard, held, once, err);
    if (end.code != exit_ok) {
      err << fmt::format("hwbench: rerun {} of {} ended with {}{}\n", k, files.reruns, end.how, completed());
      return end.code;
    }
    paths.push_back(one.output);
  }
  const int code = report_joined(paths, files, format, width, out, err);
  if (code == exit_ok && !quiet) {
    err << fmt::format("results: {} (joined: {})\n", fmt::join(paths, ", "), fmt::join(paths, "+"));
    if (!files.html.empty()) err << fmt::format("page: {}\n", files.html);
  }
  return code;
}

}  // namespace hwbench::runtime::cli
