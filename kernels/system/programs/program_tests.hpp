#pragma once
// UnixBench's tests that run programs: the shell scripts, dc and the C compiler.
// The specs each kernel file provides; system::register_kernels() (kernels/system/system.cpp) adds them.
#include "kernels/contract/kernel.hpp"

namespace hwbench::kernels::system {

/// `shell DIR`: the sort/od/grep/tee/wc pipeline, N copies at once.
KernelSpec shell_spec();

/// `dc`: sqrt(2) to 99 places through dc(1).
KernelSpec dc_spec();

/// `cc DIR`: one compile of a small C program.
KernelSpec compiler_spec();

}  // namespace hwbench::kernels::system
