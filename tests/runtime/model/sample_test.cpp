// Samples kept column by column: every value comes back exactly, whatever its size, and a
// column takes room only for what varies.
#include "runtime/model/sample.hpp"

#include <cstdint>
#include <limits>
#include <vector>

#include <doctest/doctest.h>

namespace rt = hwbench::runtime;

TEST_CASE("sample: a column keeps constants and 1..n in no room, small residuals in four bytes") {
  rt::model::IntColumn constant;
  rt::model::IntColumn counting;
  rt::model::IntColumn times;
  for (std::uint64_t i = 0; i < 1000; ++i) {
    constant.push_back(7);
    counting.push_back(i + 1);
    times.push_back(1'000'000 + i * 8000 + (i * 7919) % 1000);  // about 8 µs apart, jittered
  }
  CHECK(constant.constant());
  CHECK(constant.memory_bytes() == 0);
  CHECK_FALSE(counting.constant());
  CHECK(counting.memory_bytes() == 0);
  CHECK(times.memory_bytes() >= 1000 * 4);
  CHECK(times.memory_bytes() <= 2 * 1000 * 4);
  for (std::uint64_t i = 0; i < 1000; ++i) {
    CHECK(constant[i] == 7);
    CHECK(counting[i] == i + 1);
    CHECK(times[i] == 1'000'000 + i * 8000 + (i * 7919) % 1000);
  }
}

TEST_CASE("sample: a column widens to eight bytes and keeps every 64-bit value exactly") {
  const std::vector<std::uint64_t> values = {5, 5, 6, std::numeric_limits<std::uint64_t>::max(), 0, (1ULL << 53) + 1,
                                             1ULL << 63, 4};
  rt::model::IntColumn column;
  for (std::size_t i = 0; i < values.size(); ++i) {
    column.push_back(values[i]);
    // Exact after each step: while constant, while narrow, and once wide.
    for (std::size_t j = 0; j <= i; ++j) CHECK(column[j] == values[j]);
  }
  CHECK(column.size() == values.size());
  CHECK(column.memory_bytes() >= values.size() * 8);
}

TEST_CASE("sample: samples come back field for field, a figure on the first one too") {
  rt::model::Samples samples;
  rt::model::Sample first;
  first.iteration = 1;
  first.units = std::numeric_limits<std::uint64_t>::max();
  first.wall_ns = std::numeric_limits<std::int64_t>::min();
  first.cpu = {1, -2, 3, -4};
  first.start_unix_ns = std::numeric_limits<std::int64_t>::max();
  first.max_latency_ns = 99;
  first.cold = true;
  first.figure = rt::model::Figure{1.5, "MB/s"};
  rt::model::Sample second;
  second.iteration = 2;
  second.param_set = 3;
  second.cpu_timed = true;
  samples.push_back(first);
  samples.push_back(second);
  REQUIRE(samples.size() == 2);
  CHECK(samples.has_figures());
  const rt::model::Sample a = samples[0];
  CHECK(a.units == first.units);
  CHECK(a.wall_ns == first.wall_ns);
  CHECK(a.cpu.sys_ns == -2);
  CHECK(a.cpu.csys_ns == -4);
  CHECK(a.start_unix_ns == first.start_unix_ns);
  CHECK(a.max_latency_ns == 99);
  CHECK(a.cold);
  CHECK_FALSE(a.cpu_timed);
  REQUIRE(a.figure.has_value());
  CHECK(a.figure->unit == "MB/s");
  const rt::model::Sample b = samples.back();
  CHECK(b.param_set == 3);
  CHECK(b.cpu_timed);
  CHECK_FALSE(b.cold);
  CHECK_FALSE(b.figure.has_value());
  CHECK_THROWS_AS(samples.at(2), std::out_of_range);

  second.wall_ns = 42;
  samples.replace(1, second);
  CHECK(samples[1].wall_ns == 42);
  CHECK(samples[0].wall_ns == first.wall_ns);
  std::int64_t total = 0;
  for (const auto& s : samples) total += s.cpu.usr_ns;
  CHECK(total == 1);
}

TEST_CASE("sample: a series keeps each distinct kernel and parameters once") {
  rt::model::Series series;
  const rt::model::ParamSet put{"bonnie", {{"TEST", "put_block"}}};
  const rt::model::ParamSet get{"bonnie", {{"TEST", "get_block"}}};
  for (const auto* set : {&put, &get, &put, &put, &get}) series.add(rt::model::Sample{}, *set);
  REQUIRE(series.param_sets.size() == 2);
  REQUIRE(series.samples.size() == 5);
  CHECK(series.params_of(series.samples[0]) == put);
  CHECK(series.params_of(series.samples[1]) == get);
  CHECK(series.params_of(series.samples[3]) == put);
  CHECK(series.params_of(series.samples[4]) == get);
  rt::model::Sample stray;
  stray.param_set = 9;
  CHECK(series.params_of(stray) == rt::model::ParamSet{});
}

TEST_CASE("sample: a column keeps rare values apart from the line, twelve bytes each") {
  // A CPU time on every thousandth sample, 0 elsewhere: sparse, then dense once a quarter are not 0.
  rt::model::IntColumn rare;
  constexpr std::uint64_t n = 100000;
  for (std::uint64_t i = 0; i < n; ++i) rare.push_back(i % 1000 == 999 ? 1'000'000 + i : 0);
  CHECK_FALSE(rare.constant());
  CHECK(rare.memory_bytes() <= 2 * 16 * (n / 1000) + 16 * 256);
  for (std::uint64_t i = 0; i < n; ++i) REQUIRE(rare[i] == (i % 1000 == 999 ? 1'000'000 + i : 0));
  rt::model::IntColumn half;
  std::vector<std::uint64_t> values;
  for (std::uint64_t i = 0; i < 1000; ++i) values.push_back(i % 2 == 0 ? 0 : (i == 501 ? 1ULL << 40 : i));
  for (const auto v : values) half.push_back(v);
  for (std::size_t i = 0; i < values.size(); ++i) REQUIRE(half[i] == values[i]);
  // Dense past the quarter, and eight bytes each once 2^40 came.
  CHECK(half.memory_bytes() >= 8 * values.size());
}

TEST_CASE("sample: a column refits its line when a first value far from the rest would widen it") {
  // A first sample of 5 µs, then 30-odd ns: the line through the first two values falls 4970 ns a
  // sample and leaves 32 bits after 432,000 samples; refitted, it stays four bytes a value.
  rt::model::IntColumn walls;
  constexpr std::uint64_t n = 600000;
  const auto wall = [](std::uint64_t i) -> std::uint64_t { return i == 0 ? 5000 : 30 + (i * 7) % 13; };
  for (std::uint64_t i = 0; i < n; ++i) walls.push_back(wall(i));
  CHECK(walls.memory_bytes() <= 2 * 4 * n);
  for (std::uint64_t i = 0; i < n; ++i) REQUIRE(walls[i] == wall(i));
}
