#pragma once
// BYTEmark's assignment solver: the row/column reduction method of Gordon, Pressman and Cohn's
// "Quantitative Decision Making for Business", as nbench 2.2.3 runs it on a 101x101 cost table.
#include <cstdint>
#include <span>
#include <vector>

#include "kernels/nbench/common/random.hpp"

namespace hwbench::kernels::nbench {

/// Rows and columns of nbench's cost table.
inline constexpr int assignment_size = 101;

/// nbench's cost table: reseeds `rng`, then fills row by row with abs_randwc(5,000,000).
void load_assignment_costs(Random& rng, std::span<std::int64_t> costs, int n = assignment_size);

/// Solves square assignment problems in place; keeps its work tables between calls.
class AssignmentSolver {
 public:
  /// A solver for n x n tables.
  explicit AssignmentSolver(int n);

  /// Reduces `tableau` (row-major, n x n, costs >= 0; overwritten) until n independent zeros
  /// can be chosen, and returns the column chosen for each row: a minimum-cost assignment.
  /// Throws KernelError if the reductions stop making progress.
  const std::vector<int>& solve(std::span<std::int64_t> tableau);

  /// How many rounds of revision the last solve() needed (nbench's calls of second_assignments).
  int revisions() const { return revisions_; }

 private:
  void subtract_minima(std::int64_t* t) const;
  int take_lone_zeros_by_rows(const std::int64_t* t);
  int take_lone_zeros_by_columns(const std::int64_t* t);
  int choose_zeros(const std::int64_t* t);
  bool revise(std::int64_t* t);
  bool complete_choice(const std::int64_t* t);
  bool augment(const std::int64_t* t, int row, std::vector<char>& seen);

  int n_;
  std::vector<std::int16_t> marks_;  // 0 free, 1 chosen, 2 struck out (nbench's assignedtableau)
  std::vector<std::int16_t> row_ticked_;
  std::vector<std::int16_t> col_ticked_;
  std::vector<int> choice_;
  std::vector<int> row_of_col_;
  int revisions_ = 0;
};

}  // namespace hwbench::kernels::nbench
