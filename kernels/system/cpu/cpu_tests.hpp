#pragma once
// UnixBench's CPU tests: Dhrystone 2, Whetstone (double), and the 4.x arithmetic and
// recursion (hanoi) tests.
// The specs each kernel file provides; system::register_kernels() (kernels/system/system.cpp) adds them.
#include "kernels/contract/kernel.hpp"

/// Compiles a function as if it stood in a file of its own: gcc's noipa (no inlining, cloning
/// or interprocedural analysis). clang has no noipa and warns of it; there it is noinline.
#if defined(__clang__)
#define HWBENCH_NOIPA [[gnu::noinline]]
#else
#define HWBENCH_NOIPA [[gnu::noipa]]
#endif

namespace hwbench::kernels::system {

/// `dhry2reg`: Dhrystone 2.1 loops.
KernelSpec dhrystone_spec();

/// `whetstone-double`: double-precision Whetstone passes.
KernelSpec whetstone_spec();

/// `arith type T`: UnixBench 4's arithmetic test.
KernelSpec arith_spec();

/// `arithoh`: the arithmetic test's loop without its arithmetic.
KernelSpec arithoh_spec();

/// `hanoi [disks N]`: the Tower of Hanoi, recursively.
KernelSpec hanoi_spec();

}  // namespace hwbench::kernels::system
