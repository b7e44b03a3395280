#pragma once
// A link of the execl kernel's chain (UnixBench's execl re-executes itself), and the spawn
// kernel's fork server. Kept apart from the kernels, with nothing but the C library, so that the
// small `hwbench-execl` program can be built from it alone: each re-execution then costs what
// starting a small C program costs, as UnixBench's execl binary does, rather than loading
// hwbench's libraries, and each fork copies a small process, as UnixBench's spawn does, rather
// than hwbench's much larger one. hwbench itself still answers the same command lines
// (runtime/cli/main.cpp) where hwbench-execl is missing.
#include <cstdint>

namespace hwbench::kernels::system {

/// The hidden first argument that makes hwbench a link of execl's chain.
inline constexpr const char* execl_child_flag = "--execl-child";

/// The last argument that makes the hidden entry the spawn kernel's fork server instead of a link:
/// `hwbench-execl --execl-child REQUEST_FD REPLY_FD spawn`.
inline constexpr const char* spawn_server_mode = "spawn";

/// Whether the command line asks for a link of execl's chain (argv[1] is execl_child_flag).
bool is_execl_child(int argc, char** argv);

/// A link of execl's chain: `hwbench-execl --execl-child REQUEST_FD REPLY_FD REMAINING` (or the
/// same after hwbench). It executes
/// /proc/self/exe again with REMAINING - 1 while REMAINING > 0; at 0 it reports one byte on
/// REPLY_FD and reads the next count from REQUEST_FD. Returns the exit status (0 at the end of
/// the requests; it does not return while it re-executes). With spawn_server_mode in place of
/// REMAINING it is the fork server (spawn_server).
int execl_child_main(int argc, char** argv);

/// The spawn kernel's fork server: writes one byte (1) on `reply_fd` when ready; then, for each
/// count n (a native std::uint64_t) read from `request_fd`, forks n children that exit at once,
/// waiting for each, and answers 1 when all exited with status 0, or 0 (and returns 1) when a
/// fork failed or a child ended otherwise. Returns 0 when `request_fd` reaches its end.
int spawn_server(int request_fd, int reply_fd);

/// Decimal digits of `v` into `out` (at least 21 bytes), without the C library's formatting: the
/// chain's first link starts from a forked copy of hwbench, where only async-signal-safe calls fit.
char* execl_decimal(std::uint64_t v, char* out);

/// Executes `program` as the next link with `remaining` executions still to do; returns (127)
/// only when execv fails.
int execl_execute_link(const char* program, const char* argv0, const char* request_fd, const char* reply_fd,
                       std::uint64_t remaining);

}  // namespace hwbench::kernels::system
