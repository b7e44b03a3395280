#include "kernels/memory/memory.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "base/platform/machine.hpp"
#include "kernels/contract/registry.hpp"

namespace hwbench::kernels {

void memory::register_kernels(Registry& registry) {
  registry.add(memory::stream_spec());
  registry.add(memory::alloc_spec());
  registry.add(memory::fill_spec());
  registry.add(memory::copy_spec());
  registry.add(memory::thread_spec());
}

namespace memory {

using platform::last_level_cache_bytes;

common::AlignedBuffer page_buffer(std::size_t bytes, const std::string& what) {
  return common::AlignedBuffer(bytes, common::AlignedBuffer::page_size(), common::AlignedBuffer::Fill::untouched, what);
}

std::uint64_t default_stream_elements() {
  const std::uint64_t four_caches = (4 * last_level_cache_bytes() + sizeof(double) - 1) / sizeof(double);
  return std::max<std::uint64_t>(10'000'000, four_caches);
}

std::string size_text(std::uint64_t bytes) {
  constexpr std::uint64_t mib = std::uint64_t{1} << 20;
  if (bytes > 0 && bytes % mib == 0) return fmt::format("{}MiB", bytes / mib);
  return std::to_string(bytes);
}

ParamSpec threads_param(unsigned default_threads, const std::string& help) {
  ParamSpec p = count_param("threads", "threads", std::to_string(default_threads), 1, kNoMax, help);
  p.max = 1024;
  return p;
}

ParamSpec affinity_param(const std::string& default_choice) {
  ParamSpec p;
  p.name = "affinity";
  p.type = ParamType::choice;
  p.default_text = default_choice;
  p.choices = {"pinned", "floating"};
  p.help =
      "pinned: thread i bound to the i-th CPU this process may use (where the system allows); "
      "floating: left to the scheduler";
  return p;
}

ParamSpec buffer_size_param(const std::string& help) {
  ParamSpec p;
  p.name = "size";
  p.type = ParamType::size;
  p.unit = "bytes";
  p.default_text = size_text(default_stream_elements() * sizeof(double));
  p.min = 1;
  p.help = help;
  return p;
}

std::uint64_t count_value(const Call& call, const std::string& name, std::uint64_t fallback) {
  const auto it = call.params.find(name);
  if (it == call.params.end() || !(it->second.number >= 1)) return fallback;
  return static_cast<std::uint64_t>(std::llround(it->second.number));
}

BufferCall buffer_call(const Call& call) {
  BufferCall out;
  out.size = count_value(call, "size", default_stream_elements() * sizeof(double));
  out.threads = static_cast<unsigned>(count_value(call, "threads", 1));
  out.pin = pinned(call);
  return out;
}

std::vector<ParamSpec> buffer_params(const std::string& size_help) {
  return {buffer_size_param(size_help), threads_param(1, "threads sharing each pass, in contiguous shares"),
          affinity_param("pinned")};
}

FileEffects buffer_effects(const Call& call, unsigned buffers, const std::string& what) {
  FileEffects fx;
  fx.memory = buffers * buffer_call(call).size;
  fx.memory_holder = what;
  fx.memory_hint = "give a smaller size";
  return fx;
}

bool pinned(const Call& call) {
  const auto it = call.params.find("affinity");
  return it == call.params.end() || it->second.text != "floating";
}

bool interrupted(const Context& context) { return context.interrupted != nullptr && context.interrupted->load(); }

void for_each_share(ThreadTeam& team, std::size_t count, std::size_t align,
                    const std::function<void(std::size_t begin, std::size_t end)>& fn) {
  const unsigned parts = team.size();
  team.run([&](unsigned member) {
    const Range r = share(count, parts, member, align);
    if (r.begin < r.end) fn(r.begin, r.end);
  });
}

}  // namespace memory
}  // namespace hwbench::kernels
