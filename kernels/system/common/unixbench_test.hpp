#pragma once
// What the tests of the `system` family share: their spec's shape (UnixBench's duration as the
// default measurement), the DIR argument, count and worker parameters, and the result sinks.
#include <cstdint>
#include <string>

#include "kernels/contract/kernel.hpp"

namespace hwbench::kernels::system {

/// A spec of this family with its name, help, lineage and synopsis, no files, and UnixBench's
/// duration for the test as its default measurement (`for SECONDS`, one sample).
KernelSpec unixbench_spec(const std::string& name, const std::string& help, const std::string& lineage,
                          const std::string& synopsis, double seconds);

/// The positional DIR argument of the kernels that keep files: an existing directory.
ArgSpec directory_arg(const std::string& help);

/// Adds a Problem to `fx` when the DIR argument (the first) of `call` exists and is not a
/// directory; returns whether it did. A DIR that does not exist yet is left to the checker,
/// which knows the locations it will create and says how to create the others.
bool refuse_non_directory(const Call& call, const platform::FileView& view, FileEffects& fx);

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
