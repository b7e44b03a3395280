#pragma once
// The `system` family: BYTE UnixBench's tests, from its three parts (cpu/, os/, programs/).
#include "kernels/contract/registry.hpp"

namespace hwbench::kernels::system {

/// Registers the family's kernels: dhry2reg, whetstone-double, syscall, pipe, context1, spawn,
/// execl, fstime, shell, arith, arithoh, hanoi, dc, cc.
void register_kernels(Registry& registry);

}  // namespace hwbench::kernels::system
