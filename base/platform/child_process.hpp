#pragma once
// Running an external program as a child process: fork and execve (no shell), its own process
// group, its standard output and error read through two pipes and kept within a cap, a timeout
// and an interruption flag that end the whole group (SIGTERM, then SIGKILL), nothing it forked
// left running afterwards, and its CPU time and memory from wait4 and, where the machine lets
// hwbench make one, from a cgroup v2 that holds the whole process tree. Relative paths (the
// program, its standard input) are taken from our working directory, not from ChildSpec::dir.
// A timeout reads "timed out after 5 s and was ended (SIGTERM)", or "(SIGTERM, then SIGKILL
// after 2 s)" when the program outlived the grace period; an interruption "was ended by Ctrl-C
// or SIGTERM".
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace hwbench::platform {

/// What to run and how.
struct ChildSpec {
  std::vector<std::string> argv;     ///< argv[0] is the program: a path with a '/' (the caller resolves PATH)
  std::string dir;                   ///< working directory; "" keeps ours
  std::vector<std::string> env_set;  ///< NAME=VALUE added to, or replacing in, our environment
  std::string stdin_path;            ///< the file read as standard input; "" is /dev/null
  double timeout_seconds = 0;        ///< 0: none. Past it: SIGTERM to the group, SIGKILL kill_grace_seconds later
  double kill_grace_seconds = 2;
  std::size_t output_cap = 1 << 20;  ///< bytes kept per stream: the first cap/2 and the last cap/2, the cut marked
  bool tree_accounting = true;       ///< try a cgroup v2 of its own for the whole process tree (below)
  const std::atomic<bool>* interrupted = nullptr;  ///< when it becomes true: the group is ended as on a timeout
  bool watch_pidfd = true;  ///< false: watch the child with a waitpid poll, as where pidfd_open is missing
};

/// One output stream as kept.
struct CapturedText {
  std::string text;         ///< all of it, or head + "\n[… N bytes cut …]\n" + tail
  std::uint64_t total = 0;  ///< bytes the stream carried
  bool cut = false;
};

/// The whole process tree's usage from its cgroup v2 (cpu.stat, memory.peak where readable).
struct TreeUsage {
  std::int64_t usr_ns = 0, sys_ns = 0;
  std::optional<std::uint64_t> peak_memory_bytes;
  std::string cgroup;  ///< the cgroup's path, for the record
};

/// How a run ended.
struct ChildOutcome {
  int exit_code = -1;  ///< when it exited; -1 otherwise
  int signal = 0;      ///< the signal that ended it, 0 when it exited
  bool timed_out = false;
  bool interrupted = false;
  bool killed = false;                  ///< SIGKILL had to follow SIGTERM: the process outlived the grace period
  double timeout_seconds = 0;           ///< the spec's, for describe()
  double kill_grace_seconds = 0;        ///< the spec's, for describe()
  std::int64_t wall_ns = 0;             ///< CLOCK_MONOTONIC from just before fork to reaping
  std::int64_t usr_ns = 0, sys_ns = 0;  ///< from wait4's rusage: the child and the descendants it waited for
  std::int64_t max_rss_kb = 0;          ///< wait4's ru_maxrss
  std::optional<TreeUsage> tree;        ///< when tree accounting worked
  int stragglers = 0;                   ///< processes left in its group (or its cgroup) after it ended, and killed
  CapturedText out, err;
  /// In words: "exited with status 3", "was killed by signal 9 (Killed)", "timed out after 5 s and was ended (…)"
  std::string describe() const;
};

/// Thrown when the program cannot be started at all (no such file, not executable, bad working
/// directory, unreadable stdin file): the message names the program and the cause from errno,
/// e.g. "cannot run /usr/bin/nope: No such file or directory".
class ChildError : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Runs the program to its end (or its timeout or interruption) and collects what it printed.
ChildOutcome run_child(const ChildSpec& spec);

/// The executable `name` in $PATH (or `name` itself when it holds a '/' and is executable); "" when none.
std::string find_in_path(const std::string& name);

/// Every executable name in $PATH's directories (sorted, unique): candidates for "did you mean".
std::vector<std::string> programs_in_path();

}  // namespace hwbench::platform
