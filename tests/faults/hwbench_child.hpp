#pragma once
// Fault tests drive the real hwbench binary: a child process in its own process group (so that
// a Ctrl-C can be sent to it and its workers as a terminal sends it), with stdout and stderr
// captured, waited for with a deadline, and killed on every early exit of a test.
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "tests/support/temp_dir.hpp"

#ifndef HWBENCH_BINARY
#error "HWBENCH_BINARY must name the hwbench executable (CMake defines it for the test target)"
#endif

namespace hwbench::test {

/// Seconds since `start`.
inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/// Number of non-overlapping occurrences of `needle` in `text`.
inline std::size_t count_of(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t pos = text.find(needle); pos != std::string::npos; pos = text.find(needle, pos + needle.size())) ++n;
  return n;
}

/// The environment hwbench runs with: this process's. Under AddressSanitizer, a worker the test
/// kills with SIGSEGV must die of SIGSEGV as it would in a plain build, not be caught by ASan's
/// handler and turned into an abort: so the child is told to leave SIGSEGV, SIGBUS and SIGFPE alone.
// gcc says __SANITIZE_ADDRESS__; clang (14) says __has_feature(address_sanitizer).
#if defined(__SANITIZE_ADDRESS__)
#define HWBENCH_TEST_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HWBENCH_TEST_UNDER_ASAN 1
#endif
#endif

inline std::vector<std::string> child_environment() {
  std::vector<std::string> out;
  for (char** e = environ; *e != nullptr; ++e) out.emplace_back(*e);
#if defined(HWBENCH_TEST_UNDER_ASAN)
  const std::string extra = "handle_segv=0:handle_sigbus=0:handle_sigfpe=0";
  auto it = std::find_if(out.begin(), out.end(), [](const std::string& e) { return e.rfind("ASAN_OPTIONS=", 0) == 0; });
  if (it == out.end())
    out.push_back("ASAN_OPTIONS=" + extra);
  else
    *it += ":" + extra;
#endif
  return out;
}

/// `hwbench ARGS…` running in `cwd`, its output collected while the test waits on it.
class HwbenchChild {
 public:
  HwbenchChild(const std::vector<std::string>& args, const std::string& cwd) {
    int out[2], err[2];
    REQUIRE(::pipe2(out, O_CLOEXEC) == 0);
    REQUIRE(::pipe2(err, O_CLOEXEC) == 0);
    // Built before fork(): the child only makes async-signal-safe calls.
    std::vector<char*> argv{const_cast<char*>(HWBENCH_BINARY)};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    const std::vector<std::string> env_text = child_environment();
    std::vector<char*> envp;
    for (const auto& e : env_text) envp.push_back(const_cast<char*>(e.c_str()));
    envp.push_back(nullptr);
    pid_ = ::fork();
    REQUIRE(pid_ >= 0);
    if (pid_ == 0) {
      ::setpgid(0, 0);
      ::dup2(out[1], 1);
      ::dup2(err[1], 2);
      if (::chdir(cwd.c_str()) != 0) ::_exit(126);
      ::execve(HWBENCH_BINARY, argv.data(), envp.data());
      ::_exit(127);
    }
    // Both sides set the group, so a signal to it can never reach the test's own group.
    ::setpgid(pid_, pid_);
    ::close(out[1]);
    ::close(err[1]);
    fds_[0] = out[0];
    fds_[1] = err[0];
    started_ = std::chrono::steady_clock::now();
  }
  ~HwbenchChild() {
    if (!status_) {
      ::kill(-pid_, SIGKILL);
      ::kill(pid_, SIGKILL);
      int st = 0;
      ::waitpid(pid_, &st, 0);
    }
    for (int fd : fds_)
      if (fd >= 0) ::close(fd);
  }
  HwbenchChild(const HwbenchChild&) = delete;
  HwbenchChild& operator=(const HwbenchChild&) = delete;

  /// The process id (also its process group id).
  pid_t pid() const { return pid_; }
  /// Everything it printed on stdout / stderr so far.
  const std::string& out() const { return text_[0]; }
  const std::string& err() const { return text_[1]; }
  /// Seconds since it started.
  double elapsed() const { return seconds_since(started_); }

  /// Sends `sig` to the process only, as `kill PID` does.
  void signal(int sig) const { ::kill(pid_, sig); }
  /// Sends `sig` to its whole process group (workers included), as a terminal's Ctrl-C does.
  void signal_group(int sig) const { ::kill(-pid_, sig); }

  /// Collects output until stderr holds `count` occurrences of `needle`; false at the deadline
  /// or when the process ended first.
  bool wait_for_err(const std::string& needle, std::size_t count, double timeout_s = 10) {
    const auto start = std::chrono::steady_clock::now();
    while (count_of(text_[1], needle) < count) {
      if (seconds_since(start) > timeout_s || !pump(10)) return count_of(text_[1], needle) >= count;
    }
    return true;
  }

  /// Polls `ready` every millisecond while collecting output; false at the deadline.
  template <class Pred>
  bool wait_until(Pred ready, double timeout_s = 10) {
    const auto start = std::chrono::steady_clock::now();
    while (!ready()) {
      if (seconds_since(start) > timeout_s) return false;
      pump(1);
    }
    return true;
  }

  /// Whether the process has ended (it stays waitable until wait()).
  bool ended() const {
    if (status_) return true;
    siginfo_t info{};
    return ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid_;
  }

  /// Waits for the process to end (its output read to the end); the raw wait status, or
  /// nothing when it is still running after `timeout_s` (it is then killed).
  std::optional<int> wait(double timeout_s = 20) {
    const auto start = std::chrono::steady_clock::now();
    while (!status_) {
      int st = 0;
      if (::waitpid(pid_, &st, WNOHANG) == pid_) {
        status_ = st;
        break;
      }
      if (seconds_since(start) > timeout_s) return std::nullopt;
      pump(5);
    }
    while (pump(50)) {
    }
    return status_;
  }

  /// The exit code, or -signal when a signal ended it, or -1000 when it did not end in time.
  int exit_code(double timeout_s = 20) {
    auto st = wait(timeout_s);
    if (!st) return -1000;
    return WIFEXITED(*st) ? WEXITSTATUS(*st) : -WTERMSIG(*st);
  }

  /// Its child processes now (the `parallel` workers), from /proc.
  std::vector<pid_t> children() const {
    std::vector<pid_t> pids;
    std::ifstream in("/proc/" + std::to_string(pid_) + "/task/" + std::to_string(pid_) + "/children");
    for (pid_t p = 0; in >> p;) pids.push_back(p);
    return pids;
  }

 private:
  /// Reads whatever is ready within `ms`; false once both pipes reached end of file.
  bool pump(int ms) {
    pollfd p[2];
    int n = 0;
    for (int i = 0; i < 2; ++i)
      if (fds_[i] >= 0) p[n++] = {fds_[i], POLLIN, 0};
    if (n == 0) {
      if (ms > 0) ::usleep(static_cast<useconds_t>(ms) * 1000);
      return false;
    }
    if (::poll(p, static_cast<nfds_t>(n), ms) <= 0) return true;
    for (int k = 0; k < n; ++k) {
      if (p[k].revents == 0) continue;
      const int i = p[k].fd == fds_[0] ? 0 : 1;
      char buf[4096];
      const ssize_t got = ::read(fds_[i], buf, sizeof buf);
      if (got > 0) {
        text_[i].append(buf, static_cast<std::size_t>(got));
      } else if (got == 0 || errno != EINTR) {
        ::close(fds_[i]);
        fds_[i] = -1;
      }
    }
    return fds_[0] >= 0 || fds_[1] >= 0;
  }

  pid_t pid_ = -1;
  int fds_[2] = {-1, -1};
  std::string text_[2];
  std::optional<int> status_;
  std::chrono::steady_clock::time_point started_;
};

/// A fresh working directory holding t.bench: `location NAME = "DIR"`, then `body`.
struct LocationRecipe {
  TempDir work;
  std::string result = work / "r.json";  ///< where start() has the result written

  LocationRecipe(const std::string& name, const std::string& dir, const std::string& body) {
    write_text(work / "t.bench", "location " + name + " = \"" + dir + "\"\n" + body);
  }
  /// `hwbench run -v -o r.json t.bench` in the working directory (-v: a progress line per
  /// sample, for the tests that wait for one).
  HwbenchChild start() const { return HwbenchChild({"run", "-v", "-o", result, "t.bench"}, work.path()); }
};

/// What a file looks like: enough to tell that nobody rewrote, replaced or touched it.
struct FileState {
  std::string content;
  ino_t inode = 0;
  std::int64_t mtime_ns = 0;
  mode_t mode = 0;
  bool operator==(const FileState&) const = default;
};

/// Every entry under `dir` (recursively), by path relative to it. A missing directory is empty.
inline std::map<std::string, FileState> snapshot(const std::string& dir) {
  std::map<std::string, FileState> files;
  std::error_code ec;
  for (auto it = std::filesystem::recursive_directory_iterator(dir, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
    struct stat st {};
    if (::lstat(it->path().c_str(), &st) != 0) continue;
    FileState f;
    f.inode = st.st_ino;
    f.mtime_ns = static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec;
    f.mode = st.st_mode;
    if (S_ISREG(st.st_mode)) {
      std::ifstream in(it->path(), std::ios::binary);
      std::ostringstream ss;
      ss << in.rdbuf();
      f.content = ss.str();
    }
    files[std::filesystem::relative(it->path(), dir).string()] = std::move(f);
  }
  return files;
}

/// The names in a snapshot, comma-separated (for failure messages).
inline std::string names_of(const std::map<std::string, FileState>& files) {
  std::string out;
  for (const auto& [name, f] : files) out += (out.empty() ? "" : ", ") + name;
  return out;
}

/// Whether process `pid` is gone (neither running nor a zombie waiting to be reaped).
inline bool process_gone(pid_t pid) { return ::kill(pid, 0) != 0 && errno == ESRCH; }

/// The processes still in process group `pgid` (zombies included), from /proc.
inline std::vector<pid_t> group_members(pid_t pgid) {
  std::vector<pid_t> pids;
  std::error_code ec;
  for (auto it = std::filesystem::directory_iterator("/proc", ec); !ec && it != std::filesystem::directory_iterator();
       it.increment(ec)) {
    std::ifstream in(it->path() / "stat");
    std::string line;
    if (!std::getline(in, line)) continue;
    // pid (comm) state ppid pgrp …; comm may hold spaces and parentheses, so parse after the last ')'.
    const auto close = line.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream rest(line.substr(close + 1));
    std::string state;
    pid_t ppid = 0, pgrp = 0;
    if (rest >> state >> ppid >> pgrp && pgrp == pgid) pids.push_back(std::stoi(it->path().filename().string()));
  }
  return pids;
}

}  // namespace hwbench::test
