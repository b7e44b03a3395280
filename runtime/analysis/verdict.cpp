#include "runtime/analysis/verdict.hpp"

#include <cmath>
#include <limits>
#include <map>
#include <vector>

#include <fmt/format.h>

#include "runtime/analysis/statistics.hpp"

namespace hwbench::runtime::analysis {

namespace {

/// The number of distinct blocks (ignoring 0) among `blocks`.
std::size_t count_blocks(std::span<const std::uint32_t> blocks) {
  std::map<std::uint32_t, int> seen;
  for (std::uint32_t b : blocks)
    if (b != 0) seen[b] = 1;
  return seen.size();
}

/// One side of Welch's test: how many units it counts (its block means when it was taken in two
/// blocks or more, else its values), their mean, the variance of that mean and its degrees of
/// freedom. Where its run's drift gives the mean a wider variance than its units show (as
/// block_interval widens an interval), that one, with the drift's degrees of freedom. Figures
/// read as printed add the variance of their rounding, known rather than estimated.
struct Side {
  std::size_t n = 0;
  double mean = 0, q = 0, df = 0;
  double rounding = 0;  ///< resolution² / 12: a rounding error spread evenly over one digit
  bool block_means = false;
};

Side side_of(std::span<const double> values, std::span<const std::uint32_t> blocks, const RunDrift& drift,
             double resolution) {
  Side s;
  s.rounding = resolution * resolution / 12;
  const std::size_t b = count_blocks(blocks);
  s.block_means = b >= 2 && blocks.size() == values.size();
  std::vector<double> units(values.begin(), values.end());
  if (s.block_means) {
    // Block 0's samples, taken back to back, are no block: as block_interval, the units are the
    // other blocks' means, the mean that of all the samples.
    units.clear();
    for (const auto& [block, m] : block_means(values, blocks))
      if (block != 0) units.push_back(m);
  }
  s.n = units.size();
  if (s.n < 2) return s;
  const double n = static_cast<double>(s.n);
  // The mean of all the samples, as the comparison's table divides them; with blocks of unequal
  // sizes (runs 7 over 5 blocks, until ci) the unweighted mean of the block means would centre
  // the verdict on another ratio than the one printed beside it. The spread is the units'.
  s.mean = mean(values);
  s.q = std::pow(stdev(units), 2) / n;
  s.df = n - 1;
  if (drift.df > 0) {
    const double q = std::pow(drift.sd * s.mean, 2) / static_cast<double>(s.block_means ? b : 1);
    if (q > s.q) {
      s.q = q;
      s.df = drift.df;
    }
  }
  return s;
}

std::string signed_pct(double fraction) { return fmt::format("{:+.1f}%", fraction * 100); }

/// The verdict `v`'s ratio and interval give. With `lower_is_faster` (times), the effect is
/// judged on the speeds' ratio, the reciprocal, which the verdict's words speak of: B taking
/// 0.905 of A's time is 10.5% faster, past a 10% minimum effect, though the times differ by 9.5%.
void judge(RatioVerdict& v, double min_effect, bool lower_is_faster) {
  if (v.lo > 1 || v.hi < 1) {
    const bool big = std::fabs((lower_is_faster ? 1 / v.ratio : v.ratio) - 1) >= min_effect;
    v.kind = !big          ? RatioVerdict::Kind::below_min_effect
             : v.ratio > 1 ? RatioVerdict::Kind::higher
                           : RatioVerdict::Kind::lower;
  } else {
    v.kind = RatioVerdict::Kind::no_difference;
  }
}

}  // namespace

std::map<std::uint32_t, double> block_means(std::span<const double> values, std::span<const std::uint32_t> blocks) {
  std::map<std::uint32_t, std::pair<double, std::size_t>> sums;
  for (std::size_t i = 0; i < values.size() && i < blocks.size(); ++i) {
    auto& [sum, n] = sums[blocks[i]];
    sum += values[i];
    ++n;
  }
  std::map<std::uint32_t, double> means;
  for (const auto& [block, s] : sums) means[block] = s.first / static_cast<double>(s.second);
  return means;
}

RatioVerdict compare_samples(std::span<const double> a, std::span<const std::uint32_t> blocks_a,
                             std::span<const double> b, std::span<const std::uint32_t> blocks_b, double min_effect,
                             const RunDrift& drift_a, const RunDrift& drift_b, double resolution_a, double resolution_b,
                             bool lower_is_faster) {
  RatioVerdict v;
  const Side sa = side_of(a, blocks_a, drift_a, resolution_a), sb = side_of(b, blocks_b, drift_b, resolution_b);
  v.block_means = sa.block_means || sb.block_means;
  if (sa.n < 2 || sb.n < 2) return v;
  const double ma = sa.mean, mb = sb.mean;
  if (!(ma > 0)) return v;
  // Welch-Satterthwaite's degrees of freedom count the estimated variances; the rounding's, known,
  // has as many as one likes.
  const double qa = sa.q + sa.rounding, qb = sb.q + sb.rounding;
  const double denominator = sa.q * sa.q / sa.df + sb.q * sb.q / sb.df;
  const double df = denominator > 0 ? (qa + qb) * (qa + qb) / denominator : sa.df + sb.df;
  const double t = student_t975(static_cast<unsigned>(std::max(1.0, std::floor(df))));
  v.ratio = mb / ma;
  // Fieller's interval of the ratio: the rho for which Welch's test of mb - rho * ma = 0 does not
  // reject, (mb - rho ma)^2 <= t^2 (qb + rho^2 qa). It excludes 1 exactly when Welch's test of
  // the difference rejects, and it counts A's own uncertainty in the denominator, which the
  // difference's interval divided by ma left out (it could reach below -100%). When ma is not
  // surely above 0 (ma^2 <= t^2 qa) the set is unbounded: 0 to infinity.
  const double t2 = t * t;
  const double a2 = ma * ma - t2 * qa;
  const double disc = t2 * (qa * mb * mb + qb * ma * ma - t2 * qa * qb);
  if (a2 > 0 && disc >= 0) {
    v.lo = std::max(0.0, (ma * mb - std::sqrt(disc)) / a2);
    v.hi = (ma * mb + std::sqrt(disc)) / a2;
  } else {
    v.lo = 0;
    v.hi = std::numeric_limits<double>::infinity();
  }
  judge(v, min_effect, lower_is_faster);
  return v;
}

RatioVerdict compare_paired(std::span<const double> a, std::span<const double> b, double min_effect,
                            double resolution_a, double resolution_b, bool lower_is_faster) {
  RatioVerdict v;
  v.block_means = true;
  std::vector<double> logs;
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
    if (a[i] > 0 && b[i] > 0) logs.push_back(std::log(b[i] / a[i]));
  if (logs.size() < 2 || logs.size() != a.size() || a.size() != b.size()) return v;
  const double n = static_cast<double>(logs.size());
  const double m = mean(logs);
  const double rounding = (resolution_a * resolution_a + resolution_b * resolution_b) / 12;
  const double half =
      student_t975(static_cast<unsigned>(logs.size() - 1)) * std::sqrt(std::pow(stdev(logs), 2) / n + rounding);
  v.ratio = std::exp(m);
  v.lo = std::exp(m - half);
  v.hi = std::exp(m + half);
  judge(v, min_effect, lower_is_faster);
  return v;
}

// A tenth of the time is ten times as fast, not 90% faster. A bound at or below 0 (a very noisy
// first side) has no reciprocal: the speed's bound is then unbounded.
RatioVerdict as_speeds(const RatioVerdict& times) {
  RatioVerdict v = times;
  if (!(times.ratio > 0)) return v;
  v.ratio = 1 / times.ratio;
  v.lo = times.hi > 0 ? 1 / times.hi : 0;
  v.hi = times.lo > 0 ? 1 / times.lo : std::numeric_limits<double>::infinity();
  if (times.kind == RatioVerdict::Kind::higher) v.kind = RatioVerdict::Kind::lower;
  if (times.kind == RatioVerdict::Kind::lower) v.kind = RatioVerdict::Kind::higher;
  return v;
}

std::string verdict_text(const RatioVerdict& given, std::string_view b, bool speed, bool lower_is_faster,
                         double min_effect) {
  const RatioVerdict v = speed && lower_is_faster ? as_speeds(given) : given;
  const std::string range = fmt::format("{} to {}", signed_pct(v.lo - 1), signed_pct(v.hi - 1));
  switch (v.kind) {
    case RatioVerdict::Kind::higher:
    case RatioVerdict::Kind::lower: {
      const bool higher = v.kind == RatioVerdict::Kind::higher;
      const char* word = !speed ? (higher ? "higher" : "lower") : (higher ? "faster" : "slower");
      // Past twice as much a percentage reads badly (+42746%): a factor says it.
      if (v.ratio >= 2)
        return fmt::format("{} is {:#.3g}× as {} ({:#.3g}× to {:#.3g}×)", b, v.ratio, !speed ? "high" : "fast", v.lo,
                           v.hi);
      return fmt::format("{} is {:.1f}% {} ({})", b, std::fabs(v.ratio - 1) * 100, word, range);
    }
    case RatioVerdict::Kind::below_min_effect:
      return fmt::format("a difference of {} ({}), below the {:g}% minimum effect", signed_pct(v.ratio - 1), range,
                         min_effect * 100);
    case RatioVerdict::Kind::no_difference:
      return fmt::format("no difference detected ({})", range);
    case RatioVerdict::Kind::no_spread:
      break;
  }
  return "no spread known";
}

}  // namespace hwbench::runtime::analysis
