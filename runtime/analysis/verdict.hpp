#pragma once
// A verdict on two series' figures from their samples (`hwbench compare`, `compare with`):
// the ratio of their means with its 95% interval from Welch's t-test, on the block means where
// the samples were taken in blocks (docs/language.md, "Blocks"), else on the samples; and
// whether the interval says one is higher, by at least the minimum effect, or nothing.
#include <cstdint>
#include <limits>
#include <map>
#include <span>
#include <string>
#include <string_view>

#include "runtime/analysis/blocks.hpp"

namespace hwbench::runtime::analysis {

/// What the samples of A and B say about B / A.
struct RatioVerdict {
  enum class Kind {
    higher,            ///< B's mean is higher, beyond the interval and by at least the minimum effect
    lower,             ///< B's mean is lower, likewise
    below_min_effect,  ///< a difference the interval excludes 0 from, but smaller than the minimum effect
    no_difference,     ///< the interval holds 1
    no_spread,         ///< a side has under two samples (or block means), or published figures: no test
  };
  Kind kind = Kind::no_spread;
  double ratio = std::numeric_limits<double>::quiet_NaN();  ///< mean of B / mean of A
  double lo = std::numeric_limits<double>::quiet_NaN();     ///< the ratio's 95% interval
  double hi = std::numeric_limits<double>::quiet_NaN();
  bool block_means = false;  ///< the test ran on block means (either side had blocks)
};

/// Welch's t-test of B's mean against A's, each side's units its block means when that side was
/// taken in two blocks or more (`blocks_*` as model::Sample::block, empty: none; block 0, back
/// to back, is no block), else its samples; each side's mean is that of all its samples (the
/// figure the comparison prints), its spread that of its units. A side whose run drifted
/// (`drift_*`, analysis::run_drift of its result) more than its units show takes the variance that drift gives a mean of its blocks (one, back to back) and
/// the drift's degrees of freedom, as block_interval does. The ratio's interval is Fieller's:
/// the ratios rho for which the test of B - rho A = 0 does not reject, with Welch-Satterthwaite
/// degrees of freedom rounded down (it excludes 1 exactly when the test of the difference
/// rejects; 0 to infinity when A's mean is not surely above 0). `min_effect` is a fraction
/// (0.01: 1%). A side whose figures were read as printed to `resolution_*` (figure_resolution)
/// adds the variance of a rounding error spread evenly over that step, resolution² / 12, with
/// no degrees of freedom of its own to lose: two sides that read "1.1 GB/s" and "1.2 GB/s"
/// every time are not known to differ by exactly 9.1%. With `lower_is_faster` (times) the
/// minimum effect is judged on the ratio of speeds, 1 / (B / A), as verdict_text words it.
RatioVerdict compare_samples(std::span<const double> a, std::span<const std::uint32_t> blocks_a,
                             std::span<const double> b, std::span<const std::uint32_t> blocks_b, double min_effect,
                             const RunDrift& drift_a = {}, const RunDrift& drift_b = {}, double resolution_a = 0,
                             double resolution_b = 0, bool lower_is_faster = false);

/// The mean of each block's values (block 0 too, when present), by block: the rounds of an
/// `interleave` block, or the blocks of a rotation.
std::map<std::uint32_t, double> block_means(std::span<const double> values, std::span<const std::uint32_t> blocks);

/// The ratio of B to A from paired rounds: `a[i]` and `b[i]` are the two series' means in round
/// i of an `interleave` block, taken side by side so that a drift of the machine falls on both.
/// A paired t-test on the rounds' log ratios ln(b[i] / a[i]): the ratio is the exponential of
/// their mean (a geometric mean of the rounds' ratios), its 95% interval the exponentials of
/// the mean's, with n - 1 degrees of freedom. No spread under two rounds, or when a round's
/// mean is not above 0 or the two sides' rounds differ in number. Figures read as printed to a
/// step `resolution_*` (relative to their mean: resolution / mean) add the variance of their
/// rounding to the mean log ratio's, (r_a² + r_b²) / 12, as compare_samples does; the minimum
/// effect of times (`lower_is_faster`) is judged on their speeds, as there.
RatioVerdict compare_paired(std::span<const double> a, std::span<const double> b, double min_effect,
                            double resolution_a = 0, double resolution_b = 0, bool lower_is_faster = false);

/// "B is 3.2% faster (+2.1% to +4.3%)", "no difference detected (-1.0% to +1.5%)", "a
/// difference of +0.4% (+0.1% to +0.7%), below the 1% minimum effect", "no spread known"; past
/// twice the first a factor, "B is 4.28× as fast (2.9× to 6.32×)". `b`
/// names B; with `lower_is_faster` (a time per sample) a lower figure is the faster, and the
/// words and range speak of speeds, the reciprocals of the times' ratio and interval (a tenth of
/// the time is "10.0× as fast", not "90.0% faster"); for a rate a higher figure is the faster;
/// `speed` false says "higher"/"lower".
std::string verdict_text(const RatioVerdict& v, std::string_view b, bool speed, bool lower_is_faster,
                         double min_effect);

/// A verdict on times as one on speeds, the reciprocals: its ratio, its interval (a bound at or
/// below 0 gives an unbounded speed) and which way it goes.
RatioVerdict as_speeds(const RatioVerdict& times);

}  // namespace hwbench::runtime::analysis
