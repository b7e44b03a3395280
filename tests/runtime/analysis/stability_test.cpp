// Drift and outlier marks on constructed samples.
#include "runtime/analysis/stability.hpp"

#include <cmath>
#include <vector>

#include <doctest/doctest.h>

namespace analysis = hwbench::runtime::analysis;

TEST_CASE("drifts: a steady series does not drift") {
  CHECK_FALSE(analysis::drifts(std::vector<double>{100, 101, 99, 100, 102, 98, 100, 101}));
}

TEST_CASE("drifts: files read cold too soon after setup: the first samples are slow") {
  CHECK(analysis::drifts(std::vector<double>{400, 420, 410, 800, 790, 810}));
  // Odd count: the middle sample belongs to neither half.
  CHECK(analysis::drifts(std::vector<double>{400, 420, 410, 5000, 800, 790, 810}));
  // Warming the other way round (a cache filling up) is drift too.
  CHECK(analysis::drifts(std::vector<double>{810, 790, 800, 410, 420, 400}));
}

TEST_CASE("drifts: noise wider than the gap between the halves is not drift") {
  CHECK_FALSE(analysis::drifts(std::vector<double>{100, 150, 80, 120, 90, 140}));
}

TEST_CASE("drifts: too few samples, or no figures, are never judged") {
  CHECK_FALSE(analysis::drifts(std::vector<double>{400, 410, 800, 790, 810}));
  CHECK_FALSE(analysis::drifts(std::vector<double>{}));
  CHECK_FALSE(analysis::drifts(std::vector<double>{NAN, NAN, NAN, NAN, NAN, NAN}));
}

TEST_CASE("count_outliers: modified Z-score beyond 3.5") {
  CHECK(analysis::count_outliers(std::vector<double>{100, 101, 99, 100, 102, 98, 100, 250}) == 1);
  CHECK(analysis::count_outliers(std::vector<double>{100, 101, 99, 100, 102, 98, 100, 30, 250}) == 2);
  CHECK(analysis::count_outliers(std::vector<double>{100, 101, 99, 100, 102, 98, 100, 101}) == 0);
  // 103 is 3 MADs out: |0.6745 × 3| = 2.0, well inside.
  CHECK(analysis::count_outliers(std::vector<double>{100, 101, 99, 100, 102, 98, 100, 103}) == 0);
}

TEST_CASE("count_outliers: too few samples, or no spread to measure by") {
  CHECK(analysis::count_outliers(std::vector<double>{100, 101, 99, 500}) == 0);
  CHECK(analysis::count_outliers(std::vector<double>{100, 100, 100, 100, 130}) == 0);
}
