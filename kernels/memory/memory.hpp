#pragma once
// The `memory` family: STREAM (stream), Xbench's memory tests (alloc, fill, copy) and thread tests
// (thread compute|lock). The specs each kernel file provides and the helpers they share;
// memory::register_kernels() in memory.cpp puts the specs into the registry.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "kernels/common/aligned_buffer.hpp"
#include "kernels/contract/kernel.hpp"
#include "kernels/contract/registry.hpp"
#include "kernels/memory/thread_team.hpp"

namespace hwbench::kernels::memory {

/// The family's kernel names that reports match, as recipes write them and results record them.
namespace kernel_name {
inline constexpr const char* stream = "stream";
}  // namespace kernel_name

/// `stream copy|scale|add|triad|memcpy [elements N | size S] [threads N] [pinned|floating]`.
KernelSpec stream_spec();
/// `alloc [size S] [live N]`: malloc/free pairs.
KernelSpec alloc_spec();
/// `fill [size S] [threads N]`: memset over a buffer.
KernelSpec fill_spec();
/// `copy [size S] [threads N]`: memcpy between two buffers.
KernelSpec copy_spec();
/// `thread compute|lock [threads N]`: integer work in N threads, or a mutex handed round N threads.
KernelSpec thread_spec();

/// `bytes` bytes on a page boundary with no page touched, so that the first write decides where
/// they live (each team member touches its own share, as STREAM's parallel initialisation does);
/// `what` names them when memory runs out.
common::AlignedBuffer page_buffer(std::size_t bytes, const std::string& what);

/// STREAM's array length for this machine: each array at least four times the last-level caches
/// (ceil(4 * LLC / 8) doubles), and never below STREAM 5.10's default of 10,000,000.
std::uint64_t default_stream_elements();

/// A size as a recipe would write it: "128MiB" for whole MiB, otherwise the plain byte count.
std::string size_text(std::uint64_t bytes);

/// The `threads` parameter (1 to 1024) with `default_threads` as its default.
ParamSpec threads_param(unsigned default_threads, const std::string& help);

/// The `affinity pinned|floating` choice: threads bound one per CPU, or left to the scheduler.
ParamSpec affinity_param(const std::string& default_choice);

/// What fill and copy read from their call.
struct BufferCall {
  std::uint64_t size = 0;  ///< bytes per buffer
  unsigned threads = 1;
  bool pin = true;
};

/// The `size`, `threads` and `affinity` of a fill or copy call.
BufferCall buffer_call(const Call& call);

/// The parameters of fill and copy: size (see buffer_size_param), threads (default 1), affinity (pinned).
std::vector<ParamSpec> buffer_params(const std::string& size_help);

/// The effects of a fill or copy call: the memory its `buffers` buffers hold, named `what` (the
/// checker refuses it when the machine has less available).
FileEffects buffer_effects(const Call& call, unsigned buffers, const std::string& what);

/// The whole-number value of parameter `name`, or `fallback` when the call lacks it or it is not
/// positive (a machine-dependent default the caller computes).
std::uint64_t count_value(const Call& call, const std::string& name, std::uint64_t fallback);

/// Whether the call's `affinity` is `pinned`.
bool pinned(const Call& call);

/// Whether `context.interrupted` is set.
bool interrupted(const Context& context);

/// The `size` parameter of fill and copy: bytes per buffer, by default STREAM's array size for this
/// machine (default_stream_elements() doubles), so that the buffers do not fit in the caches.
ParamSpec buffer_size_param(const std::string& help);

/// Runs fn(begin, end) on every member of `team` for its share of `count` items, boundaries on
/// multiples of `align` items (see share()).
void for_each_share(ThreadTeam& team, std::size_t count, std::size_t align,
                    const std::function<void(std::size_t begin, std::size_t end)>& fn);

/// Registers the family's kernels: stream, alloc, fill, copy, thread.
void register_kernels(Registry& registry);

}  // namespace hwbench::kernels::memory
