#pragma once
// Fakes system calls missing, as on a kernel older than this one (base/platform/newer_syscalls.hpp),
// for the lifetime of a test's object.
#include <string>
#include <string_view>

#include "base/platform/newer_syscalls.hpp"

namespace hwbench::test {

/// While it lives, each call named in `calls` ("copy_file_range,sendfile") fails with ENOSYS;
/// then the list before it is back.
class FakeEnosys {
 public:
  explicit FakeEnosys(std::string_view calls) : before_(platform::faked_enosys_list()) {
    platform::set_faked_enosys(calls);
  }
  FakeEnosys(const FakeEnosys&) = delete;
  FakeEnosys& operator=(const FakeEnosys&) = delete;
  ~FakeEnosys() { platform::set_faked_enosys(before_); }

 private:
  std::string before_;
};

}  // namespace hwbench::test
