// FOURIER as nbench 2.2.3 runs it. One nbench iteration computes 2N-1 coefficients, N the first
// array size in 100, 150, 200, … for which an iteration takes over 60 µs of CPU time. N = 100 took
// 1.2 ms on the reference machine (1.6907e5 coefficients/s), so calibration stops at 100 on any
// machine up to twenty times faster than that: one counted unit here is one iteration, counting 199
// coefficients. Nothing is set up between iterations.
//
// Choice where the reference is silent: the trapezoid visits x = 0 and 2 (half weight) and the
// inner points 0.01 … 1.98 (x advanced by repeated addition of the step), 200 evaluations in
// all; that is the rule under which BYTEmark's published A[i] and B[i] tables come out
// (tests/kernels/nbench/fourier_test.cpp), where a complete trapezoid would not.
#include "kernels/nbench/float/fourier.hpp"

#include <cmath>
#include <numbers>
#include <vector>

#include "kernels/nbench/common/iteration_kernel.hpp"
#include "kernels/nbench/float/float_index.hpp"

namespace hwbench::kernels::nbench {

namespace {

constexpr double x0 = 0.0;
constexpr double x1 = 2.0;
constexpr int steps = 200;

double integrand(double x, double omega_n, FourierTerm term) {
  const double f = std::pow(x + 1.0, x);
  switch (term) {
    case FourierTerm::plain:
      return f;
    case FourierTerm::cosine:
      return f * std::cos(omega_n * x);
    case FourierTerm::sine:
      return f * std::sin(omega_n * x);
  }
  return f;
}

}  // namespace

double fourier_integral(double omega_n, FourierTerm term) {
  const double dx = (x1 - x0) / steps;
  double sum = integrand(x0, omega_n, term) / 2.0;
  double x = x0;
  for (int k = 1; k < steps - 1; ++k) {
    x += dx;
    sum += integrand(x, omega_n, term);
  }
  sum += integrand(x1, omega_n, term) / 2.0;
  return sum * dx;
}

std::size_t fourier_coefficients(std::span<double> a, std::span<double> b) {
  if (a.empty()) return 0;
  a[0] = fourier_integral(0.0, FourierTerm::plain) / 2.0;
  for (std::size_t i = 1; i < a.size(); ++i) {
    const double omega_n = std::numbers::pi * static_cast<double>(i);
    a[i] = fourier_integral(omega_n, FourierTerm::cosine);
    b[i] = fourier_integral(omega_n, FourierTerm::sine);
  }
  return 2 * a.size() - 1;
}

namespace {

class Fourier : public IterationKernel {
 public:
  explicit Fourier(const Context& ctx) : IterationKernel(ctx, false), a_(fourier_size), b_(fourier_size) {}

 protected:
  std::uint64_t iterate() override { return fourier_coefficients(a_, b_); }

 private:
  std::vector<double> a_, b_;
};

}  // namespace

std::unique_ptr<Kernel> make_fourier(const Call&, const Context& ctx) { return std::make_unique<Fourier>(ctx); }

}  // namespace hwbench::kernels::nbench
