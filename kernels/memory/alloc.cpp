// `alloc [size S] [live N]`: Xbench's Memory Test "Allocate" (Malloc/sec) as malloc/free pairs per
// second. The allocator is kept busy the way a program keeps it: N blocks are live at any time, and
// each pair frees the oldest block and allocates one of a pseudo-random size from 16 bytes to S,
// writing its first and last byte (so the pair cannot be optimised away and the page is real).
#include <algorithm>
#include <cstdlib>
#include <memory>
#include <vector>

#include <fmt/format.h>

#include "kernels/memory/memory.hpp"

namespace hwbench::kernels::memory {

namespace {

constexpr std::uint64_t smallest_block = 16;

class AllocKernel : public Kernel {
 public:
  AllocKernel(const Call& call, const Context& context)
      : largest_(std::max(smallest_block, count_value(call, "size", 4096))),
        live_(std::max<std::uint64_t>(1, count_value(call, "live", 1024))),
        context_(context) {}

  ~AllocKernel() override { release(); }

  void prepare() override {
    release();
    slots_.assign(static_cast<std::size_t>(live_), nullptr);
    for (auto& slot : slots_) slot = allocate();
  }

  Work run(std::uint64_t n) override {
    if (slots_.empty()) prepare();
    Work work;
    for (std::uint64_t unit = 0; unit < n; ++unit) {
      unsigned char*& slot = slots_[next_];
      std::free(slot);
      slot = allocate();
      next_ = next_ + 1 == slots_.size() ? 0 : next_ + 1;
      work.ops += 1;
      // Checking for a signal per pair would cost as much as the pair; once per 64k is enough.
      if ((unit & 0xffff) == 0xffff && interrupted(context_)) break;
    }
    return work;
  }

  void finish() override { release(); }

 private:
  unsigned char* allocate() {
    // xorshift64: cheap next to malloc, and the same sizes on every run.
    state_ ^= state_ << 13;
    state_ ^= state_ >> 7;
    state_ ^= state_ << 17;
    const std::size_t size = static_cast<std::size_t>(smallest_block + state_ % (largest_ - smallest_block + 1));
    auto* p = static_cast<unsigned char*>(std::malloc(size));
    if (p == nullptr) throw KernelError(fmt::format("alloc: malloc({}) failed: out of memory", size));
    p[0] = static_cast<unsigned char>(size);
    p[size - 1] = static_cast<unsigned char>(size >> 8);
    return p;
  }

  void release() {
    for (auto* p : slots_) std::free(p);
    slots_.clear();
    next_ = 0;
  }

  std::uint64_t largest_;
  std::uint64_t live_;
  Context context_;
  std::vector<unsigned char*> slots_;
  std::size_t next_ = 0;
  std::uint64_t state_ = 0x9e3779b97f4a7c15ULL;
};

}  // namespace

KernelSpec alloc_spec() {
  KernelSpec spec;
  spec.name = "alloc";
  spec.holds_memory = true;
  spec.family = "memory";
  spec.help =
      "malloc/free pairs: with LIVE blocks held, each unit frees the oldest and mallocs one of 16 B to SIZE "
      "(pseudo-random, the same on every run); one unit is one pair";
  spec.lineage = "Xbench 1.3 Memory Test, System: Allocate (Malloc/sec)";
  spec.synopsis = "alloc [size S] [live N]";
  ParamSpec size;
  size.name = "size";
  size.type = ParamType::size;
  size.unit = "bytes";
  size.default_text = "4KiB";
  size.min = static_cast<double>(smallest_block);
  size.max = static_cast<double>(std::uint64_t{1} << 30);
  size.help = "the largest block; sizes are drawn from 16 B up to it";
  ParamSpec live = count_param("live", "blocks", "1024", 1, kNoMax, "blocks held at once");
  live.max = 1e7;
  spec.params = {size, live};
  spec.unit = WorkUnit::operations;
  spec.measure.for_seconds = 1;
  spec.effects = [](const Call& call, const platform::FileView&) {
    FileEffects fx;
    fx.memory = count_value(call, "live", 1024) * count_value(call, "size", 4096);
    fx.memory_holder = "the live blocks";
    fx.memory_hint = "give a smaller size or live";
    return fx;
  };
  spec.make = [](const Call& call, const Context& context) -> std::unique_ptr<Kernel> {
    return std::make_unique<AllocKernel>(call, context);
  };
  return spec;
}

}  // namespace hwbench::kernels::memory
