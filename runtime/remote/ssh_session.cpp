#include "runtime/remote/ssh_session.hpp"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <ctime>

#include <fmt/format.h>

extern char** environ;

namespace hwbench::runtime::remote {

std::vector<std::string> ssh_client_words(const char* hwbench_ssh) {
  std::vector<std::string> words;
  std::string word;
  for (const char* p = hwbench_ssh ? hwbench_ssh : ""; *p != '\0'; ++p) {
    if (*p == ' ' || *p == '\t' || *p == '\n') {
      if (!word.empty()) words.push_back(std::move(word));
      word.clear();
    } else {
      word += *p;
    }
  }
  if (!word.empty()) words.push_back(std::move(word));
  if (words.empty()) words.push_back("ssh");
  return words;
}

std::vector<std::string> ssh_argv(const std::vector<std::string>& client, const std::string& destination,
                                  const std::string& remote_command) {
  std::vector<std::string> argv = client;
  argv.insert(argv.end(), {"-T", "-o", "BatchMode=yes", "--", destination, remote_command});
  return argv;
}

namespace {

/// A pipe's two ends, closed when it goes.
struct PipeEnds {
  int fd[2] = {-1, -1};
  ~PipeEnds() {
    for (int& f : fd)
      if (f >= 0) ::close(f);
  }
  void close_end(int i) {
    if (fd[i] >= 0) ::close(fd[i]);
    fd[i] = -1;
  }
};

/// Spawns `argv` with the pipes on its stdin, stdout and stderr: the child's signals as a fresh
/// process has them (hwbench ignores SIGPIPE and catches SIGINT), in a process group of its own.
pid_t spawn_client(const std::vector<std::string>& argv, PipeEnds& in, PipeEnds& out, PipeEnds& err,
                   std::string& error) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in.fd[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out.fd[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err.fd[1], 2);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t defaults, none;
  sigemptyset(&defaults);
  for (int s : {SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT}) sigaddset(&defaults, s);
  sigemptyset(&none);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  const int rc = ::posix_spawnp(&pid, args[0], &actions, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) {
    error = fmt::format("cannot start {}: {}", argv[0], std::strerror(rc));
    return -1;
  }
  return pid;
}

}  // namespace

namespace {

std::int64_t now_ms() {
  timespec t{};
  ::clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<std::int64_t>(t.tv_sec) * 1000 + t.tv_nsec / 1'000'000;
}

/// One session's loop: stdin fed, stdout kept, stderr split into lines, until the client has
/// exited and its output is read, or until it is ended after an interruption it outlived.
class SessionLoop {
 public:
  SessionLoop(pid_t pid, PipeEnds& in, PipeEnds& out, PipeEnds& err, const SessionInput& io, SessionEnd& end)
      : pid_(pid), in_(in), out_(out), err_(err), io_(io), end_(end) {}

  void run() {
    while (out_.fd[0] >= 0 || err_.fd[0] >= 0) {
      pass_interruption_on();
      reap();
      // The client gone, what it wrote is in the pipes: read for a moment longer, not until a
      // descendant that kept its stdout or stderr (a ControlPersist master) lets go.
      if (exited_ && now_ms() > exited_at_ + kDrainMs) break;
      poll_once();
    }
    if (!err_line_.empty()) flush_line();
    in_.close_end(1);
    if (!exited_)
      while (::waitpid(pid_, &status_, 0) < 0 && errno == EINTR) {
      }
    end_.exit_code = WIFEXITED(status_) ? WEXITSTATUS(status_) : -1;
  }

 private:
  static constexpr std::int64_t kDrainMs = 500;

  void pass_interruption_on() {
    const bool stop = io_.interrupted && io_.interrupted->load();
    if (stop && told_at_ < 0) {
      told_at_ = now_ms();
      if (io_.interrupt_signal != 0) ::kill(-pid_, io_.interrupt_signal);
      if (io_.on_interrupt) io_.on_interrupt();
    }
    // A client that outlives the interruption by its grace (a host gone dark: ssh waits for
    // TCP's timeouts) is ended, TERM first, then KILL: a Ctrl-C always ends hwbench.
    if (told_at_ >= 0 && !exited_) {
      const std::int64_t waited = now_ms() - told_at_;
      const std::int64_t grace = static_cast<std::int64_t>(io_.interrupt_grace_seconds * 1000);
      if (waited > grace && !termed_) {
        termed_ = true;
        ::kill(-pid_, SIGTERM);
      } else if (waited > grace + kKillAfterTermMs && !killed_) {
        killed_ = true;
        ::kill(-pid_, SIGKILL);
      }
    }
    if (in_.fd[1] >= 0 && (stop || (written_ == io_.input.size() && !io_.keep_open))) in_.close_end(1);
  }

  void reap() {
    if (exited_) return;
    const pid_t r = ::waitpid(pid_, &status_, WNOHANG);
    if (r == pid_) {
      exited_ = true;
      exited_at_ = now_ms();
    }
  }

  void poll_once() {
    pollfd p[3];
    nfds_t n = 0;
    if (out_.fd[0] >= 0) p[n++] = {out_.fd[0], POLLIN, 0};
    if (err_.fd[0] >= 0) p[n++] = {err_.fd[0], POLLIN, 0};
    if (in_.fd[1] >= 0) p[n++] = {in_.fd[1], static_cast<short>(written_ < io_.input.size() ? POLLOUT : 0), 0};
    // A tenth of a second at most: the interruption flag and the client are looked at that often.
    if (::poll(p, n, 100) < 0) return;
    for (nfds_t k = 0; k < n; ++k) {
      if (p[k].revents == 0) continue;
      if (p[k].fd == in_.fd[1])
        feed(p[k].revents);
      else
        take(p[k].fd);
    }
  }

  void feed(short revents) {
    if (revents & (POLLERR | POLLHUP)) {
      in_.close_end(1);  // the remote command ended without reading all of it
      return;
    }
    const ssize_t put = ::write(in_.fd[1], io_.input.data() + written_, io_.input.size() - written_);
    if (put > 0)
      written_ += static_cast<std::size_t>(put);
    else if (put < 0 && errno != EAGAIN && errno != EINTR)
      in_.close_end(1);
  }

  void take(int fd) {
    char buf[65536];
    const ssize_t got = ::read(fd, buf, sizeof buf);
    const bool is_out = fd == out_.fd[0];
    if (got > 0) {
      if (is_out) {
        end_.out.append(buf, static_cast<std::size_t>(got));
        return;
      }
      for (ssize_t i = 0; i < got; ++i) {
        if (buf[i] == '\n')
          flush_line();
        else if (buf[i] != '\r')
          err_line_ += buf[i];
      }
    } else if (got == 0 || (errno != EINTR && errno != EAGAIN)) {
      (is_out ? out_ : err_).close_end(0);
    }
  }

  void flush_line() {
    if (io_.on_stderr_line) io_.on_stderr_line(err_line_);
    err_line_.clear();
  }

  static constexpr std::int64_t kKillAfterTermMs = 5000;
  pid_t pid_;
  PipeEnds &in_, &out_, &err_;
  const SessionInput& io_;
  SessionEnd& end_;
  std::size_t written_ = 0;
  std::string err_line_;
  std::int64_t told_at_ = -1;  ///< when the interruption was passed on; -1: not yet
  bool termed_ = false, killed_ = false;
  bool exited_ = false;
  std::int64_t exited_at_ = 0;
  int status_ = 0;
};

}  // namespace

SessionEnd run_session(const std::vector<std::string>& argv, const SessionInput& io) {
  SessionEnd end;
  PipeEnds in, out, err;
  if (::pipe2(in.fd, O_CLOEXEC) != 0 || ::pipe2(out.fd, O_CLOEXEC) != 0 || ::pipe2(err.fd, O_CLOEXEC) != 0) {
    end.start_error = fmt::format("cannot make pipes for {}: {}", argv[0], std::strerror(errno));
    return end;
  }
  const pid_t pid = spawn_client(argv, in, out, err, end.start_error);
  if (pid < 0) return end;
  in.close_end(0);
  out.close_end(1);
  err.close_end(1);
  ::fcntl(in.fd[1], F_SETFL, ::fcntl(in.fd[1], F_GETFL) | O_NONBLOCK);
  SessionLoop(pid, in, out, err, io, end).run();
  return end;
}

}  // namespace hwbench::runtime::remote
