#pragma once
// The double-precision Whetstone benchmark (H. J. Curnow and B. A. Wichmann, 1976) in the
// eight-module form UnixBench times (Roy Longbottom's "whets" layout): array elements, array as
// parameter, conditional jumps, integer arithmetic, trigonometric functions, procedure calls,
// array references and standard functions, weighted 12, 14, 345, 210, 32, 899, 616 and 93 times
// the loop multiplier.
#include <array>
#include <cstdint>

#include "kernels/contract/kernel.hpp"

namespace hwbench::kernels::system {

/// Whetstone instructions one pass stands for with the standard multiplier of 100: its rating
/// is 100 KWI per multiplier unit, so MWIPS = passes × 10 / seconds.
inline constexpr std::uint64_t whetstone_instructions_per_pass = 10'000'000;

/// What each module leaves in its checked variable, in module order (N1 … N8).
using WhetstoneResults = std::array<double, 8>;

/// The modules, run as one Whetstone run of a given number of passes.
class Whetstone {
 public:
  /// `multiplier` is the loop count multiplier (UnixBench's x100 = 100).
  explicit Whetstone(std::uint32_t multiplier = 100) : multiplier_(multiplier) {}

  /// Runs a whole Whetstone run of `passes` passes: each module in turn, `passes` times over,
  /// starting from the initial values. Returns each module's result. As in the original,
  /// module 1 runs ten times its count and only a tenth of it is rated: the other nine tenths
  /// run through kernels::untimed(context), outside the sample's time.
  WhetstoneResults run(std::uint64_t passes, const Context& context = {}) const;

 private:
  std::uint32_t multiplier_;
};

}  // namespace hwbench::kernels::system
