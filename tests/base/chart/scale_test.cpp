// Scales and their round ticks, with exact values: the domain a scale widens to, each tick's
// value as a double and its label.
#include "base/chart/scale.hpp"

#include <string>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

namespace chart = hwbench::chart;

namespace {

std::vector<std::pair<double, std::string>> ticks_of(const chart::Scale& scale) {
  std::vector<std::pair<double, std::string>> out;
  for (const auto& tick : scale.ticks()) out.emplace_back(tick.value, tick.label);
  return out;
}

using Ticks = std::vector<std::pair<double, std::string>>;

}  // namespace

TEST_CASE("chart nice numbers: 1, 2, 5 or 10 times a power of ten") {
  CHECK(chart::nice_number(51.7, false) == 100);
  CHECK(chart::nice_number(25, true) == 20);
  CHECK(chart::nice_number(0.125, true) == 0.1);
  CHECK(chart::nice_number(0.34, false) == 0.5);
  CHECK(chart::nice_number(4.5, true) == 5);
  CHECK(chart::nice_number(7.3, true) == 10);
  CHECK(chart::nice_number(2, false) == 2);
  CHECK(chart::nice_number(2.01, false) == 5);
}

TEST_CASE("chart linear scale: widened to round ticks around the figures") {
  const auto scale = chart::Scale::linear(63.4, 115.1);
  CHECK(scale.kind() == chart::ScaleKind::linear);
  CHECK(scale.low() == 60);
  CHECK(scale.high() == 120);
  CHECK(ticks_of(scale) == Ticks{{60, "60"}, {80, "80"}, {100, "100"}, {120, "120"}});
  CHECK(scale.fraction(90) == 0.5);
}

TEST_CASE("chart linear scale: decimal steps are exact doubles (0.1 × 3 reads 0.3)") {
  const auto scale = chart::Scale::linear(0.93, 1.27);
  CHECK(scale.low() == 0.9);
  CHECK(scale.high() == 1.3);
  CHECK(ticks_of(scale) == Ticks{{0.9, "0.9"}, {1.0, "1.0"}, {1.1, "1.1"}, {1.2, "1.2"}, {1.3, "1.3"}});
  const auto small = chart::Scale::linear(0.0012, 0.0031);
  CHECK(ticks_of(small) == Ticks{{0.001, "0.0010"},
                                 {0.0015, "0.0015"},
                                 {0.002, "0.0020"},
                                 {0.0025, "0.0025"},
                                 {0.003, "0.0030"},
                                 {0.0035, "0.0035"}});
}

TEST_CASE("chart linear scale: large figures in k and M, zero as 0") {
  CHECK(ticks_of(chart::Scale::linear(0, 85102000)) ==
        Ticks{{0, "0"}, {2e7, "20M"}, {4e7, "40M"}, {6e7, "60M"}, {8e7, "80M"}, {1e8, "100M"}});
  CHECK(ticks_of(chart::Scale::linear(0, 12500)) == Ticks{{0, "0"}, {5000, "5k"}, {10000, "10k"}, {15000, "15k"}});
  CHECK(ticks_of(chart::Scale::linear(1200, 3900)) ==
        Ticks{{1000, "1000"}, {2000, "2000"}, {3000, "3000"}, {4000, "4000"}});
  CHECK(ticks_of(chart::Scale::linear(10000, 12000)) ==
        Ticks{{10000, "10.0k"}, {10500, "10.5k"}, {11000, "11.0k"}, {11500, "11.5k"}, {12000, "12.0k"}});
  CHECK(ticks_of(chart::Scale::linear(-3, 4)) == Ticks{{-4, "-4"}, {-2, "-2"}, {0, "0"}, {2, "2"}, {4, "4"}});
}

TEST_CASE("chart linear scale: one figure gets a domain around it") {
  const auto scale = chart::Scale::linear(244.96, 244.96);
  CHECK(scale.low() == 220);
  CHECK(scale.high() == 270);
  CHECK(scale.ticks().size() == 6);
  CHECK(scale.ticks()[1].label == "230");
  const auto zero = chart::Scale::linear(0, 0);
  CHECK(zero.low() == -1);
  CHECK(zero.high() == 1);
}

TEST_CASE("chart fixed linear scale: sample numbers 1..n, round ticks inside") {
  const auto scale = chart::Scale::linear_fixed(1, 10);
  CHECK(scale.low() == 1);
  CHECK(scale.high() == 10);
  CHECK(ticks_of(scale) == Ticks{{2, "2"}, {4, "4"}, {6, "6"}, {8, "8"}, {10, "10"}});
  CHECK(ticks_of(chart::Scale::linear_fixed(1, 100000)).back() == std::pair<double, std::string>{1e5, "100k"});
}

TEST_CASE("chart log scale: decades with 1, 2, 5 within three, decades alone past them") {
  const auto scale = chart::Scale::log(0.8, 20);
  CHECK(scale.kind() == chart::ScaleKind::log);
  CHECK(scale.low() == 0.1);
  CHECK(scale.high() == 100);
  CHECK(ticks_of(scale) == Ticks{{0.1, "0.1"},
                                 {0.2, "0.2"},
                                 {0.5, "0.5"},
                                 {1, "1"},
                                 {2, "2"},
                                 {5, "5"},
                                 {10, "10"},
                                 {20, "20"},
                                 {50, "50"},
                                 {100, "100"}});
  CHECK(scale.fraction(1) == doctest::Approx(1.0 / 3));
  const auto wide = chart::Scale::log(3, 4000);
  CHECK(ticks_of(wide) == Ticks{{1, "1"}, {10, "10"}, {100, "100"}, {1000, "1000"}, {10000, "10k"}});
}

TEST_CASE("chart log scale: within a decade, the round numbers of a linear axis") {
  const auto scale = chart::Scale::log(0.5, 2);
  CHECK(scale.low() == 0.5);
  CHECK(scale.high() == 2);
  CHECK(ticks_of(scale) == Ticks{{0.5, "0.5"}, {1.0, "1.0"}, {1.5, "1.5"}, {2.0, "2.0"}});
  CHECK(scale.fraction(1) == doctest::Approx(0.5));
  // A domain that a linear widening would take to 0 keeps its lowest figure.
  const auto low = chart::Scale::log(0.2, 1.5);
  CHECK(low.low() == 0.2);
  CHECK(ticks_of(low) == Ticks{{0.5, "0.5"}, {1.0, "1.0"}, {1.5, "1.5"}});
}
