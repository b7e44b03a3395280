#pragma once
// Running a real tool from Debian in a test (bonnie++, openssl): where it is installed, and one
// run of it whose standard output is kept and whose progress on standard error is dropped.
#include <unistd.h>

#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "kernels/system/common/program.hpp"

namespace hwbench::test {

/// The path of the program `name` in $PATH, or in /usr/sbin or /sbin (bonnie++ is installed
/// there, outside a user's $PATH); "" when it is nowhere.
inline std::string find_tool(const std::string& name) {
  std::string path = kernels::system::find_program(name);
  for (const char* dir : {"/usr/sbin/", "/sbin/"})
    if (path.empty() && ::access((std::string(dir) + name).c_str(), X_OK) == 0) path = dir + name;
  return path;
}

/// What `argv` (argv[0] a path) prints on standard output, run in `dir`; the test fails when the
/// program does not exit with status 0.
inline std::string tool_output(const std::vector<std::string>& argv, const std::string& dir) {
  kernels::system::ProgramRun run;
  run.argv = {"/bin/sh", "-c", "exec \"$@\" 2>/dev/null", "sh"};
  run.argv.insert(run.argv.end(), argv.begin(), argv.end());
  run.dir = dir;
  const auto outcome = kernels::system::run_program(run);
  INFO(kernels::system::program_failure(argv.front(), outcome));
  REQUIRE(kernels::system::succeeded(outcome.status));
  return outcome.output;
}

}  // namespace hwbench::test
