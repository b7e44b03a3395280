#pragma once
// BITFIELD: runs of bits set, cleared or complemented one bit at a time in a bitmap of 64-bit
// words; nbench counts one unit per bit operated on.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "kernels/nbench/common/random.hpp"

namespace hwbench::kernels::nbench {

/// Words in the bitmap (nbench's BITFARRAYSIZE where long has 64 bits): 1 Mbit.
inline constexpr std::size_t bitmap_words = 16384;
/// Run offsets are drawn below this bit address.
inline constexpr std::uint32_t bit_offset_limit = 262140;
/// What every word holds before an iteration.
inline constexpr std::uint64_t bitmap_pattern = 0x5555555555555555ULL;

/// One bitmap command: a run of `length` bits starting at bit `offset`.
struct BitRun {
  std::uint64_t offset = 0;
  std::uint64_t length = 0;
};

/// nbench's commands: reseeds `random`, then per run offset = abs_randwc(262140) and
/// length = abs_randwc(262140 - offset). Returns the sum of the lengths.
std::uint64_t fill_bit_runs(Random& random, std::span<BitRun> runs);

/// Sets (`value` true) or clears the run, bit by bit, deciding per bit as BYTEmark's routine does.
void toggle_bit_run(std::span<std::uint64_t> bitmap, BitRun run, bool value);

/// Complements the run, bit by bit.
void flip_bit_run(std::span<std::uint64_t> bitmap, BitRun run);

/// Applies the runs in order, run i setting (i % 3 == 0), clearing (1) or complementing (2).
void apply_bit_runs(std::span<std::uint64_t> bitmap, std::span<const BitRun> runs);

}  // namespace hwbench::kernels::nbench
