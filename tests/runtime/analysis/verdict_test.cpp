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

/// Fieller's bounds are the ratios rho where Welch's test of B - rho A = 0 is at its edge:
/// (mb - rho ma)^2 = t^2 (qb + rho^2 qa). What is left of that equation at `rho`, relative.
double fieller_gap(double ma, double mb, double qa, double qb, double t, double rho) {
  const double lhs = std::pow(mb - rho * ma, 2), rhs = t * t * (qb + rho * rho * qa);
  return (lhs - rhs) / rhs;
}

}  // namespace

TEST_CASE("verdict: equal samples: no difference detected, the interval around 1") {
  const std::vector<double> a = {100, 102, 98, 101, 99};
  const auto v = judge(a, a);
  CHECK(v.kind == Kind::no_difference);
  CHECK(v.ratio == doctest::Approx(1));
  CHECK(v.lo < 1);
  CHECK(v.hi > 1);
  // qa = qb = 2.5/5, df = 8: t = 2.306, on means of 100; Fieller's bounds, not symmetric.
  CHECK(fieller_gap(100, 100, 0.5, 0.5, 2.306004, v.lo) == doctest::Approx(0).epsilon(1e-6));
  CHECK(fieller_gap(100, 100, 0.5, 0.5, 2.306004, v.hi) == doctest::Approx(0).epsilon(1e-6));
  CHECK(v.lo == doctest::Approx(0.977201).epsilon(1e-5));
  CHECK(v.hi == doctest::Approx(1.023331).epsilon(1e-5));
  CHECK(analysis::verdict_text(v, "B", true, false, 0.01) == "no difference detected (-2.3% to +2.3%)");
}

TEST_CASE("verdict: Welch's interval, worked by hand") {
  // A: mean 100, variance 2.5 over 5; B: mean 110, variance 20/3 over 4. se = sqrt(0.5 + 5/3);
  // df = (13/6)^2 / (0.25/4 + (5/3)^2/3) = 4.75, rounded down: t(0.975, 4) = 2.776.
  const std::vector<double> a = {98, 99, 100, 101, 102};
  const std::vector<double> b = {107, 109, 111, 113};
  const auto v = judge(a, b);
  CHECK(v.ratio == doctest::Approx(1.1));
  // Fieller: rho = (ma mb ± sqrt(t^2 (qa mb^2 + qb ma^2 - t^2 qa qb))) / (ma^2 - t^2 qa) with
  // qa = 0.5, qb = 5/3: 1.058567 and 1.142281 (the difference's interval over ma, which leaves
  // A's own spread out, gave 1.059130 and 1.140870).
  CHECK(fieller_gap(100, 110, 0.5, 5.0 / 3, 2.776445, v.lo) == doctest::Approx(0).epsilon(1e-6));
  CHECK(fieller_gap(100, 110, 0.5, 5.0 / 3, 2.776445, v.hi) == doctest::Approx(0).epsilon(1e-6));
  CHECK(v.lo == doctest::Approx(1.058567).epsilon(1e-6));
  CHECK(v.hi == doctest::Approx(1.142281).epsilon(1e-6));
  CHECK(v.kind == Kind::higher);
  CHECK(analysis::verdict_text(v, "B", true, false, 0.01) == "B is 10.0% faster (+5.9% to +14.2%)");
  // As times, said as speeds: 1/1.1 = 0.909, from 1/1.142281 to 1/1.058567.
  CHECK(analysis::verdict_text(v, "B", true, true, 0.01) == "B is 9.1% slower (-12.5% to -5.5%)");
  CHECK(analysis::verdict_text(v, "B", false, false, 0.01) == "B is 10.0% higher (+5.9% to +14.2%)");
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

TEST_CASE("verdict: centred on the means of all the samples when blocks differ in size") {
  // A: blocks 1 and 2 of two samples at 100, blocks 3 to 5 of one at 94: its figure, the mean of
  // all seven, is 97.43; the unweighted mean of its block means would be 96.4. B: 97 throughout.
  const std::vector<double> a = {100, 100, 100, 100, 94, 94, 94};
  const std::vector<double> b = {97, 97.2, 96.8, 97, 97.1, 96.9, 97};
  const std::vector<std::uint32_t> blocks = {1, 1, 2, 2, 3, 4, 5};
  const auto v = analysis::compare_samples(a, blocks, b, blocks, 0.01);
  CHECK(v.block_means);
  CHECK(v.ratio == doctest::Approx(97.0 / (682.0 / 7)));  // below 1, as the table's 0.996
  CHECK(v.lo < v.ratio);
  CHECK(v.hi > v.ratio);
}

TEST_CASE("verdict: samples taken back to back (block 0) beside blocks are no block of their own") {
  // A: two samples back to back at 90, then blocks 1 and 2 at means 100 and 102. Its units are
  // the two block means (as block_interval counts them): qa = 2 / 2 = 1 on one degree of freedom;
  // its mean is that of all six samples, 97.33. B: 97.33 throughout. Counted as a third unit,
  // block 0 would have given qa = 21.33 / 3 and two degrees of freedom.
  const std::vector<double> a = {90, 90, 99, 101, 101, 103};
  const std::vector<std::uint32_t> blocks = {0, 0, 1, 1, 2, 2};
  const double ma = 584.0 / 6;
  const std::vector<double> b(6, ma);
  const auto v = analysis::compare_samples(a, blocks, b, kNone, 0.01);
  CHECK(v.block_means);
  CHECK(v.ratio == doctest::Approx(1));
  // B constant: qb = 0, Welch's df = A's, 1: t = 12.706. Fieller with qb = 0: (ma^2 ± sqrt(t^2 qa
  // ma^2)) / (ma^2 - t^2 qa) = ma (ma ± t) / (ma^2 - t^2).
  const double t = 12.706205;
  CHECK(v.lo == doctest::Approx(ma * (ma - t) / (ma * ma - t * t)).epsilon(1e-6));
  CHECK(v.hi == doctest::Approx(ma * (ma + t) / (ma * ma - t * t)).epsilon(1e-6));
  CHECK(fieller_gap(ma, ma, 1, 0, t, v.hi) == doctest::Approx(0).epsilon(1e-6));
}

TEST_CASE("verdict: a first side whose mean is not surely above 0 gives an unbounded interval") {
  // A = {1, 10}: mean 5.5, variance of the mean 20.25, against B = {20, 22}; t(1) = 12.7 makes
  // ma^2 - t^2 qa negative: every ratio from 0 up passes the test, not "-773% to +1354%".
  const auto v = judge({1, 10}, {20, 22});
  CHECK(v.kind == Kind::no_difference);
  CHECK(v.lo == 0);
  CHECK(std::isinf(v.hi));
  CHECK(analysis::verdict_text(v, "B", true, false, 0.01) == "no difference detected (-100.0% to +inf%)");
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
  CHECK(fieller_gap(100, 103, 4, std::pow(2.06, 2), 2.131450, v.lo) == doctest::Approx(0).epsilon(1e-3));
  CHECK(fieller_gap(100, 103, 4, std::pow(2.06, 2), 2.131450, v.hi) == doctest::Approx(0).epsilon(1e-3));
  CHECK(v.lo == doctest::Approx(0.969695).epsilon(1e-4));
  CHECK(v.hi == doctest::Approx(1.094055).epsilon(1e-4));
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
  // Twice as fast or more: a factor, not a percentage; for times, said of speeds.
  // By hand: d = 0 five times and ln 1.02 once; mean 0.0033, s 0.00808, t(5) 2.571: ±0.00848.
  std::vector<double> twice;
  for (double x : a) twice.push_back(x * 4.28);
  twice[1] *= 1.02;
  v = analysis::compare_paired(a, twice, 0.01);
  CHECK(analysis::verdict_text(v, "B", true, false, 0.01) == "B is 4.29× as fast (4.26× to 4.33×)");
  // As times: 4.29 times as long is 1/4.29 of the speed, 76.7% slower.
  CHECK(analysis::verdict_text(v, "B", true, true, 0.01).rfind("B is 76.7% slower (-76.9% to -76.5%)", 0) == 0);
  CHECK(analysis::verdict_text(v, "B", false, false, 0.01).rfind("B is 4.29× as high (", 0) == 0);
  // And a tenth of the time is ten times as fast, not 90% faster.
  std::vector<double> tenth;
  for (double x : a) tenth.push_back(x / 10);
  tenth[1] *= 1.02;
  v = analysis::compare_paired(a, tenth, 0.01);
  CHECK(analysis::verdict_text(v, "B", true, true, 0.01) == "B is 9.97× as fast (9.88× to 10.1×)");
  // One round, or none: no spread to judge.
  CHECK(analysis::compare_paired(std::vector<double>{100}, std::vector<double>{50}, 0.01).kind == Kind::no_spread);
  CHECK(analysis::compare_paired(std::vector<double>{}, std::vector<double>{}, 0.01).kind == Kind::no_spread);
}

TEST_CASE("verdict: paired rounds of printed figures count their rounding, worked by hand") {
  // Three rounds that read "1.1 GB/s" beside "1.2 GB/s" every time: the log ratios agree exactly,
  // but each side is known to a step of 100 MB/s only. Half-width on the log scale:
  // t(0.975, 2) · sqrt((r_a² + r_b²) / 12), r = 100 / 1100 and 100 / 1200.
  const std::vector<double> a(3, 1100), b(3, 1200);
  const double ra = 100.0 / 1100, rb = 100.0 / 1200;
  const double half = 4.302653 * std::sqrt((ra * ra + rb * rb) / 12);
  const auto v = analysis::compare_paired(a, b, 0.01, ra, rb);
  CHECK(v.ratio == doctest::Approx(12.0 / 11));
  CHECK(v.lo == doctest::Approx(12.0 / 11 * std::exp(-half)).epsilon(1e-6));
  CHECK(v.hi == doctest::Approx(12.0 / 11 * std::exp(half)).epsilon(1e-6));
  CHECK(v.kind == Kind::no_difference);  // ±15% on the log scale: three rounds cannot tell
  const auto exact = analysis::compare_paired(a, b, 0.01);
  CHECK(exact.lo == doctest::Approx(exact.hi));
}

TEST_CASE("verdict: the minimum effect of times is judged on their speeds, as the words are") {
  // B takes 0.905 of A's time: 10.5% faster, past a 10% minimum effect, though the times differ
  // by 9.5%; 1.1 times A's time is 9.1% slower, short of it, though the times differ by 10%.
  const std::vector<double> a = {1000, 1001, 999, 1000}, faster = {905, 906, 904, 905},
                            slower = {1100, 1101, 1099, 1100};
  const auto sped = analysis::compare_samples(a, kNone, faster, kNone, 0.10, {}, {}, 0, 0, true);
  CHECK(sped.kind == Kind::lower);
  CHECK(analysis::verdict_text(sped, "B", true, true, 0.10) == "B is 10.5% faster (+10.3% to +10.7%)");
  const auto slowed = analysis::compare_samples(a, kNone, slower, kNone, 0.10, {}, {}, 0, 0, true);
  CHECK(slowed.kind == Kind::below_min_effect);
  CHECK(analysis::verdict_text(slowed, "B", true, true, 0.10) ==
        "a difference of -9.1% (-9.2% to -9.0%), below the 10% minimum effect");
  // Paired rounds alike.
  const auto paired = analysis::compare_paired(a, faster, 0.10, 0, 0, true);
  CHECK(paired.kind == Kind::lower);
  CHECK(analysis::verdict_text(paired, "B", true, true, 0.10).rfind("B is 10.5% faster (", 0) == 0);
  CHECK(analysis::compare_paired(a, slower, 0.10, 0, 0, true).kind == Kind::below_min_effect);
  // Rates keep the ratio itself: 0.905 of A's rate is 9.5% slower, short of 10%.
  CHECK(analysis::compare_samples(a, kNone, faster, kNone, 0.10).kind == Kind::below_min_effect);
}
