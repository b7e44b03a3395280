// Verdicts on two series' samples: the ratio's 95% interval (Welch's t) and what it says.
#include "runtime/analysis/verdict.hpp"

#include <cmath>
#include <cstdint>
#include <vector>

#include <doctest/doctest.h>

namespace analysis = hwbench::runtime::analysis;
using Kind = analysis::RatioVerdict::Kind;

namespace {

const std::vector<std::uint32_t> kNone;

analysis::RatioVerdict judge(const std::vector<double>& a, const std::vector<double>& b, double effect = 0.01) {
  return analysis::compare_samples(a, kNone, b, kNone, effect);
}

}  // namespace

TEST_CASE("verdict: equal samples: no difference detected, the interval around 1") {
  const std::vector<double> a = {100, 102, 98, 101, 99};
  const auto v = judge(a, a);
  CHECK(v.kind == Kind::no_difference);
  CHECK(v.ratio == doctest::Approx(1));
  CHECK(v.lo < 1);
  CHECK(v.hi > 1);
  CHECK(v.hi - 1 == doctest::Approx(1 - v.lo));
  // se = sqrt(2.5/5 + 2.5/5) = 1, df = 8: t = 2.306, on a mean of 100.
  CHECK(analysis::verdict_text(v, "B", true, false, 0.01) == "no difference detected (-2.3% to +2.3%)");
}

TEST_CASE("verdict: Welch's interval, worked by hand") {
  // A: mean 100, variance 2.5 over 5; B: mean 110, variance 20/3 over 4. se = sqrt(0.5 + 5/3);
  // df = (13/6)^2 / (0.25/4 + (5/3)^2/3) = 4.75, rounded down: t(0.975, 4) = 2.776.
  const std::vector<double> a = {98, 99, 100, 101, 102};
  const std::vector<double> b = {107, 109, 111, 113};
  const double se = std::sqrt(0.5 + 5.0 / 3);
  const auto v = judge(a, b);
  CHECK(v.ratio == doctest::Approx(1.1));
  CHECK(v.lo == doctest::Approx(1 + (10 - 2.776445 * se) / 100).epsilon(1e-6));
  CHECK(v.hi == doctest::Approx(1 + (10 + 2.776445 * se) / 100).epsilon(1e-6));
  CHECK(v.kind == Kind::higher);
  CHECK(analysis::verdict_text(v, "B", true, false, 0.01) == "B is 10.0% faster (+5.9% to +14.1%)");
  CHECK(analysis::verdict_text(v, "B", true, true, 0.01) == "B is 10.0% slower (+5.9% to +14.1%)");  // times
  CHECK(analysis::verdict_text(v, "B", false, false, 0.01) == "B is 10.0% higher (+5.9% to +14.1%)");
  const auto back = judge(b, a);
  CHECK(back.kind == Kind::lower);
  CHECK(analysis::verdict_text(back, "A", true, false, 0.01).rfind("A is 9.1% slower (", 0) == 0);
}

TEST_CASE("verdict: a small difference the samples are sure of, below the minimum effect or above it") {
  const std::vector<double> a = {1000, 1000.5, 999.5, 1000, 1000.2, 999.8};
  const std::vector<double> b = {1005, 1005.5, 1004.5, 1005, 1005.2, 1004.8};  // +0.5%, very steady
  const auto v = judge(a, b, 0.01);
  CHECK(v.kind == Kind::below_min_effect);
  CHECK(v.lo > 1);
  CHECK(analysis::verdict_text(v, "B", true, false, 0.01).rfind("a difference of +0.5% (", 0) == 0);
  CHECK(analysis::verdict_text(v, "B", true, false, 0.01).find("below the 1% minimum effect") != std::string::npos);
  CHECK(judge(a, b, 0.001).kind == Kind::higher);
  CHECK(judge(a, b, 0).kind == Kind::higher);
}

TEST_CASE("verdict: a large difference with a wide spread is still called") {
  const std::vector<double> a = {50, 70, 60, 55, 65};
  const std::vector<double> b = {200, 260, 240, 220, 230};
  const auto v = judge(a, b);
  CHECK(v.kind == Kind::higher);
  CHECK(v.ratio == doctest::Approx(3.8333).epsilon(1e-3));
}

TEST_CASE("verdict: without two samples a side there is no spread, and no verdict") {
  CHECK(judge({100}, {110, 111}).kind == Kind::no_spread);
  CHECK(judge({}, {}).kind == Kind::no_spread);
  const auto v = judge({100}, {200});
  CHECK(std::isnan(v.lo));
  CHECK(analysis::verdict_text(v, "B", true, false, 0.01) == "no spread known");
}

TEST_CASE("verdict: samples in blocks are judged on their block means") {
  // Ten samples a block. Inside each block the samples agree; A's blocks drift by 4%. On its
  // thirty samples B's +1% looks sure; on the three block means it is not.
  std::vector<double> a, b;
  std::vector<std::uint32_t> blocks;
  for (std::uint32_t block = 1; block <= 3; ++block)
    for (int i = 0; i < 10; ++i) {
      a.push_back(block == 2 ? 104 : 100);
      b.push_back(102.35 + (i % 2 == 0 ? 0.05 : -0.05));
      blocks.push_back(block);
    }
  const auto samples = analysis::compare_samples(a, kNone, b, kNone, 0.01);
  const auto means = analysis::compare_samples(a, blocks, b, blocks, 0.01);
  CHECK(samples.kind == Kind::higher);
  CHECK_FALSE(samples.block_means);
  CHECK(means.block_means);
  CHECK(means.kind == Kind::no_difference);
  CHECK(means.ratio == doctest::Approx(samples.ratio));
}

TEST_CASE("verdict: a side taken back to back beside blocks is judged on its samples") {
  // A in three blocks, B back to back: each side counts its own units (3 block means, 4 samples).
  const std::vector<double> a = {99, 101, 100, 100, 101, 99};
  const std::vector<std::uint32_t> blocks = {1, 1, 2, 2, 3, 3};
  const std::vector<double> b = {109, 111, 110, 110};
  const auto v = analysis::compare_samples(a, blocks, b, kNone, 0.01);
  CHECK(v.block_means);
  CHECK(v.kind == Kind::higher);
  CHECK(v.ratio == doctest::Approx(1.1));
}

TEST_CASE("verdict: a run's drift widens the side whose units saw less of it, worked by hand") {
  // Steady samples, 3% apart: sure on their own.
  const std::vector<double> a = {99.5, 100.5, 100, 100};
  const std::vector<double> b = {102.5, 103.5, 103, 103};
  CHECK(judge(a, b).kind == Kind::higher);
  // Both runs drifted ±2% block to block (df 8): each back-to-back mean varies by (2% of it)²,
  // se = sqrt(2² + 2.06²) = 2.871, df = (4 + 4.2436)² / (16/8 + 18.008/8) = 15.99, rounded down:
  // t(0.975, 15) = 2.131.
  const analysis::RunDrift drift{0.02, 8};
  const auto v = analysis::compare_samples(a, kNone, b, kNone, 0.01, drift, drift);
  CHECK(v.kind == Kind::no_difference);
  const double se = std::sqrt(4 + std::pow(2.06, 2));
  CHECK(v.lo == doctest::Approx(1 + (3 - 2.131450 * se) / 100).epsilon(1e-4));
  CHECK(v.hi == doctest::Approx(1 + (3 + 2.131450 * se) / 100).epsilon(1e-4));
  // A drift narrower than the samples' own spread changes nothing.
  const auto calm = analysis::compare_samples(a, kNone, b, kNone, 0.01, {0.0001, 8}, {0.0001, 8});
  CHECK(calm.lo == doctest::Approx(judge(a, b).lo));
}

TEST_CASE("verdict: paired rounds: a drift both sides share cancels, worked by hand") {
  // A drifts from 100 to 150 over five rounds; B is 2% faster in each, give or take: the unpaired
  // spread would hide it, the paired log ratios do not.
  const std::vector<double> a = {100, 110, 120, 135, 150};
  const std::vector<double> b = {102.1, 112.1, 122.5, 137.6, 153.0};
  std::vector<double> d;
  for (std::size_t i = 0; i < a.size(); ++i) d.push_back(std::log(b[i] / a[i]));
  double m = 0;
  for (double x : d) m += x / 5;
  double ss = 0;
  for (double x : d) ss += (x - m) * (x - m);
  const double half = 2.776 * std::sqrt(ss / 4) / std::sqrt(5.0);  // t(0.975, 4)
  const auto v = analysis::compare_paired(a, b, 0.01);
  CHECK(v.kind == Kind::higher);
  CHECK(v.ratio == doctest::Approx(std::exp(m)));
  CHECK(v.lo == doctest::Approx(std::exp(m - half)).epsilon(1e-3));
  CHECK(v.hi == doctest::Approx(std::exp(m + half)).epsilon(1e-3));
  CHECK(analysis::verdict_text(v, "B", true, false, 0.01).rfind("B is 2.0% faster (+1.", 0) == 0);
  // Unpaired, Welch's test sees no difference in the same figures.
  CHECK(analysis::compare_samples(a, kNone, b, kNone, 0.01).kind == Kind::no_difference);
}

TEST_CASE("verdict: paired rounds: equal, slightly different, very different, too few") {
  const std::vector<double> a = {100, 90, 110, 95, 105, 100};
  // Equal in every round but for a wobble of 0.5% either way.
  const std::vector<double> same = {100.5, 89.55, 110.55, 94.525, 105.525, 99.5};
  auto v = analysis::compare_paired(a, same, 0.01);
  CHECK(v.kind == Kind::no_difference);
  CHECK(v.lo < 1);
  CHECK(v.hi > 1);
  // 0.5% lower in every round, give or take 0.05%: certain, but below a 1% minimum effect.
  const std::vector<double> slight = {99.5, 89.55, 109.5, 94.5, 104.45, 99.55};
  v = analysis::compare_paired(a, slight, 0.01);
  CHECK(v.kind == Kind::below_min_effect);
  CHECK(v.hi < 1);
  CHECK(analysis::compare_paired(a, slight, 0).kind == Kind::lower);
  // Half as fast.
  std::vector<double> half;
  for (double x : a) half.push_back(x * 0.5);
  half[2] *= 1.01;
  v = analysis::compare_paired(a, half, 0.01);
  CHECK(v.kind == Kind::lower);
  CHECK(v.ratio == doctest::Approx(0.5).epsilon(0.01));
  CHECK(analysis::verdict_text(v, "half", true, false, 0.01).rfind("half is 49.9% slower", 0) == 0);
  // Twice as fast or more: a factor, not a percentage; a time twice as long is twice as slow.
  // By hand: d = 0 five times and ln 1.02 once; mean 0.0033, s 0.00808, t(5) 2.571: ±0.00848.
  std::vector<double> twice;
  for (double x : a) twice.push_back(x * 4.28);
  twice[1] *= 1.02;
  v = analysis::compare_paired(a, twice, 0.01);
  CHECK(analysis::verdict_text(v, "B", true, false, 0.01) == "B is 4.29× as fast (4.26× to 4.33×)");
  CHECK(analysis::verdict_text(v, "B", true, true, 0.01).rfind("B is 4.29× as slow (", 0) == 0);
  CHECK(analysis::verdict_text(v, "B", false, false, 0.01).rfind("B is 4.29× as high (", 0) == 0);
  // One round, or none: no spread to judge.
  CHECK(analysis::compare_paired(std::vector<double>{100}, std::vector<double>{50}, 0.01).kind == Kind::no_spread);
  CHECK(analysis::compare_paired(std::vector<double>{}, std::vector<double>{}, 0.01).kind == Kind::no_spread);
}
