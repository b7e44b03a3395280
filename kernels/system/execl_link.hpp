#pragma once
// A link of the execl kernel's chain (UnixBench's execl re-executes itself). Kept apart from the
// kernel, with nothing but the C library, so that the small `hwbench-execl` program can be built
// from it alone: each re-execution then costs what starting a small C program costs, as
// UnixBench's execl binary does, rather than loading hwbench's libraries. hwbench itself still
// answers the same command line (runtime/main.cpp) where hwbench-execl is missing.
#include <cstdint>

namespace hwbench::kernels::system {

/// The hidden first argument that makes hwbench a link of execl's chain.
inline constexpr const char* execl_child_flag = "--execl-child";

/// Whether the command line asks for a link of execl's chain (argv[1] is execl_child_flag).
bool is_execl_child(int argc, char** argv);

/// A link of execl's chain: `hwbench-execl --execl-child REQUEST_FD REPLY_FD REMAINING` (or the
/// same after hwbench). It executes
/// /proc/self/exe again with REMAINING - 1 while REMAINING > 0; at 0 it reports one byte on
/// REPLY_FD and reads the next count from REQUEST_FD. Returns the exit status (0 at the end of
/// the requests; it does not return while it re-executes).
int execl_child_main(int argc, char** argv);

/// Decimal digits of `v` into `out` (at least 21 bytes), without the C library's formatting: the
/// chain's first link starts from a forked copy of hwbench, where only async-signal-safe calls fit.
char* execl_decimal(std::uint64_t v, char* out);

/// Executes `program` as the next link with `remaining` executions still to do; returns (127)
/// only when execv fails.
int execl_execute_link(const char* program, const char* argv0, const char* request_fd, const char* reply_fd,
                       std::uint64_t remaining);

}  // namespace hwbench::kernels::system
