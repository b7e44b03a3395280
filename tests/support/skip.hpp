#pragma once
// Skipping a test that needs a part the machine lacks (a tool from Debian, a file system): the
// test says why and returns, and CTest counts it as skipped, never as passed. doctest has no
// skip of its own at run time, so the reason goes to standard output on a line of its own, which
// CMakeLists.txt gives to every discovered test as SKIP_REGULAR_EXPRESSION.
#include <iostream>
#include <string>

#include <doctest/doctest.h>

namespace hwbench::test {

/// The start of the line that marks a test as skipped.
inline constexpr const char* skipped_marker = "hwbench-test-skipped: ";

/// Reports the running test as skipped because of `why`; the caller returns right after.
inline void skip(const std::string& why) {
  std::cout << skipped_marker << why << std::endl;
  MESSAGE("skipped: " << why);
}

}  // namespace hwbench::test
