// The 95% interval of a mean from samples taken in blocks spread over a run.
#include "runtime/analysis/blocks.hpp"

#include <cmath>
#include <cstdint>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/analysis/statistics.hpp"

namespace analysis = hwbench::runtime::analysis;

TEST_CASE("blocks: without blocks the interval is Student t over the samples") {
  const std::vector<double> v = {10, 11, 9, 10.5, 9.5};
  const auto none = analysis::block_interval(v, {});
  CHECK(none.half == doctest::Approx(analysis::ci95(v)));
  CHECK(none.estimate == analysis::IntervalEstimate::samples);
  CHECK(none.blocks == 0);
  CHECK_FALSE(none.unstable);
  const std::vector<std::uint32_t> zeros(v.size(), 0);
  CHECK(analysis::block_interval(v, zeros).blocks == 0);
  const std::vector<std::uint32_t> one(v.size(), 1);
  CHECK(analysis::block_interval(v, one).blocks == 1);
  CHECK(analysis::block_interval(v, one).half == doctest::Approx(analysis::ci95(v)));
  CHECK(std::isnan(analysis::block_interval(std::vector<double>{5}, std::vector<std::uint32_t>{1}).half));
}

TEST_CASE("blocks: blocks that agree keep the samples' interval") {
  // Each block holds the same spread around the same mean.
  const std::vector<double> v = {9, 10, 11, 11, 9, 10, 10, 11, 9};
  const std::vector<std::uint32_t> b = {1, 1, 1, 2, 2, 2, 3, 3, 3};
  const auto r = analysis::block_interval(v, b);
  CHECK(r.blocks == 3);
  CHECK(r.estimate == analysis::IntervalEstimate::samples);
  CHECK(r.half == doctest::Approx(analysis::ci95(v)));
  CHECK_FALSE(r.unstable);
  CHECK(r.spread == doctest::Approx(0));
}

TEST_CASE("blocks: a drift between blocks gives the block means' interval and marks the series unstable") {
  const std::vector<double> v = {99, 100, 101, 109, 110, 111, 119, 120, 121};
  const std::vector<std::uint32_t> b = {1, 1, 1, 2, 2, 2, 3, 3, 3};
  const auto r = analysis::block_interval(v, b);
  CHECK(r.blocks == 3);
  CHECK(r.estimate == analysis::IntervalEstimate::blocks);
  // t(0.975, 2) · stdev(100, 110, 120) / √3 = 4.303 · 10 / 1.732
  CHECK(r.half == doctest::Approx(4.302653 * 10 / std::sqrt(3.0)).epsilon(1e-5));
  CHECK(r.half > analysis::ci95(v));
  CHECK(r.unstable);
  CHECK(r.spread == doctest::Approx(20.0 / 110));
  CHECK(analysis::estimate_word(r.estimate) == "blocks");
}

TEST_CASE("blocks: a small difference within the blocks' own noise is not unstable") {
  // Block means 10.0 and 10.33, each block spread ±1: the intervals overlap.
  const std::vector<double> v = {9, 10, 11, 9.33, 10.33, 11.33};
  const std::vector<std::uint32_t> b = {1, 1, 1, 2, 2, 2};
  const auto r = analysis::block_interval(v, b);
  CHECK(r.blocks == 2);
  CHECK_FALSE(r.unstable);
  CHECK(r.spread == doctest::Approx(0.33 / 10.165).epsilon(1e-3));
}

TEST_CASE("blocks: single-sample blocks: the samples are the block means, nothing is judged unstable") {
  const std::vector<double> v = {100, 104, 98, 110, 95};
  const std::vector<std::uint32_t> b = {1, 2, 3, 4, 5};
  const auto r = analysis::block_interval(v, b);
  CHECK(r.blocks == 5);
  CHECK(r.half == doctest::Approx(analysis::ci95(v)));
  CHECK(r.estimate == analysis::IntervalEstimate::samples);
  CHECK_FALSE(r.unstable);
  CHECK(r.spread == doctest::Approx(15.0 / 101.4));
}

TEST_CASE("blocks: the run's drift pools every blocked series' relative block means") {
  analysis::DriftPool pool;
  CHECK(pool.drift().df == 0);
  // Block means 90 and 110 around 100 (±10%), and 198, 202 around 200 (±1%): Σ (B − 1) = 2.
  pool.add(std::vector<double>{90, 90, 110, 110}, std::vector<std::uint32_t>{1, 1, 2, 2});
  pool.add(std::vector<double>{198, 202}, std::vector<std::uint32_t>{1, 2});
  // Under two blocks, or no blocks at all: nothing to add.
  pool.add(std::vector<double>{5, 6, 7}, std::vector<std::uint32_t>{1, 1, 1});
  pool.add(std::vector<double>{5, 6, 7}, {});
  const analysis::RunDrift d = pool.drift();
  CHECK(d.df == 2);
  CHECK(d.sd == doctest::Approx(std::sqrt((0.01 + 0.01 + 0.0001 + 0.0001) / 2)));
}

TEST_CASE("blocks: a series whose blocks vary far more than the others' stays out of the drift") {
  // Block means ±1%, ±2% and ±30% around their means: the median of the three is 2%, and 30% is
  // over three times that.
  const std::vector<std::uint32_t> b = {1, 2};
  analysis::DriftPool pool;
  pool.add(std::vector<double>{99, 101}, b);
  pool.add(std::vector<double>{98, 102}, b);
  pool.add(std::vector<double>{70, 130}, b);
  analysis::RunDrift d = pool.drift();
  CHECK(d.df == 2);
  CHECK(d.sd == doctest::Approx(std::sqrt((2 * 0.0001 + 2 * 0.0004) / 2)));
  // At 5.5%, under three times the median, it stays in.
  analysis::DriftPool within;
  within.add(std::vector<double>{99, 101}, b);
  within.add(std::vector<double>{98, 102}, b);
  within.add(std::vector<double>{94.5, 105.5}, b);
  d = within.drift();
  CHECK(d.df == 3);
  CHECK(d.sd == doctest::Approx(std::sqrt((2 * 0.0001 + 2 * 0.0004 + 2 * 0.003025) / 3)));
  // Of two series, neither is beyond three times their median (the mean of the two).
  analysis::DriftPool two;
  two.add(std::vector<double>{99, 101}, b);
  two.add(std::vector<double>{70, 130}, b);
  CHECK(two.drift().df == 2);
}

TEST_CASE("blocks: a series taken back to back gets the run's drift as one block's") {
  const std::vector<double> v = {100, 100.5, 99.5, 100, 100};  // steady: ±0.6% of its own
  const analysis::RunDrift drift{0.05, 4};                     // the run's blocks drifted 5%
  const auto r = analysis::block_interval(v, {}, drift);
  CHECK(r.estimate == analysis::IntervalEstimate::run);
  CHECK(r.blocks == 0);
  // t(0.975, 4) · 0.05 · 100
  CHECK(r.half == doctest::Approx(2.776445 * 5).epsilon(1e-5));
  CHECK(analysis::estimate_word(r.estimate) == "run");
  // No drift known, or one narrower than the samples' own interval: the samples' interval.
  CHECK(analysis::block_interval(v, {}, {}).estimate == analysis::IntervalEstimate::samples);
  const auto narrow = analysis::block_interval(v, {}, {0.0001, 4});
  CHECK(narrow.estimate == analysis::IntervalEstimate::samples);
  CHECK(narrow.half == doctest::Approx(analysis::ci95(v)));
  // One sample has no interval, whatever the drift.
  CHECK(std::isnan(analysis::block_interval(std::vector<double>{100}, {}, drift).half));
}

TEST_CASE("blocks: a series in B blocks gets the run's drift divided by the square root of B") {
  const std::vector<double> v = {99.9, 100.1, 100.1, 100.3, 99.7, 99.9, 99.9, 100.1};
  const std::vector<std::uint32_t> b = {1, 1, 2, 2, 3, 3, 4, 4};
  const auto r = analysis::block_interval(v, b, {0.05, 10});
  CHECK(r.blocks == 4);
  CHECK(r.estimate == analysis::IntervalEstimate::run);
  CHECK(r.half == doctest::Approx(2.228139 * 0.05 * 100 / 2).epsilon(1e-5));  // t(0.975, 10), √4
  CHECK_FALSE(r.unstable);
  // Its own block means wider than the drift: they stay the estimate.
  const std::vector<double> w = {99, 100, 101, 109, 110, 111, 119, 120, 121};
  const std::vector<std::uint32_t> wb = {1, 1, 1, 2, 2, 2, 3, 3, 3};
  CHECK(analysis::block_interval(w, wb, {0.01, 10}).estimate == analysis::IntervalEstimate::blocks);
}

TEST_CASE("blocks: figures that agree closer than their printed digit are known to half of it") {
  // Five runs of dd that all printed "1.1 GB/s", read in MB/s to a step of 100.
  const std::vector<double> same(5, 1100);
  const auto floor = analysis::block_interval(same, {}, {}, 100);
  CHECK(floor.half == 50);
  CHECK(floor.estimate == analysis::IntervalEstimate::digits);
  CHECK(analysis::estimate_word(floor.estimate) == "digits");
  CHECK(analysis::block_interval(same, {}).half == 0);
  // Figures that vary more than the digit keep their own interval.
  const std::vector<double> varied = {900, 1300, 1100, 1000, 1200};
  const auto own = analysis::block_interval(varied, {}, {}, 100);
  CHECK(own.estimate == analysis::IntervalEstimate::samples);
  CHECK(own.half == doctest::Approx(analysis::ci95(varied)));
  // One figure has no interval, digits or not.
  CHECK(std::isnan(analysis::block_interval(std::vector<double>{1100}, {}, {}, 100).half));
}
