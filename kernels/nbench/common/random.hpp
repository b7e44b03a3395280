#pragma once
// BYTEmark's random numbers: a second-order linear congruential generator with Skellam's
// constants, x[n] = (254754 x[n-1] + 529562 x[n-2]) mod 999563, in 32-bit signed arithmetic.
// Resetting puts 13 in the x[n-1] place and 117 in the x[n-2] place, and nbench's reset call
// (randnum with a non-zero argument) also draws: its first value, 298961, is thrown away by
// every set-up that reseeds. The order and the draw are what reproduce the operands that
// BYTEmark's documentation prints for the FP emulation test (tests/kernels/nbench).
#include <cstdint>

namespace hwbench::kernels::nbench {

/// nbench 2.2.3's generator; a fresh object is in the reset state (no value drawn yet).
class Random {
 public:
  /// Starts again from the seeds and draws the first value (298961), returning it, as nbench's
  /// `randnum` does when called with a non-zero value; the caller normally ignores it.
  std::int32_t reseed();
  /// The next raw value, in (-999563, 999563): the products wrap at 32 bits as nbench's do.
  std::int32_t next();
  /// next() mod n (C's remainder: negative when next() is negative); n > 0.
  std::int32_t randwc(std::int32_t n);
  /// |randwc(n)|, in [0, n).
  std::uint32_t abs_randwc(std::uint32_t n);

 private:
  std::int32_t newer_ = 13;   // x[n-1]
  std::int32_t older_ = 117;  // x[n-2]
};

}  // namespace hwbench::kernels::nbench
