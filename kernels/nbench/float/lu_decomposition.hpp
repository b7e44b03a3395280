#pragma once
// LU decomposition as BYTEmark uses it: Crout's method with implicit partial pivoting (rows scaled
// by their largest element when choosing the pivot), then forward and back substitution, in the
// manner of Numerical Recipes' ludcmp/lubksb. Matrices are row-major n x n.
#include <span>
#include <vector>

#include "kernels/nbench/common/random.hpp"

namespace hwbench::kernels::nbench {

/// Rows and columns of nbench's system.
inline constexpr int lu_size = 101;

/// nbench's seed system: reseeds `rng`; per row b = abs_randwc(100) + 1 and a diagonal entry
/// abs_randwc(1000) + 1 (zeros elsewhere); then 8n times two random rows k, k1 and, when they
/// differ, row k += row k1 (k < k1) or row k -= row k1 (k > k1), on both a and b.
void build_lu_problem(Random& rng, std::span<double> a, std::span<double> b, int n = lu_size);

/// Solves A x = b in place; keeps its pivot and scale vectors between calls.
class LuSolver {
 public:
  /// A solver for n x n systems.
  explicit LuSolver(int n);

  /// Replaces `a` by the LU decomposition of a row permutation of itself (unit diagonal of L not
  /// stored). Returns false for a matrix with a zero row; a zero pivot is replaced by 1e-20.
  bool decompose(std::span<double> a);

  /// Solves with the decomposition in `a` from the last decompose(): `b` becomes x.
  void substitute(std::span<const double> a, std::span<double> b) const;

  /// decompose() then substitute(); `a` is destroyed, `b` becomes x. False if `a` is singular.
  bool solve(std::span<double> a, std::span<double> b);

 private:
  int n_;
  std::vector<int> pivot_;
  std::vector<double> scale_;
};

}  // namespace hwbench::kernels::nbench
