// Quartiles, box plots and histograms: the figures the HTML report's charts draw that no text
// report prints, against hand-computed values.
#include "runtime/analysis/distribution.hpp"

#include <cmath>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/analysis/statistics.hpp"

namespace an = hwbench::runtime::analysis;

TEST_CASE("distribution: quantiles interpolate between order statistics (type 7)") {
  const std::vector<double> v = {7, 1, 3, 5};
  CHECK(an::quantile(v, 0) == 1);
  CHECK(an::quantile(v, 1) == 7);
  CHECK(an::quantile(v, 0.5) == 4);
  CHECK(an::quantile(v, 0.25) == 2.5);
  CHECK(an::quantile(v, 0.75) == 5.5);
  CHECK(std::isnan(an::quantile(std::vector<double>{}, 0.5)));
}

TEST_CASE("distribution: a box plot's quartiles, its whiskers at 1.5 IQR and what lies beyond") {
  const std::vector<double> v = {10, 11, 12, 13, 14, 15, 16, 17, 18, 40};
  const auto box = an::box_summary(v);
  CHECK(box.q1 == 12.25);
  CHECK(box.median == an::median(v));
  CHECK(box.median == 14.5);
  CHECK(box.q3 == 16.75);
  // q3 + 1.5 × 4.5 = 23.5: 40 lies beyond, the whisker stops at 18.
  CHECK(box.whisker_low == 10);
  CHECK(box.whisker_high == 18);
  CHECK(box.beyond == 1);
}

TEST_CASE("distribution: histogram counts per bin, the last bin closed") {
  const std::vector<double> v = {0, 0.4, 0.5, 0.99, 1.0, 1.5, 2.0, -1, 2.5};
  CHECK(an::histogram(v, 0, 0.5, 4) == std::vector<std::size_t>{2, 2, 1, 2});
  CHECK(an::histogram(v, 0, 0, 4) == std::vector<std::size_t>{0, 0, 0, 0});
}
