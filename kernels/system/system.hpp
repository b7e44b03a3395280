#pragma once
// The `system` family: BYTE UnixBench's tests (Dhrystone, Whetstone, the system-call, pipe,
// process and file tests, the shell, dc and compiler tests, the 4.x arithmetic and recursion
// tests). The specs each kernel file provides, and the pieces they share; register_system() in
// system.cpp puts them into the registry.
#include <cstdint>
#include <string>

#include "kernels/contract/kernel.hpp"

namespace hwbench::kernels::system {

/// `dhry2reg`: Dhrystone 2.1 loops.
KernelSpec dhrystone_spec();
/// `whetstone-double`: double-precision Whetstone passes.
KernelSpec whetstone_spec();
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
/// `shell DIR`: the sort/od/grep/tee/wc pipeline, N copies at once.
KernelSpec shell_spec();
/// `arith type T`: UnixBench 4's arithmetic test.
KernelSpec arith_spec();
/// `arithoh`: the arithmetic test's loop without its arithmetic.
KernelSpec arithoh_spec();
/// `hanoi [disks N]`: the Tower of Hanoi, recursively.
KernelSpec hanoi_spec();
/// `dc`: sqrt(2) to 99 places through dc(1).
KernelSpec dc_spec();
/// `cc DIR`: one compile of a small C program.
KernelSpec compiler_spec();

/// A spec of this family with its name, help, lineage and synopsis, no files, and UnixBench's
/// duration for the test as its default measurement (`for SECONDS`, one sample).
KernelSpec unixbench_spec(const std::string& name, const std::string& help, const std::string& lineage,
                          const std::string& synopsis, double seconds);

/// The positional DIR argument of the kernels that keep files: an existing directory.
ArgSpec directory_arg(const std::string& help);

/// Adds a Problem to `fx` when the DIR argument (the first) of `call` exists and is not a
/// directory; returns whether it did. A DIR that does not exist yet is left to the checker,
/// which knows the locations it will create and says how to create the others.
bool refuse_non_directory(const Call& call, const FileView& view, FileEffects& fx);

/// A whole-number parameter from `min` to `max`, written `NAME N`.
ParamSpec count_param(const std::string& name, const std::string& default_text, double min, double max,
                      const std::string& help);

/// The `worker N` parameter: which parallel copy this is (`worker $worker` inside `parallel`),
/// so that copies in one directory use different files (0, the default, adds nothing to the names).
ParamSpec worker_param();

/// `name` as the file name of `call`'s worker: "dummy0" for worker 0, "dummy0-3" for worker 3.
std::string worker_file(const std::string& name, const Call& call);

/// A whole-number parameter of `call`, or `fallback` when the call lacks it.
std::uint64_t count_value(const Call& call, const std::string& name, std::uint64_t fallback);

/// Feeds a result into a sink the compiler cannot see through, so that work whose only result
/// is this value is never optimised away.
void keep(std::uint64_t value);
/// The same for a floating-point result.
void keep(double value);

}  // namespace hwbench::kernels::system
