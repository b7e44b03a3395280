// `report stream`: STREAM's table from a Result built here, against tests/golden/stream.txt
// (byte for byte), and the figures it computes, checked by hand.
//
// To regenerate the golden file after a deliberate format change, run the tests with
// HWBENCH_UPDATE_GOLDEN=1 and review the diff before committing it.
#include "runtime/tools/stream/stream_report.hpp"

#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/report/named_report.hpp"
#include "runtime/tools/tools.hpp"
#include "tests/support/golden.hpp"

namespace rt = hwbench::runtime;

namespace {

// A stream series as the interpreter records it: one pass per sample.
rt::model::Series stream_series(const std::string& label, const std::string& function, unsigned words,
                                std::uint64_t elements, const std::string& threads,
                                const std::vector<std::int64_t>& wall_ns) {
  rt::model::Series series;
  series.label = label;
  std::uint32_t i = 0;
  for (auto ns : wall_ns) {
    rt::model::Sample s;
    s.iteration = ++i;
    s.units = 1;
    s.ops = 1;
    s.bytes = words * 8 * elements;
    s.wall_ns = ns;
    series.add(s, {"stream",
                   {{"FUNCTION", function},
                    {"elements", std::to_string(elements)},
                    {"threads", threads},
                    {"size", "auto"},
                    {"affinity", "pinned"}}});
  }
  return series;
}

// Ten passes each, the first slow (cold), as a 10M-element run on two threads might give.
rt::model::Result two_runs() {
  rt::model::Result r;
  const std::uint64_t n = 10'000'000;
  r.series.push_back(stream_series(
      "stream copy", "copy", 2, n, "2",
      {19000000, 12100000, 12000000, 12345678, 12500000, 12800000, 12000100, 12200000, 13000000, 12050000}));
  r.series.push_back(stream_series(
      "stream scale", "scale", 2, n, "2",
      {20000000, 13000000, 13100000, 13200000, 12900000, 13300000, 13400000, 13000000, 13050000, 13150000}));
  r.series.push_back(stream_series(
      "stream add", "add", 3, n, "2",
      {25000000, 18000000, 18100000, 17900000, 18200000, 18300000, 18000000, 18050000, 18150000, 18250000}));
  r.series.push_back(stream_series(
      "stream triad", "triad", 3, n, "2",
      {26000000, 18500000, 18400000, 18300000, 18600000, 18700000, 18450000, 18550000, 18650000, 18750000}));
  r.series.push_back(stream_series(
      "bound", "memcpy", 2, n, "2",
      {18000000, 10000000, 10100000, 10200000, 10050000, 10150000, 10250000, 10300000, 10350000, 10400000}));
  // A second run with one thread and no memcpy: its own table, and the bound says it was not measured.
  r.series.push_back(stream_series("one thread copy", "copy", 2, n, "1", {30000000, 20000000, 21000000}));
  // Not stream: left out.
  rt::model::Series other;
  other.label = "cp";
  rt::model::Sample cp;
  cp.units = 1;
  cp.bytes = 1000;
  cp.wall_ns = 1000;
  other.add(cp, {"cp", {}});
  r.series.push_back(other);
  return r;
}

}  // namespace

TEST_CASE("report stream: STREAM's table, the first pass skipped, and the memcpy line (golden)") {
  const rt::model::Result result = two_runs();
  rt::model::ReportSpec spec;
  spec.style = rt::model::report_style_from_text("stream").value();
  const rt::report::NamedStyle* style = rt::tools::find_named_style("stream");
  REQUIRE(style != nullptr);
  const rt::model::RenderedReport report = style->render(result, spec);
  CHECK(report.text == hwbench::test::golden("stream.txt", report.text));
  CHECK(rt::model::to_text(report.spec.style) == "stream");
}

TEST_CASE("report stream: the figures, computed by hand") {
  const auto tables = rt::tools::stream::stream_tables(two_runs());
  REQUIRE(tables.size() == 2);
  const rt::tools::stream::StreamTable& t = tables[0];
  CHECK(t.elements == 10'000'000);
  CHECK(t.threads == "2");
  REQUIRE(t.rows.size() == 4);
  const rt::tools::stream::StreamRow& copy = t.rows[0];
  CHECK(copy.function == "copy");
  CHECK(copy.used == 9);
  CHECK(copy.rates.size() == 10);
  // 160,000,000 bytes in the shortest of passes 2..10 (0.012 s), not the cold first one.
  CHECK(copy.best_rate == doctest::Approx(160e6 / 0.012 / 1e6).epsilon(1e-12));
  CHECK(copy.min_time == doctest::Approx(0.012).epsilon(1e-12));
  CHECK(copy.max_time == doctest::Approx(0.013).epsilon(1e-12));
  CHECK(copy.avg_time == doctest::Approx((12100000 + 12000000 + 12345678 + 12500000 + 12800000 + 12000100 + 12200000 +
                                          13000000 + 12050000) /
                                         9.0 / 1e9)
                             .epsilon(1e-12));
  REQUIRE(t.bound.has_value());
  CHECK(t.bound->best_rate == doctest::Approx(16000.0).epsilon(1e-12));
  REQUIRE(t.copy_fraction.has_value());
  CHECK(*t.copy_fraction == doctest::Approx(160e6 / 0.012 / 1e6 / 16000.0).epsilon(1e-12));
  CHECK(tables[1].threads == "1");
  CHECK_FALSE(tables[1].bound.has_value());
  // A sample of several passes (`for`) counts per pass.
  rt::model::Result looped;
  rt::model::Series x = stream_series("x", "triad", 3, 1000, "1", {1000000});
  rt::model::Sample four = x.samples[0];
  four.iteration = 2;
  four.units = 4;
  four.bytes *= 4;
  x.add(four, x.params_of(four));
  looped.series.push_back(x);
  const auto per_pass = rt::tools::stream::stream_tables(looped);
  REQUIRE(per_pass.size() == 1);
  CHECK(per_pass[0].rows[0].min_time == doctest::Approx(0.00025).epsilon(1e-12));
  CHECK(per_pass[0].rows[0].best_rate == doctest::Approx(24000 / 0.00025 / 1e6).epsilon(1e-12));
}

TEST_CASE("report stream: a failed run does not claim validation, no stream series says so") {
  rt::model::Result result = two_runs();
  result.status = rt::model::RunStatus::failed;
  const std::string text = rt::tools::stream::render_stream_report(result, {}).text;
  CHECK(text.find("Solution Validates") == std::string::npos);
  CHECK(rt::tools::stream::render_stream_report(two_runs(), {}).text.find("Solution Validates") != std::string::npos);
  CHECK(rt::tools::stream::render_stream_report(rt::model::Result{}, {}).text ==
        "report stream: this result has no stream series\n");
  const auto figures = rt::tools::stream::render_stream_report(two_runs(), {}).figures;
  REQUIRE(figures.size() == 6);
  CHECK(figures[4].label == "bound");
  REQUIRE(figures[4].aggregates.size() == 5);
  CHECK(figures[4].aggregates[4].first == "copy / memcpy");
}

TEST_CASE("report stream: memcpy is compared only with arrays of its own length and threads") {
  const std::uint64_t n = 10'000'000;
  const std::vector<std::int64_t> passes = {20000000, 10000000, 10000000};
  rt::model::Result r;
  r.series.push_back(stream_series("copy", "copy", 2, n, "2", passes));
  // memcpy with other threads, then over other arrays: neither is the copy table's memcpy.
  r.series.push_back(stream_series("memcpy 1 thread", "memcpy", 2, n, "1", passes));
  r.series.push_back(stream_series("memcpy 5M", "memcpy", 2, n / 2, "2", passes));
  const auto tables = rt::tools::stream::stream_tables(r);
  REQUIRE(tables.size() == 3);
  CHECK(tables[0].elements == n);
  CHECK(tables[0].threads == "2");
  CHECK_FALSE(tables[0].bound.has_value());
  CHECK_FALSE(tables[0].copy_fraction.has_value());
  REQUIRE(tables[1].bound.has_value());
  CHECK(tables[1].bound->label == "memcpy 1 thread");
  CHECK(tables[2].elements == n / 2);
  REQUIRE(tables[2].bound.has_value());
  CHECK(tables[2].bound->label == "memcpy 5M");
  const std::string text = rt::tools::stream::format_stream_tables(tables, false);
  CHECK(text.find("memcpy: not measured (add `stream memcpy` with the same elements and threads)\n") !=
        std::string::npos);
}

TEST_CASE("report stream: a memcpy slower than Copy is not called a bound") {
  const std::uint64_t n = 1'000'000;
  rt::model::Result r;
  // Copy's best pass 2 ms, memcpy's 2.5 ms: memcpy moves the same 16 MB at 80% of Copy's rate.
  r.series.push_back(stream_series("copy", "copy", 2, n, "2", {3000000, 2000000, 2100000}));
  r.series.push_back(stream_series("memcpy", "memcpy", 2, n, "2", {3000000, 2500000, 2600000}));
  const auto tables = rt::tools::stream::stream_tables(r);
  REQUIRE(tables.size() == 1);
  REQUIRE(tables[0].copy_fraction.has_value());
  CHECK(*tables[0].copy_fraction == doctest::Approx(1.25).epsilon(1e-12));
  const std::string text = rt::tools::stream::format_stream_tables(tables, false);
  CHECK(text.find("memcpy: 6400.0 MB/s, best of 2 (the C library's, same arrays and threads)\n"
                  "Copy is 125.0% of memcpy, so memcpy is no upper bound here\n") != std::string::npos);
}
