// `copy [size S] [threads N]`: Xbench's Memory Test "Copy" (MB/sec), as memcpy between two
// buffers larger than the caches. Bytes are counted read plus written (2 x size per unit), as
// STREAM counts its copy: Xbench's scores imply the same reference figure for its System Copy and
// Stream Copy (2065.4 MB/s), which only holds if both count alike. The destination is compared
// with the source when the statement ends.
#include <cstring>
#include <memory>

#include <fmt/format.h>

#include "kernels/memory/memory.hpp"

namespace hwbench::kernels::memory {

namespace {

class CopyKernel : public Kernel {
 public:
  CopyKernel(const Call& call, const Context& context) : call_(buffer_call(call)), context_(context) {}

  void prepare() override {
    team_ = std::make_unique<ThreadTeam>(call_.threads, call_.pin);
    source_ = page_buffer(static_cast<std::size_t>(call_.size), "copy's source buffer");
    target_ = page_buffer(static_cast<std::size_t>(call_.size), "copy's destination buffer");
    auto* src = source_.as<unsigned char>();
    auto* dst = target_.as<unsigned char>();
    for_each_share(*team_, source_.size(), 64, [&](std::size_t b, std::size_t e) {
      for (std::size_t i = b; i < e; ++i) src[i] = static_cast<unsigned char>(i * 131 + 7);
      std::memset(dst + b, 0, e - b);
    });
  }

  Work run(std::uint64_t n) override {
    if (!team_) prepare();
    const auto* src = source_.as<const unsigned char>();
    auto* dst = target_.as<unsigned char>();
    Work work;
    for (std::uint64_t unit = 0; unit < n; ++unit) {
      for_each_share(*team_, source_.size(), 64,
                     [&](std::size_t b, std::size_t e) { std::memcpy(dst + b, src + b, e - b); });
      work.bytes += 2 * call_.size;
      work.ops += 1;
      ++passes_;
      if (interrupted(context_)) break;
    }
    return work;
  }

  void finish() override {
    if (team_ && passes_ > 0) {
      const auto* src = source_.as<const unsigned char>();
      const auto* dst = target_.as<const unsigned char>();
      for (std::size_t i = 0; i < source_.size(); ++i)
        if (src[i] != dst[i])
          throw KernelError(
              fmt::format("copy: byte {} of the destination holds {:#04x}, the source {:#04x}", i, dst[i], src[i]));
    }
    source_ = common::AlignedBuffer();
    target_ = common::AlignedBuffer();
    team_.reset();
  }

 private:
  BufferCall call_;
  Context context_;
  std::unique_ptr<ThreadTeam> team_;
  common::AlignedBuffer source_, target_;
  std::uint64_t passes_ = 0;
};

}  // namespace

KernelSpec copy_spec() {
  KernelSpec spec;
  spec.name = "copy";
  spec.holds_memory = true;
  spec.family = "memory";
  spec.help =
      "memcpy between two buffers larger than the caches; one unit copies the whole buffer, "
      "bytes counted read plus written (2 x size), as STREAM counts copy";
  spec.lineage = "Xbench 1.3 Memory Test, System: Copy (MB/sec)";
  spec.synopsis = "copy [size S] [threads N] [pinned|floating]";
  spec.params = buffer_params("bytes in each of the two buffers");
  spec.unit = WorkUnit::bytes;
  spec.measure.for_seconds = 1;
  spec.effects = [](const Call& call, const platform::FileView&) { return buffer_effects(call, 2, "the two buffers"); };
  spec.make = [](const Call& call, const Context& context) -> std::unique_ptr<Kernel> {
    return std::make_unique<CopyKernel>(call, context);
  };
  return spec;
}

}  // namespace hwbench::kernels::memory
