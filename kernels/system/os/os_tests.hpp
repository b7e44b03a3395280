#pragma once
// UnixBench's system tests: system calls, pipes, context switches, process creation (spawn),
// execl and file copy throughput (fstime).
// The specs each kernel file provides; system::register_kernels() (kernels/system/system.cpp) adds them.
#include "kernels/contract/kernel.hpp"

namespace hwbench::kernels::system {

/// `syscall`: the close(dup)/getpid/getuid/umask loop.
KernelSpec syscall_spec();

/// `pipe`: 512 bytes written then read through one pipe.
KernelSpec pipe_spec();

/// `context1`: a counter passed back and forth between two processes.
KernelSpec context_switch_spec();

/// `spawn`: fork, the child exits, the parent waits.
KernelSpec spawn_spec();

/// `execl`: hwbench re-executing itself.
KernelSpec execl_spec();

/// `fstime DIR`: UnixBench's file write, read and copy.
KernelSpec fstime_spec();

}  // namespace hwbench::kernels::system
