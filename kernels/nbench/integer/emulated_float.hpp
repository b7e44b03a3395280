#pragma once
// The software floating point of BYTEmark's FP EMULATION test: a number carries its kind, a
// sign, a signed 16-bit exponent and a 64-bit mantissa held as four 16-bit words, and every
// operation works the way a processor without an FPU would, one bit and one 16-bit word at a
// time: shift-and-add multiplication, long division bit by bit, alignment and normalisation
// by single-bit shifts (BYTEmark's profile: most time goes to the one-bit mantissa shifts).
#include <array>
#include <cstdint>

namespace hwbench::kernels::nbench {

/// What an emulated number is.
enum class FloatKind : std::uint8_t { zero, subnormal, normal, infinity, nan };

/// Exponent range of the emulation (value = 0.mantissa × 2^exponent).
inline constexpr int emulated_min_exponent = -32767;
/// Largest exponent; beyond it a result is infinite.
inline constexpr int emulated_max_exponent = 32767;

/// An emulated number: (-1)^negative × (mantissa / 2^64) × 2^exponent. A normal number has the
/// top bit of mantissa[0] set; mantissa[0] is the most significant word.
struct EmulatedFloat {
  FloatKind kind = FloatKind::zero;
  bool negative = false;
  std::int16_t exponent = 0;
  std::array<std::uint16_t, 4> mantissa{};
};

/// The exact emulated value of `value` (how the test turns its random integers into numbers).
EmulatedFloat emulated_from_int(std::int32_t value);

/// The exact emulated value of `value` (53 significant bits fit the 64-bit mantissa).
EmulatedFloat emulated_from_double(double value);

/// The nearest double.
double emulated_to_double(const EmulatedFloat& x);

/// x + y. Results keep 64 mantissa bits and are not rounded: the bits beyond them only leave a
/// sticky lowest bit, so a result is within 2^-62 of the exact value, relatively.
EmulatedFloat emulated_add(const EmulatedFloat& x, const EmulatedFloat& y);

/// x - y.
EmulatedFloat emulated_subtract(const EmulatedFloat& x, const EmulatedFloat& y);

/// x × y, by 64 rounds of shift-and-add over a 128-bit product.
EmulatedFloat emulated_multiply(const EmulatedFloat& x, const EmulatedFloat& y);

/// x / y, by long division one bit per round until the quotient is normal (about 128 rounds);
/// x/0 is infinite, 0/0 NaN.
EmulatedFloat emulated_divide(const EmulatedFloat& x, const EmulatedFloat& y);

/// z = x × y, the product built in z itself. `z` must not be `x` or `y`.
void emulated_multiply(const EmulatedFloat& x, const EmulatedFloat& y, EmulatedFloat& z);

/// z = x / y, the quotient built in z itself. `z` must not be `x` or `y`.
void emulated_divide(const EmulatedFloat& x, const EmulatedFloat& y, EmulatedFloat& z);

}  // namespace hwbench::kernels::nbench
