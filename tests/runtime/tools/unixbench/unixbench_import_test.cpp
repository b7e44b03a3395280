// `hwbench import unixbench` of a multi-CPU machine's log: both runs (1 copy, then 2 copies) are
// imported, every figure and both scores come back to the printed digits, report unixbench prints
// both blocks as the log did, and compare matches the runs' rows by label. The log,
// tests/data/unixbench/unixbench-5.1.3-2-cpus.log, is constructed in UnixBench 5.1.3's layout
// from the reference's layout and this machine's figures (its README says how).
#include "runtime/tools/unixbench/unixbench_import.hpp"

#include <cmath>
#include <cstdlib>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/analysis/compare.hpp"
#include "runtime/analysis/indices.hpp"
#include "runtime/analysis/units.hpp"
#include "runtime/record/published.hpp"
#include "runtime/report/compare_report.hpp"
#include "runtime/tools/unixbench/unixbench_report.hpp"
#include "tests/support/golden.hpp"
#include "tests/support/temp_dir.hpp"

namespace rt = hwbench::runtime;

namespace {

const std::string two_runs = "tests/data/unixbench/unixbench-5.1.3-2-cpus.log";
const std::string one_run = "tests/golden/unixbench-6.0-this-machine.log";

std::string log_text(const std::string& relative) {
  return hwbench::test::read_text(hwbench::test::source_path(relative));
}

rt::model::Result imported(const std::string& relative) {
  std::string error;
  auto r = rt::tools::unixbench::import_unixbench(log_text(relative), "unixbench.log", error);
  REQUIRE_MESSAGE(r.has_value(), error);
  return *r;
}

std::string import_error(const std::string& text) {
  std::string error;
  CHECK_FALSE(rt::tools::unixbench::import_unixbench(text, "x.log", error).has_value());
  return error;
}

std::string render(const rt::model::Result& r) {
  return rt::tools::unixbench::render_unixbench_report(r, r.reports.at(0)).text;
}

/// The lines of `text` from its first 72-dash line on, trailing white space removed.
std::vector<std::string> lines_from_dashes(const std::string& text) {
  std::istringstream in(text.substr(std::min(text.size(), text.find(std::string(72, '-')))));
  std::vector<std::string> lines;
  std::string line;
  while (std::getline(in, line)) {
    line.erase(line.find_last_not_of(" \t\r") + 1);
    lines.push_back(line);
  }
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines;
}

/// The index tables' lines (from the header to the score line, each run's), in order.
std::vector<std::string> index_tables(const std::string& text) {
  std::vector<std::string> out;
  bool in_table = false;
  for (const auto& line : lines_from_dashes(text)) {
    if (line.rfind("System Benchmarks Index Values", 0) == 0 || line.rfind("System Benchmarks Partial Index", 0) == 0)
      in_table = true;
    if (in_table) out.push_back(line);
    if (line.rfind("System Benchmarks Index Score", 0) == 0) in_table = false;
  }
  return out;
}

/// A result line read by its columns (`%-40s %12.1f %-5s (…)`): label, figure, printed time, samples.
struct PrintedLine {
  std::string label;
  double figure = 0;
  double seconds = 0;
  int samples = 0;
};

/// The result lines of each run of a log, read by their fixed columns.
std::vector<std::vector<PrintedLine>> result_lines(const std::string& text) {
  std::vector<std::vector<PrintedLine>> runs;
  for (const auto& line : lines_from_dashes(text)) {
    if (line.rfind("Benchmark Run: ", 0) == 0) runs.emplace_back();
    const auto open = line.find(" (");
    if (line.size() < 60 || line.find(" samples)") == std::string::npos || open == std::string::npos) continue;
    PrintedLine p;
    p.label = line.substr(0, 40);
    p.label.erase(p.label.find_last_not_of(' ') + 1);
    p.figure = std::strtod(line.substr(41, 12).c_str(), nullptr);
    p.seconds = std::strtod(line.c_str() + line.rfind('(') + 1, nullptr);
    p.samples = std::atoi(line.c_str() + line.rfind(", ") + 2);
    runs.back().push_back(p);
  }
  return runs;
}

const rt::model::Series* series(const rt::model::Result& r, const std::string& label) {
  for (const auto& s : r.series)
    if (s.label == label) return &s;
  return nullptr;
}

/// As if specs/unixbench.bench had run on a machine twice as fast: each imported series as one
/// timed sample of counted work at twice the figure (long enough that whole counts carry the
/// figure to 7 digits), and the two scores' index statements.
rt::model::Result twice_as_fast_run(const rt::model::Result& published) {
  rt::model::Result run;
  run.baselines = published.baselines;
  for (const auto& p : published.series) {
    const rt::model::Figure f = *p.samples.at(0).figure;  // a copy: samples are made on reading
    const rt::analysis::Unit* unit = rt::analysis::find_unit(f.unit);
    REQUIRE(unit != nullptr);
    rt::model::Sample sample;
    sample.iteration = 1;
    sample.wall_ns = 10'000'000'000'000;
    const auto work = static_cast<std::uint64_t>(std::llround(2 * f.value * unit->factor * 10'000));
    (unit->measure == rt::analysis::Measure::byte_rate ? sample.bytes : sample.ops) = work;
    rt::model::Series s;
    s.label = p.label;
    s.samples.push_back(sample);
    run.series.push_back(std::move(s));
  }
  for (const auto& i : published.indices)
    if (i.spec.label.rfind("System Benchmarks Index Score", 0) == 0) {
      run.indices.push_back(i);
      run.indices.back().printed.reset();
    }
  return run;
}

}  // namespace

TEST_CASE("unixbench import: both runs of a 2-CPU log, the second labelled \"(2 copies)\"") {
  const rt::model::Result r = imported(two_runs);
  REQUIRE(r.series.size() == 24);
  CHECK(r.series[0].label == "Dhrystone 2 using register variables");
  CHECK(r.series[11].label == "System Call Overhead");
  CHECK(r.series[12].label == "Dhrystone 2 using register variables (2 copies)");
  CHECK(r.series[23].label == "System Call Overhead (2 copies)");
  CHECK(r.series[15].samples.at(0).figure->unit == "KiB/s");
  CHECK(r.series[15].samples.at(0).figure->value == 2205311.0);
  CHECK(r.series[15].samples.at(0).figure->resolution == doctest::Approx(0.1));  // "2205311.0"
  CHECK(r.environment["cores"]["logical"] == 2);
  // The whole log's span, and each run's: the second ends after midnight.
  CHECK(r.started_utc == "2026-11-28T23:12:05Z");
  CHECK(r.finished_utc == "2026-11-29T00:08:36Z");
  CHECK(r.environment["unixbench"]["runs"] ==
        nlohmann::json::parse(
            R"J([{"copies": 1, "started_utc": "2026-11-28T23:12:05Z", "finished_utc": "2026-11-28T23:40:17Z"},
                                   {"copies": 2, "started_utc": "2026-11-28T23:40:17Z", "finished_utc": "2026-11-29T00:08:36Z"}])J"));
  CHECK(r.meta.count("note") == 0);
  // The first run's labels are plain: the report needs no copies option.
  REQUIRE(r.reports.size() == 1);
  CHECK(r.reports[0].options.empty());

  // Every series: the printed figure, time and sample count, run by run.
  const auto printed = result_lines(log_text(two_runs));
  REQUIRE(printed.size() == 2);
  REQUIRE(printed[0].size() == 12);
  REQUIRE(printed[1].size() == 12);
  for (std::size_t run = 0; run < 2; ++run)
    for (const auto& p : printed[run]) {
      const std::string label = p.label + (run == 0 ? "" : " (2 copies)");
      CAPTURE(label);
      const rt::model::Series* s = series(r, label);
      REQUIRE(s != nullptr);
      REQUIRE(s->samples.size() == 1);
      CHECK(s->samples[0].figure->value == p.figure);
      CHECK(r.environment["unixbench"]["tests"][label]["time"] == p.seconds);
      CHECK(r.environment["unixbench"]["tests"][label]["samples"] == p.samples);
    }
}

TEST_CASE("unixbench import: both scores and every per-test index recomputed to the printed digits") {
  const rt::model::Result r = imported(two_runs);
  REQUIRE(r.indices.size() == 26);
  for (const auto& i : r.indices) {
    CAPTURE(i.spec.label);
    CHECK(i.spec.baseline == "george");
    CHECK(i.spec.aggregate == "unixbench");
    REQUIRE(i.printed.has_value());
    CHECK(std::round(i.value * 10) / 10 == doctest::Approx(*i.printed).epsilon(1e-12));
  }
  const rt::model::IndexValue* one = rt::analysis::find_index(r, "System Benchmarks Index Score");
  const rt::model::IndexValue* two = rt::analysis::find_index(r, "System Benchmarks Index Score (2 copies)");
  REQUIRE(one != nullptr);
  REQUIRE(two != nullptr);
  CHECK(*one->printed == 1738.9);
  CHECK(*two->printed == 2814.4);
  CHECK(one->value == doctest::Approx(1738.90991).epsilon(1e-8));
  CHECK(two->value == doctest::Approx(2814.35481).epsilon(1e-8));
  REQUIRE(one->spec.series.size() == 12);
  REQUIRE(two->spec.series.size() == 12);
  CHECK(one->spec.series[0] == "Dhrystone 2 using register variables");
  CHECK(two->spec.series[0] == "Dhrystone 2 using register variables (2 copies)");
  const rt::model::IndexValue* fsdisk = rt::analysis::find_index(r, "File Copy 4096 bufsize 8000 maxblocks (2 copies)");
  REQUIRE(fsdisk != nullptr);
  CHECK(*fsdisk->printed == 10138.3);
  CHECK(fsdisk->value == doctest::Approx(5880233.5 / 5800 * 10).epsilon(1e-12));

  // Nothing is copied from the log: a changed 2-copy figure moves that run's score only.
  rt::model::Result changed = r;
  rt::model::Sample doubled = changed.series[12].samples[0];
  doubled.figure->value *= 2;
  changed.series[12].samples.replace(0, doubled);
  rt::analysis::compute_indices(changed);
  CHECK(rt::analysis::find_index(changed, "System Benchmarks Index Score")->value == one->value);
  CHECK(rt::analysis::find_index(changed, "System Benchmarks Index Score (2 copies)")->value ==
        doctest::Approx(two->value * std::pow(2.0, 1.0 / 12)).epsilon(1e-12));
}

TEST_CASE("unixbench import: report unixbench prints both runs as the log did") {
  const rt::model::Result r = imported(two_runs);
  const std::string text = render(r);
  const std::string log = log_text(two_runs);
  // The index tables, line for line.
  const auto tables = index_tables(text);
  REQUIRE(tables.size() == 30);
  CHECK(tables == index_tables(log));
  CHECK(tables[14] == "System Benchmarks Index Score                                        1738.9");
  CHECK(tables[29] == "System Benchmarks Index Score                                        2814.4");
  // And everything else from the first dashes on: run lines, CPU lines, result lines, blank lines.
  CHECK(lines_from_dashes(text) == lines_from_dashes(log));
  CHECK(text.find("Benchmark Run: Sat Nov 28 2026 23:40:17 - 00:08:36\n2 CPUs in system; running 2 parallel copies of "
                  "tests\n") != std::string::npos);

  // Through the published TOML and back: the same two blocks.
  std::string error;
  auto back = rt::record::parse_published(rt::record::write_published(r), "ub.toml", error);
  REQUIRE_MESSAGE(back.has_value(), error);
  rt::analysis::compute_indices(*back);
  CHECK(render(*back) == text);
  CHECK(back->environment["unixbench"]["runs"] == r.environment["unixbench"]["runs"]);
}

TEST_CASE("unixbench import: three runs (Run -c 1 -c 2 -c 4) come back in order") {
  // The 2-CPU log with its 2-copy run printed again as a 4-copy run.
  const std::string log = log_text(two_runs);
  const auto second = log.rfind(std::string(72, '-'), log.find("Benchmark Run: Sat Nov 28 2026 23:40:17"));
  REQUIRE(second != std::string::npos);
  std::string third = log.substr(second);
  third.replace(third.find("running 2 parallel copies"), 25, "running 4 parallel copies");
  std::string error;
  const auto r = rt::tools::unixbench::import_unixbench(log + third, "c124.log", error);
  REQUIRE_MESSAGE(r.has_value(), error);
  REQUIRE(r->series.size() == 36);
  CHECK(r->series[0].label == "Dhrystone 2 using register variables");
  CHECK(r->series[12].label == "Dhrystone 2 using register variables (2 copies)");
  CHECK(r->series[24].label == "Dhrystone 2 using register variables (4 copies)");
  CHECK(lines_from_dashes(render(*r)) == lines_from_dashes(log + third));
}

TEST_CASE("unixbench import: a one-run log imports as before") {
  const rt::model::Result r = imported(one_run);
  REQUIRE(r.series.size() == 8);
  for (const auto& s : r.series) CHECK(rt::tools::unixbench::unixbench_copies_label(s.label).second == 0);
  CHECK_FALSE(r.environment["unixbench"].contains("runs"));
  CHECK(r.meta.count("note") == 0);
  REQUIRE(r.indices.size() == 9);
  CHECK(r.indices.back().spec.label == "System Benchmarks Index Score");
  CHECK(r.reports.at(0).options.empty());
  CHECK(lines_from_dashes(render(r)) == lines_from_dashes(log_text(one_run)));
  // A single run of 2 copies (`Run -c 2`) keeps plain labels and says its copies to the report.
  std::string log = log_text(one_run);
  log.replace(log.find("running 1 parallel copy"), 23, "running 2 parallel copies");
  std::string error;
  const auto two = rt::tools::unixbench::import_unixbench(log, "c2.log", error);
  REQUIRE_MESSAGE(two.has_value(), error);
  CHECK(two->series.at(0).label == "Dhrystone 2 using register variables");
  CHECK(two->reports.at(0).options.at("copies") == "2");
  CHECK(lines_from_dashes(render(*two)) == lines_from_dashes(log));
}

TEST_CASE("unixbench import: a second run with the same copies, or a test printed twice, is refused") {
  const std::string run =
      "Benchmark Run: Fri Nov 27 2026 10:51:52 - 10:54:53\n"
      "2 CPUs in system; running 1 parallel copy of tests\n"
      "\n"
      "Pipe Throughput                             2198801.8 lps   (10.0 s, 1 samples)\n";
  CHECK(import_error(run + run) ==
        "x.log:6: error: a second run with 1 copy; one run per number of copies is imported");
  CHECK(import_error(run + "Pipe Throughput                             2198801.8 lps   (10.0 s, 1 samples)\n") ==
        "x.log:5: error: 'Pipe Throughput' is printed a second time");
  // A 1-copy run after a 2-copy one is labelled "(1 copy)".
  std::string two_first = run;
  two_first.replace(two_first.find("running 1 parallel copy"), 23, "running 2 parallel copies");
  std::string error;
  const auto r = rt::tools::unixbench::import_unixbench(two_first + run, "x.log", error);
  REQUIRE_MESSAGE(r.has_value(), error);
  REQUIRE(r->series.size() == 2);
  CHECK(r->series[0].label == "Pipe Throughput");
  CHECK(r->series[1].label == "Pipe Throughput (1 copy)");
  CHECK(r->reports.at(0).options.at("copies") == "2");
}

TEST_CASE("unixbench import: compare matches both runs' rows by label") {
  const rt::model::Result r = imported(two_runs);
  rt::analysis::CompareOptions options;
  const auto self = rt::analysis::compare_results({&r, &r}, {"A", "B"}, options);
  REQUIRE(self.rows.size() == 24 + 26);
  CHECK(self.rows[12].label == "Dhrystone 2 using register variables (2 copies)");
  CHECK(self.rows[12].figures[0].value == 81327410.6);
  CHECK(self.rows[12].figures[0].unit == "lps");
  for (const auto& row : self.rows) {
    CAPTURE(row.label);
    REQUIRE(row.ratios.size() == 1);
    CHECK(row.ratios[0].state == rt::analysis::RatioState::computed);
    CHECK(row.ratios[0].value == doctest::Approx(1.0).epsilon(1e-12));
  }
  CHECK(self.summary.at(0).used == 24);

  // Against a run of specs/unixbench.bench twice as fast: the same labels, every ratio 2.
  const rt::model::Result run = twice_as_fast_run(r);
  const auto c = rt::analysis::compare_results({&r, &run}, {"log", "run"}, options);
  std::size_t computed = 0;
  for (const auto& row : c.rows) {
    CAPTURE(row.label);
    if (row.ratios[0].state != rt::analysis::RatioState::computed) {
      // The per-test indices are the log's alone.
      CHECK(row.index);
      CHECK(row.figures[1].state == rt::analysis::CellState::missing);
      continue;
    }
    ++computed;
    CHECK(row.ratios[0].value == doctest::Approx(2.0).epsilon(1e-6));
  }
  CHECK(computed == 24 + 2);
  const std::string table = rt::report::format_comparison(c, options);
  // Rates scaled for people, by the row's largest (analysis::scaled_unit): 4301226.9 lps reads 4.301 M lps.
  CHECK(
      std::regex_search(table, std::regex("\nPipe Throughput \\(2 copies\\) +4\\.301 M lps +8\\.602 M lps +2\\.00\n")));
  CHECK(table.find("\nSystem Benchmarks Index Score (2 copies) (vs george)                   2814.4            5628.7  "
                   "   2.00\n") != std::string::npos);
}
