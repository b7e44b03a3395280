#pragma once
// The command line: run, check, report, list. main() only forwards here, so tests can call it.
#include <ostream>
#include <string>
#include <vector>

namespace hwbench::runtime::cli {

/// Exit codes.
inline constexpr int exit_ok = 0;           ///< fine
inline constexpr int exit_recipe = 1;       ///< the recipe has errors; nothing ran
inline constexpr int exit_usage = 2;        ///< bad command line or unreadable file
inline constexpr int exit_failure = 3;      ///< failure while running (teardown ran)
inline constexpr int exit_interrupted = 3;  ///< Ctrl-C or SIGTERM: also a failure while running (teardown ran)

/// The descriptors `out` and `err` write to, when they are ones: main() passes stdout's and
/// stderr's, so that a terminal gets reports as wide as it is and a progress status line; -1
/// for a stream of a test's own (then reports take 80 columns, and progress has no status line).
struct Descriptors {
  int out = -1;
  int err = -1;
};

/// Runs the command line `args` (args[0] is the program name).
int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err, Descriptors fds = {});

/// hwbench's version.
const char* hwbench_version();

}  // namespace hwbench::runtime::cli
