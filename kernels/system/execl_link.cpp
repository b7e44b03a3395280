#include "kernels/system/execl_link.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace hwbench::kernels::system {

namespace {

constexpr const char* self = "/proc/self/exe";

}  // namespace

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
  char* args[] = {const_cast<char*>(argv0), const_cast<char*>(execl_child_flag), const_cast<char*>(request_fd),
                  const_cast<char*>(reply_fd), execl_decimal(remaining, count), nullptr};
  ::execv(program, args);
  return 127;
}

bool is_execl_child(int argc, char** argv) { return argc >= 2 && std::strcmp(argv[1], execl_child_flag) == 0; }

int execl_child_main(int argc, char** argv) {
  if (argc != 5) return 2;
  const std::uint64_t remaining = std::strtoull(argv[4], nullptr, 10);
  if (remaining > 0) return execl_execute_link(self, argv[0], argv[2], argv[3], remaining - 1);
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
  return execl_execute_link(self, argv[0], argv[2], argv[3], next - 1);
}

}  // namespace hwbench::kernels::system
