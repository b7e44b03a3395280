#pragma once
// Root ignores directory permissions; tests that need them to bite act as nobody meanwhile.
#include <unistd.h>

#include <doctest/doctest.h>

namespace hwbench::test {

/// Switches the effective user to nobody (65534) while it lives, when running as root.
struct Unprivileged {
  bool switched = false;
  Unprivileged() {
    if (::geteuid() == 0) {
      REQUIRE(::seteuid(65534) == 0);
      switched = true;
    }
  }
  ~Unprivileged() {
    if (switched) (void)::seteuid(0);
  }
  Unprivileged(const Unprivileged&) = delete;
  Unprivileged& operator=(const Unprivileged&) = delete;
};

}  // namespace hwbench::test
