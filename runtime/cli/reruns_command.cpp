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
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/platform/atomic_file.hpp"
#include "runtime/cli/cli.hpp"
#include "runtime/cli/commands.hpp"
#include "runtime/pipeline/render.hpp"
#include "runtime/pipeline/run_recipe.hpp"

namespace hwbench::runtime::cli {

namespace {

/// `path` with `-k` before its extension: r.json → r-2.json.
std::string rerun_file(const std::string& path, std::uint32_t k) {
  std::filesystem::path p(path);
  p.replace_filename(fmt::format("{}-{}{}", p.stem().string(), k, p.extension().string()));
  return p.string();
}

/// Waits for the rerun `pid`, passing it the signal that interrupted this process (once): a
/// Ctrl-C at a terminal reaches both, a SIGTERM sent to this process alone reaches it this way.
/// Its exit code; exit_interrupted when a signal ended it.
int wait_rerun(pid_t pid, const run::InterruptGuard& guard) {
  bool passed_on = false;
  int status = 0;
  for (;;) {
    const pid_t got = ::waitpid(pid, &status, WNOHANG);
    if (got == pid) break;
    if (got < 0 && errno != EINTR) return exit_failure;
    if (!passed_on && guard.flag()->load()) {
      ::kill(pid, guard.signal() == SIGINT ? SIGINT : SIGTERM);
      passed_on = true;
    }
    ::usleep(20000);
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return exit_interrupted;
}

/// One rerun in a forked process; its exit code.
int rerun(const RunChoices& choices, const run::InterruptGuard& guard,
          const std::function<int(const RunChoices&)>& once, std::ostream& err) {
  err.flush();
  std::cout.flush();
  std::cerr.flush();
  const pid_t pid = ::fork();
  if (pid < 0) {
    err << fmt::format("hwbench: cannot start a rerun: {}\n", std::strerror(errno));
    return exit_failure;
  }
  if (pid == 0) {
    const int code = once(choices);
    err.flush();
    std::cout.flush();
    std::cerr.flush();
    ::_exit(code);
  }
  return wait_rerun(pid, guard);
}

}  // namespace

int run_reruns(const Common& c, const RunChoices& files, const std::string& format, std::size_t width, bool quiet,
               const run::InterruptGuard& guard, const std::function<int(const RunChoices&)>& once, std::ostream& out,
               std::ostream& err) {
  const std::string base = files.output.empty()
                               ? pipeline::default_result_path(c.file, "", pipeline::utc_stamp("%Y%m%dT%H%M%SZ"))
                               : files.output;
  std::vector<std::string> paths;
  const auto completed = [&] {
    return paths.empty() ? std::string() : fmt::format("; complete: {}", fmt::join(paths, ", "));
  };
  for (std::uint32_t k = 1; k <= files.reruns; ++k) {
    if (guard.flag()->load()) {
      err << fmt::format("hwbench: interrupted before rerun {} of {}{}\n", k, files.reruns, completed());
      return exit_interrupted;
    }
    if (!quiet) err << fmt::format("rerun {} of {}\n", k, files.reruns);
    RunChoices one = files;
    one.reruns = 1;
    one.html.clear();
    one.output = rerun_file(base, k);
    const int code = rerun(one, guard, once, err);
    if (code != exit_ok) {
      err << fmt::format("hwbench: rerun {} of {} ended with exit code {}{}\n", k, files.reruns, code, completed());
      return code;
    }
    paths.push_back(one.output);
  }
  std::string error;
  const auto joined = pipeline::load_joined(paths, error);
  if (!joined) {
    err << "hwbench: " << error << "\n";
    return exit_failure;
  }
  print_reports(*joined, format, width, out);
  if (!files.html.empty() &&
      !platform::write_file_atomically(
          files.html, pipeline::render_result(*joined, {report::Format::text, width, true}).html, error)) {
    err << "hwbench: " << error << "\n";
    return exit_failure;
  }
  if (!quiet) {
    err << fmt::format("results: {} (joined: {})\n", fmt::join(paths, ", "), fmt::join(paths, "+"));
    if (!files.html.empty()) err << fmt::format("page: {}\n", files.html);
  }
  return exit_ok;
}

}  // namespace hwbench::runtime::cli
