// Reporters against golden files (tests/golden/*.txt, compared byte for byte) and the
// aggregate stage against hand-computed figures.
//
// To regenerate the golden files after a deliberate format change, run the tests with
// HWBENCH_UPDATE_GOLDEN=1 and review the diff before committing it.
#include "runtime/report/report.hpp"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/cli/cli.hpp"
#include "runtime/record/published.hpp"

#ifndef HWBENCH_SOURCE_DIR
#error "HWBENCH_SOURCE_DIR must name the source tree (CMake defines it for the test target)"
#endif

namespace rt = hwbench::runtime;

namespace {

std::string source_path(const std::string& relative) { return std::string(HWBENCH_SOURCE_DIR) + "/" + relative; }

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Compares `actual` with tests/golden/NAME byte for byte.
void check_golden(const std::string& name, const std::string& actual) {
  const std::string path = source_path("tests/golden/" + name);
  const char* update = std::getenv("HWBENCH_UPDATE_GOLDEN");
  if (update != nullptr && std::string(update) == "1") {
    std::ofstream(path, std::ios::binary) << actual;
  }
  std::ifstream probe(path);
  INFO("golden file: " << path);
  REQUIRE(probe.good());
  CHECK(read_text(path) == actual);
}

std::string render(const rt::report::ReportData& data, rt::report::Format format) {
  std::ostringstream out;
  rt::report::render_report(data, format, out);
  return out.str();
}

rt::model::Sample copy(std::uint64_t bytes, double mb_per_s, std::uint32_t iteration) {
  rt::model::Sample s;
  s.iteration = iteration;
  s.bytes = bytes;
  s.wall_ns = std::llround(static_cast<double>(bytes) / (mb_per_s * 1e6) * 1e9);
  return s;
}

rt::model::Series series_of(const std::string& label, std::uint64_t bytes, const std::vector<double>& rates) {
  rt::model::Series series;
  series.label = label;
  std::uint32_t i = 0;
  for (double r : rates) series.samples.push_back(copy(bytes, r, ++i));
  return series;
}

// data/published/linux-raid1-esata.cp.tsv: MB/sec per copy as the article printed them.
const std::vector<double> read10 = {63.4, 74.1, 74.1, 71.5, 71.0, 71.0, 74.1, 74.7, 72.5, 70.5};
const std::vector<double> read100 = {78.9, 83.6, 81.2, 74.0, 66.5, 77.4, 72.7, 80.9, 68.0, 72.5};
const std::vector<double> write10 = {108.8, 93.6, 111.2, 88.6, 111.2, 88.6, 110.0, 110.0, 115.1, 112.5};
const std::vector<double> write100 = {112.3, 102.6, 106.7, 69.6, 105.3, 113.2, 101.9, 105.9, 88.0, 91.9};

// The article's runs rebuilt as raw samples: bytes copied and the wall time that gives each rate.
rt::model::Result raid_run() {
  rt::model::Result r;
  r.series.push_back(series_of("read 10MB", 10'000'000, read10));
  r.series.push_back(series_of("read 100MB", 100'000'000, read100));
  r.series.push_back(series_of("write 10MB", 10'000'000, write10));
  r.series.push_back(series_of("write 100MB", 100'000'000, write100));
  return r;
}

rt::model::ReportSpec spec(std::string style, std::string unit, std::vector<std::string> aggregates) {
  rt::model::ReportSpec s;
  s.style = rt::model::report_style_from_text(style).value();
  s.unit = std::move(unit);
  s.aggregates = std::move(aggregates);
  return s;
}

// Edge cases for the lines style: a quoted and comma'd label, a `|`, one sample, no sample,
// a series that did not converge.
rt::model::Result mixed_run() {
  rt::model::Result r;
  r.series.push_back(series_of("read 10MB", 10'000'000, read10));
  r.series.push_back(series_of("write \"10MB\", sync", 10'000'000, {112.5}));
  rt::model::Series sorting = series_of("sort | ci", 4'000'000, {5.5, 6.25, 7.125, 5.0, 4.75});
  sorting.converged = false;
  sorting.ci_target_pct = 5;
  r.series.push_back(std::move(sorting));
  rt::model::Series empty;
  empty.label = "idle";
  r.series.push_back(std::move(empty));
  return r;
}

std::string line_starting(const std::string& text, const std::string& prefix) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(prefix, 0) == 0) return line;
  }
  return {};
}

}  // namespace

TEST_CASE("report: format_figure") {
  CHECK(rt::report::format_figure(71.69) == "71.7");
  CHECK(rt::report::format_figure(104.96) == "105.0");
  CHECK(rt::report::format_figure(10) == "10.0");
  CHECK(rt::report::format_figure(123456.789) == "123456.8");
  CHECK(rt::report::format_figure(9.87) == "9.87");
  CHECK(rt::report::format_figure(9.996) == "10.0");
  CHECK(rt::report::format_figure(1) == "1.00");
  CHECK(rt::report::format_figure(0.123) == "0.123");
  CHECK(rt::report::format_figure(0.1) == "0.100");
  CHECK(rt::report::format_figure(0.09996) == "0.100");
  CHECK(rt::report::format_figure(0.001) == "0.00100");
  CHECK(rt::report::format_figure(0.00123) == "0.00123");
  CHECK(rt::report::format_figure(-2.5) == "-2.50");
  CHECK(rt::report::format_figure(-42.25) == "-42.2");
  CHECK(rt::report::format_figure(0) == "0.00");
  CHECK(rt::report::format_figure(std::numeric_limits<double>::quiet_NaN()) == "-");
  CHECK(rt::report::format_figure(std::numeric_limits<double>::infinity()) == "inf");
}

rt::model::Result load_cp_article() {
  std::string error;
  auto result = rt::record::load_published(source_path("specs/published/linux-raid1-esata.cp.toml"), error);
  REQUIRE_MESSAGE(result.has_value(), error);
  return *result;
}

// A published result for the printed columns and rows: a series with printed mean and cv,
// one with none, and one in seconds whose printed mean a byte-rate report cannot show.
rt::model::Result printed_mixed() {
  std::string error;
  auto result = rt::record::parse_published(
      "schema = \"hwbench-published/1\"\n"
      "machine = \"box\"\n"
      "[[series]]\n"
      "label = \"read 10MB\"\n"
      "unit = \"MB/s\"\n"
      "samples = [63.4, 74.1, 74.1, 71.5, 71.0, 71.0, 74.1, 74.7, 72.5, 70.5]\n"
      "[series.printed]\n"
      "mean = 71.7\n"
      "cv = 0.05\n"
      "[[series]]\n"
      "label = \"write 10MB\"\n"
      "unit = \"MB/s\"\n"
      "samples = [108.8, 93.6]\n"
      "[[series]]\n"
      "label = \"sync\"\n"
      "unit = \"s\"\n"
      "samples = [0.5]\n"
      "[series.printed]\n"
      "mean = 0.5\n",
      "mixed.toml", error);
  REQUIRE_MESSAGE(result.has_value(), error);
  return *result;
}

TEST_CASE("report: build_report_data converts every sample and aggregates at full precision") {
  rt::model::Result r;
  rt::model::Series s;
  s.label = "x";
  rt::model::Sample a;
  a.bytes = 3'000'000;
  a.wall_ns = 1'000'000'000;
  rt::model::Sample untimed;  // no wall time: no rate, skipped
  untimed.bytes = 5'000'000;
  rt::model::Sample b;
  b.bytes = 1'000'000;
  b.wall_ns = 250'000'000;
  rt::model::Sample other;  // a published figure of another measure: skipped
  other.figure = rt::model::Figure{5, "ops/s"};
  s.samples = {a, untimed, b, other};
  s.converged = false;
  s.ci_target_pct = 2.5;
  r.series.push_back(s);
  const auto data = rt::report::build_report_data(r, spec("lines", "MB/s", {"mean", "count", "sum"}));
  CHECK(data.unit.name == "MB/s");
  REQUIRE(data.series.size() == 1);
  CHECK(data.series[0].label == "x");
  CHECK(data.series[0].values == std::vector<double>{3, 4});
  REQUIRE(data.series[0].aggregates.size() == 3);
  CHECK(data.series[0].aggregates[0] == std::pair<std::string, double>{"mean", 3.5});
  CHECK(data.series[0].aggregates[1] == std::pair<std::string, double>{"count", 2});
  CHECK(data.series[0].aggregates[2] == std::pair<std::string, double>{"sum", 7});
  CHECK_FALSE(data.series[0].converged);
  CHECK(data.series[0].ci_target_pct == 2.5);
  // A run prints nothing of its own: one empty printed slot per aggregate.
  using Printed = std::vector<std::pair<std::string, std::optional<double>>>;
  CHECK(data.series[0].printed == Printed{{"mean", std::nullopt}, {"count", std::nullopt}, {"sum", std::nullopt}});
  CHECK_FALSE(rt::report::has_printed(data, 0));
}

TEST_CASE("report: printed figures are converted to the report's unit, never computed with") {
  const auto data = rt::report::build_report_data(printed_mixed(), spec("lines", "MiB/s", {"mean", "cv", "stdev"}));
  REQUIRE(data.series.size() == 3);
  const auto& read = data.series[0];
  REQUIRE(read.printed.size() == 3);
  CHECK(read.printed[0].first == "mean");
  CHECK(read.printed[0].second == 71.7 * 1e6 / 1048576.0);
  CHECK(read.printed[1].first == "cv");
  CHECK(read.printed[1].second == 0.05);  // a fraction: no unit to convert
  CHECK(read.printed[2] == std::pair<std::string, std::optional<double>>{"stdev", std::nullopt});
  // The computed mean is the samples' own, not the printed one.
  CHECK(read.aggregates[0].second == doctest::Approx(716.9 / 10 * 1e6 / 1048576.0).epsilon(1e-12));
  CHECK_FALSE(data.series[1].printed[0].second.has_value());
  CHECK_FALSE(data.series[2].printed[0].second.has_value());  // seconds: not a byte rate
  CHECK(rt::report::has_printed(data, 0));
  CHECK(rt::report::has_printed(data, 1));
  CHECK_FALSE(rt::report::has_printed(data, 2));
  CHECK_FALSE(rt::report::has_printed(data, 3));

  // The same printed mean in a time report: seconds to milliseconds.
  // "write 10MB" has neither a figure nor a printed figure in a time unit, so it is left out.
  const auto times = rt::report::build_report_data(printed_mixed(), spec("lines", "ms", {"mean"}));
  REQUIRE(times.series.size() == 2);
  CHECK(times.series[0].label == "read 10MB");
  CHECK(times.series[1].label == "sync");
  CHECK(times.series[1].printed[0].second == 500.0);
  CHECK(times.series[1].aggregates[0].second == 500.0);
  CHECK_FALSE(times.series[0].printed[0].second.has_value());
}

TEST_CASE("report: render_to_record keeps the text and every computed figure") {
  const rt::model::Result run = mixed_run();
  const auto report = spec("table", "MiB/s", {"mean", "ci95", "cv", "count"});
  const auto record = rt::report::render_to_record(run, report, rt::report::Format::csv, {});
  const auto data = rt::report::build_report_data(run, report);
  CHECK(record.spec.style.layout == rt::model::ReportLayout::table);
  CHECK(record.spec.unit == "MiB/s");
  CHECK(record.spec.aggregates == report.aggregates);
  CHECK(record.text == render(data, rt::report::Format::csv));
  REQUIRE(record.figures.size() == data.series.size());
  for (std::size_t i = 0; i < data.series.size(); ++i) {
    CAPTURE(i);
    CHECK(record.figures[i].label == data.series[i].label);
    CHECK(record.figures[i].values == data.series[i].values);
    CHECK(record.figures[i].converged == data.series[i].converged);
    REQUIRE(record.figures[i].aggregates.size() == 4);
    for (std::size_t a = 0; a < 4; ++a) {
      CHECK(record.figures[i].aggregates[a].first == report.aggregates[a]);
      const double x = record.figures[i].aggregates[a].second;
      const double y = data.series[i].aggregates[a].second;
      CHECK(((std::isnan(x) && std::isnan(y)) || x == y));
    }
  }
  CHECK(record.figures[2].label == "sort | ci");
  CHECK_FALSE(record.figures[2].converged);
  CHECK(record.figures[3].values.empty());
  CHECK(std::isnan(record.figures[3].aggregates[0].second));  // no samples: no mean
}

TEST_CASE("report: the verbatim sentence's report, one line per series") {
  rt::model::Result r;
  r.series.push_back(series_of("cp ramdisk:/10m_$i -> /st1/test", 10'000'000, read10));
  const auto text = render(rt::report::build_report_data(r, spec("lines", "MB/s", {"mean"})), rt::report::Format::text);
  CHECK(text ==
        "series                            n  mean MB/s\n"
        "cp ramdisk:/10m_$i -> /st1/test  10       71.7\n");
}

TEST_CASE("report: lines style golden files") {
  const auto data = rt::report::build_report_data(
      mixed_run(),
      spec("lines", "MB/s", {"mean", "median", "min", "max", "stdev", "cv", "ci95", "geomean", "sum", "count"}));
  check_golden("lines.txt", render(data, rt::report::Format::text));
  check_golden("lines.csv.txt", render(data, rt::report::Format::csv));
  check_golden("lines.md.txt", render(data, rt::report::Format::markdown));
}

TEST_CASE("report: table style golden files (the article's cp table)") {
  const auto data = rt::report::build_report_data(raid_run(), spec("table", "MB/s", {"mean"}));
  check_golden("table.txt", render(data, rt::report::Format::text));
  check_golden("table.csv.txt", render(data, rt::report::Format::csv));
  check_golden("table.md.txt", render(data, rt::report::Format::markdown));
}

TEST_CASE("report: lines style with printed columns, only for aggregates some series printed") {
  const auto data = rt::report::build_report_data(printed_mixed(), spec("lines", "MiB/s", {"mean", "cv", "stdev"}));
  check_golden("lines-printed.txt", render(data, rt::report::Format::text));
  check_golden("lines-printed.csv.txt", render(data, rt::report::Format::csv));
  check_golden("lines-printed.md.txt", render(data, rt::report::Format::markdown));
}

TEST_CASE("report: a table wider than the width comes in even blocks of columns, each led by No") {
  rt::model::Result run;
  for (int k = 0; k < 12; ++k)
    run.series.push_back(series_of("copy " + std::to_string(k + 1), 10'000'000, {k + 60.4, k + 70.0}));
  const auto data = rt::report::build_report_data(run, spec("table", "MB/s", {"mean"}));
  std::ostringstream narrow, wide;
  rt::report::render_report(data, rt::report::Format::text, narrow, 50);
  rt::report::render_report(data, rt::report::Format::text, wide, 0);
  // Twelve columns of 6 or 7, two apart, beside `No  ` (4): 103 columns whole; in 50, five a
  // block at most, so three blocks, spread 4, 4 and 4 rather than 5, 5 and 2.
  CHECK(wide.str() ==
        "MB/s\n"
        "No    copy 1  copy 2  copy 3  copy 4  copy 5  copy 6  copy 7  copy 8  copy 9  copy 10  copy 11  copy 12\n"
        "1       60.4    61.4    62.4    63.4    64.4    65.4    66.4    67.4    68.4     69.4     70.4     71.4\n"
        "2       70.0    71.0    72.0    73.0    74.0    75.0    76.0    77.0    78.0     79.0     80.0     81.0\n"
        "mean    65.2    66.2    67.2    68.2    69.2    70.2    71.2    72.2    73.2     74.2     75.2     76.2\n");
  CHECK(narrow.str() ==
        "MB/s\n"
        "No    copy 1  copy 2  copy 3  copy 4\n"
        "1       60.4    61.4    62.4    63.4\n"
        "2       70.0    71.0    72.0    73.0\n"
        "mean    65.2    66.2    67.2    68.2\n"
        "\n"
        "No    copy 5  copy 6  copy 7  copy 8\n"
        "1       64.4    65.4    66.4    67.4\n"
        "2       74.0    75.0    76.0    77.0\n"
        "mean    69.2    70.2    71.2    72.2\n"
        "\n"
        "No    copy 9  copy 10  copy 11  copy 12\n"
        "1       68.4     69.4     70.4     71.4\n"
        "2       78.0     79.0     80.0     81.0\n"
        "mean    73.2     74.2     75.2     76.2\n");
  // CSV and Markdown are for programs and pages, not terminals: never cut.
  std::ostringstream csv;
  rt::report::render_report(data, rt::report::Format::csv, csv, 50);
  CHECK(csv.str().find("copy 1 (MB/s),copy 2 (MB/s),copy 3 (MB/s),copy 4 (MB/s),copy 5 (MB/s)") != std::string::npos);
}

TEST_CASE("report: table style with printed rows after the computed ones") {
  const auto data = rt::report::build_report_data(printed_mixed(), spec("table", "MB/s", {"mean", "cv", "count"}));
  check_golden("table-printed.txt", render(data, rt::report::Format::text));
  check_golden("table-printed.csv.txt", render(data, rt::report::Format::csv));
  check_golden("table-printed.md.txt", render(data, rt::report::Format::markdown));
}

TEST_CASE("report: table style with uneven series, several aggregates and a note") {
  const auto data = rt::report::build_report_data(mixed_run(), spec("table", "MiB/s", {"mean", "ci95", "cv", "count"}));
  check_golden("table-mixed.txt", render(data, rt::report::Format::text));
  check_golden("table-mixed.csv.txt", render(data, rt::report::Format::csv));
  check_golden("table-mixed.md.txt", render(data, rt::report::Format::markdown));
}

// The must-show: the article's per-copy figures through the table reporter. The article's
// printed means are 71.7 75.6 104.9 99.8. Recomputed from its printed per-copy figures at
// full precision they are 71.69 75.57 104.96 99.74, so the two write columns print as
// 105.0 and 99.7: the article averaged unrounded rates, and each per-copy figure it printed
// is off by up to 0.05. The recomputed means therefore agree with the printed ones within
// 0.1 (0.05 from the per-copy rounding plus 0.05 from the printed mean's), not to the digit.
// The published file's table shows both: the computed `mean` row and the article's own
// figures in a `mean (printed)` row below it.
TEST_CASE("report: the cp table from raw samples and from the published file") {
  const std::string mean_row = "mean       71.7        75.6       105.0         99.7";
  const std::vector<double> printed = {71.7, 75.6, 104.9, 99.8};

  SUBCASE("raw samples: bytes and wall time giving the article's rates") {
    const auto data = rt::report::build_report_data(raid_run(), spec("table", "MB/s", {"mean"}));
    CHECK(line_starting(render(data, rt::report::Format::text), "mean") == mean_row);
    REQUIRE(data.series.size() == 4);
    for (std::size_t i = 0; i < 4; ++i) {
      CAPTURE(data.series[i].label);
      CHECK(std::fabs(data.series[i].aggregates[0].second - printed[i]) < 0.1);
    }
    CHECK(rt::report::format_figure(data.series[0].aggregates[0].second) == "71.7");
    CHECK(rt::report::format_figure(data.series[1].aggregates[0].second) == "75.6");
  }

  SUBCASE("load_published on specs/published/linux-raid1-esata.cp.toml") {
    std::string error;
    const auto result = rt::record::load_published(source_path("specs/published/linux-raid1-esata.cp.toml"), error);
    REQUIRE_MESSAGE(result.has_value(), error);
    REQUIRE(result->reports.size() == 1);
    const auto data = rt::report::build_report_data(*result, result->reports[0]);
    const auto text = render(data, rt::report::Format::text);
    check_golden("published-cp.txt", text);
    // The first column is as wide as `mean (printed)`, so the computed row is laid out wider
    // than from raw samples; its figures are the same.
    CHECK(line_starting(text, "mean ") == "mean                 71.7        75.6       105.0         99.7");
    CHECK(line_starting(text, "mean (printed)") == "mean (printed)       71.7        75.6       104.9         99.8");
    // Apart from that row and the width of the first column (14 here, 4 from raw samples),
    // the same table as from raw samples.
    std::string narrowed;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
      if (line.rfind("mean (printed)", 0) == 0) continue;
      narrowed += (line.size() > 14 ? line.substr(0, 4) + line.substr(14) : line) + '\n';
    }
    CHECK(narrowed == read_text(source_path("tests/golden/table.txt")));
    REQUIRE(result->series.size() == 4);
    for (std::size_t i = 0; i < 4; ++i) {
      const auto& series = result->series[i];
      CAPTURE(series.label);
      REQUIRE(series.printed.count("mean") == 1);
      CHECK(series.printed.at("mean").value == printed[i]);
      CHECK(std::fabs(data.series[i].aggregates[0].second - series.printed.at("mean").value) < 0.1);
    }
  }
}

TEST_CASE("report: the cp article's table in CSV and Markdown, printed row included") {
  const rt::model::Result article = load_cp_article();
  const auto data = rt::report::build_report_data(article, article.reports[0]);
  const auto csv = render(data, rt::report::Format::csv);
  check_golden("published-cp.csv.txt", csv);
  CHECK(line_starting(csv, "mean,") == "mean,71.7,75.6,105.0,99.7");
  CHECK(line_starting(csv, "mean (printed),") == "mean (printed),71.7,75.6,104.9,99.8");
  check_golden("published-cp.md.txt", render(data, rt::report::Format::markdown));
}

TEST_CASE("report: `hwbench report` prints the published cp table with the printed row") {
  std::ostringstream out;
  std::ostringstream err;
  const int code =
      rt::cli::run_cli({"hwbench", "report", source_path("specs/published/linux-raid1-esata.cp.toml")}, out, err);
  CHECK(err.str().empty());
  CHECK(code == rt::cli::exit_ok);
  check_golden("published-cp.txt", out.str());
}

TEST_CASE("report: a series with no figure in the report's unit is left out of that report") {
  rt::model::Result r;
  rt::model::Series files;
  files.label = "cp";
  rt::model::Sample copy;
  copy.bytes = 2'000'000;
  copy.ops = 1;
  copy.wall_ns = 1'000'000'000;
  files.samples = {copy};
  rt::model::Series calls;
  calls.label = "nop";
  rt::model::Sample empty;
  empty.ops = 1000;
  empty.wall_ns = 1'000'000;
  calls.samples = {empty};
  rt::model::Series interrupted;
  interrupted.label = "never ran";
  r.series = {files, calls, interrupted};
  const auto bytes = rt::report::build_report_data(r, spec("lines", "MB/s", {"mean"}));
  REQUIRE(bytes.series.size() == 2);
  CHECK(bytes.series[0].label == "cp");
  CHECK(bytes.series[1].label == "never ran");  // no samples at all: shown, so the gap is seen
  const auto ops = rt::report::build_report_data(r, spec("lines", "ops/s", {"mean"}));
  REQUIRE(ops.series.size() == 3);
  CHECK(ops.series[1].aggregates[0].second == doctest::Approx(1e6));
}

TEST_CASE("report: lines style marks drift and outliers, with a legend, CSV carries figures only") {
  rt::model::Result r;
  // Files read cold right after setup: the first three copies are slow.
  r.series.push_back(series_of("read 100MB cold", 100'000'000, {400, 420, 410, 800, 790, 810}));
  r.series.push_back(series_of("read 10MB", 10'000'000, read10));
  r.series.push_back(series_of("write 10MB", 10'000'000, {100, 101, 99, 100, 102, 98, 100, 250}));
  r.series.push_back(series_of("both", 10'000'000, {100, 101, 99, 100, 99, 100, 300, 301, 299, 300, 301, 900}));
  const auto data = rt::report::build_report_data(r, spec("lines", "MB/s", {"mean", "ci95"}));
  REQUIRE(data.series.size() == 4);
  CHECK(data.series[0].drift);
  CHECK(data.series[0].outliers == 0);
  CHECK_FALSE(data.series[1].drift);
  CHECK(data.series[1].outliers == 0);
  CHECK_FALSE(data.series[2].drift);
  CHECK(data.series[2].outliers == 1);
  CHECK(data.series[3].drift);
  CHECK(data.series[3].outliers == 1);
  check_golden("lines-marked.txt", render(data, rt::report::Format::text));
  check_golden("lines-marked.md.txt", render(data, rt::report::Format::markdown));
  check_golden("lines-marked.csv.txt", render(data, rt::report::Format::csv));
}
