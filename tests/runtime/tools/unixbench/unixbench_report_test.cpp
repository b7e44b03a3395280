// `report unixbench` and `hwbench import unixbench`: a 6.0 log of this machine and a 4.1 log come
// back line for line with every index recomputed, and a run renders in both layouts exactly.
#include "runtime/tools/unixbench/unixbench_report.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include <doctest/doctest.h>
#include <fmt/printf.h>

#include "runtime/analysis/indices.hpp"
#include "runtime/record/builtin_baselines.hpp"
#include "runtime/record/published.hpp"
#include "runtime/report/named_report.hpp"
#include "runtime/tools/tools.hpp"
#include "runtime/tools/unixbench/unixbench_import.hpp"
#include "tests/support/golden.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/timed_series.hpp"

namespace model = hwbench::runtime::model;

namespace {

/// From the 72-dash line on (the logo and system block are not reproduced), every line without
/// trailing white space, trailing empty lines dropped.
std::string comparable(const std::string& text) {
  const auto dashes = text.find(std::string(72, '-'));
  std::istringstream in(dashes == std::string::npos ? text : text.substr(dashes));
  std::string line, out;
  while (std::getline(in, line)) {
    line.erase(line.find_last_not_of(" \t\r") + 1);
    out += line + "\n";
  }
  while (out.size() >= 2 && out.compare(out.size() - 2, 2, "\n\n") == 0) out.pop_back();
  return out;
}

const std::string log_60 = hwbench::test::source_path("tests/golden/unixbench-6.0-this-machine.log");
const std::string log_41 = hwbench::test::source_path("tests/golden/unixbench-4.1-sample.log");

model::Result unixbench_imported(const std::string& path) {
  std::string error;
  auto r = hwbench::runtime::tools::unixbench::import_unixbench(hwbench::test::read_text(path), "unixbench.log", error);
  REQUIRE_MESSAGE(r.has_value(), error);
  return *r;
}

std::string unixbench_render(const model::Result& r) {
  return hwbench::runtime::tools::unixbench::render_unixbench_report(r, r.reports.at(0)).text;
}

/// The George baseline: built in once specs/baselines/unixbench.toml ships, else as the brief gives it.
model::Baseline george() {
  for (const auto& b : hwbench::runtime::record::builtin_baselines("unixbench"))
    if (b.name == "george") return b;
  model::Baseline b;
  b.name = "george";
  const std::vector<std::tuple<const char*, double, const char*>> figures = {
      {"Dhrystone 2 using register variables", 116700, "lps"},
      {"Double-Precision Whetstone", 55.0, "MWIPS"},
      {"Execl Throughput", 43.0, "lps"},
      {"File Copy 1024 bufsize 2000 maxblocks", 3960, "KiB/s"},
      {"File Copy 256 bufsize 500 maxblocks", 1655, "KiB/s"},
      {"File Copy 4096 bufsize 8000 maxblocks", 5800, "KiB/s"},
      {"Pipe Throughput", 12440, "lps"},
      {"Pipe-based Context Switching", 4000, "lps"},
      {"Process Creation", 126, "lps"},
      {"Shell Scripts (1 concurrent)", 42.4, "lpm"},
      {"Shell Scripts (8 concurrent)", 6, "lpm"},
      {"System Call Overhead", 15000, "lps"}};
  for (const auto& [label, value, unit] : figures) b.figures.emplace_back(label, model::Figure{value, unit});
  return b;
}

/// A series of `n` timed samples: sample i did `work(i)` (ops, or bytes for KiB/s) in `wall(i)` ns.
model::Series series(const std::string& label, int n, bool bytes, double base, double step, double seconds) {
  model::Series s;
  s.label = label;
  for (int i = 0; i < n; ++i) {
    model::Sample sample;
    sample.iteration = static_cast<std::uint32_t>(i + 1);
    // Out of order on purpose: the pass rule sorts.
    const int k = (i * 7) % n;
    const auto work = static_cast<std::uint64_t>(base + step * k);
    (bytes ? sample.bytes : sample.ops) = work;
    sample.wall_ns = static_cast<std::int64_t>(seconds * 1e9) + k * 1'000'000;
    s.add(sample, {"system", {}});
  }
  return s;
}

model::Result run() {
  model::Result r;
  r.started_utc = "2026-11-30T23:59:30Z";
  r.finished_utc = "2026-12-01T00:30:10Z";
  r.environment = nlohmann::json::parse(R"J({"cores": {"logical": 2}})J");
  // Not in UnixBench's order: the report sorts by label.
  r.series = {series("System Call Overhead", 10, false, 14.9e6, 1e5, 10),
              series("Dhrystone 2 using register variables", 10, false, 400e6, 1e6, 10),
              series("Double-Precision Whetstone", 10, false, 62.8e9, 1e8, 10),
              series("Execl Throughput", 3, false, 87700, 300, 29.7),
              series("File Copy 1024 bufsize 2000 maxblocks", 3, true, 47.7e9, 1e8, 30),
              series("File Copy 256 bufsize 500 maxblocks", 3, true, 12.1e9, 1e7, 30),
              series("File Copy 4096 bufsize 8000 maxblocks", 3, true, 120.5e9, 1e8, 30),
              series("Pipe Throughput", 10, false, 21.9e6, 1e4, 10),
              series("Pipe-based Context Switching", 10, false, 3.96e6, 1e3, 10),
              series("Process Creation", 3, false, 272000, 500, 30),
              series("Shell Scripts (1 concurrent)", 3, false, 4850, 3, 60),
              series("Shell Scripts (8 concurrent)", 3, false, 640, 2, 60),
              series("Recursion Test -- Tower of Hanoi", 3, false, 2.5e6, 1e3, 20),
              series("not a UnixBench test", 2, false, 10, 1, 1)};
  r.baselines = {george()};
  return r;
}

}  // namespace

TEST_CASE("unixbench import: the 6.0 log of this machine renders back line for line") {
  const model::Result r = unixbench_imported(log_60);
  CHECK(r.started_utc == "2026-11-27T10:51:52Z");
  CHECK(r.finished_utc == "2026-11-27T10:54:53Z");
  CHECK(r.environment["cores"]["logical"] == 2);
  REQUIRE(r.series.size() == 8);
  CHECK(r.series[3].label == "File Copy 1024 bufsize 2000 maxblocks");
  CHECK(r.series[3].samples.at(0).figure->unit == "KiB/s");
  CHECK(r.environment["unixbench"]["tests"]["Execl Throughput"]["time"] == 29.7);
  CHECK(comparable(unixbench_render(r)) == comparable(hwbench::test::read_text(log_60)));
}

TEST_CASE("unixbench import: every index is recomputed from the figures and matches the printed one") {
  const model::Result r = unixbench_imported(log_60);
  REQUIRE(r.indices.size() == 9);
  for (const auto& i : r.indices) {
    CAPTURE(i.spec.label);
    CHECK(i.spec.aggregate == "unixbench");
    REQUIRE(i.printed.has_value());
    CHECK(std::round(i.value * 10) / 10 == doctest::Approx(*i.printed).epsilon(1e-12));
  }
  CHECK(r.indices.back().spec.label == "System Benchmarks Index Score");
  CHECK(r.indices.back().spec.series.size() == 8);
  CHECK(r.indices.back().value == doctest::Approx(1385.04).epsilon(2e-5));
  // Nothing is copied from the log: a changed figure moves the score.
  model::Result changed = r;
  model::Sample doubled = changed.series[0].samples[0];
  doubled.figure->value *= 2;
  changed.series[0].samples.replace(0, doubled);
  hwbench::runtime::analysis::compute_indices(changed);
  CHECK(changed.indices.back().value == doctest::Approx(r.indices.back().value * std::pow(2.0, 1.0 / 8)));
  const double moved = r.indices.back().value * std::pow(2.0, 1.0 / 8);  // 1510.4
  CHECK(unixbench_render(changed).find(
            fmt::sprintf("%-66s %8.1f\n", "System Benchmarks Index Score (Partial Only)", moved)) != std::string::npos);
  CHECK(std::round(moved * 10) == 15104);
}

TEST_CASE("unixbench import: the 4.1 layout, FINAL SCORE over 11 tests with context1") {
  const model::Result r = unixbench_imported(log_41);
  REQUIRE(r.reports.at(0).options.at("layout") == "4.1");
  REQUIRE(r.series.size() == 11);
  CHECK(r.environment["unixbench"]["tests"]["Pipe Throughput"]["samples"] == 10);
  CHECK(r.indices.back().spec.label == "FINAL SCORE");
  CHECK(r.indices.back().value == doctest::Approx(902.12).epsilon(1e-5));
  CHECK(*r.indices.back().printed == 902.1);
  CHECK(comparable(unixbench_render(r)) == comparable(hwbench::test::read_text(log_41)));
}

TEST_CASE("unixbench import: registered, round-trips through published TOML, refuses bad logs") {
  REQUIRE(hwbench::runtime::tools::find_importer("unixbench") != nullptr);
  REQUIRE(hwbench::runtime::tools::find_named_style("unixbench") != nullptr);
  const model::Result r = unixbench_imported(log_60);
  std::string error;
  auto back = hwbench::runtime::record::parse_published(hwbench::runtime::record::write_published(r), "ub.toml", error);
  REQUIRE_MESSAGE(back.has_value(), error);
  hwbench::runtime::analysis::compute_indices(*back);
  CHECK(unixbench_render(*back) == unixbench_render(r));

  CHECK_FALSE(hwbench::runtime::tools::unixbench::import_unixbench("hello\n", "x.log", error).has_value());
  CHECK(error == "x.log: error: no UnixBench result lines");
  CHECK_FALSE(hwbench::runtime::tools::unixbench::import_unixbench(
                  "Benchmark Run: Fri Nov 27 2026 10:51:52 - 10:54:53\n"
                  "Pipe Throughput                             2198801.8 lpx   (10.0 s, 1 samples)\n"
                  "Pipe Throughput   2198801.8 lps   (10.0 s, 1 samples)\n"
                  "what is this\n",
                  "x.log", error)
                  .has_value());
  CHECK(error == "x.log:2: error: unknown unit 'lpx'\nx.log:4: error: unexpected line 'what is this'");
}

TEST_CASE("unixbench report: a run in the 5.x/6.0 layout, UnixBench's pass rule on every test") {
  const model::Result r = run();
  model::ReportSpec spec;
  spec.style = model::report_style_from_text("unixbench").value();
  const auto rendered = hwbench::runtime::tools::unixbench::render_unixbench_report(r, spec);
  CHECK(rendered.text == hwbench::test::golden("unixbench-run.txt", rendered.text));
  CHECK(rendered.text.find("System Benchmarks Index Values") != std::string::npos);
  CHECK(rendered.text.find("Partial") == std::string::npos);
  CHECK(rendered.text.find("not a UnixBench test") == std::string::npos);
  // Dhrystone: 10 samples, the lowest 3 dropped, the geometric mean of the other 7.
  double logs = 0, seconds = 0;
  for (int k = 3; k < 10; ++k) {
    const double wall = 10 + k * 1e-3;
    logs += std::log((400e6 + 1e6 * k) / wall);
    seconds += wall;
  }
  const auto& dhry = rendered.figures.at(0);
  CHECK(dhry.label == "Dhrystone 2 using register variables");
  CHECK(dhry.aggregates.at(0).second == doctest::Approx(std::exp(logs / 7)).epsilon(1e-12));
  CHECK(rendered.text.find(fmt::sprintf("%-40s %12.1f lps   (%.1f s, 7 samples)\n", dhry.label, std::exp(logs / 7),
                                        seconds / 7)) != std::string::npos);
  CHECK(
      rendered.text.find(
          "Benchmark Run: Mon Nov 30 2026 23:59:30 - 00:30:10\n2 CPUs in system; running 1 parallel copy of tests\n") !=
      std::string::npos);
}

TEST_CASE("unixbench report: the same run in the 4.1 layout, and the copies option") {
  model::Result r = run();
  model::ReportSpec spec;
  spec.style = model::report_style_from_text("unixbench").value();
  spec.options = {{"layout", "4.1"}};
  const auto text = hwbench::runtime::tools::unixbench::render_unixbench_report(r, spec).text;
  CHECK(text == hwbench::test::golden("unixbench-run-4.1.txt", text));
  CHECK(text.find("Shell Scripts (1 concurrent)                 42.4") == std::string::npos);  // not in 4.1's index
  spec.options = {{"copies", "4"}};
  r.environment["cores"]["logical"] = 1;
  r.series.erase(r.series.begin());  // System Call Overhead: partial
  const auto partial = hwbench::runtime::tools::unixbench::render_unixbench_report(r, spec).text;
  CHECK(partial.find("1 CPU in system; running 4 parallel copies of tests\n") != std::string::npos);
  CHECK(partial.find("System Benchmarks Partial Index              BASELINE       RESULT    INDEX\n") !=
        std::string::npos);
  CHECK(partial.find("System Benchmarks Index Score (Partial Only)") != std::string::npos);
}

TEST_CASE("unixbench report: copies suffixes split the labels and nothing else") {
  using hwbench::runtime::tools::unixbench::unixbench_copies_label;
  CHECK(unixbench_copies_label("Pipe Throughput (2 copies)") ==
        std::pair<std::string, long long>{"Pipe Throughput", 2});
  CHECK(unixbench_copies_label("Pipe Throughput (1 copy)") == std::pair<std::string, long long>{"Pipe Throughput", 1});
  CHECK(unixbench_copies_label("Shell Scripts (8 concurrent) (16 copies)") ==
        std::pair<std::string, long long>{"Shell Scripts (8 concurrent)", 16});
  CHECK(unixbench_copies_label("Shell Scripts (8 concurrent)") ==
        std::pair<std::string, long long>{"Shell Scripts (8 concurrent)", 0});
  CHECK(unixbench_copies_label("Pipe Throughput (0 copies)").second == 0);
  CHECK(unixbench_copies_label("Pipe Throughput (two copies)").second == 0);
  CHECK(unixbench_copies_label("(2 copies)").second == 0);
}

TEST_CASE("unixbench report: a 1-copy and a 2-copy pass print two blocks, each with its own index") {
  model::Result r = run();
  // The N-copy pass: the same tests labelled "(2 copies)", about twice the work, and the time
  // each pass took; the 1-copy pass ran before it.
  std::int64_t clock = 1'796'083'200'000'000'000;  // 2026-12-01T00:00:00Z
  for (auto& s : r.series) {
    if (s.label == "not a UnixBench test") continue;
    for (std::size_t i = 0; i < s.samples.size(); ++i) {
      model::Sample sample = s.samples[i];
      sample.start_unix_ns = clock;
      clock += sample.wall_ns + 3'000'000'000;
      s.samples.replace(i, sample);
    }
  }
  const std::size_t one_copy = r.series.size();
  for (std::size_t i = 0; i < one_copy; ++i) {
    if (r.series[i].label == "Recursion Test -- Tower of Hanoi" || r.series[i].label == "not a UnixBench test")
      continue;
    model::Series two = r.series[i];
    two.label += " (2 copies)";
    for (std::size_t j = 0; j < two.samples.size(); ++j) {
      model::Sample sample = two.samples[j];
      (sample.bytes != 0 ? sample.bytes : sample.ops) *= 2;
      sample.start_unix_ns = clock;
      clock += sample.wall_ns + 3'000'000'000;
      two.samples.replace(j, sample);
    }
    r.series.push_back(two);
  }
  // The N-copy pass without System Call Overhead: its block alone is partial.
  r.series.erase(std::find_if(r.series.begin(), r.series.end(),
                              [](const auto& s) { return s.label == "System Call Overhead (2 copies)"; }));
  model::ReportSpec spec;
  spec.style = model::report_style_from_text("unixbench").value();
  const auto rendered = hwbench::runtime::tools::unixbench::render_unixbench_report(r, spec);
  CHECK(rendered.text == hwbench::test::golden("unixbench-run-2-copies.txt", rendered.text));

  const auto report = hwbench::runtime::tools::unixbench::build_unixbench_report(r, spec);
  REQUIRE(report.blocks.size() == 2);
  CHECK(report.blocks[0].copies == 1);
  CHECK(report.blocks[1].copies == 2);
  CHECK_FALSE(report.blocks[0].partial);
  CHECK(report.blocks[1].partial);
  CHECK(report.blocks[0].rows.size() == 13);
  CHECK(report.blocks[1].rows.size() == 11);
  CHECK(report.blocks[1].rows.at(0).label == "Dhrystone 2 using register variables");
  CHECK(report.blocks[1].rows.at(0).series == "Dhrystone 2 using register variables (2 copies)");
  // Twice the work in every kept pass: twice the figure; the 11 tests' index is twice theirs in block 1.
  CHECK(report.blocks[1].rows.at(0).figure == doctest::Approx(2 * report.blocks[0].rows.at(0).figure).epsilon(1e-6));
  double logs = 0;
  for (const auto& row : report.blocks[0].rows)
    if (row.baseline && row.label != "System Call Overhead") logs += std::log(row.figure / *row.baseline);
  CHECK(report.blocks[1].score == doctest::Approx(20 * std::exp(logs / 11)).epsilon(1e-6));
  // Each block's span comes from its own samples.
  CHECK(report.blocks[0].run_line.rfind("Tue Dec 01 2026 00:00:00 - ", 0) == 0);
  CHECK(report.blocks[1].run_line.rfind("Tue Dec 01 2026 00:00:00", 0) != 0);
  CHECK(rendered.text.find("2 CPUs in system; running 1 parallel copy of tests\n") != std::string::npos);
  CHECK(rendered.text.find("System Benchmarks Index Score                                        ") !=
        std::string::npos);
  CHECK(rendered.text.find(
            "\n\n------------------------------------------------------------------------\nBenchmark Run: ") !=
        std::string::npos);
  CHECK(rendered.text.find("2 CPUs in system; running 2 parallel copies of tests\n") != std::string::npos);
  CHECK(rendered.text.find("System Benchmarks Index Score (Partial Only)") != std::string::npos);
  // The figures keep the series labels, so the two passes stay apart.
  CHECK(rendered.figures.size() == 24);
  CHECK(rendered.figures.at(13).label == "Dhrystone 2 using register variables (2 copies)");
}

TEST_CASE("unixbench report: passes are dropped by their raw count, not their rate") {
  // Execl: the fewest loops (89000) came in the shortest time, so that pass has the highest rate.
  // UnixBench sorts by the count and drops it; the rate of the other two is what it reports.
  model::Result r;
  r.baselines = {george()};
  const model::Series execl = hwbench::test::timed_series("Execl Throughput", {90000, 89000, 89500},
                                                          {30'500'000'000, 29'000'000'000, 29'800'000'000});
  r.series = {execl};
  model::ReportSpec spec;
  spec.style = model::report_style_from_text("unixbench").value();
  const auto rendered = hwbench::runtime::tools::unixbench::render_unixbench_report(r, spec);
  const double figure = std::sqrt(90000 / 30.5 * (89500 / 29.8));
  CHECK(rendered.figures.at(0).aggregates.at(0).second == doctest::Approx(figure).epsilon(1e-12));
  CHECK(rendered.text.find(fmt::sprintf("%-40s %12.1f lps   (%.1f s, 2 samples)\n", "Execl Throughput", figure,
                                        (30.5 + 29.8) / 2)) != std::string::npos);
}
