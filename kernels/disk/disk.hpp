#pragma once
// The `disk` family: bonnie++'s procedures (`bonnie TEST DIR …`) and Xbench-style uncached I/O
// (`xbench read|write DIR …`). disk::register_kernels() in disk.cpp puts both specs into the registry.
//
// Every file these kernels make lives inside the DIR argument under a fixed name
// (DIR/Bonnie.data, DIR/Bonnie.files/, DIR/Xbench.data), is declared in FileEffects (so `check`
// refuses one larger than the free space) and is removed by the kernel itself: in finish(),
// in its destructor, and before an error leaves run().
#include <limits>
#include <string>
#include <vector>

#include "kernels/common/aligned_buffer.hpp"
#include "kernels/contract/kernel.hpp"
#include "kernels/contract/registry.hpp"

namespace hwbench::kernels::disk {

/// The family's kernel names that reports match, as recipes write them and results record them.
namespace kernel_name {
inline constexpr const char* bonnie = "bonnie";
inline constexpr const char* xbench = "xbench";
}  // namespace kernel_name

/// `bonnie TEST DIR [size S] [ram R] [chunk C] …`: one of bonnie++ 1.96's twelve tests.
KernelSpec bonnie_spec();

/// `xbench read|write DIR [block B] [size S] [sequential|random] [method M]`.
KernelSpec xbench_spec();

/// A parameter of a disk kernel: sizes get the unit "bytes"; `min`/`max` bound written values.
ParamSpec disk_param(const char* name, ParamType type, const char* default_text, const char* help, double min = 0,
                     double max = std::numeric_limits<double>::max(), std::vector<std::string> choices = {});

/// An I/O buffer of `size` zero bytes (its pages touched before any timing), on a 4096-byte
/// boundary as O_DIRECT requires, or with `block_aligned` false where malloc puts it, as
/// bonnie++'s is without -D (the kernel copies to an aligned buffer measurably faster, ~15% on a
/// cached read, so the alignment is part of the procedure); `what` names it when memory runs out.
common::AlignedBuffer io_buffer(std::size_t size, bool block_aligned, const std::string& what);

/// The directory problem shared by both kernels: DIR must be a directory (or a location the run
/// creates), never a file. Empty when DIR is fine.
std::vector<Problem> directory_problems(const std::string& kernel, const std::string& dir,
                                        const platform::FileView& view);

/// Registers the family's kernels: bonnie (bonnie++'s procedures) and xbench (uncached I/O).
void register_kernels(Registry& registry);

}  // namespace hwbench::kernels::disk
