#include "runtime/analysis/verdict.hpp"

#include <cmath>
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

/// What the test counts of one side: its block means, or its values.
std::vector<double> units_of(std::span<const double> values, std::span<const std::uint32_t> blocks, bool by_block) {
  if (!by_block || blocks.size() != values.size()) return {values.begin(), values.end()};
  std::vector<double> means;
  for (const auto& [block, mean] : block_means(values, blocks)) means.push_back(mean);
  return means;
}

std::string signed_pct(double fraction) { return fmt::format("{:+.1f}%", fraction * 100); }

/// The verdict `v`'s ratio and interval give.
void judge(RatioVerdict& v, double min_effect) {
  if (v.lo > 1 || v.hi < 1) {
    const bool big = std::fabs(v.ratio - 1) >= min_effect;
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
                             std::span<const double> b, std::span<const std::uint32_t> blocks_b, double min_effect) {
  RatioVerdict v;
  v.block_means = count_blocks(blocks_a) >= 2 || count_blocks(blocks_b) >= 2;
  const std::vector<double> ua = units_of(a, blocks_a, v.block_means);
  const std::vector<double> ub = units_of(b, blocks_b, v.block_means);
  if (ua.size() < 2 || ub.size() < 2) return v;
  const double ma = mean(ua), mb = mean(ub);
  if (!(ma > 0)) return v;
  const double na = static_cast<double>(ua.size()), nb = static_cast<double>(ub.size());
  const double qa = std::pow(stdev(ua), 2) / na, qb = std::pow(stdev(ub), 2) / nb;
  const double se = std::sqrt(qa + qb);
  const double denominator = qa * qa / (na - 1) + qb * qb / (nb - 1);
  const double df = denominator > 0 ? (qa + qb) * (qa + qb) / denominator : na + nb - 2;
  const double t = student_t975(static_cast<unsigned>(std::max(1.0, std::floor(df))));
  v.ratio = mb / ma;
  v.lo = 1 + (mb - ma - t * se) / ma;
  v.hi = 1 + (mb - ma + t * se) / ma;
  judge(v, min_effect);
  return v;
}

RatioVerdict compare_paired(std::span<const double> a, std::span<const double> b, double min_effect) {
  RatioVerdict v;
  v.block_means = true;
  std::vector<double> logs;
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
    if (a[i] > 0 && b[i] > 0) logs.push_back(std::log(b[i] / a[i]));
  if (logs.size() < 2 || logs.size() != a.size() || a.size() != b.size()) return v;
  const double n = static_cast<double>(logs.size());
  const double m = mean(logs);
  const double half = student_t975(static_cast<unsigned>(logs.size() - 1)) * stdev(logs) / std::sqrt(n);
  v.ratio = std::exp(m);
  v.lo = std::exp(m - half);
  v.hi = std::exp(m + half);
  judge(v, min_effect);
  return v;
}

std::string verdict_text(const RatioVerdict& v, std::string_view b, bool speed, bool lower_is_faster,
                         double min_effect) {
  const std::string range = fmt::format("{} to {}", signed_pct(v.lo - 1), signed_pct(v.hi - 1));
  switch (v.kind) {
    case RatioVerdict::Kind::higher:
    case RatioVerdict::Kind::lower: {
      const bool higher = v.kind == RatioVerdict::Kind::higher;
      const char* word = !speed ? (higher ? "higher" : "lower") : (higher != lower_is_faster ? "faster" : "slower");
      // Past twice as much a percentage reads badly (+42746%): a factor says it.
      if (v.ratio >= 2)
        return fmt::format("{} is {:#.3g}× as {} ({:#.3g}× to {:#.3g}×)", b, v.ratio,
                           !speed ? "high" : (lower_is_faster ? "slow" : "fast"), v.lo, v.hi);
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
