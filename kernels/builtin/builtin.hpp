#pragma once
// Every built-in kernel family, registered explicitly from this one place (no static
// initialisers). Each family declares its register_kernels() in its own header; the runtime asks
// for the whole set.
#include "kernels/contract/registry.hpp"

namespace hwbench::kernels::builtin {

/// A registry holding every built-in family: core, files, nbench, crypto, memory, disk, system.
Registry builtin_registry();

}  // namespace hwbench::kernels::builtin
