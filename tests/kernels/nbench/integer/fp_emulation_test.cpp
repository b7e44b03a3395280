#include "kernels/nbench/integer/fp_emulation.hpp"

#include <cmath>

#include <doctest/doctest.h>

#include "kernels/nbench/integer/integer_index.hpp"
#include "kernels/nbench/nbench.hpp"
#include "tests/kernels/nbench/counted_run.hpp"

namespace hwbench::kernels::nbench {

namespace {

// BYTEmark's documentation prints these with 5 digits, cut rather than rounded: a value matches
// when it is within one unit of the last printed digit.
bool printed(const EmulatedFloat& x, double shown) {
  const double v = emulated_to_double(x);
  const double unit = std::pow(10.0, std::floor(std::log10(std::fabs(shown))) - 4);
  return std::fabs(v - shown) <= unit;
}

}  // namespace

TEST_CASE("fp emulation: every 16 elements do 4 adds, 4 subtractions, 5 multiplications, 3 divisions") {
  int count[4] = {};
  for (std::size_t i = 0; i < 16; ++i) ++count[static_cast<int>(emf_operation(i))];
  CHECK(count[static_cast<int>(EmfOperation::add)] == 4);
  CHECK(count[static_cast<int>(EmfOperation::subtract)] == 4);
  CHECK(count[static_cast<int>(EmfOperation::multiply)] == 5);
  CHECK(count[static_cast<int>(EmfOperation::divide)] == 3);
  CHECK(emf_operation(2) == EmfOperation::add);
  CHECK(emf_operation(6) == EmfOperation::subtract);
  CHECK(emf_operation(10) == EmfOperation::multiply);
  CHECK(emf_operation(14) == EmfOperation::divide);
  CHECK(emf_operation(2986) == EmfOperation::multiply);
  CHECK(emf_operation(2990) == EmfOperation::divide);
}

TEST_CASE("fp emulation: operands and results are the ones BYTEmark's documentation prints") {
  EmfArrays arrays;
  Random r;
  fill_emf_arrays(r, arrays);
  REQUIRE(arrays.a.size() == emf_array_size);
  emf_loop(arrays);
  struct Line {
    std::size_t index;
    double a, b, c;
  };
  // "2: (-1.1160E 0) + (-4.5159E 0) = -5.6320E 0" and the seven lines after it.
  const Line lines[] = {
      {2, -1.1160, -4.5159, -5.6320},        {6, -4.4507e-1, -8.2050e-1, 3.7543e-1},
      {10, 1.2465, 7.4667e-1, 9.3075e-1},    {14, -1.2781, -1.7367, 7.3596e-1},
      {2986, -7.0390, -2.0752, 1.4607e1},    {2990, 8.3753e-1, 2.3876e1, 3.5078e-2},
      {2994, -1.1393, -1.6080e1, -1.7219e1}, {2998, 7.2450, -8.2654e-1, 8.0716},
  };
  for (const auto& line : lines) {
    CAPTURE(line.index);
    CHECK(printed(arrays.a[line.index], line.a));
    CHECK(printed(arrays.b[line.index], line.b));
    CHECK(printed(arrays.c[line.index], line.c));
  }
}

TEST_CASE("fp emulation: the loop agrees with doubles on every element") {
  EmfArrays arrays;
  Random r;
  fill_emf_arrays(r, arrays);
  emf_loop(arrays);
  int failures = 0;
  for (std::size_t i = 0; i < emf_array_size; ++i) {
    const double a = emulated_to_double(arrays.a[i]), b = emulated_to_double(arrays.b[i]);
    double expected = 0;
    switch (emf_operation(i)) {
      case EmfOperation::add:
        expected = a + b;
        break;
      case EmfOperation::subtract:
        expected = a - b;
        break;
      case EmfOperation::multiply:
        expected = a * b;
        break;
      case EmfOperation::divide:
        expected = a / b;
        break;
    }
    if (std::fabs(emulated_to_double(arrays.c[i]) - expected) > std::fabs(expected) * 1e-13 + 1e-300) ++failures;
  }
  CHECK(failures == 0);
}

TEST_CASE("fp emulation: a number is 12 bytes like nbench's InternalFPF, three arrays of 3000") {
  // nbench: type and sign bytes, a 16-bit exponent and four 16-bit mantissa words.
  CHECK(sizeof(EmulatedFloat) == 12);
  CHECK(emf_array_size == 3000);
  CHECK(3 * emf_array_size * sizeof(EmulatedFloat) == 108000);
}

TEST_CASE("fp emulation: run(n) does n loops, with no per-loop set-up") { check_run_counts(make_fp_emulation, 1, 0); }

}  // namespace hwbench::kernels::nbench
