// The verdict at the end of `hwbench report`: after every report, in text and Markdown, only for
// results that have conditions.
#include <sstream>

#include <doctest/doctest.h>

#include "runtime/cli/cli.hpp"
#include "runtime/record/result_file.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

namespace rt = hwbench::runtime;

/// `hwbench report FILE [--format F]`'s standard output.
std::string report_of(const std::string& file, const std::string& format = "text") {
  std::ostringstream out, err;
  const int code = rt::cli::run_cli({"hwbench", "report", file, "--format", format}, out, err);
  INFO(err.str());
  CHECK(code == 0);
  return out.str();
}

/// A run of one series of three 1 MB copies at 100 MB/s, reported in MB/s.
rt::model::Result small_run() {
  rt::model::Result r;
  rt::model::Series s;
  s.label = "STRING SORT";
  rt::model::ParamSet cp;
  cp.kernel = "cp";
  for (std::uint32_t i = 1; i <= 3; ++i) {
    rt::model::Sample sample;
    sample.iteration = i;
    sample.bytes = 1'000'000;
    sample.wall_ns = 10'000'000;
    s.add(sample, cp);
  }
  r.series.push_back(s);
  rt::model::ReportSpec spec;
  spec.unit = "MB/s";
  spec.aggregates = {"mean"};
  r.reports.push_back(spec);
  return r;
}

/// Conditions where the hypervisor took 12% of the CPUs' time during 'STRING SORT'.
rt::model::RunConditions stolen() {
  hwbench::platform::ConditionsSnapshot start;
  start.cpus = 2;
  start.cpu_ticks = 10'000;
  start.steal_ticks = 0;
  start.load1 = 0.5;
  hwbench::platform::ConditionsSnapshot end = start;
  end.time_ns = 10'000'000'000;
  end.cpu_ticks = 12'000;
  end.steal_ticks = 240;
  return {start, end, {{"STRING SORT", 1, start, end}}};
}

}  // namespace

TEST_CASE("verdict: the last line of a run's text and Markdown reports, not of CSV, none without conditions") {
  hwbench::test::TempDir dir;
  rt::model::Result with = small_run();
  with.conditions = stolen();
  std::string error;
  REQUIRE(rt::record::save_result(with, dir / "with.json", error));
  REQUIRE(rt::record::save_result(small_run(), dir / "without.json", error));
  const std::string table =
      "series       n  mean MB/s\n"
      "STRING SORT  3      100.0\n";
  CHECK(report_of(dir / "with.json") == table + "\nconditions: steal 12% of CPU time during 'STRING SORT'\n");
  CHECK(report_of(dir / "without.json") == table);
  const std::string markdown = report_of(dir / "with.json", "md");
  CHECK(markdown.substr(markdown.rfind("\n\n")) == "\n\nconditions: steal 12% of CPU time during 'STRING SORT'\n");
  CHECK(report_of(dir / "with.json", "csv").find("conditions") == std::string::npos);
}

TEST_CASE("verdict: after a named style's layout, which stays byte for byte as it was") {
  hwbench::test::TempDir dir;
  rt::model::Result r = small_run();
  r.reports.front().style = rt::model::report_style_from_text("nbench").value();
  std::string error;
  REQUIRE(rt::record::save_result(r, dir / "plain.json", error));
  r.conditions = stolen();
  r.conditions->windows.clear();
  r.conditions->before.load1 = 2.3;
  REQUIRE(rt::record::save_result(r, dir / "loaded.json", error));
  const std::string layout = report_of(dir / "plain.json");
  CHECK(report_of(dir / "loaded.json") ==
        layout + "\nconditions: steal 12% of CPU time during the run; load 2.3 on 2 CPUs before the\n  run\n");
}

TEST_CASE("verdict: wrapped to the width in text, one line in Markdown") {
  hwbench::test::TempDir dir;
  rt::model::Result r = small_run();
  r.conditions = stolen();
  r.conditions->windows.clear();
  r.conditions->before.load1 = 2.3;
  std::string error;
  REQUIRE(rt::record::save_result(r, dir / "loaded.json", error));
  std::ostringstream text, md, err;
  REQUIRE(rt::cli::run_cli({"hwbench", "report", dir / "loaded.json", "--width", "40"}, text, err) == 0);
  CHECK(text.str().substr(text.str().find("conditions:")) ==
        "conditions: steal 12% of CPU time during\n"
        "  the run; load 2.3 on 2 CPUs before the\n"
        "  run\n");
  REQUIRE(rt::cli::run_cli({"hwbench", "report", dir / "loaded.json", "--format", "md", "--width", "40"}, md, err) ==
          0);
  CHECK(md.str().find("conditions: steal 12% of CPU time during the run; load 2.3 on 2 CPUs before the run\n") !=
        std::string::npos);
}
