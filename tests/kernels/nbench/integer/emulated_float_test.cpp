#include "kernels/nbench/integer/emulated_float.hpp"

#include <cmath>
#include <cstdint>
#include <limits>

#include <doctest/doctest.h>

namespace hwbench::kernels::nbench {

namespace {

EmulatedFloat e(double v) { return emulated_from_double(v); }
double d(const EmulatedFloat& x) { return emulated_to_double(x); }

// The emulation keeps 64 bits (x87's long double too): results within 2^-61 of the long double
// result, relatively, are within the emulation's precision.
bool close(const EmulatedFloat& x, long double expected) {
  std::uint64_t bits = 0;
  for (auto w : x.mantissa) bits = (bits << 16) | w;
  const long double got = std::ldexp(static_cast<long double>(bits), x.exponent - 64) * (x.negative ? -1 : 1);
  return std::fabs(got - expected) <= std::fabs(expected) * std::ldexp(1.0L, -61);
}

}  // namespace

TEST_CASE("emulated float: integers convert exactly and normalised") {
  for (std::int32_t v : {1, -1, 2, 3, 50000, -49999, 65536, std::numeric_limits<std::int32_t>::max(),
                         std::numeric_limits<std::int32_t>::min()}) {
    const EmulatedFloat x = emulated_from_int(v);
    CHECK(x.kind == FloatKind::normal);
    CHECK((x.mantissa[0] & 0x8000) != 0);
    CHECK(d(x) == static_cast<double>(v));
  }
  const EmulatedFloat one = emulated_from_int(1);
  CHECK(one.exponent == 1);  // 0.1b × 2^1
  CHECK(one.mantissa == std::array<std::uint16_t, 4>{0x8000, 0, 0, 0});
  CHECK(emulated_from_int(0).kind == FloatKind::zero);
}

TEST_CASE("emulated float: doubles convert both ways exactly") {
  for (double v : {1.0, -1.5, 0.1, 3.25e-5, -1e300, 5e-324, 1.0 / 3.0, 123456789.0}) {
    CHECK(d(e(v)) == v);
  }
  CHECK(e(0.0).kind == FloatKind::zero);
  CHECK(std::signbit(d(e(-0.0))));
  CHECK(e(std::numeric_limits<double>::infinity()).kind == FloatKind::infinity);
  CHECK(std::isnan(d(e(std::numeric_limits<double>::quiet_NaN()))));
}

TEST_CASE("emulated float: exact cases of the four operations") {
  CHECK(d(emulated_add(e(1.5), e(2.25))) == 3.75);
  CHECK(d(emulated_add(e(-1.5), e(2.25))) == 0.75);
  CHECK(d(emulated_add(e(1.5), e(-2.25))) == -0.75);
  CHECK(d(emulated_subtract(e(1.0), e(1.0 - std::ldexp(1.0, -40)))) == std::ldexp(1.0, -40));
  CHECK(d(emulated_subtract(e(1e20), e(1.0))) == 1e20 - 1.0);
  CHECK(d(emulated_multiply(e(3.0), e(-7.0))) == -21.0);
  CHECK(d(emulated_multiply(e(0.75), e(0.75))) == 0.5625);
  CHECK(d(emulated_divide(e(10.0), e(4.0))) == 2.5);
  CHECK(d(emulated_divide(e(-1.0), e(8.0))) == -0.125);
  CHECK(d(emulated_divide(e(3.0), e(3.0))) == 1.0);
  const EmulatedFloat nothing = emulated_subtract(e(2.5), e(2.5));
  CHECK(nothing.kind == FloatKind::zero);
  CHECK_FALSE(nothing.negative);
}

TEST_CASE("emulated float: inexact results agree with long double within 64 bits") {
  CHECK(close(emulated_divide(e(1.0), e(3.0)), 1.0L / 3.0L));
  CHECK(close(emulated_divide(emulated_from_int(-12345), emulated_from_int(678)), -12345.0L / 678.0L));
  CHECK(close(emulated_multiply(e(0.1), e(0.2)), static_cast<long double>(0.1) * static_cast<long double>(0.2)));
  // A fixed pseudo-random spread of magnitudes and signs.
  std::uint64_t state = 88172645463325252ULL;
  auto next = [&state] {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    const double unit = static_cast<double>(state >> 11) * std::ldexp(1.0, -53);
    return std::ldexp(unit + 0.5, static_cast<int>(state % 41) - 20) * ((state & 4) ? -1 : 1);
  };
  int failures = 0;
  for (int i = 0; i < 500; ++i) {
    const double x = next(), y = next();
    const long double lx = x, ly = y;
    if (!close(emulated_add(e(x), e(y)), lx + ly)) ++failures;
    if (!close(emulated_subtract(e(x), e(y)), lx - ly)) ++failures;
    if (!close(emulated_multiply(e(x), e(y)), lx * ly)) ++failures;
    if (!close(emulated_divide(e(x), e(y)), lx / ly)) ++failures;
  }
  CHECK(failures == 0);
}

TEST_CASE("emulated float: multiply and divide into a destination overwrite all of it") {
  // The test's loop builds each product and quotient in its element of the result array, which
  // holds the previous loop's value: nothing of it may leak into the new one.
  const double operands[][2] = {{3.0, -7.0}, {0.75, 0.75}, {10.0, 4.0}, {1.0, 3.0}, {-1e300, 1e-300}, {0.0, 5.0}};
  for (const auto& [x, y] : operands) {
    EmulatedFloat z = e(-123456.789);
    emulated_multiply(e(x), e(y), z);
    CHECK(d(z) == d(emulated_multiply(e(x), e(y))));
    CHECK(z.kind == emulated_multiply(e(x), e(y)).kind);
    CHECK(z.mantissa == emulated_multiply(e(x), e(y)).mantissa);
    z = e(987.25);
    emulated_divide(e(x), e(y), z);
    CHECK(d(z) == d(emulated_divide(e(x), e(y))));
    CHECK(z.mantissa == emulated_divide(e(x), e(y)).mantissa);
  }
  EmulatedFloat z = e(2.0);
  emulated_divide(e(1.0), e(0.0), z);
  CHECK(z.kind == FloatKind::infinity);
  emulated_multiply(e(0.0), e(std::numeric_limits<double>::infinity()), z);
  CHECK(z.kind == FloatKind::nan);
}

TEST_CASE("emulated float: infinities, NaN and zeros") {
  const EmulatedFloat inf = e(std::numeric_limits<double>::infinity());
  CHECK(emulated_divide(e(1.0), e(0.0)).kind == FloatKind::infinity);
  CHECK(emulated_divide(e(-1.0), e(0.0)).negative);
  CHECK(emulated_divide(e(0.0), e(0.0)).kind == FloatKind::nan);
  CHECK(emulated_subtract(inf, inf).kind == FloatKind::nan);
  CHECK(emulated_add(inf, inf).kind == FloatKind::infinity);
  CHECK(emulated_multiply(inf, e(0.0)).kind == FloatKind::nan);
  CHECK(emulated_multiply(e(-2.0), e(0.0)).kind == FloatKind::zero);
  CHECK(emulated_divide(e(5.0), inf).kind == FloatKind::zero);
  CHECK(d(emulated_add(e(0.0), e(-4.0))) == -4.0);
  CHECK(d(emulated_subtract(e(0.0), e(-4.0))) == 4.0);
}

TEST_CASE("emulated float: exponents beyond the 16-bit range overflow and underflow") {
  EmulatedFloat big = e(1.0);
  big.exponent = emulated_max_exponent;
  CHECK(emulated_multiply(big, big).kind == FloatKind::infinity);
  EmulatedFloat small = e(1.0);
  small.exponent = emulated_min_exponent + 1;
  const EmulatedFloat tiny = emulated_divide(small, e(4.0));
  CHECK(tiny.kind == FloatKind::subnormal);
  CHECK(tiny.exponent == emulated_min_exponent);
  CHECK(tiny.mantissa == std::array<std::uint16_t, 4>{0x4000, 0, 0, 0});
  const EmulatedFloat gone = emulated_multiply(tiny, e(-std::ldexp(1.0, -70)));
  CHECK(gone.kind == FloatKind::zero);
  CHECK(gone.negative);
  // A subnormal operand is normalised before use: (2^-2 × 2^min) × 4 is 2^min again.
  const EmulatedFloat back = emulated_multiply(tiny, e(4.0));
  CHECK(back.kind == FloatKind::normal);
  CHECK(back.exponent == emulated_min_exponent + 1);
  CHECK(back.mantissa == std::array<std::uint16_t, 4>{0x8000, 0, 0, 0});
  // Adds and subtracts normalise a subnormal operand too, on either side: 2^-2 + 2^-2 of 2^min
  // is 2^-1 of it (normal at the smallest exponent), and 2^min - 2^-2 × 2^min is 3/4 of 2^min.
  const EmulatedFloat twice = emulated_add(tiny, tiny);
  CHECK(twice.kind == FloatKind::normal);
  CHECK(twice.exponent == emulated_min_exponent);
  CHECK(twice.mantissa == std::array<std::uint16_t, 4>{0x8000, 0, 0, 0});
  const EmulatedFloat three_quarters = emulated_subtract(small, tiny);
  CHECK(three_quarters.kind == FloatKind::normal);
  CHECK_FALSE(three_quarters.negative);
  CHECK(three_quarters.exponent == emulated_min_exponent);
  CHECK(three_quarters.mantissa == std::array<std::uint16_t, 4>{0xC000, 0, 0, 0});
  const EmulatedFloat minus = emulated_subtract(tiny, small);
  CHECK(minus.negative);
  CHECK(minus.mantissa == three_quarters.mantissa);
}

}  // namespace hwbench::kernels::nbench
