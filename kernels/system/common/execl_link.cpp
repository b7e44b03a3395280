#include "kernels/system/common/execl_link.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace hwbench::kernels::system {

namespace {

constexpr const char* self = "/proc/self/exe";

// The next count from hwbench: true with `next` set, false at the end of the requests.
bool read_count(int request_fd, std::uint64_t& next, bool& failed) {
  std::size_t got = 0;
  while (got < sizeof next) {
    const ssize_t n = ::read(request_fd, reinterpret_cast<char*>(&next) + got, sizeof next - got);
    if (n == 0) return false;
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      failed = true;
      return false;
    }
    got += static_cast<std::size_t>(n);
  }
  return true;
}

// One fork whose child exits at once, and the wait for it; whether the child exited with 0. The
// child leaves through exit(), as UnixBench's does: its exit handlers and stdio flush write to
// the copied pages, and that copying is part of what a process creation costs there.
bool spawn_one() {
  const pid_t pid = ::fork();
  if (pid < 0) return false;
  if (pid == 0) std::exit(0);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return false;
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

}  // namespace

int spawn_server(int request_fd, int reply_fd) {
  // Each child's exit() flushes stdio: nothing buffered may be written once per child.
  std::fflush(nullptr);
  const char ready = 1;
  if (::write(reply_fd, &ready, 1) != 1) return 1;
  for (;;) {
    std::uint64_t count = 0;
    bool failed = false;
    if (!read_count(request_fd, count, failed)) return failed ? 1 : 0;
    char done = 1;
    for (std::uint64_t i = 0; i < count && done == 1; ++i)
      if (!spawn_one()) done = 0;
    if (::write(reply_fd, &done, 1) != 1 || done != 1) return 1;
  }
}

char* execl_decimal(std::uint64_t v, char* out) {
  char digits[21];
  int n = 0;
  do {
    digits[n++] = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v != 0);
  for (int i = 0; i < n; ++i) out[i] = digits[n - 1 - i];
  out[n] = '\0';
  return out;
}

int execl_execute_link(const char* program, const char* argv0, const char* request_fd, const char* reply_fd,
                       std::uint64_t remaining) {
  char count[21];
  char* args[] = {const_cast<char*>(argv0),    const_cast<char*>(execl_child_flag), const_cast<char*>(request_fd),
                  const_cast<char*>(reply_fd), execl_decimal(remaining, count),     nullptr};
  ::execv(program, args);
  return 127;
}

bool is_execl_child(int argc, char** argv) { return argc >= 2 && std::strcmp(argv[1], execl_child_flag) == 0; }

int execl_child_main(int argc, char** argv) {
  if (argc != 5) return 2;
  if (std::strcmp(argv[4], spawn_server_mode) == 0) return spawn_server(std::atoi(argv[2]), std::atoi(argv[3]));
  const std::uint64_t remaining = std::strtoull(argv[4], nullptr, 10);
  if (remaining > 0) return execl_execute_link(self, argv[0], argv[2], argv[3], remaining - 1);
  const int request_fd = std::atoi(argv[2]);
  const int reply_fd = std::atoi(argv[3]);
  const char done = 1;
  if (::write(reply_fd, &done, 1) != 1) return 1;
  std::uint64_t next = 0;
  bool failed = false;
  // hwbench closing the pipe ends the chain.
  if (!read_count(request_fd, next, failed)) return failed ? 1 : 0;
  if (next == 0) return 2;
  return execl_execute_link(self, argv[0], argv[2], argv[3], next - 1);
}

}  // namespace hwbench::kernels::system
