// Choices where the reference is silent (it gives only the four 16-bit mantissa words): the
// operations are built as BYTEmark's documentation describes its emulation: 16-bit word adds
// and subtracts with carries, one-bit mantissa shifts, sticky shifts to align exponents, and a
// normalisation closing every operation. Multiplication is 64 shift-and-add rounds; division
// is long division that stops once the quotient is normal (about 128 rounds), which keeps the
// cost of a divide against a multiply where BYTEmark's published profile has it (68K: 5.6 µs
// against 3.6 µs per call, 1.56; here about 1.5). Results are not rounded, only kept to 64 bits
// with a sticky bit.
#include "kernels/nbench/integer/emulated_float.hpp"

#include <cmath>
#include <limits>
#include <utility>

namespace hwbench::kernels::nbench {

namespace {

using Mantissa = std::array<std::uint16_t, 4>;
constexpr int words = 4;
constexpr int mantissa_bits = 16 * words;

// a += b, word by word from the least significant; returns the carry out.
std::uint16_t add_words(Mantissa& a, const Mantissa& b, std::uint16_t carry = 0) {
  for (int i = words - 1; i >= 0; --i) {
    const std::uint32_t sum = std::uint32_t{a[i]} + b[i] + carry;
    a[i] = static_cast<std::uint16_t>(sum);
    carry = static_cast<std::uint16_t>(sum >> 16);
  }
  return carry;
}

// a -= b, word by word; returns the borrow out.
std::uint16_t subtract_words(Mantissa& a, const Mantissa& b) {
  std::uint16_t borrow = 0;
  for (int i = words - 1; i >= 0; --i) {
    const std::uint32_t difference = std::uint32_t{a[i]} - b[i] - borrow;
    a[i] = static_cast<std::uint16_t>(difference);
    borrow = static_cast<std::uint16_t>((difference >> 16) & 1);
  }
  return borrow;
}

// One bit left. The carry is a flag: any non-zero `carry` sets the lowest bit, and it leaves
// holding the top bit where it was (0x8000 or 0). Each word's incoming bit is tested and set on
// its own, the way an emulator without a carry-through shift instruction does it.
void shift_left_1(std::uint16_t& carry, Mantissa& m) {
  for (int i = words - 1; i >= 0; --i) {
    const std::uint16_t out = m[i] & 0x8000;
    std::uint16_t word = static_cast<std::uint16_t>(m[i] << 1);
    if (carry != 0) word |= 1;
    m[i] = word;
    carry = out;
  }
}

// One bit right. Any non-zero `carry` sets the top bit; it leaves holding the bottom bit (1 or 0).
void shift_right_1(std::uint16_t& carry, Mantissa& m) {
  for (int i = 0; i < words; ++i) {
    const std::uint16_t out = m[i] & 1;
    std::uint16_t word = static_cast<std::uint16_t>(m[i] >> 1);
    if (carry != 0) word |= 0x8000;
    m[i] = word;
    carry = out;
  }
}

bool is_zero(const Mantissa& m) { return (m[0] | m[1] | m[2] | m[3]) == 0; }

// a < b, compared word by word from the most significant.
bool less_than(const Mantissa& a, const Mantissa& b) {
  for (int i = 0; i < words; ++i)
    if (a[i] != b[i]) return a[i] < b[i];
  return false;
}

// Right by `count` bits, one at a time, OR-ing every bit that falls off into the lowest bit.
// It and pack() are inlined into the operations, as nbench's gcc -O3 inlines its shift and
// normalisation helpers into its add and divide routines (callgrind sees none of them apart):
// called, a loop ran 0.4% more instructions (bench/nbench_counts.sh: 1.018 of nbench, now 1.014).
[[gnu::always_inline]] inline void sticky_shift_right(Mantissa& m, int count) {
  if (count >= mantissa_bits) {
    const bool any = !is_zero(m);
    m = Mantissa{};
    m[words - 1] = any ? 1 : 0;
    return;
  }
  for (int i = 0; i < count; ++i) {
    std::uint16_t carry = 0;
    shift_right_1(carry, m);
    m[words - 1] |= carry;
  }
}

// A finite non-zero number while it is being worked on: the exponent may leave the int16 range.
struct Unpacked {
  bool negative = false;
  int exponent = 0;
  Mantissa m{};
};

bool msb(const Mantissa& m) { return (m[0] & 0x8000) != 0; }

// A subnormal operand is normalised first so that the algorithms below see a top bit of 1.
Unpacked unpack(const EmulatedFloat& x) {
  Unpacked u{x.negative, x.exponent, x.mantissa};
  while (!msb(u.m)) {
    std::uint16_t carry = 0;
    shift_left_1(carry, u.m);
    --u.exponent;
  }
  return u;
}

EmulatedFloat special(FloatKind kind, bool negative) {
  EmulatedFloat r;
  r.kind = kind;
  r.negative = negative;
  return r;
}

// Normalises, then fits the exponent range: infinity above it, a sticky-shifted subnormal or
// zero below it.
[[gnu::always_inline]] inline EmulatedFloat pack(Unpacked u) {
  if (is_zero(u.m)) return special(FloatKind::zero, false);
  while (!msb(u.m)) {
    std::uint16_t carry = 0;
    shift_left_1(carry, u.m);
    --u.exponent;
  }
  if (u.exponent > emulated_max_exponent) return special(FloatKind::infinity, u.negative);
  FloatKind kind = FloatKind::normal;
  if (u.exponent < emulated_min_exponent) {
    // Below the smallest subnormal nothing is left (no rounding up to it).
    if (emulated_min_exponent - u.exponent >= mantissa_bits) return special(FloatKind::zero, u.negative);
    sticky_shift_right(u.m, emulated_min_exponent - u.exponent);
    u.exponent = emulated_min_exponent;
    kind = FloatKind::subnormal;
  }
  EmulatedFloat r;
  r.kind = kind;
  r.negative = u.negative;
  r.exponent = static_cast<std::int16_t>(u.exponent);
  r.mantissa = u.m;
  return r;
}

bool finite_nonzero(const EmulatedFloat& x) { return x.kind == FloatKind::normal || x.kind == FloatKind::subnormal; }

// The mantissa of a finite non-zero operand, normal: a normal one where it lies, a subnormal one
// normalised into `copy`; `exponent` receives the matching exponent.
const Mantissa& in_place(const EmulatedFloat& x, Unpacked& copy, int& exponent) {
  if (msb(x.mantissa)) {
    exponent = x.exponent;
    return x.mantissa;
  }
  copy = unpack(x);
  exponent = copy.exponent;
  return copy.m;
}

EmulatedFloat add_signed(const EmulatedFloat& x, const EmulatedFloat& y, bool y_negative) {
  if (x.kind == FloatKind::nan || y.kind == FloatKind::nan) return special(FloatKind::nan, false);
  if (x.kind == FloatKind::infinity) {
    if (y.kind == FloatKind::infinity && x.negative != y_negative) return special(FloatKind::nan, false);
    return x;
  }
  if (y.kind == FloatKind::infinity) return special(FloatKind::infinity, y_negative);
  if (y.kind == FloatKind::zero)
    return x.kind == FloatKind::zero ? special(FloatKind::zero, x.negative && y_negative) : x;
  if (x.kind == FloatKind::zero) {
    EmulatedFloat r = y;
    r.negative = y_negative;
    return r;
  }

  // The operands are read where they lie (a subnormal one normalised into a copy); only the
  // larger's mantissa is copied into the result and the smaller's into the aligned addend.
  Unpacked x_copy;
  Unpacked y_copy;
  int x_exponent = 0;
  int y_exponent = 0;
  const Mantissa& xm = in_place(x, x_copy, x_exponent);
  const Mantissa& ym = in_place(y, y_copy, y_exponent);
  const bool x_larger = x_exponent >= y_exponent;
  Unpacked a{x_larger ? x.negative : y_negative, x_larger ? x_exponent : y_exponent, x_larger ? xm : ym};
  Unpacked b{x_larger ? y_negative : x.negative, x_larger ? y_exponent : x_exponent, x_larger ? ym : xm};
  sticky_shift_right(b.m, a.exponent - b.exponent);
  if (a.negative == b.negative) {
    std::uint16_t carry = add_words(a.m, b.m);
    if (carry != 0) {
      shift_right_1(carry, a.m);
      a.m[words - 1] |= carry;
      ++a.exponent;
    }
    return pack(a);
  }
  if (subtract_words(a.m, b.m) != 0) {
    // |b| was the larger: take the two's complement back to a magnitude.
    Mantissa magnitude{};
    subtract_words(magnitude, a.m);
    a.m = magnitude;
    a.negative = b.negative;
  }
  return pack(a);
}

}  // namespace

EmulatedFloat emulated_from_int(std::int32_t value) {
  if (value == 0) return {};
  const std::uint32_t magnitude =
      value < 0 ? 0u - static_cast<std::uint32_t>(value) : static_cast<std::uint32_t>(value);
  Unpacked u;
  u.negative = value < 0;
  u.exponent = 32;
  u.m = {static_cast<std::uint16_t>(magnitude >> 16), static_cast<std::uint16_t>(magnitude & 0xFFFF), 0, 0};
  return pack(u);
}

EmulatedFloat emulated_from_double(double value) {
  if (std::isnan(value)) return special(FloatKind::nan, false);
  if (std::isinf(value)) return special(FloatKind::infinity, value < 0);
  if (value == 0) return special(FloatKind::zero, std::signbit(value));
  int exponent = 0;
  const double fraction = std::frexp(std::fabs(value), &exponent);  // in [0.5, 1)
  const auto bits = static_cast<std::uint64_t>(std::ldexp(fraction, mantissa_bits));
  Unpacked u;
  u.negative = value < 0;
  u.exponent = exponent;
  for (int i = 0; i < words; ++i) u.m[i] = static_cast<std::uint16_t>(bits >> (16 * (words - 1 - i)));
  return pack(u);
}

double emulated_to_double(const EmulatedFloat& x) {
  switch (x.kind) {
    case FloatKind::zero:
      return x.negative ? -0.0 : 0.0;
    case FloatKind::infinity:
      return x.negative ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
    case FloatKind::nan:
      return std::numeric_limits<double>::quiet_NaN();
    default:
      break;
  }
  std::uint64_t bits = 0;
  for (int i = 0; i < words; ++i) bits = (bits << 16) | x.mantissa[i];
  const double magnitude = std::ldexp(static_cast<double>(bits), x.exponent - mantissa_bits);
  return x.negative ? -magnitude : magnitude;
}

EmulatedFloat emulated_add(const EmulatedFloat& x, const EmulatedFloat& y) { return add_signed(x, y, y.negative); }

EmulatedFloat emulated_subtract(const EmulatedFloat& x, const EmulatedFloat& y) {
  return add_signed(x, y, !y.negative);
}

// Multiply and divide build their result in the destination itself, as BYTEmark's routines
// build theirs in the result element of the test's third array, and read the operand that is
// not copied (the multiplicand, the divisor) where it lies: the compiler must then allow for
// the destination overlapping it and keeps both in memory through every round, which is the
// work nbench's gcc -O3 build does. Built in locals instead, everything stays in registers and
// a loop of the test executed 6% fewer instructions than nbench's (callgrind,
// bench/nbench_counts.sh).
void emulated_multiply(const EmulatedFloat& x, const EmulatedFloat& y, EmulatedFloat& z) {
  const bool negative = x.negative != y.negative;
  if (x.kind == FloatKind::nan || y.kind == FloatKind::nan) {
    z = special(FloatKind::nan, false);
    return;
  }
  if (x.kind == FloatKind::infinity || y.kind == FloatKind::infinity) {
    const bool zero = x.kind == FloatKind::zero || y.kind == FloatKind::zero;
    z = special(zero ? FloatKind::nan : FloatKind::infinity, zero ? false : negative);
    return;
  }
  if (!finite_nonzero(x) || !finite_nonzero(y)) {
    z = special(FloatKind::zero, negative);
    return;
  }

  Unpacked normalised;
  int exponent = 0;
  const Mantissa* multiplicand = &in_place(x, normalised, exponent);
  Unpacked b = unpack(y);
  // z.mantissa:low is the 128-bit product; each round takes the multiplier's lowest bit, adds
  // the multiplicand on a 1, and shifts the whole product right.
  Mantissa& high = z.mantissa;
  Mantissa low{};
  high = Mantissa{};
  for (int round = 0; round < mantissa_bits; ++round) {
    std::uint16_t bit = 0;
    shift_right_1(bit, b.m);
    std::uint16_t carry = bit != 0 ? add_words(high, *multiplicand) : 0;
    shift_right_1(carry, high);
    shift_right_1(carry, low);
  }
  Unpacked product{negative, exponent + b.exponent, high};
  if (!msb(product.m)) {
    // Both factors are at least 1/2, so one shift normalises; it pulls the next bit from low.
    std::uint16_t carry = 0;
    shift_left_1(carry, low);
    shift_left_1(carry, product.m);
    --product.exponent;
  }
  if (!is_zero(low)) product.m[words - 1] |= 1;
  z = pack(product);
}

void emulated_divide(const EmulatedFloat& x, const EmulatedFloat& y, EmulatedFloat& z) {
  const bool negative = x.negative != y.negative;
  FloatKind kind = FloatKind::normal;
  if (x.kind == FloatKind::nan || y.kind == FloatKind::nan)
    kind = FloatKind::nan;
  else if (x.kind == FloatKind::infinity)
    kind = y.kind == FloatKind::infinity ? FloatKind::nan : FloatKind::infinity;
  else if (y.kind == FloatKind::infinity)
    kind = FloatKind::zero;
  else if (y.kind == FloatKind::zero)
    kind = x.kind == FloatKind::zero ? FloatKind::nan : FloatKind::infinity;
  else if (x.kind == FloatKind::zero)
    kind = FloatKind::zero;
  if (kind != FloatKind::normal) {
    z = special(kind, kind == FloatKind::nan ? false : negative);
    return;
  }

  const Unpacked a = unpack(x);
  Unpacked normalised;
  int divisor_exponent = 0;
  const Mantissa* divisor = &in_place(y, normalised, divisor_exponent);
  // Long division as by hand: each round brings the dividend's next bit (zeros once it is used
  // up) into the partial remainder, subtracts the divisor when it fits and shifts the quotient
  // bit (into z) in, until the quotient's top bit is set: about 128 rounds for normal operands.
  Mantissa dividend = a.m;
  Mantissa remainder{};
  Mantissa& quotient = z.mantissa;
  quotient = Mantissa{};
  int exponent = a.exponent - divisor_exponent + 2 * mantissa_bits;
  while (!msb(quotient)) {
    std::uint16_t carry = 0;
    shift_left_1(carry, dividend);
    shift_left_1(carry, remainder);
    std::uint16_t bit = 0;
    if (carry != 0 || !less_than(remainder, *divisor)) {
      subtract_words(remainder, *divisor);
      bit = 1;
    }
    shift_left_1(bit, quotient);
    --exponent;
  }
  Unpacked q{negative, exponent, quotient};
  if (!is_zero(remainder) || !is_zero(dividend)) q.m[words - 1] |= 1;
  z = pack(q);
}

EmulatedFloat emulated_multiply(const EmulatedFloat& x, const EmulatedFloat& y) {
  EmulatedFloat z;
  emulated_multiply(x, y, z);
  return z;
}

EmulatedFloat emulated_divide(const EmulatedFloat& x, const EmulatedFloat& y) {
  EmulatedFloat z;
  emulated_divide(x, y, z);
  return z;
}

}  // namespace hwbench::kernels::nbench
