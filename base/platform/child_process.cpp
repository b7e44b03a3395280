#include "base/platform/child_process.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "base/platform/child_process_internal.hpp"
#include "base/platform/clock.hpp"
#include "base/platform/file_descriptor.hpp"
#include "base/platform/machine.hpp"

extern char** environ;

namespace hwbench::platform {

namespace {

using detail::above_stdio;

struct ChildPipe {
  FileDescriptor read;
  FileDescriptor write;
};

ChildPipe make_child_pipe(const std::string& program) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0)
    throw ChildError(fmt::format("cannot run {}: cannot create a pipe: {}", program, std::strerror(errno)));
  ChildPipe pipe{FileDescriptor(fds[0]), above_stdio(FileDescriptor(fds[1]))};
  if (!pipe.write.valid())
    throw ChildError(fmt::format("cannot run {}: cannot create a pipe: {}", program, std::strerror(errno)));
  return pipe;
}

// ---- The child's side, between fork and exec ----

// What went wrong in the child before its program started, sent through the report pipe.
enum class ChildStep : int { exec = 1, input, dir, streams, cgroup };

struct ChildReport {
  ChildStep step;
  int error;
};

// Everything the child needs, prepared before fork: after it, only async-signal-safe calls.
struct ExecPlan {
  const char* program;
  char* const* argv;
  char* const* envp;
  const char* dir;  // nullptr: keep ours
  const char* input;
  int out, err, report, cgroup_procs;
};

void report_step(int fd, ChildStep step, int error) {
  const ChildReport report{step, error};
  while (::write(fd, &report, sizeof report) < 0 && errno == EINTR) {
  }
}

[[noreturn]] void fail_in_child(int fd, ChildStep step, int error) {
  report_step(fd, step, error);
  ::_exit(127);
}

[[noreturn]] void become_program(const ExecPlan& plan) {
  // A session of its own (and so a process group: -pid signals them all), without hwbench's
  // terminal: a program that opens /dev/tty to ask for a password (sudo, ssh) fails at once,
  // instead of being stopped by SIGTTIN in a background group of hwbench's session and waited
  // for without end.
  ::setsid();
  // Not fatal: the program runs without tree accounting, and the parent learns it.
  if (plan.cgroup_procs >= 0 && ::write(plan.cgroup_procs, "0", 1) != 1)
    report_step(plan.report, ChildStep::cgroup, errno);
  // hwbench's handlers would survive until exec, and what it ignores would stay ignored after.
  struct sigaction defaults {};
  defaults.sa_handler = SIG_DFL;
  ::sigemptyset(&defaults.sa_mask);
  for (int s = 1; s < NSIG; ++s)
    if (s != SIGKILL && s != SIGSTOP) ::sigaction(s, &defaults, nullptr);
  // Non-blocking, so that a FIFO without a writer cannot hold the child before exec.
  const int input = ::open(plan.input, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (input < 0) fail_in_child(plan.report, ChildStep::input, errno);
  const int input_flags = ::fcntl(input, F_GETFL);
  if (input_flags < 0 || ::fcntl(input, F_SETFL, input_flags & ~O_NONBLOCK) < 0)
    fail_in_child(plan.report, ChildStep::input, errno);
  if (plan.dir != nullptr && ::chdir(plan.dir) != 0) fail_in_child(plan.report, ChildStep::dir, errno);
  // dup2 onto itself would keep close-on-exec set.
  if (input == 0 ? ::fcntl(0, F_SETFD, 0) < 0 : ::dup2(input, 0) < 0)
    fail_in_child(plan.report, ChildStep::streams, errno);
  if (::dup2(plan.out, 1) < 0 || ::dup2(plan.err, 2) < 0) fail_in_child(plan.report, ChildStep::streams, errno);
  sigset_t none;
  ::sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  ::execve(plan.program, plan.argv, plan.envp);
  fail_in_child(plan.report, ChildStep::exec, errno);
}

// ---- The parent's side ----

std::string_view env_name(std::string_view entry) { return entry.substr(0, entry.find('=')); }

std::vector<std::string> child_environment(const ChildSpec& spec) {
  std::vector<std::string> added;
  for (std::size_t i = 0; i < spec.env_set.size(); ++i) {
    const std::string& entry = spec.env_set[i];
    if (entry.find('=') == std::string::npos || entry.front() == '=')
      throw ChildError(fmt::format("cannot run {}: '{}' is not NAME=VALUE", spec.argv.front(), entry));
    // A name set twice keeps its last value.
    const bool later = std::any_of(spec.env_set.begin() + static_cast<std::ptrdiff_t>(i) + 1, spec.env_set.end(),
                                   [&](const std::string& other) { return env_name(other) == env_name(entry); });
    if (!later) added.push_back(entry);
  }
  std::vector<std::string> env;
  for (char** e = environ; e != nullptr && *e != nullptr; ++e) {
    const std::string_view entry(*e);
    const bool replaced =
        std::any_of(added.begin(), added.end(), [&](const std::string& a) { return env_name(a) == env_name(entry); });
    if (!replaced) env.emplace_back(entry);
  }
  env.insert(env.end(), added.begin(), added.end());
  return env;
}

std::vector<char*> pointers_to(std::vector<std::string>& strings) {
  std::vector<char*> out;
  out.reserve(strings.size() + 1);
  for (auto& s : strings) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

// The program's path as exec sees it after chdir: a relative one is taken from our directory.
std::string program_path(const std::string& program, const std::string& dir) {
  if (program.front() == '/' || dir.empty()) return program;
  std::string cwd(4096, '\0');
  if (::getcwd(cwd.data(), cwd.size()) == nullptr) return program;
  cwd.resize(std::strlen(cwd.c_str()));
  return cwd + "/" + program;
}

std::string step_failure(const std::string& program, const ChildSpec& spec, const ChildReport& report) {
  const char* cause = std::strerror(report.error);
  switch (report.step) {
    case ChildStep::input:
      return fmt::format("cannot run {}: cannot open its standard input {}: {}", program, spec.stdin_path, cause);
    case ChildStep::dir:
      return fmt::format("cannot run {}: cannot enter the working directory {}: {}", program, spec.dir, cause);
    case ChildStep::streams:
      return fmt::format("cannot run {}: cannot set up its standard streams: {}", program, cause);
    default:
      return fmt::format("cannot run {}: {}", program, cause);
  }
}

bool executable_file(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

// $PATH's directories, an empty entry being the current one; the usual ones when it is unset.
std::vector<std::string> path_directories() {
  const char* path = std::getenv("PATH");
  const std::string dirs = path != nullptr && *path != '\0' ? path : "/usr/local/bin:/usr/bin:/bin";
  std::vector<std::string> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t colon = dirs.find(':', start);
    const std::string dir = dirs.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
    out.push_back(dir.empty() ? "." : dir);
    if (colon == std::string::npos) return out;
    start = colon + 1;
  }
}

}  // namespace

namespace detail {

FileDescriptor above_stdio(FileDescriptor fd) {
  if (!fd.valid() || fd.get() > 2) return fd;
  return FileDescriptor(::fcntl(fd.get(), F_DUPFD_CLOEXEC, 3));
}

detail::ReapGuard::~ReapGuard() {
  if (pid <= 0) return;
  ::kill(-pid, SIGKILL);
  ::kill(pid, SIGKILL);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
}

}  // namespace detail

std::string ChildOutcome::describe() const {
  if (interrupted) return "was ended by Ctrl-C or SIGTERM";
  if (timed_out && killed)
    return fmt::format("timed out after {} s and was ended (SIGTERM, then SIGKILL after {} s)", timeout_seconds,
                       kill_grace_seconds);
  if (timed_out) return fmt::format("timed out after {} s and was ended (SIGTERM)", timeout_seconds);
  if (signal != 0) return fmt::format("was killed by signal {} ({})", signal, ::strsignal(signal));
  if (exit_code >= 0) return fmt::format("exited with status {}", exit_code);
  return "ended, but its exit status was lost";
}

ChildOutcome run_child(const ChildSpec& spec) {
  if (spec.argv.empty() || spec.argv.front().empty()) throw ChildError("cannot run a program: none was given");
  const std::string& program = spec.argv.front();
  if (program.find('/') == std::string::npos)
    throw ChildError(fmt::format("cannot run {}: the program must be given as a path", program));

  // Everything the child needs is made here, before fork.
  const std::string exec_path = program_path(program, spec.dir);
  std::vector<std::string> args = spec.argv;
  std::vector<std::string> env = child_environment(spec);
  const std::vector<char*> argv = pointers_to(args);
  const std::vector<char*> envp = pointers_to(env);
  const std::string input = spec.stdin_path.empty() ? "/dev/null" : spec.stdin_path;
  ChildPipe out = make_child_pipe(program);
  ChildPipe err = make_child_pipe(program);
  ChildPipe report = make_child_pipe(program);
  for (const ChildPipe* p : {&out, &err}) ::fcntl(p->read.get(), F_SETFL, ::fcntl(p->read.get(), F_GETFL) | O_NONBLOCK);
  detail::TreeCgroup cgroup;
  if (spec.tree_accounting) cgroup.make();
  const ExecPlan plan{
      exec_path.c_str(), argv.data(),     envp.data(),     spec.dir.empty() ? nullptr : spec.dir.c_str(),
      input.c_str(),     out.write.get(), err.write.get(), report.write.get(),
      cgroup.procs_fd()};

  // Signals stay blocked from fork until the child has reset its handlers: hwbench's own must
  // never run in the child.
  sigset_t all, before;
  ::sigfillset(&all);
  ::pthread_sigmask(SIG_BLOCK, &all, &before);
  const std::int64_t start = monotonic_ns();
  // vfork, as posix_spawn does: the child borrows our memory until it execs, so that starting a
  // program costs the same whatever hwbench's size (fork copies the page tables of every
  // mapping, a sample store's or a sanitizer's shadow, which took 100 ms and more). The child
  // makes only async-signal-safe calls and writes nothing of ours but its own stack frames.
  note_child_started();  // vfork runs no atfork handler: the clock must read children's times now
  const pid_t pid = ::vfork();
  if (pid == 0) become_program(plan);
  const int fork_error = errno;
  ::pthread_sigmask(SIG_SETMASK, &before, nullptr);
  if (pid < 0) throw ChildError(fmt::format("cannot run {}: fork: {}", program, std::strerror(fork_error)));
  detail::ReapGuard guard;
  guard.pid = pid;
  // vfork held this thread until the child's exec (or its exit): its session and group exist.
  out.write.close();
  err.write.close();
  report.write.close();
  cgroup.close_procs();

  // The report pipe closes at exec (close-on-exec) or carries why the child could not get there.
  bool joined_cgroup = cgroup.valid();
  for (;;) {
    ChildReport message{};
    ssize_t n;
    do {
      n = ::read(report.read.get(), &message, sizeof message);
    } while (n < 0 && errno == EINTR);
    if (n != static_cast<ssize_t>(sizeof message)) break;
    if (message.step == ChildStep::cgroup) {
      joined_cgroup = false;
      continue;
    }
    throw ChildError(step_failure(program, spec, message));
  }
  report.read.close();

  ChildOutcome outcome;
  outcome.timeout_seconds = spec.timeout_seconds;
  outcome.kill_grace_seconds = spec.kill_grace_seconds;
  detail::OutputPipe out_pipe{std::move(out.read), detail::StreamKeeper(spec.output_cap)};
  detail::OutputPipe err_pipe{std::move(err.read), detail::StreamKeeper(spec.output_cap)};
  detail::ChildWatch watch(spec, pid, start, guard, cgroup, out_pipe, err_pipe, outcome);
  watch.run_to_end();
  watch.settle();
  outcome.out = out_pipe.keeper.take();
  outcome.err = err_pipe.keeper.take();
  if (joined_cgroup) outcome.tree = cgroup.usage();
  return outcome;
}

std::string find_in_path(const std::string& name) {
  if (name.empty()) return "";
  if (name.find('/') != std::string::npos) return executable_file(name) ? name : "";
  for (const auto& dir : path_directories()) {
    const std::string candidate = dir + "/" + name;
    if (executable_file(candidate)) return candidate;
  }
  return "";
}

std::vector<std::string> programs_in_path() {
  std::set<std::string> names;
  for (const auto& dir : path_directories()) {
    DIR* d = ::opendir(dir.c_str());
    if (d == nullptr) continue;
    const int dfd = ::dirfd(d);
    while (const dirent* entry = ::readdir(d)) {
      const std::string_view name(entry->d_name);
      if (name == "." || name == "..") continue;
      struct stat st {};
      if (::fstatat(dfd, entry->d_name, &st, 0) == 0 && S_ISREG(st.st_mode) &&
          ::faccessat(dfd, entry->d_name, X_OK, 0) == 0)
        names.emplace(name);
    }
    ::closedir(d);
  }
  return {names.begin(), names.end()};
}

}  // namespace hwbench::platform
