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
