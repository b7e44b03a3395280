#pragma once
// Golden files: expected output kept under tests/golden/, compared byte for byte. Running the
// tests with HWBENCH_UPDATE_GOLDEN=1 rewrites them from the actual output (review the diff).
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#ifndef HWBENCH_SOURCE_DIR
#error "HWBENCH_SOURCE_DIR must name the source tree (CMake defines it for the test target)"
#endif

namespace hwbench::test {

/// The absolute path of `relative` in the source tree.
inline std::string source_path(const std::string& relative) { return std::string(HWBENCH_SOURCE_DIR) + "/" + relative; }

/// The whole content of tests/golden/NAME ("" when missing), after rewriting it with `actual`
/// when HWBENCH_UPDATE_GOLDEN=1.
inline std::string golden(const std::string& name, const std::string& actual) {
  const std::string path = source_path("tests/golden/" + name);
  const char* update = std::getenv("HWBENCH_UPDATE_GOLDEN");
  if (update != nullptr && std::string(update) == "1") std::ofstream(path, std::ios::binary) << actual;
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace hwbench::test
