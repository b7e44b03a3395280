#include "kernels/nbench/float/lu_decomposition.hpp"

#include <cmath>
#include <vector>

#include <doctest/doctest.h>

#include "kernels/nbench/float/float_index.hpp"
#include "kernels/nbench/nbench.hpp"
#include "tests/kernels/nbench/counted_run.hpp"

namespace hwbench::kernels::nbench {

namespace {

double largest_residual(const std::vector<double>& a, const std::vector<double>& x, const std::vector<double>& b) {
  const std::size_t n = b.size();
  double worst = 0;
  for (std::size_t i = 0; i < n; ++i) {
    double sum = -b[i];
    for (std::size_t j = 0; j < n; ++j) sum += a[i * n + j] * x[j];
    worst = std::max(worst, std::fabs(sum));
  }
  return worst;
}

}  // namespace

TEST_CASE("lu: nbench's system solves to the right-hand sides over the diagonals Mayer lists") {
  // bdoc.txt (LU Decomposition, Mayer's note): before scrambling, b[i] / a[i][i] is the solution;
  // the first fifteen pairs are these. Row operations keep the solution.
  const double numerators[15] = {46, 23, 85, 97, 8, 75, 6, 81, 88, 76, 6, 84, 31, 53, 2};
  const double diagonals[15] = {520, 922, 186, 495, 89, 267, 786, 571, 175, 600, 738, 321, 897, 541, 859};
  Random rng;
  std::vector<double> a(static_cast<std::size_t>(lu_size) * lu_size);
  std::vector<double> b(lu_size);
  build_lu_problem(rng, a, b);
  const std::vector<double> a0 = a;
  const std::vector<double> b0 = b;
  LuSolver<lu_size> solver;
  REQUIRE(solver.solve(a, b));
  for (int i = 0; i < 15; ++i) {
    CAPTURE(i);
    CHECK(b[static_cast<std::size_t>(i)] == doctest::Approx(numerators[i] / diagonals[i]).epsilon(1e-9));
  }
  CHECK(largest_residual(a0, b, b0) < 1e-8);
}

TEST_CASE("lu: a random dense 101x101 system is solved within rounding") {
  Random rng;
  rng.reseed();
  const std::size_t n = lu_size;
  std::vector<double> a(n * n);
  std::vector<double> x_true(n);
  for (double& v : a) v = rng.randwc(2001) / 100.0;
  for (double& v : x_true) v = rng.randwc(1001) / 10.0;
  std::vector<double> b(n, 0.0);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) b[i] += a[i * n + j] * x_true[j];
  std::vector<double> lu = a;
  std::vector<double> x = b;
  LuSolver<lu_size> solver;
  REQUIRE(solver.solve(lu, x));
  for (std::size_t i = 0; i < n; ++i) CHECK(x[i] == doctest::Approx(x_true[i]).epsilon(1e-7).scale(1.0));
  CHECK(largest_residual(a, x, b) < 1e-8);
}

TEST_CASE("lu: small systems by hand, with and without row exchanges") {
  // 2x + y + z = 5, 4x - 6y = -2, -2x + 7y + 2z = 9  ->  x = 1, y = 1, z = 2
  std::vector<double> a = {2, 1, 1, 4, -6, 0, -2, 7, 2};
  std::vector<double> b = {5, -2, 9};
  LuSolver<3> three;
  REQUIRE(three.solve(a, b));
  CHECK(b[0] == doctest::Approx(1.0));
  CHECK(b[1] == doctest::Approx(1.0));
  CHECK(b[2] == doctest::Approx(2.0));

  // A zero first pivot needs the exchange: y = 2, x = 3.
  std::vector<double> swap = {0, 1, 1, 0};
  std::vector<double> rhs = {2, 3};
  LuSolver<2> two;
  REQUIRE(two.solve(swap, rhs));
  CHECK(rhs[0] == 3.0);
  CHECK(rhs[1] == 2.0);

  // A zero row cannot be scaled: singular.
  std::vector<double> singular = {1, 2, 0, 0};
  std::vector<double> any = {1, 1};
  CHECK_FALSE(two.solve(singular, any));
}

TEST_CASE("lu: one unit is one solved system, the seed copied in untimed") {
  const CountedRun one = run_counted(make_lu_decomposition, 1);
  CHECK(one.work.ops == 1);
  CHECK(one.work.bytes == 0);
  CHECK(one.untimed_calls == 1);
  const CountedRun three = run_counted(make_lu_decomposition, 3);
  CHECK(three.work.ops == 3);
  CHECK(three.untimed_calls == 3);
}

}  // namespace hwbench::kernels::nbench
