// nbench LU DECOMPOSITION: one counted unit is one solved 101x101 linear system.
//
// The seed system is built once (untimed). Per unit, as nbench 2.2.3 does per iteration on a
// machine where one solve takes more than its 60 µs calibration threshold (here about 200 µs, so
// its calibration keeps one system per iteration): the seed matrix and right-hand side are copied
// into the work arrays outside the stopwatch, then decomposed and solved inside it. Choices where
// the reference says nothing (BYTEmark's description: Numerical Recipes' routines, "Crout's method
// with partial implicit pivoting"):
// - Crout's order: column by column, first the U part above the diagonal, then the candidates on
//   and below it, each an inner product over the columns already done, read column-wise from the
//   rows above; the pivot is the candidate largest relative to its row's largest element (the
//   last of equals wins), rows and scales are swapped, and the column below is divided by it.
// - Forward substitution skips the leading zeros of the permuted right-hand side, as lubksb does.
// - The solver is compiled for the order 101 and indexes rows and columns (a[i][k]), as nbench's
//   double[][101] arrays and its constant-propagated solver are; its empty-loop guards are kept.
//   Per solve that is nbench's instruction count to 0.1% (bench/nbench_counts.sh: 2.2468e6
//   against 2.2446e6; with a run-time order and flat indices it was 2.3035e6, 1.026).
#include "kernels/nbench/float/lu_decomposition.hpp"

#include <algorithm>
#include <cmath>

#include "kernels/nbench/common/iteration_kernel.hpp"
#include "kernels/nbench/float/float_index.hpp"

namespace hwbench::kernels::nbench {

void build_lu_problem(Random& rng, std::span<double> a, std::span<double> b, int n) {
  rng.reseed();
  for (int i = 0; i < n; ++i) {
    b[static_cast<std::size_t>(i)] = static_cast<double>(rng.abs_randwc(100) + 1);
    for (int j = 0; j < n; ++j)
      a[static_cast<std::size_t>(i * n + j)] = i == j ? static_cast<double>(rng.abs_randwc(1000) + 1) : 0.0;
  }
  for (int step = 0; step < 8 * n; ++step) {
    const int k = static_cast<int>(rng.abs_randwc(static_cast<std::uint32_t>(n)));
    const int k1 = static_cast<int>(rng.abs_randwc(static_cast<std::uint32_t>(n)));
    if (k == k1) continue;
    const double sign = k < k1 ? 1.0 : -1.0;
    for (int j = 0; j < n; ++j)
      a[static_cast<std::size_t>(k * n + j)] += a[static_cast<std::size_t>(k1 * n + j)] * sign;
    b[static_cast<std::size_t>(k)] += b[static_cast<std::size_t>(k1)] * sign;
  }
}

namespace {

class LuKernel : public IterationKernel {
 public:
  explicit LuKernel(const Context& ctx)
      : IterationKernel(ctx, true),
        seed_a_(static_cast<std::size_t>(lu_size) * lu_size),
        seed_b_(lu_size),
        a_(seed_a_.size()),
        b_(seed_b_.size()) {
    Random rng;
    build_lu_problem(rng, seed_a_, seed_b_);
  }

 protected:
  void set_up() override {
    std::copy(seed_a_.begin(), seed_a_.end(), a_.begin());
    std::copy(seed_b_.begin(), seed_b_.end(), b_.begin());
  }
  std::uint64_t iterate() override {
    if (!solver_.solve(a_, b_)) throw KernelError("nbench LU: the seed matrix is singular");
    return 1;
  }

 private:
  std::vector<double> seed_a_;
  std::vector<double> seed_b_;
  std::vector<double> a_;
  std::vector<double> b_;
  LuSolver<lu_size> solver_;
};

}  // namespace

std::unique_ptr<Kernel> make_lu_decomposition(const Call&, const Context& ctx) {
  return std::make_unique<LuKernel>(ctx);
}

}  // namespace hwbench::kernels::nbench
