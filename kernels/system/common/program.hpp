#pragma once
// Running external programs and waiting for child processes, for the kernels that start them
// (shell, dc, cc, spawn, execl, context1).
#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "kernels/contract/kernel.hpp"

namespace hwbench::kernels::system {

/// One run of an external program.
struct ProgramRun {
  std::vector<std::string> argv;       ///< argv[0] is the program's path
  std::string dir;                     ///< working directory; "" keeps hwbench's
  std::string input;                   ///< written to its standard input, which is then closed
  std::vector<std::string> env_set;    ///< NAME=VALUE entries added to (or replacing in) the environment
  std::vector<std::string> env_unset;  ///< names removed from the environment
};

/// How a program run ended.
struct ProgramOutcome {
  int status = 0;      ///< wait status
  std::string output;  ///< what it wrote to standard output and standard error
};

/// Runs `run` to its end and collects its output. Throws KernelError when it cannot be started.
ProgramOutcome run_program(const ProgramRun& run);

/// Says what went wrong in a program run, or "" when it did its work.
using ProgramJudge = std::function<std::string(const ProgramOutcome&)>;

/// A kernel's `n` units, each one run of `run` judged by `judge`; throws KernelError with the
/// judge's words on a failed run, except after Ctrl-C or SIGTERM (the program got the signal
/// too), where it returns the units done so far.
Work run_program_units(const ProgramRun& run, std::uint64_t n, const Context& context, const ProgramJudge& judge);

/// "WHO exited with status 1: OUTPUT" (the output cut to 400 characters; no colon when empty).
std::string program_failure(const std::string& who, const ProgramOutcome& outcome);

/// The path of the executable `name` in $PATH, or "" when there is none.
std::string find_program(const std::string& name);

/// waitpid(pid) retried on EINTR: the wait status, or -1 (errno set).
int wait_for(pid_t pid);

/// A wait status in words: "exited with status 3", "was killed by signal 9 (Killed)".
std::string describe_status(int status);

/// Whether a wait status is a normal exit with status 0.
bool succeeded(int status);

}  // namespace hwbench::kernels::system
