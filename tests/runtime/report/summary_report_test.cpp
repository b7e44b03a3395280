// `report summary`, sections and the width of a whole recipe's reports: the summary against
// golden files, the headings and the series each section's reports see, and no generic line
// past 80 columns however many series and sections a result has.
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "base/support/text_columns.hpp"
#include "runtime/pipeline/render.hpp"
#include "runtime/record/result_file.hpp"
#include "runtime/record/result_file_reader.hpp"
#include "runtime/report/report.hpp"
#include "tests/support/golden.hpp"

namespace rt = hwbench::runtime;
namespace model = rt::model;
namespace report = rt::report;

namespace {

/// A sample of `bytes` bytes (or, with `ops`, operations) done at `rate` per second.
model::Sample at_rate(std::uint64_t amount, double rate, bool ops) {
  model::Sample s;
  (ops ? s.ops : s.bytes) = amount;
  s.units = amount;
  s.wall_ns = std::llround(static_cast<double>(amount) / rate * 1e9);
  return s;
}

/// A series of `label` whose samples ran at `rates` (bytes per second, or ops per second with `ops`).
model::Series series(const std::string& label, const std::vector<double>& rates, bool ops = false) {
  model::Series out;
  out.label = label;
  for (double r : rates) out.samples.push_back(at_rate(ops ? 1'000'000 : 100'000'000, r, ops));
  return out;
}

/// A published series: one figure per sample, in `unit`.
model::Series published(const std::string& label, const std::vector<double>& figures, const std::string& unit) {
  model::Series out;
  out.label = label;
  for (double f : figures) {
    model::Sample s;
    s.figure = rt::model::Figure{f, unit};
    out.samples.push_back(s);
  }
  return out;
}

/// Bytes, operations, a published figure, one sample, none, a long label, a series short of its target.
model::Result mixed() {
  model::Result r;
  r.series.push_back(series("read 10MB", {63.4e6, 74.1e6, 71.5e6, 70.5e6}));
  r.series.push_back(series("NUMERIC SORT", {1520.5, 1498.0, 1510.25}, /*ops=*/true));
  r.series.push_back(published("dhrystone 2", {27'392'014.5, 27'100'000}, "lps"));
  r.series.push_back(series("write 1GB", {450e6}));
  model::Series idle;
  idle.label = "idle";
  r.series.push_back(idle);
  r.series.push_back(
      series("xbench random read 4KiB from a file much larger than any page cache", {12.5e6, 13e6, 12.75e6}));
  model::Series sorting = series("IDEA", {100, 130, 90, 125, 80}, /*ops=*/true);
  sorting.converged = false;
  sorting.ci_target_pct = 5;
  r.series.push_back(sorting);
  return r;
}

/// `samples` two to a block: blocks 1, 1, 2, 2, 3, 3 …
model::Samples in_blocks_of_two(const model::Samples& samples) {
  model::Samples blocked;
  std::uint32_t i = 0;
  for (model::Sample sample : samples) {
    sample.block = i++ / 2 + 1;
    blocked.push_back(sample);
  }
  return blocked;
}

std::string summary(const model::Result& r, report::Format format, std::size_t width = rt::report::kDefaultWidth) {
  std::ostringstream out;
  rt::report::render_summary(rt::report::build_summary(r), format, out, width);
  return out.str();
}

model::ReportSpec spec_of(rt::model::ReportLayout layout, std::string unit, std::vector<std::string> aggregates,
                          std::string section = {}, std::vector<std::string> labels = {}) {
  model::ReportSpec s;
  s.style.layout = layout;
  s.unit = std::move(unit);
  s.aggregates = std::move(aggregates);
  s.section = std::move(section);
  s.series = std::move(labels);
  return s;
}

std::string render_all(const model::Result& r, report::Format format, std::size_t width = rt::report::kDefaultWidth) {
  std::ostringstream out;
  rt::pipeline::render_all(r, format, width, out, nullptr);
  return out.str();
}

/// The lines of `text` wider than `width` columns, each with its width.
std::string lines_wider_than(const std::string& text, std::size_t width) {
  std::istringstream in(text);
  std::string line, wide;
  while (std::getline(in, line))
    if (const auto w = hwbench::support::display_width(line); w > width) wide += std::to_string(w) + ": " + line + "\n";
  return wide;
}

}  // namespace

TEST_CASE("summary: one line per series in its natural unit (golden files)") {
  const model::Result r = mixed();
  CHECK(summary(r, report::Format::text) == hwbench::test::golden("summary.txt", summary(r, report::Format::text)));
  CHECK(summary(r, report::Format::markdown) ==
        hwbench::test::golden("summary.md.txt", summary(r, report::Format::markdown)));
  CHECK(summary(r, report::Format::csv) == hwbench::test::golden("summary.csv.txt", summary(r, report::Format::csv)));
}

TEST_CASE("summary: samples in blocks: their count, the block means' interval and unstable series (golden files)") {
  model::Result r;
  // Three blocks of two samples each: one series steady, one whose blocks drift 10% apart.
  model::Series steady = series("steady", {100e6, 102e6, 102e6, 100e6, 101e6, 101e6});
  model::Series drifting = series("drifting", {100e6, 101e6, 110e6, 111e6, 120e6, 121e6});
  for (model::Series* s : {&steady, &drifting}) s->samples = in_blocks_of_two(s->samples);
  r.series = {steady, drifting, series("back to back", {50e6, 51e6})};
  const auto rows = rt::report::build_summary(r);
  CHECK(rows[0].interval.estimate == rt::analysis::IntervalEstimate::samples);
  CHECK_FALSE(rows[0].interval.unstable);
  CHECK(rows[1].interval.estimate == rt::analysis::IntervalEstimate::blocks);
  CHECK(rows[1].interval.unstable);
  CHECK(rows[1].ci95 ==
        doctest::Approx(4.302653 * 10 / std::sqrt(3.0) * 1).epsilon(1e-4));  // MB/s: block means 100.5, 110.5, 120.5
  CHECK(summary(r, report::Format::text) ==
        hwbench::test::golden("summary-blocks.txt", summary(r, report::Format::text)));
  CHECK(summary(r, report::Format::csv) ==
        hwbench::test::golden("summary-blocks.csv.txt", summary(r, report::Format::csv)));
}

TEST_CASE("summary: the run's drift widens the series whose own samples saw less of it (golden file)") {
  model::Result r;
  // Two series in three blocks, one of them drifting 10% block to block; one back to back.
  model::Series steady = series("steady", {100e6, 102e6, 102e6, 100e6, 101e6, 101e6});
  model::Series drifting = series("drifting", {100e6, 101e6, 110e6, 111e6, 120e6, 121e6});
  for (model::Series* s : {&steady, &drifting}) s->samples = in_blocks_of_two(s->samples);
  // The run judged both `until ci` targets met; the drift widens "steady" past its 5%.
  steady.ci_target_pct = 5;
  model::Series loose = series("back to back", {50e6, 51e6, 50.5e6});
  loose.ci_target_pct = 20;
  r.series = {steady, drifting, loose};
  const rt::analysis::RunDrift drift = rt::analysis::run_drift(r);
  // Block means 100.5, 110.5, 120.5 around 110.5: ±9.05%; the steady blocks add 0; df 2 + 2.
  CHECK(drift.df == 4);
  CHECK(drift.sd == doctest::Approx(std::sqrt(2 * std::pow(10 / 110.5, 2) / 4)));
  const auto rows = rt::report::build_summary(r, drift);
  CHECK(rows[0].interval.estimate == rt::analysis::IntervalEstimate::run);
  CHECK(rows[0].ci95 == doctest::Approx(2.776445 * drift.sd * 101 / std::sqrt(3.0)).epsilon(1e-5));
  CHECK(rows[1].interval.estimate == rt::analysis::IntervalEstimate::blocks);
  CHECK(rows[2].interval.estimate == rt::analysis::IntervalEstimate::run);
  CHECK(rows[2].ci95 == doctest::Approx(2.776445 * drift.sd * 50.5).epsilon(1e-5));
  CHECK_FALSE(rows[0].converged);  // ±10.3% against its 5%
  CHECK(rows[1].converged);        // no target
  CHECK(rows[2].converged);        // ±17.8% within its 20%
  std::ostringstream text;
  rt::report::render_summary(rows, report::Format::text, text, rt::report::kDefaultWidth);
  CHECK(text.str() == hwbench::test::golden("summary-drift.txt", text.str()));
  std::ostringstream csv;
  rt::report::render_summary(rows, report::Format::csv, csv, rt::report::kDefaultWidth);
  CHECK(csv.str().find("\nback to back,3,50.5,MB/s,") != std::string::npos);
  CHECK(csv.str().find(",,run,\n") != std::string::npos);  // no blocks of its own, its CI from the run
}

TEST_CASE("summary: figures in each series' unit at full precision, the CI as a share of the mean") {
  const auto rows = rt::report::build_summary(mixed());
  REQUIRE(rows.size() == 7);
  CHECK(rows[0].unit == "MB/s");
  CHECK(rows[0].mean == doctest::Approx((63.4 + 74.1 + 71.5 + 70.5) / 4));
  CHECK(rows[1].unit == "ops/s");
  CHECK(rows[1].median == doctest::Approx(1510.25));
  CHECK(rows[2].unit == "lps");
  CHECK(rows[2].mean == doctest::Approx(27'246'007.25));
  CHECK(std::isnan(rows[3].ci95));  // one sample: no interval
  CHECK(rows[4].values.empty());
  CHECK(std::isnan(rows[4].mean));
  CHECK_FALSE(rows[6].converged);
}

TEST_CASE("summary: labels are cut to the width, never the table, no width, no cut") {
  const model::Result r = mixed();
  CHECK(lines_wider_than(summary(r, report::Format::text, 60), 60).empty());
  CHECK(summary(r, report::Format::text, 60).find("xbench random read 4KiB from a file much larger") ==
        std::string::npos);
  CHECK(
      summary(r, report::Format::text, 0).find("xbench random read 4KiB from a file much larger than any page cache") !=
      std::string::npos);
  CHECK(summary(r, report::Format::markdown, 60).find("much larger than any page cache") != std::string::npos);
}

TEST_CASE("sections: each section's first report under its heading, covering the section's series") {
  model::Result r;
  r.series.push_back(series("read 10MB", {70e6, 72e6}));
  r.series.push_back(series("write 10MB", {100e6, 110e6}));
  r.series.push_back(series("NUMERIC SORT", {1500, 1510}, /*ops=*/true));
  using rt::model::ReportLayout;
  r.reports = {spec_of(ReportLayout::summary, "", {}),
               spec_of(ReportLayout::lines, "MB/s", {"mean"}, "Files", {"read 10MB"}),
               spec_of(ReportLayout::lines, "MB/s", {"median"}, "Files", {"read 10MB", "write 10MB"}),
               spec_of(ReportLayout::lines, "ops/s", {"mean"}, "CPU", {"NUMERIC SORT"})};
  const std::string text = render_all(r, report::Format::text);
  CHECK(text == hwbench::test::golden("sections.txt", text));
  CHECK(text.find("== Files ==\n\nseries     n  mean MB/s\nread 10MB  2       71.0\n\n") != std::string::npos);
  CHECK(text.find("== Files ==", text.find("== Files ==") + 1) == std::string::npos);  // once per section
  CHECK(text.find("== CPU ==\n\nseries        n  mean ops/s\nNUMERIC SORT  2      1505.0\n") != std::string::npos);
  const std::string md = render_all(r, report::Format::markdown);
  CHECK(md.find("## Files\n\n|") != std::string::npos);
  CHECK(md.find("## CPU\n\n|") != std::string::npos);
  const std::string csv = render_all(r, report::Format::csv);
  CHECK(csv.find("Files") == std::string::npos);
  CHECK(csv.find("CPU") == std::string::npos);
}

TEST_CASE("default reports: a result that declares none shows every series, a table per measure") {
  model::Result r = mixed();
  r.series.push_back(published("latency", {3, 3.5}, "ms"));
  const auto specs = rt::pipeline::report_specs(r);
  REQUIRE(specs.size() == 3);
  CHECK(specs[0].unit == "MB/s");
  // The series with nothing to show joins the first table.
  CHECK(specs[0].series ==
        std::vector<std::string>{"read 10MB", "write 1GB",
                                 "xbench random read 4KiB from a file much larger than any page cache", "idle"});
  CHECK(specs[1].unit == "ops/s");
  CHECK(specs[1].series == std::vector<std::string>{"NUMERIC SORT", "dhrystone 2", "IDEA"});
  CHECK(specs[2].unit == "ms");
  CHECK(specs[2].series == std::vector<std::string>{"latency"});
  const std::string text = render_all(r, report::Format::text);
  CHECK(text == hwbench::test::golden("default-reports.txt", text));
  CHECK(text.find("series   n  mean ms  median ms  stdev ms  min ms  max ms\nlatency  2     3.25") !=
        std::string::npos);
  // One measure: one table of every series, as before.
  model::Result bytes;
  bytes.series = {r.series[0], r.series[3], r.series[4]};
  const auto one = rt::pipeline::report_specs(bytes);
  REQUIRE(one.size() == 1);
  CHECK(one[0].unit == "MB/s");
  CHECK(one[0].series.empty());
}

TEST_CASE("sections: the result file keeps a report's section and series, and a summary's units") {
  model::Result r = mixed();
  using rt::model::ReportLayout;
  r.reports = {spec_of(ReportLayout::summary, "", {}),
               spec_of(ReportLayout::lines, "MB/s", {"mean"}, "Files", {"read 10MB", "write 1GB"})};
  std::ostringstream ignored;
  rt::pipeline::render_all(r, report::Format::text, 80, ignored, &r.rendered);
  std::string error;
  const auto back = rt::record::result_from_json(rt::record::to_json(r), error);
  REQUIRE_MESSAGE(back, error);
  REQUIRE(back->reports.size() == 2);
  CHECK(back->reports[0].style.layout == ReportLayout::summary);
  CHECK(back->reports[0].section.empty());
  CHECK(back->reports[1].section == "Files");
  CHECK(back->reports[1].series == std::vector<std::string>{"read 10MB", "write 1GB"});
  REQUIRE(back->rendered.size() == 2);
  CHECK(back->rendered[1].figures.size() == 2);
  REQUIRE(back->rendered[0].figures.size() == 7);
  CHECK(back->rendered[0].figures[1].unit == "ops/s");
  REQUIRE(back->rendered[0].figures[0].aggregates.size() == 3);
  // A file from before sections: no `section` key, a report covering every series.
  nlohmann::json old = rt::record::to_json(r);
  old["reports"][1].erase("section");
  old["reports"][1].erase("series");
  const auto older = rt::record::result_from_json(old, error);
  REQUIRE_MESSAGE(older, error);
  CHECK(older->reports[1].section.empty());
  CHECK(older->reports[1].series.empty());
}

TEST_CASE("width: a result with many series and sections prints no generic line past 80 columns") {
  model::Result r;
  using rt::model::ReportLayout;
  std::vector<std::string> files, cpu;
  for (int size : {10, 100, 1000}) {
    for (const char* what : {"read", "write", "copy through the RAM disk and back to the disk"}) {
      const std::string label = std::string(what) + " " + std::to_string(size) + "MB";
      r.series.push_back(series(label, {60e6 + size, 70.25e6, 123456789.5, 99e6}));
      files.push_back(label);
    }
  }
  for (const char* name : {"NUMERIC SORT", "STRING SORT", "BITFIELD", "FP EMULATION", "FOURIER", "ASSIGNMENT", "IDEA",
                           "HUFFMAN", "NEURAL NET", "LU DECOMPOSITION"}) {
    r.series.push_back(series(name, {1234567.5, 1200000, 1250000.25}, /*ops=*/true));
    cpu.push_back(name);
  }
  r.reports = {spec_of(ReportLayout::summary, "", {}),
               spec_of(ReportLayout::table, "MB/s", {"mean", "median"}, "Files", files),
               spec_of(ReportLayout::lines, "MB/s", {"mean", "median", "stdev", "min", "max", "ci95"}, "Files", files),
               spec_of(ReportLayout::summary, "", {}, "CPU", cpu),
               spec_of(ReportLayout::table, "ops/s", {"mean"}, "CPU", cpu),
               spec_of(ReportLayout::lines, "ops/s", {"mean", "median", "stdev", "cv", "min", "max"}, "CPU", cpu)};
  const std::string text = render_all(r, report::Format::text, 80);
  CHECK(lines_wider_than(text, 80) == "");
  // Every report was printed: the blocks of the wide tables, both headings, every series.
  CHECK(text.find("== Files ==") != std::string::npos);
  CHECK(text.find("== CPU ==") != std::string::npos);
  for (const auto& s : r.series) CHECK_MESSAGE(text.find(s.label.substr(0, 20)) != std::string::npos, s.label);
}
