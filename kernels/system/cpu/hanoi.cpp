#include "kernels/system/cpu/hanoi.hpp"

#include "kernels/system/common/unixbench_test.hpp"
#include "kernels/system/cpu/cpu_tests.hpp"

namespace hwbench::kernels::system {

std::uint64_t Hanoi::solve(int disks) {
  pegs[1] = disks;
  pegs[2] = 0;
  pegs[3] = 0;
  moves_ = 0;
  if (disks > 0) move(disks, 1, 3);
  return moves_;
}

void Hanoi::move(int disks, int from, int to) {
  if (disks == 1) {
    --pegs[from];
    ++pegs[to];
    ++moves_;
    return;
  }
  // Pegs are 1, 2 and 3, so the spare one is 6 - from - to.
  const int spare = 6 - from - to;
  move(disks - 1, from, spare);
  move(1, from, to);
  move(disks - 1, spare, to);
}

namespace {

class HanoiKernel : public Kernel {
 public:
  explicit HanoiKernel(int disks) : disks_(disks) {}

  Work run(std::uint64_t n) override {
    std::uint64_t moves = 0;
    for (std::uint64_t i = 0; i < n; ++i) moves += hanoi_.solve(disks_);
    keep(moves);
    return {0, n};
  }

 private:
  Hanoi hanoi_;
  int disks_;
};

}  // namespace

KernelSpec hanoi_spec() {
  KernelSpec spec =
      unixbench_spec("hanoi", "the Tower of Hanoi solved recursively; one unit is one complete solution",
                     "UnixBench Recursion Test -- Tower of Hanoi (hanoi.c, 10 disks)", "hanoi [disks N]", 20);
  spec.params = {count_param("disks", "", "10", 1, 30, "disks to move (2^N - 1 moves)")};
  spec.one_thread = true;
  spec.make = [](const Call& call, const Context&) -> std::unique_ptr<Kernel> {
    return std::make_unique<HanoiKernel>(static_cast<int>(count_value(call, "disks", 10)));
  };
  return spec;
}

}  // namespace hwbench::kernels::system
