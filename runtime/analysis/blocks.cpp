#include "runtime/analysis/blocks.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

#include "runtime/analysis/statistics.hpp"

namespace hwbench::runtime::analysis {

namespace {

/// One block's samples, summed.
struct BlockSums {
  std::size_t n = 0;
  double sum = 0;
  double mean() const { return sum / static_cast<double>(n); }
};

}  // namespace

std::string_view estimate_word(IntervalEstimate estimate) {
  return estimate == IntervalEstimate::blocks ? "blocks" : "samples";
}

BlockInterval block_interval(std::span<const double> values, std::span<const std::uint32_t> blocks) {
  BlockInterval out;
  out.half = ci95(values);
  if (blocks.size() != values.size()) return out;
  std::map<std::uint32_t, BlockSums> by_block;
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (blocks[i] == 0) continue;
    BlockSums& b = by_block[blocks[i]];
    ++b.n;
    b.sum += values[i];
  }
  out.blocks = by_block.size();
  if (by_block.size() < 2) return out;
  std::vector<double> means;
  for (const auto& [id, b] : by_block) means.push_back(b.mean());
  const double grand = mean(values);
  const auto [lo, hi] = std::minmax_element(means.begin(), means.end());
  out.spread = grand != 0 ? (*hi - *lo) / std::fabs(grand) : 0;
  const double between = ci95(means);
  if (between > out.half) {
    out.half = between;
    out.estimate = IntervalEstimate::blocks;
  }
  // The spread within the blocks, pooled: each block's own interval is t · s_w / √n_b.
  double squares = 0;
  for (std::size_t i = 0; i < values.size(); ++i)
    if (blocks[i] != 0) squares += std::pow(values[i] - by_block.at(blocks[i]).mean(), 2);
  std::size_t counted = 0;
  for (const auto& [id, b] : by_block) counted += b.n;
  const std::size_t df = counted - by_block.size();
  if (df == 0) return out;  // single-sample blocks: none has an interval of its own
  const double within = std::sqrt(squares / static_cast<double>(df));
  const double t = student_t975(static_cast<unsigned>(df));
  for (auto a = by_block.begin(); a != by_block.end() && !out.unstable; ++a)
    for (auto b = std::next(a); b != by_block.end(); ++b) {
      const double reach =
          t * within *
          (1 / std::sqrt(static_cast<double>(a->second.n)) + 1 / std::sqrt(static_cast<double>(b->second.n)));
      if (std::fabs(a->second.mean() - b->second.mean()) > reach) {
        out.unstable = true;
        break;
      }
    }
  return out;
}

}  // namespace hwbench::runtime::analysis
