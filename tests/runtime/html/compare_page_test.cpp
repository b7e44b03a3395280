// The charts of a comparison's page: the ratio chart draws a time's ratio as its speed, so that
// a faster B stands above 1 in every row, as in the geometric mean of the speeds.
#include "runtime/html/compare_page.hpp"

#include <cstdint>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "tests/support/html_tools.hpp"
#include "tests/support/timed_series.hpp"

namespace rt = hwbench::runtime;
namespace test = hwbench::test;

TEST_CASE("html compare: a time's ratio is drawn as its speed, faster above 1 as a rate's") {
  rt::model::Result a, b;
  // B takes 0.3 of A's time, and does 3 times A's operations in the same time.
  const std::vector<std::int64_t> second = {1'000'000'000, 1'010'000'000, 990'000'000};
  a.series = {test::timed_series("t", {0, 0, 0, 0}, {1000, 1010, 990, 1000}),
              test::timed_series("r", {100, 100, 100}, second)};
  b.series = {test::timed_series("t", {0, 0, 0, 0}, {300, 303, 297, 300}),
              test::timed_series("r", {300, 300, 300}, second)};
  const auto comparison = rt::analysis::compare_results({&a, &b}, {"a", "b"}, {});
  const auto charts = rt::html::comparison_charts(comparison, {}, {false, false});
  REQUIRE(!charts.empty());
  const rt::html::ChartFigure& ratios = charts.back();
  CHECK(ratios.caption ==
        "Ratios to a (a time's as its reciprocal: faster is above 1), with the geometric means of the speeds");
  CHECK(ratios.table.rows ==
        std::vector<std::vector<std::string>>{{"t", "3.33 (1/0.30)"}, {"r", "3.00"}, {"geometric mean", "3.16"}});
  // Both bars reach right of 1 (x = 124), the time's with its interval as one of speeds.
  CHECK(test::occurrences(ratios.svg, "<rect class=\"bar\" x=\"124.0\"") == 3);
  CHECK(ratios.svg.find("<title>t, b/a: 0.3 (a time; as a speed 3.3333333333333335); b is 3.33× as fast (3.27× "
                        "to 3.40×)</title>") != std::string::npos);
}
