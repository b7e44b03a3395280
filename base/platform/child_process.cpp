#include "base/platform/child_process.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <set>
#include <sstream>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "base/platform/clock.hpp"
#include "base/platform/file_descriptor.hpp"
#include "base/platform/machine.hpp"
#include "base/platform/whole_file.hpp"
#include "base/support/system_text.hpp"

extern char** environ;

namespace hwbench::platform {

namespace {

constexpr std::int64_t never_ns = std::numeric_limits<std::int64_t>::max();
constexpr std::size_t read_chunk = 64 * 1024;

std::int64_t seconds_to_ns(double seconds) {
  if (!(seconds > 0)) return 0;
  // Anything past a century is no limit at all, and would overflow the nanoseconds.
  if (seconds > 3e9) return never_ns;
  return static_cast<std::int64_t>(std::llround(seconds * 1e9));
}

void sleep_briefly(std::int64_t ns) {
  timespec ts{static_cast<time_t>(ns / 1'000'000'000), static_cast<long>(ns % 1'000'000'000)};
  while (::nanosleep(&ts, &ts) != 0 && errno == EINTR) {
  }
}

// A descriptor the child keeps must not be 0, 1 or 2, which it replaces; it can only be one of
// those when ours are closed.
FileDescriptor above_stdio(FileDescriptor fd) {
  if (!fd.valid() || fd.get() > 2) return fd;
  return FileDescriptor(::fcntl(fd.get(), F_DUPFD_CLOEXEC, 3));
}

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

// Keeps a stream's first cap/2 bytes and its last cap - cap/2, counting them all.
class StreamKeeper {
 public:
  explicit StreamKeeper(std::size_t cap) : head_limit_(cap / 2), tail_limit_(cap - cap / 2) {}

  void add(const char* data, std::size_t n) {
    total_ += n;
    const std::size_t to_head = std::min(n, head_limit_ - head_.size());
    head_.append(data, to_head);
    data += to_head;
    n -= to_head;
    if (n == 0) return;
    if (n >= tail_limit_) {
      tail_.assign(data + (n - tail_limit_), tail_limit_);
      return;
    }
    tail_.append(data, n);
    // Trimmed once the excess is as large as what is kept, so that a long stream costs one copy
    // per cap's worth of output, not one per read.
    if (tail_.size() > tail_limit_ && tail_.size() - tail_limit_ >= std::max<std::size_t>(tail_limit_, read_chunk))
      tail_.erase(0, tail_.size() - tail_limit_);
  }

  CapturedText take() {
    if (tail_.size() > tail_limit_) tail_.erase(0, tail_.size() - tail_limit_);
    CapturedText captured;
    captured.total = total_;
    const std::uint64_t kept = head_.size() + tail_.size();
    captured.cut = kept < total_;
    captured.text =
        captured.cut ? fmt::format("{}\n[… {} bytes cut …]\n{}", head_, total_ - kept, tail_) : head_ + tail_;
    return captured;
  }

 private:
  std::size_t head_limit_, tail_limit_;
  std::string head_, tail_;
  std::uint64_t total_ = 0;
};

// One of the child's output streams as the parent reads it: non-blocking, so that a read never
// waits for a writer that is still alive but silent.
struct OutputPipe {
  FileDescriptor fd;
  StreamKeeper keeper;

  // Reads what the pipe holds now, up to one chunk; closes it at its end or on an error.
  void read_some(char* buffer) {
    for (;;) {
      const ssize_t n = ::read(fd.get(), buffer, read_chunk);
      if (n > 0) {
        keeper.add(buffer, static_cast<std::size_t>(n));
        return;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
      fd.close();
      return;
    }
  }

  // Reads whatever is left without waiting, then closes: bounded, because a writer that escaped
  // the kill could keep it full for ever.
  void drain(char* buffer) {
    for (std::size_t budget = 256; fd.valid() && budget > 0; --budget) {
      const ssize_t n = ::read(fd.get(), buffer, read_chunk);
      if (n > 0)
        keeper.add(buffer, static_cast<std::size_t>(n));
      else if (n < 0 && errno == EINTR)
        continue;
      else
        break;
    }
    fd.close();
  }
};

// ---- The process tree's cgroup v2 ----

std::string unescape_mount_field(std::string_view field) {
  // mountinfo writes space, tab, newline and backslash as \040, \011, \012, \134.
  std::string out;
  for (std::size_t i = 0; i < field.size(); ++i) {
    const auto octal = [&](std::size_t at) { return field[at] >= '0' && field[at] <= '7'; };
    if (field[i] == '\\' && i + 3 < field.size() && octal(i + 1) && octal(i + 2) && octal(i + 3)) {
      out += static_cast<char>((field[i + 1] - '0') * 64 + (field[i + 2] - '0') * 8 + (field[i + 3] - '0'));
      i += 3;
    } else {
      out += field[i];
    }
  }
  return out;
}

// Our own cgroup v2 directory: the cgroup2 mount (/sys/fs/cgroup, or /sys/fs/cgroup/unified on a
// hybrid system) joined with the `0::` line of /proc/self/cgroup; "" when there is none.
std::string find_own_cgroup() {
  const auto mounts = read_whole_file("/proc/self/mountinfo");
  const auto groups = read_whole_file("/proc/self/cgroup");
  if (!mounts || !groups) return "";
  std::string own;
  std::istringstream group_lines(*groups);
  for (std::string line; std::getline(group_lines, line);)
    if (line.starts_with("0::")) own = line.substr(3);
  if (own.empty() || own.front() != '/' || own.find("/..") != std::string::npos) return "";
  std::istringstream mount_lines(*mounts);
  for (std::string line; std::getline(mount_lines, line);) {
    const std::size_t dash = line.find(" - ");
    if (dash == std::string::npos) continue;
    const auto after = support::split_words(std::string_view(line).substr(dash + 3));
    if (after.empty() || after[0] != "cgroup2") continue;
    const auto before = support::split_words(std::string_view(line).substr(0, dash));
    if (before.size() < 5) continue;
    const std::string root = unescape_mount_field(before[3]);
    const std::string point = unescape_mount_field(before[4]);
    // The mount shows the hierarchy from `root` down; our cgroup must lie below it.
    std::string below;
    if (root == "/")
      below = own;
    else if (own == root)
      below = "";
    else if (own.starts_with(root + "/"))
      below = own.substr(root.size());
    else
      continue;
    if (below == "/") below = "";
    return point + below;
  }
  return "";
}

const std::string& own_cgroup() {
  static const std::string dir = find_own_cgroup();
  return dir;
}

std::atomic<unsigned> cgroup_serial{0};

// A cgroup of its own for one child's process tree, removed with whatever is left in it.
class TreeCgroup {
 public:
  TreeCgroup() = default;
  TreeCgroup(const TreeCgroup&) = delete;
  TreeCgroup& operator=(const TreeCgroup&) = delete;
  ~TreeCgroup() {
    try {
      remove();
    } catch (...) {
      // A destructor must not throw; what is left of the cgroup is the system's to clean.
    }
  }

  // Makes one below ours; stays empty when the system does not let us (no cgroup v2, no rights).
  void make() {
    const std::string& base = own_cgroup();
    if (base.empty()) return;
    for (int attempt = 0; attempt < 4; ++attempt) {
      const std::string path = fmt::format("{}/hwbench-{}-{}", base, ::getpid(), cgroup_serial.fetch_add(1));
      if (::mkdir(path.c_str(), 0755) != 0) {
        if (errno == EEXIST) continue;
        return;
      }
      path_ = path;
      procs_ = above_stdio(open_file(path + "/cgroup.procs", O_WRONLY));
      if (!procs_.valid()) remove();
      return;
    }
  }

  bool valid() const { return !path_.empty(); }
  const std::string& path() const { return path_; }
  int procs_fd() const { return procs_.get(); }
  void close_procs() { procs_.close(); }

  std::vector<pid_t> members() const {
    std::vector<pid_t> pids;
    if (!valid()) return pids;
    const auto text = read_whole_file(path_ + "/cgroup.procs");
    if (!text) return pids;
    for (const auto& word : support::split_words(*text))
      if (const auto pid = support::parse_integer(word); pid && *pid > 0) pids.push_back(static_cast<pid_t>(*pid));
    return pids;
  }

  // SIGKILL to everything in it: cgroup.kill (Linux 5.14) or each pid it lists.
  void kill_all() const {
    if (!valid()) return;
    const FileDescriptor kill_file = open_file(path_ + "/cgroup.kill", O_WRONLY);
    if (kill_file.valid() && ::write(kill_file.get(), "1", 1) == 1) return;
    for (const pid_t pid : members()) ::kill(pid, SIGKILL);
  }

  std::optional<TreeUsage> usage() const {
    const auto stat = read_whole_file(path_ + "/cpu.stat");
    if (!stat) return std::nullopt;
    TreeUsage usage;
    usage.cgroup = path_;
    bool user = false, system = false;
    std::istringstream lines(*stat);
    for (std::string line; std::getline(lines, line);) {
      const auto words = support::split_words(line);
      if (words.size() != 2) continue;
      const auto value = support::parse_integer(words[1]);
      if (!value) continue;
      if (words[0] == "user_usec") {
        usage.usr_ns = *value * 1000;
        user = true;
      } else if (words[0] == "system_usec") {
        usage.sys_ns = *value * 1000;
        system = true;
      }
    }
    if (!user || !system) return std::nullopt;
    if (const auto peak = read_whole_file(path_ + "/memory.peak")) {
      if (const auto bytes = support::parse_integer(support::trim(*peak)); bytes && *bytes >= 0)
        usage.peak_memory_bytes = static_cast<std::uint64_t>(*bytes);
    }
    return usage;
  }

  // Kills what is left and removes the directory. rmdir fails with EBUSY while dying processes
  // are still listed, which takes a moment after SIGKILL.
  void remove() {
    procs_.close();
    if (path_.empty()) return;
    for (int attempt = 0; attempt < 2000; ++attempt) {
      if (attempt % 50 == 0) kill_all();
      if (::rmdir(path_.c_str()) == 0 || errno != EBUSY) break;
      sleep_briefly(1'000'000);
    }
    path_.clear();
  }

 private:
  std::string path_;
  FileDescriptor procs_;
};

// ---- Processes left behind ----

struct ProcessState {
  char state = 0;
  pid_t pgrp = 0;
};

// Reads /proc/PID/stat's state and process group; nullopt when the process is gone.
std::optional<ProcessState> process_state(pid_t pid) {
  const FileDescriptor fd = open_file(fmt::format("/proc/{}/stat", pid), O_RDONLY);
  if (!fd.valid()) return std::nullopt;
  char buffer[1024];
  ssize_t n;
  do {
    n = ::read(fd.get(), buffer, sizeof buffer - 1);
  } while (n < 0 && errno == EINTR);
  if (n <= 0) return std::nullopt;
  buffer[n] = '\0';
  // The command name is in parentheses and may hold anything, ')' included: the fields that
  // follow start after the last one.
  const char* close = std::strrchr(buffer, ')');
  if (close == nullptr) return std::nullopt;
  ProcessState ps;
  int ppid = 0, pgrp = 0;
  if (std::sscanf(close + 1, " %c %d %d", &ps.state, &ppid, &pgrp) != 3) return std::nullopt;
  ps.pgrp = pgrp;
  return ps;
}

bool alive(const ProcessState& ps) { return ps.state != 'Z' && ps.state != 'X' && ps.state != 'x'; }

// The processes still running (zombies are not) in process group `pgid` or in `cgroup`.
std::set<pid_t> leftover_processes(pid_t pgid, const TreeCgroup& cgroup) {
  std::set<pid_t> left;
  for (const pid_t pid : cgroup.members())
    if (const auto ps = process_state(pid); ps && alive(*ps)) left.insert(pid);
  // kill(-pgid, 0) fails once no process (a zombie included) is in the group: no walk of /proc.
  if (::kill(-pgid, 0) != 0) return left;
  DIR* proc = ::opendir("/proc");
  if (proc == nullptr) return left;
  while (const dirent* entry = ::readdir(proc)) {
    const auto pid = support::parse_integer(entry->d_name);
    if (!pid || *pid <= 0) continue;
    if (const auto ps = process_state(static_cast<pid_t>(*pid)); ps && ps->pgrp == pgid && alive(*ps))
      left.insert(static_cast<pid_t>(*pid));
  }
  ::closedir(proc);
  return left;
}

// SIGKILL to the group and to the cgroup's processes.
void kill_everything(pid_t pgid, const TreeCgroup& cgroup) {
  ::kill(-pgid, SIGKILL);
  cgroup.kill_all();
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
  ::setpgid(0, 0);
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

// Ends and reaps the child when run_child leaves early (an exception), so that no process and no
// zombie outlives the call.
struct ReapGuard {
  pid_t pid = -1;  // -1 once reaped
  ReapGuard() = default;
  ReapGuard(const ReapGuard&) = delete;
  ReapGuard& operator=(const ReapGuard&) = delete;
  ~ReapGuard() {
    if (pid <= 0) return;
    ::kill(-pid, SIGKILL);
    ::kill(pid, SIGKILL);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
};

FileDescriptor open_pidfd(pid_t pid, bool wanted) {
  if (!wanted) return {};
#ifdef SYS_pidfd_open
  // Linux 5.3; older kernels (ENOSYS) and seccomp filters (EPERM) leave the waitpid poll.
  return FileDescriptor(static_cast<int>(::syscall(SYS_pidfd_open, pid, 0)));
#else
  (void)pid;
  return {};
#endif
}

std::int64_t timeval_ns(const timeval& tv) {
  return static_cast<std::int64_t>(tv.tv_sec) * 1'000'000'000 + static_cast<std::int64_t>(tv.tv_usec) * 1000;
}

// Milliseconds for poll() until `until`, rounded up, within `limit` (-1: none).
int poll_ms(std::int64_t now, std::int64_t until, int limit) {
  if (until == never_ns) return limit;
  const std::int64_t ms = until <= now ? 0 : (until - now + 999'999) / 1'000'000;
  if (limit < 0) return static_cast<int>(std::min<std::int64_t>(ms, std::numeric_limits<int>::max()));
  return static_cast<int>(std::min<std::int64_t>(ms, limit));
}

// The running child as the parent watches it.
class ChildWatch {
 public:
  ChildWatch(const ChildSpec& spec, pid_t pid, std::int64_t start, ReapGuard& guard, TreeCgroup& cgroup,
             OutputPipe& out, OutputPipe& err, ChildOutcome& outcome)
      : spec_(spec),
        pid_(pid),
        start_(start),
        guard_(guard),
        cgroup_(cgroup),
        out_(out),
        err_(err),
        outcome_(outcome),
        pidfd_(open_pidfd(pid, spec.watch_pidfd)),
        buffer_(read_chunk) {
    const std::int64_t timeout = seconds_to_ns(spec.timeout_seconds);
    deadline_ = timeout == 0 || timeout == never_ns ? never_ns : start + timeout;
    grace_ns_ = seconds_to_ns(spec.kill_grace_seconds);
  }

  // Reads the pipes until the child ends, ending it on a timeout or an interruption.
  void run_to_end() {
    while (guard_.pid > 0) {
      const std::int64_t now = monotonic_ns();
      enforce_limits(now);
      // Without a pidfd the child's end is polled with waitpid: every tenth of the time it has run
      // so far, between 1 and 10 ms, so that a short run is not measured 10 ms too long. The
      // interruption flag is looked at every 25 ms.
      int limit = pidfd_.valid() ? -1 : static_cast<int>(std::clamp<std::int64_t>((now - start_) / 10'000'000, 1, 10));
      if (spec_.interrupted != nullptr) limit = limit < 0 ? 25 : std::min(limit, 25);
      const std::int64_t until = stage_ == Stage::running      ? deadline_
                                 : stage_ == Stage::terminated ? kill_at_
                                                               : never_ns;
      const int wait_ms = poll_ms(now, until, limit);
      pollfd fds[3];
      nfds_t count = 0;
      const auto add = [&](int fd) {
        if (fd >= 0) fds[count++] = pollfd{fd, POLLIN, 0};
      };
      add(out_.fd.get());
      add(err_.fd.get());
      add(pidfd_.get());
      // poll() failing with EINTR is normal (hwbench's signal handlers); any other failure is
      // treated as a timeout, and the waitpid poll below still sees the end.
      const int ready = ::poll(fds, count, wait_ms);
      if (ready > 0) {
        for (nfds_t i = 0; i < count; ++i) {
          if (fds[i].revents == 0) continue;
          if (fds[i].fd == out_.fd.get())
            out_.read_some(buffer_.data());
          else if (fds[i].fd == err_.fd.get())
            err_.read_some(buffer_.data());
        }
      }
      const bool ended = pidfd_.valid() && ready > 0 && (fds[count - 1].revents & POLLIN) != 0;
      reap(ended ? 0 : WNOHANG);
    }
  }

  // After the child: kills what it left running in its group or cgroup, reads the rest of the
  // output and closes the pipes.
  void settle() {
    std::set<pid_t> left = leftover_processes(pid_, cgroup_);
    if (stage_ != Stage::killed) outcome_.stragglers = static_cast<int>(left.size());
    const std::int64_t give_up = monotonic_ns() + 1'000'000'000;
    while (!left.empty()) {
      kill_everything(pid_, cgroup_);
      if (monotonic_ns() >= give_up) break;
      // Killed processes close their ends of the pipes as they die: read while waiting.
      pollfd fds[2];
      nfds_t count = 0;
      if (out_.fd.valid()) fds[count++] = pollfd{out_.fd.get(), POLLIN, 0};
      if (err_.fd.valid()) fds[count++] = pollfd{err_.fd.get(), POLLIN, 0};
      if (::poll(fds, count, 2) > 0) {
        for (nfds_t i = 0; i < count; ++i) {
          if (fds[i].revents == 0) continue;
          if (fds[i].fd == out_.fd.get())
            out_.read_some(buffer_.data());
          else
            err_.read_some(buffer_.data());
        }
      }
      left = leftover_processes(pid_, cgroup_);
    }
    out_.drain(buffer_.data());
    err_.drain(buffer_.data());
  }

 private:
  enum class Stage { running, terminated, killed };

  void enforce_limits(std::int64_t now) {
    if (stage_ == Stage::running) {
      if (spec_.interrupted != nullptr && spec_.interrupted->load())
        outcome_.interrupted = true;
      else if (now >= deadline_)
        outcome_.timed_out = true;
      else
        return;
      ::kill(-pid_, SIGTERM);
      stage_ = Stage::terminated;
      kill_at_ = grace_ns_ >= never_ns - now ? never_ns : now + grace_ns_;
    } else if (stage_ == Stage::terminated && now >= kill_at_) {
      // Counted before the kill: afterwards they are dying, and whether they still show is a race.
      std::set<pid_t> left = leftover_processes(pid_, cgroup_);
      left.erase(pid_);
      outcome_.stragglers = static_cast<int>(left.size());
      kill_everything(pid_, cgroup_);
      outcome_.killed = true;
      stage_ = Stage::killed;
    }
  }

  void reap(int options) {
    int status = 0;
    rusage usage{};
    pid_t got;
    do {
      got = ::wait4(pid_, &status, options, &usage);
    } while (got < 0 && errno == EINTR);
    if (got == 0) return;
    outcome_.wall_ns = monotonic_ns() - start_;
    guard_.pid = -1;
    // ECHILD: someone else reaped it (SIGCHLD ignored); its status and usage are lost.
    if (got < 0) return;
    if (WIFEXITED(status)) outcome_.exit_code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) outcome_.signal = WTERMSIG(status);
    outcome_.usr_ns = timeval_ns(usage.ru_utime);
    outcome_.sys_ns = timeval_ns(usage.ru_stime);
    outcome_.max_rss_kb = usage.ru_maxrss;
  }

  const ChildSpec& spec_;
  pid_t pid_;
  std::int64_t start_;
  ReapGuard& guard_;
  TreeCgroup& cgroup_;
  OutputPipe& out_;
  OutputPipe& err_;
  ChildOutcome& outcome_;
  FileDescriptor pidfd_;
  std::vector<char> buffer_;
  std::int64_t deadline_ = never_ns;
  std::int64_t grace_ns_ = 0;
  std::int64_t kill_at_ = never_ns;
  Stage stage_ = Stage::running;
};

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
  TreeCgroup cgroup;
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
  const pid_t pid = ::vfork();
  if (pid == 0) become_program(plan);
  const int fork_error = errno;
  ::pthread_sigmask(SIG_SETMASK, &before, nullptr);
  if (pid < 0) throw ChildError(fmt::format("cannot run {}: fork: {}", program, std::strerror(fork_error)));
  ReapGuard guard;
  guard.pid = pid;
  // Also here, so that the group exists before the parent may signal it, whichever runs first.
  ::setpgid(pid, pid);
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
  OutputPipe out_pipe{std::move(out.read), StreamKeeper(spec.output_cap)};
  OutputPipe err_pipe{std::move(err.read), StreamKeeper(spec.output_cap)};
  ChildWatch watch(spec, pid, start, guard, cgroup, out_pipe, err_pipe, outcome);
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
