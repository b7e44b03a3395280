#pragma once
// Skipping a test that needs a part the machine lacks (a tool from Debian, a file system): the
// test says why and returns, and it is counted as skipped, never as passed. doctest has no skip
// of its own at run time, so the reason goes to standard output on a line of its own, which
// CMakeLists.txt gives to every discovered test as CTest's SKIP_REGULAR_EXPRESSION; a run of the
// test binary itself (scripts/test) gets the count from tests/main.cpp's listener, which closes
// the run with "hwbench-tests: N passed, N failed, N skipped".
#include <iostream>
#include <set>
#include <string>

#include <doctest/doctest.h>

namespace hwbench::test {

/// The start of the line that marks a test as skipped.
inline constexpr const char* skipped_marker = "hwbench-test-skipped: ";

/// The name of the test case that runs now (set by tests/main.cpp's listener).
inline std::string& current_test_name() {
  static std::string name;
  return name;
}

/// The test cases that skipped in this process, by name (read by tests/main.cpp's listener).
inline std::set<std::string>& skipped_tests() {
  static std::set<std::string> names;
  return names;
}

/// Reports the running test as skipped because of `why`; the caller returns right after.
inline void skip(const std::string& why) {
  skipped_tests().insert(current_test_name());
  std::cout << skipped_marker << current_test_name() << ": " << why << std::endl;
  MESSAGE("skipped: " << why);
}

}  // namespace hwbench::test
