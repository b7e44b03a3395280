// `fill [size S] [threads N]`: Xbench's Memory Test "Fill" (MB/sec), as memset over one buffer
// larger than the caches. Each unit writes the whole buffer with a byte that changes from pass to
// pass; bytes counted are the bytes written. The buffer is checked when the statement ends.
#include <cstring>
#include <memory>

#include <fmt/format.h>

#include "kernels/memory/memory.hpp"

namespace hwbench::kernels::memory {

namespace {

class FillKernel : public Kernel {
 public:
  FillKernel(const Call& call, const Context& context) : call_(buffer_call(call)), context_(context) {}

  void prepare() override {
    team_ = std::make_unique<ThreadTeam>(call_.threads, call_.pin);
    buffer_ = page_buffer(static_cast<std::size_t>(call_.size), "fill's buffer");
    write(0);
  }

  Work run(std::uint64_t n) override {
    if (!team_) prepare();
    Work work;
    for (std::uint64_t unit = 0; unit < n; ++unit) {
      // Never the zero the pages started with, and different each pass.
      value_ = static_cast<unsigned char>(value_ % 255 + 1);
      write(value_);
      work.bytes += call_.size;
      work.ops += 1;
      if (interrupted(context_)) break;
    }
    return work;
  }

  void finish() override {
    if (team_) {
      const auto* p = buffer_.as<const unsigned char>();
      for (std::size_t i = 0; i < buffer_.size(); ++i)
        if (p[i] != value_)
          throw KernelError(
              fmt::format("fill: byte {} of the buffer holds {:#04x} instead of {:#04x}", i, p[i], value_));
    }
    buffer_ = common::AlignedBuffer();
    team_.reset();
  }

 private:
  void write(unsigned char value) {
    auto* p = buffer_.as<unsigned char>();
    for_each_share(*team_, buffer_.size(), 64, [&](std::size_t b, std::size_t e) { std::memset(p + b, value, e - b); });
  }

  BufferCall call_;
  Context context_;
  std::unique_ptr<ThreadTeam> team_;
  common::AlignedBuffer buffer_;
  unsigned char value_ = 0;
};

}  // namespace

KernelSpec fill_spec() {
  KernelSpec spec;
  spec.name = "fill";
  spec.holds_memory = true;
  spec.family = "memory";
  spec.help = "memset over a buffer larger than the caches; one unit writes the whole buffer, bytes written counted";
  spec.lineage = "Xbench 1.3 Memory Test, System: Fill (MB/sec)";
  spec.synopsis = "fill [size S] [threads N] [pinned|floating]";
  spec.params = buffer_params("bytes in the buffer");
  spec.unit = WorkUnit::bytes;
  spec.measure.for_seconds = 1;
  spec.effects = [](const Call& call, const platform::FileView&) { return buffer_effects(call, 1, "the buffer"); };
  spec.make = [](const Call& call, const Context& context) -> std::unique_ptr<Kernel> {
    return std::make_unique<FillKernel>(call, context);
  };
  return spec;
}

}  // namespace hwbench::kernels::memory
