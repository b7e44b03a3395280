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

// The term is a template argument so that each term's loop is its own, with no test of the term
// per step: gcc unswitches nbench's trapezoid loop on its loop-invariant `select` the same way
// (bench/nbench_counts.sh: with the test in the loop, 2.3% more instructions per coefficient).
template <FourierTerm term>
double integrand(double x, double omega_n) {
  const double f = std::pow(x + 1.0, x);
  if constexpr (term == FourierTerm::cosine) return f * std::cos(omega_n * x);
  if constexpr (term == FourierTerm::sine) return f * std::sin(omega_n * x);
  return f;
}

template <FourierTerm term>
double integrate(double omega_n) {
  const double dx = (x1 - x0) / steps;
  double sum = integrand<term>(x0, omega_n) / 2.0;
  double x = x0;
  for (int k = 1; k < steps - 1; ++k) {
    x += dx;
    sum += integrand<term>(x, omega_n);
  }
  sum += integrand<term>(x1, omega_n) / 2.0;
  return sum * dx;
}

}  // namespace

double fourier_integral(double omega_n, FourierTerm term) {
  switch (term) {
    case FourierTerm::cosine:
      return integrate<FourierTerm::cosine>(omega_n);
    case FourierTerm::sine:
      return integrate<FourierTerm::sine>(omega_n);
    case FourierTerm::plain:
      break;
  }
  return integrate<FourierTerm::plain>(omega_n);
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
