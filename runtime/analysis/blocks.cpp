#include "runtime/analysis/blocks.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

#include "runtime/analysis/statistics.hpp"
#include "runtime/analysis/units.hpp"
#include "runtime/model/result.hpp"

namespace hwbench::runtime::analysis {

namespace {

/// One block's samples, summed.
struct BlockSums {
  std::size_t n = 0;
  double sum = 0;
  double mean() const { return sum / static_cast<double>(n); }
};

/// The samples of each block (block 0, taken in none, left out); empty when `blocks` does not
/// hold one block per value.
std::map<std::uint32_t, BlockSums> sums_by_block(std::span<const double> values,
                                                 std::span<const std::uint32_t> blocks) {
  std::map<std::uint32_t, BlockSums> by_block;
  if (blocks.size() != values.size()) return by_block;
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (blocks[i] == 0) continue;
    BlockSums& b = by_block[blocks[i]];
    ++b.n;
    b.sum += values[i];
  }
  return by_block;
}

/// Widens `out` to what the run's drift gives a mean of its blocks (one when taken back to back).
void widen_to_drift(BlockInterval& out, std::span<const double> values, const RunDrift& drift) {
  if (drift.df == 0 || drift.sd <= 0 || std::isnan(out.half)) return;
  const double b = static_cast<double>(std::max<std::size_t>(out.blocks, 1));
  const double half = student_t975(drift.df) * drift.sd * std::fabs(mean(values)) / std::sqrt(b);
  if (half <= out.half) return;
  out.half = half;
  out.estimate = IntervalEstimate::run;
}

/// Whether two blocks' means lie apart beyond both their own 95% intervals, from the spread of
/// the samples within the blocks, pooled; never with single-sample blocks (no spread of their own).
bool blocks_disagree(std::span<const double> values, std::span<const std::uint32_t> blocks,
                     const std::map<std::uint32_t, BlockSums>& by_block) {
  double squares = 0;
  for (std::size_t i = 0; i < values.size(); ++i)
    if (blocks[i] != 0) squares += std::pow(values[i] - by_block.at(blocks[i]).mean(), 2);
  std::size_t counted = 0;
  for (const auto& [id, b] : by_block) counted += b.n;
  const std::size_t df = counted - by_block.size();
  if (df == 0) return false;
  const double within = std::sqrt(squares / static_cast<double>(df));
  const double t = student_t975(static_cast<unsigned>(df));
  for (auto a = by_block.begin(); a != by_block.end(); ++a)
    for (auto b = std::next(a); b != by_block.end(); ++b) {
      const double reach =
          t * within *
          (1 / std::sqrt(static_cast<double>(a->second.n)) + 1 / std::sqrt(static_cast<double>(b->second.n)));
      if (std::fabs(a->second.mean() - b->second.mean()) > reach) return true;
    }
  return false;
}

}  // namespace

std::string_view estimate_word(IntervalEstimate estimate) {
  switch (estimate) {
    case IntervalEstimate::blocks:
      return "blocks";
    case IntervalEstimate::run:
      return "run";
    case IntervalEstimate::digits:
      return "digits";
    case IntervalEstimate::samples:
      break;
  }
  return "samples";
}

void DriftPool::add(std::span<const double> values, std::span<const std::uint32_t> blocks) {
  const auto by_block = sums_by_block(values, blocks);
  const double grand = values.empty() ? 0 : mean(values);
  if (by_block.size() < 2 || grand == 0 || !std::isfinite(grand)) return;
  Part part;
  for (const auto& [id, b] : by_block) part.squares += std::pow(b.mean() / grand - 1, 2);
  part.df = static_cast<unsigned>(by_block.size() - 1);
  parts_.push_back(part);
}

RunDrift DriftPool::drift() const {
  if (parts_.empty()) return {};
  std::vector<double> sds;
  for (const Part& p : parts_) sds.push_back(std::sqrt(p.squares / p.df));
  const double limit = drift_outlier_factor * median(sds);
  double squares = 0;
  unsigned df = 0;
  for (std::size_t i = 0; i < parts_.size(); ++i) {
    if (limit > 0 && sds[i] > limit) continue;
    squares += parts_[i].squares;
    df += parts_[i].df;
  }
  return {std::sqrt(squares / df), df};
}

bool drift_keeps_target(double target_pct, const BlockInterval& interval, double mean) {
  if (target_pct <= 0 || interval.estimate != IntervalEstimate::run) return true;
  return !std::isnan(interval.half) && mean != 0 && interval.half / std::fabs(mean) * 100 <= target_pct;
}

RunDrift run_drift(const model::Result& result) {
  DriftPool pool;
  for (const auto& series : result.series) {
    std::vector<std::uint32_t> blocks;
    const std::vector<double> values = sample_values(series, natural_unit(series), &blocks);
    pool.add(values, blocks);
  }
  return pool.drift();
}

BlockInterval block_interval(std::span<const double> values, std::span<const std::uint32_t> blocks,
                             const RunDrift& drift, double resolution) {
  BlockInterval out;
  out.half = ci95(values);
  const auto by_block = sums_by_block(values, blocks);
  out.blocks = by_block.size();
  if (by_block.size() >= 2) {
    std::vector<double> means;
    for (const auto& [id, b] : by_block) means.push_back(b.mean());
    const double grand = mean(values);
    const auto [lo, hi] = std::minmax_element(means.begin(), means.end());
    out.spread = grand != 0 ? (*hi - *lo) / std::fabs(grand) : 0;
    if (const double between = ci95(means); between > out.half) {
      out.half = between;
      out.estimate = IntervalEstimate::blocks;
    }
    out.unstable = blocks_disagree(values, blocks, by_block);
  }
  widen_to_drift(out, values, drift);
  if (!std::isnan(out.half) && resolution / 2 > out.half) {
    out.half = resolution / 2;
    out.estimate = IntervalEstimate::digits;
  }
  return out;
}

}  // namespace hwbench::runtime::analysis
