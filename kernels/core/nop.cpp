// `nop`: a kernel that does no work, so that a recipe can measure the harness itself.
#include <fmt/format.h>

#include "kernels/core/core.hpp"

namespace hwbench::kernels::core {

namespace {

class Nop : public Kernel {
 public:
  Work run(std::uint64_t n) override {
    // One empty step per unit; the barrier keeps the compiler from folding the loop away.
    for (std::uint64_t i = 0; i < n; ++i) asm volatile("" ::: "memory");
    return {0, n};
  }
};

}  // namespace

void register_kernels(Registry& registry) {
  KernelSpec nop;
  nop.name = "nop";
  nop.family = "core";
  nop.help = "does nothing: one unit is one empty call, so `nop for 1s` measures the harness per timed unit";
  nop.lineage = "the empty benchmark of Google Benchmark and hyperfine's shell-spawn correction";
  nop.synopsis = "nop";
  nop.unit = WorkUnit::operations;
  nop.effects = [](const Call&, const platform::FileView&) { return FileEffects{}; };
  nop.make = [](const Call&, const Context&) { return std::make_unique<Nop>(); };
  registry.add(std::move(nop));
}

}  // namespace hwbench::kernels::core
