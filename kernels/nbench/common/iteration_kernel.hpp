#pragma once
// The shape shared by the nbench tests written as one object per call: run(n) does n of nbench's
// timed iterations, each preceded by the set-up nbench keeps outside its stopwatch, and returns
// what nbench counts for them (arrays, bits, loops, coefficients).
#include <cstdint>

#include "kernels/contract/kernel.hpp"

namespace hwbench::kernels::nbench {

/// A test object whose unit of work is one nbench iteration.
class IterationKernel : public Kernel {
 public:
  /// `set_up_each`: whether set_up() runs (untimed) before every iteration.
  IterationKernel(const Context& ctx, bool set_up_each) : ctx_(ctx), set_up_each_(set_up_each) {}

  Work run(std::uint64_t n) final {
    Work work;
    for (std::uint64_t i = 0; i < n; ++i) {
      if (ctx_.interrupted != nullptr && ctx_.interrupted->load(std::memory_order_relaxed)) break;
      if (set_up_each_) untimed(ctx_, [this] { set_up(); });
      work.ops += iterate();
    }
    return work;
  }

 protected:
  /// Untimed preparation of one iteration (refilling the data nbench refills).
  virtual void set_up() {}
  /// One timed iteration; returns nbench's count for it.
  virtual std::uint64_t iterate() = 0;

 private:
  Context ctx_;
  bool set_up_each_;
};

}  // namespace hwbench::kernels::nbench
