// BITFIELD as nbench 2.2.3 runs it. One nbench iteration applies `count` bitmap commands, the first
// count in 30, 130, 230, … for which an iteration takes over 60 µs of CPU time. 30 runs average 30
// × 65535 ≈ 2 Mbit, about 3.4 ms on the reference machine (6.57e8 bits/s), so calibration stops at
// 30 on any machine short of fifty times faster than that: one counted unit here is one iteration
// of 30 runs, and it counts the sum of their lengths, as nbench does. Before each iteration nbench
// reseeds, draws the runs again (the same ones) and resets the bitmap to 0x55…, all outside its
// stopwatch.
//
// Choices where the reference is silent: bit b lives in word b / 64 at bit b % 64 (least
// significant first); a run's length is abs_randwc(262140 - offset), so it may be 0 and never
// passes bit 262139; runs are drawn as the set-up of each iteration, offset then length.
#include "kernels/nbench/integer/bitfield.hpp"

#include <algorithm>

#include "kernels/nbench/common/iteration_kernel.hpp"
#include "kernels/nbench/integer/integer_index.hpp"

namespace hwbench::kernels::nbench {

std::uint64_t fill_bit_runs(Random& random, std::span<BitRun> runs) {
  random.reseed();
  std::uint64_t bits = 0;
  for (auto& run : runs) {
    run.offset = random.abs_randwc(bit_offset_limit);
    run.length = random.abs_randwc(bit_offset_limit - static_cast<std::uint32_t>(run.offset));
    bits += run.length;
  }
  return bits;
}

// Both walk the run one bit at a time with a count of bits left and an address that advances,
// splitting the address into word (/ 64) and bit (% 64) for every bit, as nbench's LONG64 build
// does: that is 10 instructions per bit set or complemented and 11 per bit cleared with gcc -O3.
// Looping on the address alone lets the compiler fold the % 64 into the shift and drop a copy,
// 8 and 9 instructions: 19% less work than nbench counts (callgrind, bench/nbench_counts.sh).
void toggle_bit_run(std::span<std::uint64_t> bitmap, BitRun run, bool value) {
  std::uint64_t* words = bitmap.data();
  std::uint64_t address = run.offset;
  for (std::uint64_t left = run.length; left != 0; --left, ++address) {
    const std::uint64_t word = address / 64;
    const std::uint64_t bit = address % 64;
    if (value)
      words[word] |= std::uint64_t{1} << bit;
    else
      words[word] &= ~(std::uint64_t{1} << bit);
  }
}

void flip_bit_run(std::span<std::uint64_t> bitmap, BitRun run) {
  std::uint64_t* words = bitmap.data();
  std::uint64_t address = run.offset;
  for (std::uint64_t left = run.length; left != 0; --left, ++address) {
    const std::uint64_t word = address / 64;
    const std::uint64_t bit = address % 64;
    words[word] ^= std::uint64_t{1} << bit;
  }
}

void apply_bit_runs(std::span<std::uint64_t> bitmap, std::span<const BitRun> runs) {
  for (std::size_t i = 0; i < runs.size(); ++i) {
    switch (i % 3) {
      case 0:
        toggle_bit_run(bitmap, runs[i], true);
        break;
      case 1:
        toggle_bit_run(bitmap, runs[i], false);
        break;
      default:
        flip_bit_run(bitmap, runs[i]);
        break;
    }
  }
}

namespace {

constexpr std::size_t runs_per_iteration = 30;

class Bitfield : public IterationKernel {
 public:
  explicit Bitfield(const Context& ctx)
      : IterationKernel(ctx, true), bitmap_(bitmap_words), runs_(runs_per_iteration) {}

 protected:
  void set_up() override {
    bits_ = fill_bit_runs(random_, runs_);
    std::fill(bitmap_.begin(), bitmap_.end(), bitmap_pattern);
  }
  std::uint64_t iterate() override {
    apply_bit_runs(bitmap_, runs_);
    return bits_;
  }

 private:
  Random random_;
  std::vector<std::uint64_t> bitmap_;
  std::vector<BitRun> runs_;
  std::uint64_t bits_ = 0;
};

}  // namespace

std::unique_ptr<Kernel> make_bitfield(const Call&, const Context& ctx) { return std::make_unique<Bitfield>(ctx); }

}  // namespace hwbench::kernels::nbench
