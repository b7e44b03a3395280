#include "kernels/system/execl.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

#include "kernels/system/program.hpp"
#include "kernels/system/system.hpp"

namespace hwbench::kernels::system {

namespace {

constexpr const char* self = "/proc/self/exe";

// Decimal digits of `v` into `out` (at least 21 bytes), without the C library: the chain's
// first link is started from a forked copy of hwbench, where only async-signal-safe calls are fit.
char* to_decimal(std::uint64_t v, char* out) {
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

// Executes the next link with `remaining` executions still to do; returns only on failure.
int execute_link(const char* program, const char* argv0, const char* request_fd, const char* reply_fd,
                 std::uint64_t remaining) {
  char count[21];
  char* args[] = {const_cast<char*>(argv0), const_cast<char*>(execl_child_flag), const_cast<char*>(request_fd),
                  const_cast<char*>(reply_fd), to_decimal(remaining, count), nullptr};
  ::execv(program, args);
  return 127;
}

}  // namespace

bool is_execl_child(int argc, char** argv) { return argc >= 2 && std::strcmp(argv[1], execl_child_flag) == 0; }

int execl_child_main(int argc, char** argv) {
  if (argc != 5) return 2;
  const std::uint64_t remaining = std::strtoull(argv[4], nullptr, 10);
  if (remaining > 0) return execute_link(self, argv[0], argv[2], argv[3], remaining - 1);
  const int request_fd = std::atoi(argv[2]);
  const int reply_fd = std::atoi(argv[3]);
  const char done = 1;
  if (::write(reply_fd, &done, 1) != 1) return 1;
  std::uint64_t next = 0;
  std::size_t got = 0;
  while (got < sizeof next) {
    const ssize_t n = ::read(request_fd, reinterpret_cast<char*>(&next) + got, sizeof next - got);
    if (n == 0) return 0;  // hwbench closed the pipe: the chain is over
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return 1;
    got += static_cast<std::size_t>(n);
  }
  if (next == 0) return 2;
  return execute_link(self, argv[0], argv[2], argv[3], next - 1);
}

void Execl::prepare() {
  executions_ = 0;
  const std::string binary = binary_;
  chain_.start([binary](int from_parent, int to_parent) {
    // The chain keeps these two ends through every execution; hwbench's own stay behind.
    if (::fcntl(from_parent, F_SETFD, 0) != 0 || ::fcntl(to_parent, F_SETFD, 0) != 0) return 126;
    char request[21];
    char reply[21];
    return execute_link(binary.c_str(), binary.c_str(), to_decimal(static_cast<std::uint64_t>(from_parent), request),
                        to_decimal(static_cast<std::uint64_t>(to_parent), reply), 0);
  });
  char ready = 0;
  try {
    chain_.receive(&ready, 1);
  } catch (const KernelError& e) {
    throw KernelError(fmt::format("execl: {} could not run as a chain link ({} {}): {}", binary_, binary_,
                                  execl_child_flag, e.what()));
  }
}

Work Execl::run(std::uint64_t n) {
  if (chain_.pid() < 0) prepare();
  if (n == 0) return {};
  chain_.send(&n, sizeof n);
  char done = 0;
  chain_.receive(&done, 1);
  executions_ += n;
  return {0, n};
}

void Execl::finish() {
  const bool running = chain_.pid() > 0;
  const int status = chain_.stop();
  if (running && !succeeded(status)) throw KernelError(fmt::format("execl's chain process {}", describe_status(status)));
}

KernelSpec execl_spec() {
  KernelSpec spec = unixbench_spec(
      "execl", "hwbench executes its own binary again and again; one unit is one execve, including the new image's start-up",
      "UnixBench execl: Execl Throughput", "execl", 30);
  spec.make = [](const Call&, const Context&) -> std::unique_ptr<Kernel> {
    if (::access(self, X_OK) != 0)
      throw KernelUnavailable(fmt::format("execl finds hwbench's binary through {}, which is not available here", self));
    return std::make_unique<Execl>(self);
  };
  return spec;
}

}  // namespace hwbench::kernels::system
