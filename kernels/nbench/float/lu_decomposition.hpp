#pragma once
// LU decomposition as BYTEmark uses it: Crout's method with implicit partial pivoting (rows scaled
// by their largest element when choosing the pivot), then forward and back substitution, in the
// manner of Numerical Recipes' ludcmp/lubksb. Matrices are row-major n x n.
#include <algorithm>
#include <array>
#include <cmath>
#include <span>

#include "kernels/nbench/common/random.hpp"

namespace hwbench::kernels::nbench {

/// Rows and columns of nbench's system.
inline constexpr int lu_size = 101;

/// nbench's seed system: reseeds `rng`; per row b = abs_randwc(100) + 1 and a diagonal entry
/// abs_randwc(1000) + 1 (zeros elsewhere); then 8n times two random rows k, k1 and, when they
/// differ, row k += row k1 (k < k1) or row k -= row k1 (k > k1), on both a and b.
void build_lu_problem(Random& rng, std::span<double> a, std::span<double> b, int n = lu_size);

/// Solves A x = b in place for N x N systems (row-major, row stride N); keeps its pivot and scale
/// vectors between calls. N is a compile-time constant, as nbench's order and row stride are (its
/// arrays are double[][101] and its solver is compiled for n = 101): with a run-time order the
/// compiler keeps the strides in registers, spills in the pivot loop and leaves the column
/// scaling scalar, 2.6% more instructions per solve than nbench's (bench/nbench_counts.sh).
template <int N>
class LuSolver {
 public:
  /// Replaces `a` by the LU decomposition of a row permutation of itself (unit diagonal of L not
  /// stored). Returns false for a matrix with a zero row; a zero pivot is replaced by 1e-20.
  bool decompose(std::span<double> a);

  /// Solves with the decomposition in `a` from the last decompose(): `b` becomes x.
  void substitute(std::span<const double> a, std::span<double> b) const;

  /// decompose() then substitute(); `a` is destroyed, `b` becomes x. False if `a` is singular.
  bool solve(std::span<double> a, std::span<double> b) {
    if (!decompose(a)) return false;
    substitute(a, b);
    return true;
  }

 private:
  std::array<int, N> pivot_{};
  std::array<double, N> scale_{};
};

template <int N>
bool LuSolver<N>::decompose(std::span<double> matrix) {
  // Rows as nbench indexes them (a[i][k]): a row pointer and a column, not one flat index.
  auto* a = reinterpret_cast<double(*)[N]>(matrix.data());
  for (int i = 0; i < N; ++i) {
    double big = 0.0;
    for (int j = 0; j < N; ++j) big = std::max(big, std::fabs(a[i][j]));
    if (big == 0.0) return false;
    scale_[static_cast<std::size_t>(i)] = 1.0 / big;
  }

  for (int j = 0; j < N; ++j) {
    // The empty loops are guarded (j, i, k from 0) as in nbench's ludcmp, whose compiled
    // branches these guards shape.
    if (j != 0) {
      for (int i = 0; i < j; ++i) {
        double sum = a[i][j];
        if (i != 0)
          for (int k = 0; k < i; ++k) sum -= a[i][k] * a[k][j];
        a[i][j] = sum;
      }
    }
    double big = 0.0;
    int pivot = j;
    for (int i = j; i < N; ++i) {
      double sum = a[i][j];
      if (j != 0)
        for (int k = 0; k < j; ++k) sum -= a[i][k] * a[k][j];
      a[i][j] = sum;
      const double merit = scale_[static_cast<std::size_t>(i)] * std::fabs(sum);
      if (merit >= big) {
        big = merit;
        pivot = i;
      }
    }
    if (pivot != j) {
      std::swap_ranges(a[pivot], a[pivot] + N, a[j]);
      std::swap(scale_[static_cast<std::size_t>(pivot)], scale_[static_cast<std::size_t>(j)]);
    }
    pivot_[static_cast<std::size_t>(j)] = pivot;
    // A zero pivot would divide by zero; Numerical Recipes' remedy is a tiny stand-in.
    if (a[j][j] == 0.0) a[j][j] = 1.0e-20;
    if (j != N - 1) {
      const double inverse = 1.0 / a[j][j];
      for (int i = j + 1; i < N; ++i) a[i][j] *= inverse;
    }
  }
  return true;
}

template <int N>
void LuSolver<N>::substitute(std::span<const double> matrix, std::span<double> x) const {
  const auto* a = reinterpret_cast<const double(*)[N]>(matrix.data());
  double* b = x.data();
  int first = -1;  // index of the first non-zero of the permuted b, once seen
  for (int i = 0; i < N; ++i) {
    const int p = pivot_[static_cast<std::size_t>(i)];
    double sum = b[p];
    b[p] = b[i];
    if (first >= 0) {
      for (int j = first; j < i; ++j) sum -= a[i][j] * b[j];
    } else if (sum != 0.0) {
      first = i;
    }
    b[i] = sum;
  }
  for (int i = N - 1; i >= 0; --i) {
    double sum = b[i];
    if (i != N - 1)
      for (int j = i + 1; j < N; ++j) sum -= a[i][j] * b[j];
    b[i] = sum / a[i][i];
  }
}

}  // namespace hwbench::kernels::nbench
