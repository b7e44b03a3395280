#pragma once
// STREAM's three arrays and its rules: initialised a = 1, b = 2, c = 0 (then a = 2a, STREAM's
// timing probe), one pass of a kernel split across a thread team in contiguous shares, bytes
// counted without write-allocate, and validation of the results against the same arithmetic
// replayed on scalars.
#include <cstddef>
#include <cstdint>

#include "kernels/common/aligned_buffer.hpp"
#include "kernels/memory/stream_function.hpp"
#include "kernels/memory/thread_team.hpp"

namespace hwbench::kernels::memory {

/// The arrays a, b and c of one STREAM run.
class StreamArrays {
 public:
  /// STREAM's scalar.
  static constexpr double scalar = 3.0;
  /// STREAM's validation threshold for doubles.
  static constexpr double epsilon = 1e-13;

  /// Allocates three arrays of `elements` doubles and initialises them on `team`, each member
  /// writing its own share first. Throws KernelError when memory cannot be had.
  StreamArrays(std::size_t elements, ThreadTeam& team);

  /// One pass of `function` over the arrays, on every member of the team.
  void pass(StreamFunction function);

  /// The bytes STREAM counts for one pass: words * 8 * elements (no write-allocate).
  std::uint64_t bytes_per_pass(StreamFunction function) const;

  /// Compares every array with the values the passes done so far must have left in it (STREAM's
  /// checkSTREAMresults): the average absolute error relative to the expected value must not exceed
  /// epsilon. Throws KernelError naming each array that fails.
  void validate() const;

  /// How many doubles each array holds.
  std::size_t elements() const { return n_; }
  /// The arrays themselves.
  double* a() const { return a_.as<double>(); }
  double* b() const { return b_.as<double>(); }
  double* c() const { return c_.as<double>(); }

 private:
  ThreadTeam& team_;
  std::size_t n_;
  common::AlignedBuffer a_, b_, c_;
  // The value every element of a, b and c must hold after the passes done so far.
  double aj_ = 1.0, bj_ = 2.0, cj_ = 0.0;
};

}  // namespace hwbench::kernels::memory
