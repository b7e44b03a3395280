#pragma once
// The `command` family: any program as a step. `exec PROGRAM ARG…` runs a program from its argv
// (no shell); `sh "LINE"` runs a shell command line through /bin/sh -c. One unit of work is one
// run of the program, from its spawn to its reaping. The checker binds these statements itself
// (runtime/check/binders/command_binder.cpp): the program's words first, then the options below, whose
// names and spellings in a Call are this header's.
#include <string>
#include <string_view>
#include <vector>

#include "kernels/contract/registry.hpp"

namespace hwbench::kernels::command {

/// The kernel that runs a program from its argv.
inline constexpr std::string_view exec_kernel = "exec";
/// The kernel that runs a shell command line.
inline constexpr std::string_view shell_kernel = "sh";
/// The shell `sh` runs its line with.
inline constexpr std::string_view shell_path = "/bin/sh";

/// The options of both statements, as they are written and as the Call's parameters name them.
namespace option {
inline constexpr std::string_view timeout = "timeout";                ///< duration; 0: none
inline constexpr std::string_view cwd = "cwd";                        ///< the working directory, absolute
inline constexpr std::string_view stdin_file = "stdin";               ///< the file read as standard input
inline constexpr std::string_view exit_codes = "exit";                ///< accepted exit codes, "0" or "0,1"
inline constexpr std::string_view ignore_failure = "ignore-failure";  ///< a failed run is still a sample
inline constexpr std::string_view tree = "tree";                      ///< the whole tree's CPU time, from a cgroup
inline constexpr std::string_view missing = "missing";                ///< `error` or `skip` a program not installed
inline constexpr std::string_view output_cap = "output-cap";          ///< bytes kept of each stream
inline constexpr std::string_view env = "env";                        ///< `env "NAME=VALUE"`, repeatable
inline constexpr std::string_view reads = "reads";                    ///< a file the program reads, repeatable
inline constexpr std::string_view writes = "writes";                  ///< a file the program creates, repeatable
inline constexpr std::string_view figure = "figure";                  ///< a figure taken from the output
inline constexpr std::string_view import = "import";                  ///< the output read by an importer
inline constexpr std::string_view prepare = "prepare";                ///< a command before each sample, untimed
inline constexpr std::string_view conclude = "conclude";              ///< a command after each sample, untimed
inline constexpr std::string_view bytes = "bytes";                    ///< the bytes one run counts as, when given
}  // namespace option

/// A Call's parameter for the environment variable NAME: "env:NAME".
std::string env_param(std::string_view name);

/// What a call's options give every program it runs, its own and its `prepare` and `conclude`
/// lines alike: the working directory (`cwd`), the variables (`env`, "NAME=VALUE" each) and the
/// timeout. The rest (argv, input, cap, tree) is each one's.
platform::ChildSpec program_spec(const Call& call);

/// The largest `bytes` a run may count as: 1 PiB.
inline constexpr double max_bytes_per_run = 1024.0 * 1024 * 1024 * 1024 * 1024;

/// The shell start-up correction of `sh` runs: how many empty shells are timed, as hyperfine does.
inline constexpr int shell_startup_runs = 50;

/// Registers the family's kernels: exec and sh.
void register_kernels(Registry& registry);

/// The last lines of what a failed run printed, for its error: stderr's, or stdout's when
/// stderr is blank ("; its last line:\n    …"; "" when it printed nothing).
std::string failure_tail(const platform::ChildOutcome& out);

/// Whether a run of `call`'s program succeeded: it exited with a code `exit` accepts, neither
/// killed by a signal nor timed out (`ignore-failure` makes a failed run a sample, not a success).
bool succeeded(const Call& call, const platform::ChildOutcome& out);

/// Whether `spec` is one of this family's kernels.
bool is_command(const KernelSpec& spec);

/// The argv a command call runs: exec's words (the program resolved to its path, or as written
/// when it is not installed), or {"/bin/sh", "-c", LINE} for sh.
std::vector<std::string> argv_of(const KernelSpec& spec, const Call& call);

/// The argv as a shell would need it typed: each word quoted where it has to be.
std::string display_argv(const std::vector<std::string>& argv);

}  // namespace hwbench::kernels::command
