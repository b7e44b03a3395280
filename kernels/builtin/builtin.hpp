#pragma once
// Every built-in kernel family, registered explicitly from this one place (no static
// initialisers). Each family defines its register_* function; the runtime asks for the whole set.
#include "kernels/contract/registry.hpp"

namespace hwbench::kernels {

/// Registers the `core` family: nop.
void register_core(Registry& registry);

/// Registers the `files` family: write, read, cp, rm.
void register_files(Registry& registry);

/// Registers the `memory` family: stream, alloc, fill, copy, thread.
void register_memory(Registry& registry);

/// Registers the `disk` family: bonnie (bonnie++'s procedures) and xbench (uncached I/O).
void register_disk(Registry& registry);

/// Registers the `crypto` family: digest, hmac, cipher, pkey (openssl speed on EVP).
void register_crypto(Registry& registry);

/// Registers the `system` family: UnixBench's tests (dhry2reg, whetstone-double, syscall, pipe,
/// context1, spawn, execl, fstime, shell, arith, arithoh, hanoi, dc, cc).
void register_system(Registry& registry);

/// Registers the `nbench` family: `nbench TEST`, the ten BYTEmark tests.
void register_nbench(Registry& registry);

/// A registry holding every built-in family.
Registry builtin_registry();

}  // namespace hwbench::kernels
