#pragma once
// A mean's 95% interval from samples taken in blocks spread over a run (docs/language.md,
// "Blocks"): when the blocks' means differ more than the samples within them explain, the
// machine drifted during the run, and the interval comes from the block means.
#include <cstdint>
#include <limits>
#include <span>
#include <string_view>
#include <vector>

namespace hwbench::runtime::model {
struct Result;
}

namespace hwbench::runtime::analysis {

/// How a 95% interval was estimated.
enum class IntervalEstimate {
  samples,  ///< Student t over every sample: no blocks, or blocks that agree
  blocks,   ///< Student t over the block means: they differ beyond what the samples explain
  run,      ///< the run's drift (RunDrift), seen in the blocks of all its series, is wider still
  digits,   ///< half the step of the figures' last printed digit: they agree closer than it
};

/// "samples", "blocks", "run" or "digits", as the result file and the reports spell it.
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

/// How far the machine's speed drifted during a run, as its blocks saw it: each block mean of a
/// series taken in two blocks or more, as a fraction of that series' mean, pooled over the run's
/// series (degrees of freedom Σ (B − 1)). A series taken back to back saw one moment of that
/// drift; one in B blocks, B moments. A series whose own blocks vary far more than the others'
/// (its standard deviation over drift_outlier_factor times their median) varied for reasons of
/// its own, a memory bandwidth on a busy host or arrays the caches half hold: its blocks give its
/// own interval, and it stays out of the pool.
struct RunDrift {
  double sd = 0;    ///< the pooled standard deviation of the relative block means; 0: none known
  unsigned df = 0;  ///< its degrees of freedom; 0: no series was taken in two blocks
};

/// How many times the median of the series' own drifts a series' may be and still enter the pool.
inline constexpr double drift_outlier_factor = 3;

/// Pools the relative block means of a run's series into its RunDrift.
class DriftPool {
 public:
  /// Adds one series' samples (`values`, `blocks` as block_interval takes them); a series in
  /// under two blocks, or of mean 0, adds nothing.
  void add(std::span<const double> values, std::span<const std::uint32_t> blocks);
  RunDrift drift() const;

 private:
  struct Part {
    double squares = 0;  ///< Σ (block mean / mean − 1)²
    unsigned df = 0;     ///< blocks − 1
  };
  std::vector<Part> parts_;
};
/// The drift of every series of `result` in two blocks or more, each in its natural unit.
RunDrift run_drift(const model::Result& result);

/// Whether a series with an `until ci` target of `target_pct` percent (0: none), which the run
/// judged met by its own samples, still meets it with `interval` around `mean`: false only where
/// the run's drift (IntervalEstimate::run) widened the interval past the target.
bool drift_keeps_target(double target_pct, const BlockInterval& interval, double mean);

/// The interval of the mean of `values`, value i taken in block `blocks[i]` (1-based; 0 or an
/// empty `blocks`: in none). Under two blocks: Student t over the values, as ci95(). With blocks:
/// the wider of that and Student t over the block means (B − 1 degrees of freedom), the latter
/// being the estimate when the block means vary more than the samples within them explain;
/// a block of one sample has no spread of its own, so with single-sample blocks the two are one
/// and no block is judged unstable. With a known `drift`, the interval is never narrower than
/// what the run's drift gives a mean of this many blocks (one, taken back to back):
/// t(0.975, drift.df) · drift.sd · |mean| / √B; when that is the widest, it is the estimate.
/// With figures read as printed to a `resolution` (figure_resolution), the interval is never
/// narrower than half of it either: figures that all read "1.1 GB/s" are known to ±50 MB/s, not
/// to ±0 (IntervalEstimate::digits).
BlockInterval block_interval(std::span<const double> values, std::span<const std::uint32_t> blocks,
                             const RunDrift& drift = {}, double resolution = 0);

}  // namespace hwbench::runtime::analysis
