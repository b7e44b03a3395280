// Samples kept column by column: every value comes back exactly, whatever its size, and a
// column takes room only for what varies.
#include "runtime/model/sample.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <utility>
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
  const std::vector<std::uint64_t> values = {
      5, 5, 6, std::numeric_limits<std::uint64_t>::max(), 0, (1ULL << 53) + 1, 1ULL << 63, 4};
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

TEST_CASE("sample: a column whose first value stands apart keeps the rest on a constant line") {
  // A series' CPU column: the first sample read its own time, the others share readings (0,
  // and the span's time on every thousandth).
  rt::model::IntColumn column;
  std::vector<std::uint64_t> values;
  for (std::uint64_t i = 0; i < 100000; ++i) values.push_back(i == 0 ? 5000 : i % 1000 == 999 ? 1'000'000 + i : 0);
  for (const auto v : values) column.push_back(v);
  // Sparse: twelve bytes for each of the 101 values not 0, no four bytes for every value.
  CHECK(column.memory_bytes() < 100000);
  std::size_t i = 0;
  column.for_each([&](std::uint64_t v) { REQUIRE(v == values[i++]); });
  CHECK(column[0] == 5000);
  CHECK(column[999] == 1'000'999);
  CHECK(column[1000] == 0);
  // Two values alike after it, or a true slope, are still a line.
  rt::model::IntColumn slope;
  for (std::uint64_t v : {5, 7, 9, 11}) slope.push_back(v);
  CHECK(slope.memory_bytes() == 0);
  CHECK(slope[3] == 11);
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

namespace {

// What a column holding `values` gives back read in order: for_each, and a cursor from each start.
void check_reads_in_order(const std::vector<std::uint64_t>& values) {
  rt::model::IntColumn column;
  for (const auto v : values) column.push_back(v);
  std::vector<std::uint64_t> seen;
  column.for_each([&seen](std::uint64_t v) { seen.push_back(v); });
  REQUIRE(seen == values);
  // From every start that matters: the first value, a block's edges (4096 values a block), the
  // middle, the last one.
  for (const std::size_t from : {std::size_t{0}, std::size_t{1}, std::size_t{4095}, std::size_t{4096},
                                 std::size_t{4097}, values.size() / 2, values.size() - 1}) {
    if (from >= values.size()) continue;
    rt::model::IntColumn::Cursor cursor(column, from);
    for (std::size_t i = from; i < values.size(); ++i, cursor.advance()) {
      CAPTURE(from);
      CAPTURE(i);
      REQUIRE(cursor.value() == values[i]);
    }
  }
}

}  // namespace

TEST_CASE("sample: a column read in order gives every value back, however it is stored") {
  constexpr std::uint64_t n = 20000;
  std::vector<std::uint64_t> line, sparse, narrow, wide, sparse_then_dense;
  for (std::uint64_t i = 0; i < n; ++i) {
    line.push_back(10 + 3 * i);
    // Rare values off the line, in some blocks only, one at a block's first value.
    sparse.push_back(i == 4096 || i % 997 == 5 ? 123456789 + i : 0);
    narrow.push_back(1'000'000 + i * 8000 + (i * 7919) % 1000);
    wide.push_back(i == 7 ? std::numeric_limits<std::uint64_t>::max() : i * i * 1000003);
    sparse_then_dense.push_back(i < 9000 ? (i % 1000 == 999 ? 5 : 0) : i % 3);
  }
  check_reads_in_order(line);
  check_reads_in_order(sparse);
  check_reads_in_order(narrow);
  check_reads_in_order(wide);
  check_reads_in_order(sparse_then_dense);
  check_reads_in_order({42});
  check_reads_in_order({1, 1ULL << 40, 2});
}

TEST_CASE("sample: a column appended in runs is the column pushed value by value") {
  constexpr std::uint64_t n = 10000;
  std::vector<std::vector<std::uint64_t>> patterns(7);
  for (std::uint64_t i = 0; i < n; ++i) {
    patterns[0].push_back(7);
    patterns[1].push_back(10 + 3 * i);
    patterns[2].push_back(i == 4096 || i % 997 == 5 ? 123456789 + i : 0);
    patterns[3].push_back(1'000'000 + i * 8000 + (i * 7919) % 1000);
    // Narrow, then one residual past 32 bits inside a run, then narrow again (refit or widen).
    patterns[4].push_back(i == 5000 ? (1ULL << 40) : 1'000'000 + i * 8000);
    patterns[5].push_back(i < 9000 ? (i % 1000 == 999 ? 5 : 0) : i % 3);
    patterns[6].push_back(i == 7 ? std::numeric_limits<std::uint64_t>::max() : i * i * 1000003);
  }
  for (std::size_t p = 0; p < patterns.size(); ++p) {
    const std::vector<std::uint64_t>& values = patterns[p];
    rt::model::IntColumn pushed;
    for (const auto v : values) pushed.push_back(v);
    // Runs of lengths that start and end inside blocks, at their edges and across them.
    for (const std::size_t run :
         {std::size_t{1}, std::size_t{7}, std::size_t{64}, std::size_t{4096}, std::size_t{5000}}) {
      rt::model::IntColumn appended;
      for (std::size_t from = 0; from < values.size(); from += run)
        appended.append(values.data() + from, std::min(run, values.size() - from));
      CAPTURE(p);
      CAPTURE(run);
      REQUIRE(appended.size() == values.size());
      CHECK(appended.memory_bytes() == pushed.memory_bytes());
      CHECK(appended.constant() == pushed.constant());
      std::size_t i = 0;
      appended.for_each([&](std::uint64_t v) { REQUIRE(v == values[i++]); });
      for (std::size_t j = 0; j < values.size(); j += 97) REQUIRE(appended[j] == values[j]);
    }
  }
}

TEST_CASE("sample: samples not yet in the columns read, copy and move as the others") {
  const auto make = [](std::uint32_t i) {
    rt::model::Sample s;
    s.iteration = i + 1;
    s.units = 1;
    s.wall_ns = 40 + i % 3;
    s.start_unix_ns = 1'700'000'000'000'000'000 + std::int64_t{i} * 100;
    s.cpu = {i == 70 ? 1000 : 0, 0, 0, 0};
    s.cpu_timed = i == 69;
    return s;
  };
  rt::model::Samples samples;
  // 64 go into the columns at once; 70 leaves 6 staged.
  for (std::uint32_t i = 0; i < 70; ++i) {
    samples.push_back(make(i));
    // What the progress display reads after each sample.
    REQUIRE(samples.size() == i + 1);
    REQUIRE(samples.back().iteration == i + 1);
    REQUIRE(samples.back().start_unix_ns == make(i).start_unix_ns);
  }
  CHECK(samples[69].cpu_timed);
  CHECK(samples[68].wall_ns == 40 + 68 % 3);
  samples.push_back(make(70), 3);
  CHECK(samples.back().param_set == 3);
  CHECK(samples.back().cpu.usr_ns == 1000);

  const rt::model::Samples copy = samples;
  rt::model::Samples assigned;
  assigned = samples;
  rt::model::Samples moved_from = samples;
  const rt::model::Samples moved = std::move(moved_from);
  for (const rt::model::Samples* other : {&copy, static_cast<const rt::model::Samples*>(&assigned), &moved}) {
    REQUIRE(other->size() == 71);
    for (std::size_t i = 0; i < 71; ++i) {
      REQUIRE((*other)[i].iteration == samples[i].iteration);
      REQUIRE((*other)[i].wall_ns == samples[i].wall_ns);
      REQUIRE((*other)[i].param_set == samples[i].param_set);
    }
  }
  // Reading a column takes the staged samples in; the samples read the same after.
  CHECK(samples.column(rt::model::Samples::Field::iteration).size() == 71);
  CHECK(samples.column(rt::model::Samples::Field::wall_ns)[70] == 40 + 70 % 3);
  std::size_t i = 0;
  for (const rt::model::Sample& s : copy) CHECK(s.iteration == ++i);
  CHECK(i == 71);
}

TEST_CASE("sample: iterating over samples gives what indexing gives") {
  rt::model::Samples samples;
  for (std::uint32_t i = 0; i < 10000; ++i) {
    rt::model::Sample s;
    s.iteration = i + 1;
    s.units = 1;
    s.wall_ns = 50 + (i * 31) % 17;
    s.cpu = {i % 4000 == 3999 ? std::int64_t{i} * 100 : 0, 0, 0, 0};
    s.cpu_samples = i % 4000 == 3999 ? 4000 : 0;
    s.start_unix_ns = 1'700'000'000'000'000'000 + std::int64_t{i} * 240;
    s.cold = i == 17;
    samples.push_back(s);
  }
  std::size_t i = 0;
  for (const rt::model::Sample& s : samples) {
    const rt::model::Sample at = samples[i++];
    REQUIRE(s.iteration == at.iteration);
    REQUIRE(s.wall_ns == at.wall_ns);
    REQUIRE(s.cpu.usr_ns == at.cpu.usr_ns);
    REQUIRE(s.cpu_samples == at.cpu_samples);
    REQUIRE(s.start_unix_ns == at.start_unix_ns);
    REQUIRE(s.cold == at.cold);
  }
  CHECK(i == samples.size());
  CHECK(samples[17].cold);
  CHECK(samples[7999].cpu.usr_ns == 799900);
}

TEST_CASE("sample: a series adds by set index as by set") {
  rt::model::Series series;
  const rt::model::ParamSet nop{"nop", {}};
  const rt::model::ParamSet noted{"nop", {{"note", "x"}}};
  CHECK(series.index_of(noted) == 0);
  CHECK(series.index_of(nop) == 1);
  CHECK(series.index_of(noted) == 0);
  series.add(rt::model::Sample{}, std::uint32_t{1});
  series.add(rt::model::Sample{}, noted);
  REQUIRE(series.samples.size() == 2);
  CHECK(series.params_of(series.samples[0]) == nop);
  CHECK(series.params_of(series.samples[1]) == noted);
}
