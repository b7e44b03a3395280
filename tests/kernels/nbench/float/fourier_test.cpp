#include "kernels/nbench/float/fourier.hpp"

#include <cmath>
#include <functional>
#include <numbers>
#include <vector>

#include <doctest/doctest.h>

#include "kernels/nbench/float/float_index.hpp"
#include "kernels/nbench/nbench.hpp"
#include "tests/kernels/nbench/counted_run.hpp"

namespace hwbench::kernels::nbench {

namespace {

double f(double x) { return std::pow(x + 1.0, x); }

// Composite Simpson over [0, 2] with 2000 intervals: exact to ~1e-12 for these integrands.
double simpson(const std::function<double(double)>& g) {
  const int n = 2000;
  const double h = 2.0 / n;
  double sum = g(0.0) + g(2.0);
  for (int k = 1; k < n; ++k) sum += (k % 2 == 1 ? 4.0 : 2.0) * g(k * h);
  return sum * h / 3.0;
}

// nbench's rule is a trapezoid that leaves out the inner point x = 1.99, so it approximates the
// integral less 0.01 g(1.99); the trapezoid's own error at this step is below 1e-3.
double nbench_like(const std::function<double(double)>& g) { return simpson(g) - 0.01 * g(1.99); }

// Three significant digits, as BYTEmark's documentation prints the tables.
bool digits3(double value, double shown) { return std::fabs(value - shown) <= std::fabs(shown) * 6e-3; }

}  // namespace

TEST_CASE("fourier: A0 and the first coefficients match integrals computed by Simpson's rule") {
  std::vector<double> a(3), b(3);
  CHECK(fourier_coefficients(a, b) == 5);
  CHECK(a[0] == doctest::Approx(nbench_like(f) / 2).epsilon(2e-4));
  for (int i = 1; i <= 2; ++i) {
    const double w = std::numbers::pi * i;
    CAPTURE(i);
    CHECK(std::fabs(a[i] - nbench_like([w](double x) { return f(x) * std::cos(w * x); })) < 1e-3);
    CHECK(std::fabs(b[i] - nbench_like([w](double x) { return f(x) * std::sin(w * x); })) < 1e-3);
  }
  // The true mean value of (x+1)^x over [0, 2] is 2.8819...; nbench's rule gives 2.8377.
  CHECK(simpson(f) / 2 == doctest::Approx(2.881918).epsilon(1e-6));
}

TEST_CASE("fourier: the coefficients are BYTEmark's published table") {
  std::vector<double> a(fourier_size), b(fourier_size);
  CHECK(fourier_coefficients(a, b) == 199);
  CHECK(digits3(a[0], 2.84));
  CHECK(digits3(a[1], 1.05));
  CHECK(digits3(a[2], 0.274));
  CHECK(digits3(a[3], 0.0824));
  CHECK(digits3(a[9], -0.065));
  CHECK(digits3(a[99], 0.0888));
  CHECK(digits3(b[1], -1.88));
  CHECK(digits3(b[2], -1.16));
  CHECK(digits3(b[3], -0.806));
  CHECK(digits3(b[98], 0.00430));
  CHECK(digits3(b[99], 0.00215));
}

TEST_CASE("fourier: the integral rule evaluates 0, 0.01 .. 1.98 and 2") {
  // With omega_n = 0 the cosine term is f itself.
  double expected = f(0.0) / 2 + f(2.0) / 2;
  for (int k = 1; k <= 198; ++k) expected += f(0.01 * k);
  expected *= 0.01;
  CHECK(fourier_integral(0.0, FourierTerm::plain) == doctest::Approx(expected).epsilon(1e-12));
  CHECK(fourier_integral(0.0, FourierTerm::cosine) == doctest::Approx(expected).epsilon(1e-12));
  CHECK(std::fabs(fourier_integral(0.0, FourierTerm::sine)) < 1e-15);
}

TEST_CASE("fourier: run(n) counts 2N-1 = 199 coefficients per iteration, with no set-up") {
  check_run_counts(make_fourier, 199, 0);
}

}  // namespace hwbench::kernels::nbench
