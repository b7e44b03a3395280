#include "base/platform/newer_syscalls.hpp"

#include <fcntl.h>
#include <sys/sendfile.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <iterator>

#include "base/support/system_text.hpp"

namespace hwbench::platform {

namespace {

constexpr unsigned unread = ~0u;

unsigned bits_of(std::string_view calls) {
  std::string words(calls);
  for (char& c : words)
    if (c == ',') c = ' ';
  unsigned bits = 0;
  for (const auto& name : support::split_words(words)) {
    for (std::size_t i = 0; i < std::size(fakeable_syscalls); ++i)
      if (name == fakeable_syscalls[i]) bits |= 1u << i;
  }
  return bits;
}

// One bit per fakeable call; `unread` until the environment has been read. Kernels in a
// `parallel` group ask from several threads.
std::atomic<unsigned> faked{unread};

unsigned faked_bits() {
  unsigned bits = faked.load(std::memory_order_relaxed);
  if (bits != unread) return bits;
  const char* env = std::getenv("HWBENCH_FAKE_ENOSYS");
  unsigned expected = unread;
  faked.compare_exchange_strong(expected, env != nullptr ? bits_of(env) : 0u);
  return faked.load(std::memory_order_relaxed);
}

bool faked_call(std::size_t index) { return (faked_bits() & (1u << index)) != 0; }

template <typename T>
T enosys() {
  errno = ENOSYS;
  return T(-1);
}

}  // namespace

bool faked_enosys(std::string_view call) {
  for (std::size_t i = 0; i < std::size(fakeable_syscalls); ++i)
    if (call == fakeable_syscalls[i]) return faked_call(i);
  return false;
}

void set_faked_enosys(std::string_view calls) { faked.store(bits_of(calls), std::memory_order_relaxed); }

std::string faked_enosys_list() {
  std::string list;
  for (std::size_t i = 0; i < std::size(fakeable_syscalls); ++i) {
    if (!faked_call(i)) continue;
    if (!list.empty()) list += ',';
    list += fakeable_syscalls[i];
  }
  return list;
}

ssize_t copy_file_range(int in, int out, std::size_t length) {
  if (faked_enosys("copy_file_range")) return enosys<ssize_t>();
  return ::copy_file_range(in, nullptr, out, nullptr, length, 0);
}

ssize_t sendfile(int out, int in, std::size_t length) {
  if (faked_enosys("sendfile")) return enosys<ssize_t>();
  return ::sendfile(out, in, nullptr, length);
}

int fallocate(int fd, int mode, off_t offset, off_t length) {
  if (faked_enosys("fallocate")) return enosys<int>();
  return ::fallocate(fd, mode, offset, length);
}

int sync_file_system(int fd) {
  const int rc = faked_enosys("syncfs") ? enosys<int>() : ::syncfs(fd);
  if (rc == 0) return 0;
  if (errno != ENOSYS) return errno;
  ::sync();
  return 0;
}

bool has_copy_file_range() {
  if (faked_enosys("copy_file_range")) return false;
  return ::copy_file_range(-1, nullptr, -1, nullptr, 0, 0) == 0 || errno != ENOSYS;
}

}  // namespace hwbench::platform
