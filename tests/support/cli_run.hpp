#pragma once
// Running the command line in-process, as a test does: its exit code and what it printed.
#include <sstream>
#include <string>
#include <vector>

#include "runtime/cli/cli.hpp"

namespace hwbench::test {

/// What one command line did.
struct CliRun {
  int code = -1;
  std::string out, err;
};

/// Runs `hwbench ARGS…` in this process.
inline CliRun cli(std::vector<std::string> args) {
  args.insert(args.begin(), "hwbench");
  std::ostringstream out, err;
  CliRun r;
  r.code = runtime::cli::run_cli(args, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

}  // namespace hwbench::test
