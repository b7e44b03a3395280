#include "kernels/nbench/integer/bitfield.hpp"

#include <vector>

#include <doctest/doctest.h>

#include "kernels/nbench/integer/integer_index.hpp"
#include "kernels/nbench/nbench.hpp"
#include "tests/kernels/nbench/counted_run.hpp"

namespace hwbench::kernels::nbench {

TEST_CASE("bitfield: set, clear and complement runs bit by bit across word boundaries") {
  std::vector<std::uint64_t> bitmap(2, bitmap_pattern);
  toggle_bit_run(bitmap, {60, 8}, true);
  CHECK(bitmap[0] == 0xF555555555555555ULL);
  CHECK(bitmap[1] == 0x555555555555555FULL);
  toggle_bit_run(bitmap, {1, 2}, false);
  CHECK(bitmap[0] == 0xF555555555555551ULL);
  flip_bit_run(bitmap, {64, 4});
  CHECK(bitmap[1] == 0x5555555555555550ULL);
  flip_bit_run(bitmap, {0, 0});
  toggle_bit_run(bitmap, {5, 0}, false);
  CHECK(bitmap[0] == 0xF555555555555551ULL);
}

TEST_CASE("bitfield: runs cycle set, clear, complement") {
  std::vector<std::uint64_t> bitmap(2, bitmap_pattern);
  const std::vector<BitRun> runs = {{60, 8}, {1, 2}, {64, 4}, {127, 1}, {0, 1}, {2, 2}};
  apply_bit_runs(bitmap, runs);
  // set 60..67, clear 1..2, flip 64..67, set 127, clear 0, flip 2..3
  CHECK(bitmap[0] == 0xF55555555555555CULL);
  CHECK(bitmap[1] == 0xD555555555555550ULL);
}

TEST_CASE("bitfield: nbench's 30 runs from the reseeded generator") {
  std::vector<BitRun> runs(30);
  Random r;
  const std::uint64_t bits = fill_bit_runs(r, runs);
  // offset |-515045 % 262140| = 252905, length |392519 % (262140 - 252905)| = 4649, ...
  CHECK(runs[0].offset == 252905);
  CHECK(runs[0].length == 4649);
  CHECK(runs[1].offset == 200022);
  CHECK(runs[1].length == 55269);
  CHECK(runs[2].offset == 116564);
  CHECK(runs[2].length == 94185);
  CHECK(bits == 2258842);
  for (const auto& run : runs) CHECK(run.offset + run.length <= bit_offset_limit);
}

TEST_CASE("bitfield: the 30 runs agree with a bit-vector model") {
  std::vector<BitRun> runs(30);
  Random r;
  fill_bit_runs(r, runs);
  std::vector<std::uint64_t> bitmap(bitmap_words, bitmap_pattern);
  apply_bit_runs(bitmap, runs);

  std::vector<bool> model(bitmap_words * 64);
  for (std::size_t b = 0; b < model.size(); ++b) model[b] = (b % 2) == 0;
  for (std::size_t i = 0; i < runs.size(); ++i)
    for (std::uint64_t b = runs[i].offset; b < runs[i].offset + runs[i].length; ++b)
      model[b] = i % 3 == 0 ? true : i % 3 == 1 ? false : !model[b];
  std::size_t mismatches = 0;
  for (std::size_t b = 0; b < model.size(); ++b)
    if (((bitmap[b / 64] >> (b % 64)) & 1) != (model[b] ? 1u : 0u)) ++mismatches;
  CHECK(mismatches == 0);
}

TEST_CASE("bitfield: the bitmap is nbench's LONG64 one, 16384 longs, 128 KiB") {
  // nbench: BITFARRAYSIZE is 16384 longs where long has 64 bits (32768 where it has 32): 1 Mbit
  // either way; its commands are two longs per run.
  CHECK(bitmap_words == 16384);
  CHECK(bitmap_words * sizeof(std::uint64_t) == 131072);
  CHECK(sizeof(BitRun) == 2 * sizeof(std::uint64_t));
}

TEST_CASE("bitfield: a run of zero bits changes nothing, a run may end on the last bit") {
  std::vector<std::uint64_t> bitmap(bitmap_words, bitmap_pattern);
  toggle_bit_run(bitmap, {100, 0}, true);
  flip_bit_run(bitmap, {100, 0});
  CHECK(bitmap == std::vector<std::uint64_t>(bitmap_words, bitmap_pattern));
  flip_bit_run(bitmap, {bitmap_words * 64 - 1, 1});
  CHECK(bitmap.back() == (bitmap_pattern ^ (std::uint64_t{1} << 63)));
}

TEST_CASE("bitfield: run(n) counts the bits of n iterations of 30 runs, each set up untimed") {
  check_run_counts(make_bitfield, 2258842, 1);
}

}  // namespace hwbench::kernels::nbench
