#include "runtime/analysis/statistics.hpp"

#include <cmath>
#include <vector>

#include <doctest/doctest.h>

namespace rt = hwbench::runtime;

namespace {
const std::vector<double> odd = {3, 1, 2};
const std::vector<double> even = {4, 1, 3, 2};
// Mean 5, squared deviations 9+1+1+1+0+0+4+16 = 32, sample variance 32/7.
const std::vector<double> spread = {2, 4, 4, 4, 5, 5, 7, 9};
// 1..10: mean 5.5, squared deviations sum to 82.5, sample variance 82.5/9.
const std::vector<double> one_to_ten = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
const std::vector<double> none = {};
}  // namespace

TEST_CASE("statistics: mean, median, min, max, sum") {
  CHECK(rt::analysis::mean(even) == 2.5);
  CHECK(rt::analysis::mean(spread) == 5);
  CHECK(rt::analysis::median(odd) == 2);
  CHECK(rt::analysis::median(even) == 2.5);
  CHECK(rt::analysis::median(std::vector<double>{7}) == 7);
  CHECK(rt::analysis::min(even) == 1);
  CHECK(rt::analysis::max(even) == 4);
  CHECK(rt::analysis::sum(spread) == 40);
  CHECK(std::isnan(rt::analysis::mean(none)));
  CHECK(std::isnan(rt::analysis::median(none)));
  CHECK(std::isnan(rt::analysis::min(none)));
  CHECK(std::isnan(rt::analysis::max(none)));
  CHECK(rt::analysis::sum(none) == 0);
}

TEST_CASE("statistics: stdev and cv") {
  CHECK(rt::analysis::stdev(spread) == doctest::Approx(std::sqrt(32.0 / 7)).epsilon(1e-12));
  CHECK(rt::analysis::stdev(spread) == doctest::Approx(2.1380899353));
  CHECK(rt::analysis::cv(spread) == doctest::Approx(std::sqrt(32.0 / 7) / 5).epsilon(1e-12));
  // One value has no spread to estimate, and none has no mean: not a spread of 0.
  CHECK(std::isnan(rt::analysis::stdev(std::vector<double>{42})));
  CHECK(std::isnan(rt::analysis::stdev(none)));
  CHECK(std::isnan(rt::analysis::cv(std::vector<double>{42})));
  CHECK(std::isnan(rt::analysis::cv(none)));
  CHECK(rt::analysis::cv(std::vector<double>{3, 3, 3}) == 0);
}

TEST_CASE("statistics: ci95 uses Student t with n-1 degrees of freedom") {
  // t(0.975, 9) = 2.262 for ten values.
  const double expected = 2.2621572 * std::sqrt(82.5 / 9) / std::sqrt(10.0);
  CHECK(rt::analysis::ci95(one_to_ten) == doctest::Approx(expected).epsilon(1e-9));
  CHECK(rt::analysis::ci95(one_to_ten) == doctest::Approx(2.16585).epsilon(1e-5));
  // Two values: t(0.975, 1) = 12.706; stdev of {1, 3} is sqrt(2).
  CHECK(rt::analysis::ci95(std::vector<double>{1, 3}) == doctest::Approx(12.706205 * std::sqrt(2.0) / std::sqrt(2.0)));
  CHECK(std::isnan(rt::analysis::ci95(std::vector<double>{5})));
  CHECK(std::isnan(rt::analysis::ci95(none)));
}

TEST_CASE("statistics: student_t975 table and large-df approximation") {
  CHECK(std::isnan(rt::analysis::student_t975(0)));
  CHECK(rt::analysis::student_t975(1) == doctest::Approx(12.7062).epsilon(1e-5));
  CHECK(rt::analysis::student_t975(2) == doctest::Approx(4.3027).epsilon(1e-4));
  CHECK(rt::analysis::student_t975(4) == doctest::Approx(2.7764).epsilon(1e-4));
  CHECK(rt::analysis::student_t975(9) == doctest::Approx(2.2622).epsilon(1e-4));
  CHECK(rt::analysis::student_t975(29) == doctest::Approx(2.0452).epsilon(1e-4));
  CHECK(rt::analysis::student_t975(30) == doctest::Approx(2.0423).epsilon(1e-4));
  // Exact quantiles (incomplete beta, 30 digits) against the Cornish-Fisher expansion above 30.
  CHECK(rt::analysis::student_t975(31) == doctest::Approx(2.0395134).epsilon(1e-6));
  CHECK(rt::analysis::student_t975(35) == doctest::Approx(2.0301079).epsilon(1e-6));
  CHECK(rt::analysis::student_t975(40) == doctest::Approx(2.0210754).epsilon(1e-6));
  CHECK(rt::analysis::student_t975(60) == doctest::Approx(2.0002978).epsilon(1e-6));
  CHECK(rt::analysis::student_t975(120) == doctest::Approx(1.9799304).epsilon(1e-6));
  CHECK(rt::analysis::student_t975(1000) == doctest::Approx(1.9623391).epsilon(1e-6));
  CHECK(rt::analysis::student_t975(1000000) == doctest::Approx(1.959964).epsilon(1e-6));
  // Decreasing in df, across the switch from table to expansion.
  for (unsigned df = 1; df < 200; ++df) CHECK(rt::analysis::student_t975(df) > rt::analysis::student_t975(df + 1));
}

TEST_CASE("statistics: geomean") {
  CHECK(rt::analysis::geomean(std::vector<double>{1, 2, 4, 8}) == doctest::Approx(std::sqrt(8.0)).epsilon(1e-12));
  CHECK(rt::analysis::geomean(std::vector<double>{5}) == doctest::Approx(5));
  // Far beyond what a direct product could hold.
  CHECK(rt::analysis::geomean(std::vector<double>(400, 1e300)) == doctest::Approx(1e300));
  CHECK(std::isnan(rt::analysis::geomean(std::vector<double>{1, 0, 4})));
  CHECK(std::isnan(rt::analysis::geomean(std::vector<double>{1, -2})));
  CHECK(std::isnan(rt::analysis::geomean(none)));
}

TEST_CASE("statistics: mean, stdev and ci95 of values near the largest double") {
  // Their sum and their deviations' squares overflow: the statistics must not.
  const std::vector<double> huge = {1e308, 1.5e308, 1.7e308};
  CHECK(rt::analysis::mean(huge) == doctest::Approx(1.4e308).epsilon(1e-12));
  // Deviations -0.4, 0.1, 0.3 (e308): squares 0.16 + 0.01 + 0.09 = 0.26, over n - 1 = 2.
  CHECK(rt::analysis::stdev(huge) == doctest::Approx(std::sqrt(0.13) * 1e308).epsilon(1e-12));
  CHECK(std::isfinite(rt::analysis::ci95(huge)));
  const std::vector<double> wide = {-1e200, 1e200};
  CHECK(rt::analysis::stdev(wide) == doctest::Approx(std::sqrt(2.0) * 1e200).epsilon(1e-12));
  CHECK(rt::analysis::mean(wide) == 0);
  // An infinite value stays infinite or nan, as before.
  CHECK(!std::isfinite(rt::analysis::stdev(std::vector<double>{1, HUGE_VAL})));
}

TEST_CASE("statistics: aggregate by name") {
  CHECK(rt::analysis::aggregate_names() == std::vector<std::string>{"mean", "median", "min", "max", "stdev", "cv",
                                                                    "ci95", "geomean", "sum", "count", "unixbench"});
  CHECK(*rt::analysis::aggregate("mean", even) == 2.5);
  CHECK(*rt::analysis::aggregate("median", odd) == 2);
  CHECK(*rt::analysis::aggregate("min", even) == 1);
  CHECK(*rt::analysis::aggregate("max", even) == 4);
  CHECK(*rt::analysis::aggregate("stdev", spread) == rt::analysis::stdev(spread));
  CHECK(*rt::analysis::aggregate("cv", spread) == rt::analysis::cv(spread));
  CHECK(*rt::analysis::aggregate("ci95", one_to_ten) == rt::analysis::ci95(one_to_ten));
  CHECK(*rt::analysis::aggregate("geomean", std::vector<double>{1, 4}) == doctest::Approx(2));
  CHECK(*rt::analysis::aggregate("sum", spread) == 40);
  CHECK(*rt::analysis::aggregate("count", spread) == 8);
  CHECK(*rt::analysis::aggregate("count", none) == 0);
  CHECK_FALSE(rt::analysis::aggregate("average", even).has_value());
  CHECK_FALSE(rt::analysis::aggregate("Mean", even).has_value());
}

TEST_CASE("statistics: UnixBench's pass rule drops the lowest third and takes the geometric mean of the rest") {
  using hwbench::runtime::analysis::unixbench_score;
  const std::vector<double> ten = {10, 1, 9, 2, 8, 3, 7, 4, 6, 5};  // drops 1, 2, 3
  CHECK(unixbench_score(ten) == doctest::Approx(std::pow(4.0 * 5 * 6 * 7 * 8 * 9 * 10, 1.0 / 7)));
  CHECK(unixbench_score(std::vector<double>{4, 1, 9}) == doctest::Approx(6.0));  // drops 1
  CHECK(unixbench_score(std::vector<double>{5}) == doctest::Approx(5.0));
  CHECK(hwbench::runtime::analysis::unixbench_kept(10) == 7);
  CHECK(hwbench::runtime::analysis::unixbench_kept(3) == 2);
  CHECK(hwbench::runtime::analysis::unixbench_kept(1) == 1);
}

TEST_CASE("statistics: the aggregate table names each aggregate once, with its function") {
  const auto table = rt::analysis::aggregate_table();
  REQUIRE(table.size() == rt::analysis::aggregate_names().size());
  for (std::size_t i = 0; i < table.size(); ++i) {
    CAPTURE(rt::analysis::aggregate_names()[i]);
    CHECK(table[i].name == rt::analysis::aggregate_names()[i]);
    CHECK(rt::analysis::find_aggregate(table[i].name) == &table[i]);
    const bool has_function = table[i].compute != nullptr;
    REQUIRE(has_function);
    // The table's function is the one aggregate() applies.
    const double direct = table[i].compute(spread);
    CHECK(*rt::analysis::aggregate(table[i].name, spread) == direct);
  }
  CHECK(rt::analysis::find_aggregate("mean")->compute(even) == rt::analysis::mean(even));
  CHECK(rt::analysis::find_aggregate("unixbench")->compute(one_to_ten) == rt::analysis::unixbench_score(one_to_ten));
  CHECK(rt::analysis::find_aggregate("count")->compute(none) == 0);
  CHECK(rt::analysis::find_aggregate("average") == nullptr);
  CHECK(rt::analysis::find_aggregate("Mean") == nullptr);
  CHECK(rt::analysis::find_aggregate("") == nullptr);
}

TEST_CASE("statistics: only cv and count are outside the values' unit") {
  for (const auto& a : rt::analysis::aggregate_table()) {
    CAPTURE(a.name);
    CHECK(a.in_unit == (a.name != "cv" && a.name != "count"));
  }
}

TEST_CASE("statistics: a running mean gives the mean and ci95 of the figures added so far") {
  rt::analysis::RunningMean running;
  CHECK(running.count() == 0);
  CHECK(std::isnan(running.ci95()));
  std::vector<double> seen;
  for (double v : {5.5, 6.25, 7.125, 5.0, 4.75, 1e9, 3.0}) {
    running.add(v);
    seen.push_back(v);
    CHECK(running.count() == seen.size());
    CHECK(running.mean() == doctest::Approx(rt::analysis::mean(seen)).epsilon(1e-12));
    if (seen.size() >= 2) CHECK(running.ci95() == doctest::Approx(rt::analysis::ci95(seen)).epsilon(1e-9));
  }
}
