#pragma once
// Helpers for the system-family tests: children, files, hand-made count parameters.
#include <sys/stat.h>
#include <sys/wait.h>

#include <cerrno>
#include <csignal>
#include <filesystem>
#include <string>

#include "kernels/contract/kernel.hpp"

namespace hwbench::kernels::test {

/// Whether this process has no child at all, running or zombie (waitpid says ECHILD).
inline bool no_children() {
  int status = 0;
  errno = 0;
  return ::waitpid(-1, &status, WNOHANG) == -1 && errno == ECHILD;
}

/// Whether `pid` no longer exists, not even as a zombie.
inline bool gone(pid_t pid) { return ::kill(pid, 0) == -1 && errno == ESRCH; }

/// Whether anything exists at `path`.
inline bool exists(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0;
}

/// The number of entries in directory `dir`.
inline std::size_t entries(const std::string& dir) {
  std::size_t n = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    (void)e;
    ++n;
  }
  return n;
}

/// A count parameter value, as the checker makes it.
inline ParamValue count_value(double n) {
  ParamValue v;
  v.number = n;
  v.text = std::to_string(static_cast<long long>(n));
  v.given = true;
  return v;
}

}  // namespace hwbench::kernels::test
