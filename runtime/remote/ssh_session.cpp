#include "runtime/remote/ssh_session.hpp"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>

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

  std::size_t written = 0;
  std::string err_line;
  const auto flush_line = [&] {
    if (io.on_stderr_line) io.on_stderr_line(err_line);
    err_line.clear();
  };
  bool told = false;  // the interruption was passed on
  while (out.fd[0] >= 0 || err.fd[0] >= 0) {
    const bool stop = io.interrupted && io.interrupted->load();
    if (stop && !told) {
      told = true;
      if (io.interrupt_signal != 0) ::kill(-pid, io.interrupt_signal);
      if (io.on_interrupt) io.on_interrupt();
    }
    if (in.fd[1] >= 0 && (stop || (written == io.input.size() && !io.keep_open))) in.close_end(1);
    pollfd p[3];
    nfds_t n = 0;
    if (out.fd[0] >= 0) p[n++] = {out.fd[0], POLLIN, 0};
    if (err.fd[0] >= 0) p[n++] = {err.fd[0], POLLIN, 0};
    if (in.fd[1] >= 0) p[n++] = {in.fd[1], static_cast<short>(written < io.input.size() ? POLLOUT : 0), 0};
    // A tenth of a second at most: the interruption flag is looked at that often.
    if (::poll(p, n, 100) < 0 && errno != EINTR) break;
    for (nfds_t k = 0; k < n; ++k) {
      if (p[k].revents == 0) continue;
      if (p[k].fd == in.fd[1]) {
        if (p[k].revents & (POLLERR | POLLHUP)) {
          in.close_end(1);  // the remote command ended without reading all of it
          continue;
        }
        const ssize_t put = ::write(in.fd[1], io.input.data() + written, io.input.size() - written);
        if (put > 0)
          written += static_cast<std::size_t>(put);
        else if (put < 0 && errno != EAGAIN && errno != EINTR)
          in.close_end(1);
        continue;
      }
      char buf[65536];
      const ssize_t got = ::read(p[k].fd, buf, sizeof buf);
      const bool is_out = p[k].fd == out.fd[0];
      if (got > 0) {
        if (is_out) {
          end.out.append(buf, static_cast<std::size_t>(got));
        } else {
          for (ssize_t i = 0; i < got; ++i) {
            if (buf[i] == '\n')
              flush_line();
            else if (buf[i] != '\r')
              err_line += buf[i];
          }
        }
      } else if (got == 0 || (errno != EINTR && errno != EAGAIN)) {
        (is_out ? out : err).close_end(0);
      }
    }
  }
  if (!err_line.empty()) flush_line();
  in.close_end(1);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  end.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return end;
}

}  // namespace hwbench::runtime::remote
