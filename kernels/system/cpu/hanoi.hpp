#pragma once
// `hanoi [disks N]`: UnixBench's recursion test, the Tower of Hanoi solved recursively. One
// unit is one complete solution (1023 moves for the default 10 disks).
#include <cstdint>

namespace hwbench::kernels::system {

/// Three pegs (1, 2, 3) holding counts of disks, and a recursive solver.
class Hanoi {
 public:
  /// Puts `disks` disks on peg 1, moves them all to peg 3, and returns the moves made.
  std::uint64_t solve(int disks);

  /// Disks on each peg (index 1..3) after the last solve.
  int pegs[4] = {};

 private:
  void move(int disks, int from, int to);

  std::uint64_t moves_ = 0;
};

}  // namespace hwbench::kernels::system
