#pragma once
// A mean's 95% interval from samples taken in blocks spread over a run (docs/language.md,
// "Blocks"): when the blocks' means differ more than the samples within them explain, the
// machine drifted during the run, and the interval comes from the block means.
#include <cstdint>
#include <limits>
#include <span>
#include <string_view>

namespace hwbench::runtime::analysis {

/// How a 95% interval was estimated.
enum class IntervalEstimate {
  samples,  ///< Student t over every sample: no blocks, or blocks that agree
  blocks,   ///< Student t over the block means: they differ beyond what the samples explain
};

/// "samples" or "blocks", as the result file and the reports spell it.
std::string_view estimate_word(IntervalEstimate estimate);

/// The 95% interval of a series' mean, and what its blocks say.
struct BlockInterval {
  double half = std::numeric_limits<double>::quiet_NaN();  ///< the half-width; NaN under two samples
  IntervalEstimate estimate = IntervalEstimate::samples;
  std::size_t blocks = 0;  ///< distinct blocks among the samples; 0 when none was taken in one
  /// Two blocks' means lie apart beyond both their own 95% intervals (from the spread of the
  /// samples within the blocks): the run's conditions changed between them.
  bool unstable = false;
  double spread = 0;  ///< (highest block mean − lowest) / |mean|; 0 under two blocks
};

/// The interval of the mean of `values`, value i taken in block `blocks[i]` (1-based; 0 or an
/// empty `blocks`: in none). Under two blocks: Student t over the values, as ci95(). With blocks:
/// the wider of that and Student t over the block means (B − 1 degrees of freedom), the latter
/// being the estimate when the block means vary more than the samples within them explain;
/// a block of one sample has no spread of its own, so with single-sample blocks the two are one
/// and no block is judged unstable.
BlockInterval block_interval(std::span<const double> values, std::span<const std::uint32_t> blocks);

}  // namespace hwbench::runtime::analysis
