#pragma once
// The `core` family: nop, the kernel that measures the harness itself.
#include "kernels/contract/registry.hpp"

namespace hwbench::kernels::core {

/// Registers the family's kernels: nop.
void register_kernels(Registry& registry);

}  // namespace hwbench::kernels::core
