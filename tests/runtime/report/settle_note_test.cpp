// The line that says what `settle` did: after the reports and the conditions verdict, in text and
// Markdown, only for results that have it.
#include "runtime/report/settle_note.hpp"

#include <sstream>

#include <doctest/doctest.h>

#include "runtime/cli/cli.hpp"
#include "runtime/record/result_file.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

namespace rt = hwbench::runtime;
namespace model = hwbench::runtime::model;
namespace report = rt::report;

/// Probes of 64 MiB at these rates (MB/s), a second apart.
model::SettleRecord probes_at(std::vector<double> mb_per_s, model::SettleOutcome outcome) {
  model::SettleRecord r;
  r.mode = model::SettleMode::until_stable;
  r.seconds = 30;
  r.file = "/work/hwbench-disk/quick_1GB";
  r.outcome = outcome;
  for (std::size_t i = 0; i < mb_per_s.size(); ++i) {
    const std::uint64_t bytes = 64ull << 20;
    r.probes.push_back({i * bytes, bytes,
                        static_cast<std::int64_t>(static_cast<double>(bytes) / (mb_per_s[i] * 1e6) * 1e9),
                        static_cast<std::int64_t>(i) * 1'000'000'000});
  }
  r.took_ns = static_cast<std::int64_t>(mb_per_s.size()) * 1'000'000'000 - 400'000'000;
  return r;
}

/// `hwbench report FILE --format F`'s standard output.
std::string settle_report_of(const std::string& file, const std::string& format) {
  std::ostringstream out, err;
  const int code = rt::cli::run_cli({"hwbench", "report", file, "--format", format}, out, err);
  INFO(err.str());
  CHECK(code == 0);
  return out.str();
}

}  // namespace

TEST_CASE("settle note: probes, their rates and how it ended") {
  CHECK(report::settle_line(probes_at({402, 1210, 1190, 1195}, model::SettleOutcome::stable)) ==
        "settled: 4 probes of quick_1GB in 3.6 s, 402.0 → 1210.0 → 1190.0 → 1195.0 MB/s, stable");
  CHECK(report::settle_line(probes_at({100, 200, 300, 400, 500, 600, 700}, model::SettleOutcome::not_stable)) ==
        "settled: 7 probes of quick_1GB in 6.6 s, 100.0 → … → 500.0 → 600.0 → 700.0 MB/s, not stable within 30.0 s");
  CHECK(report::settle_line(probes_at({8.5}, model::SettleOutcome::interrupted)) ==
        "settled: 1 probe of quick_1GB in 0.6 s, 8.50 MB/s, interrupted");
  model::SettleRecord wait{model::SettleMode::wait, 60, "", 60'000'400'000, model::SettleOutcome::waited, {}};
  CHECK(report::settle_line(wait) == "settled: waited 60.0 s");
  wait.outcome = model::SettleOutcome::interrupted;
  wait.took_ns = 12'340'000'000;
  CHECK(report::settle_line(wait) == "settled: waited 12.3 s of 60.0 s, interrupted");
}

TEST_CASE("settle note: the last line of hwbench report in text and Markdown, none in CSV or without settle") {
  hwbench::test::TempDir dir;
  model::Result r;
  model::Series s;
  s.label = "read";
  model::Sample sample;
  sample.iteration = 1;
  sample.bytes = 1'000'000;
  sample.wall_ns = 10'000'000;
  model::ParamSet read;
  read.kernel = "read";
  s.add(sample, read);
  r.series.push_back(s);
  model::ReportSpec spec;
  spec.unit = "MB/s";
  spec.aggregates = {"mean"};
  r.reports.push_back(spec);
  std::string error;
  REQUIRE(rt::record::save_result(r, dir / "plain.json", error));
  r.settle = probes_at({402, 1210, 1190, 1195}, model::SettleOutcome::stable);
  REQUIRE(rt::record::save_result(r, dir / "settled.json", error));
  const std::string table = settle_report_of(dir / "plain.json", "text");
  CHECK(table == "series  n  mean MB/s\nread    1      100.0\n");
  const std::string note = "settled: 4 probes of quick_1GB in 3.6 s, 402.0 → 1210.0 → 1190.0 → 1195.0 MB/s, stable\n";
  // In text the line keeps within the report width (80 here: not a terminal); Markdown keeps it whole.
  CHECK(settle_report_of(dir / "settled.json", "text") ==
        table + "\nsettled: 4 probes of quick_1GB in 3.6 s, 402.0 → 1210.0 → 1190.0 → 1195.0 MB/s,\n  stable\n");
  const std::string markdown = settle_report_of(dir / "settled.json", "md");
  CHECK(markdown.substr(markdown.size() - note.size() - 2) == "\n\n" + note);
  CHECK(settle_report_of(dir / "settled.json", "csv") == settle_report_of(dir / "plain.json", "csv"));
}
