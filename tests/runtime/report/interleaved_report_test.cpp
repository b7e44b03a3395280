// The interleaved layout: each series of an `interleave` block against the first, from the rounds
// they ran side by side, with the ratio's paired interval and a verdict (golden files), and the
// same report again from the result file.
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/record/result_file.hpp"
#include "runtime/record/result_file_reader.hpp"
#include "runtime/report/report.hpp"
#include "tests/support/golden.hpp"

namespace rt = hwbench::runtime;
namespace model = rt::model;
namespace report = rt::report;

namespace {

/// The aggregate `name` of a recorded series.
double paired_aggregate(const model::ReportFigures& f, const std::string& name) {
  for (const auto& [n, v] : f.aggregates)
    if (n == name) return v;
  FAIL("no aggregate " << name);
  return 0;
}

/// A series of `label` with `per_round` samples of 1e6 operations at each of `rates` (ops/s), the
/// i-th rate in round i + 1.
model::Series paired_series(const std::string& label, const std::vector<double>& rates, int per_round = 2) {
  model::Series out;
  out.label = label;
  for (std::size_t i = 0; i < rates.size(); ++i)
    for (int k = 0; k < per_round; ++k) {
      model::Sample s;
      s.ops = s.units = 1'000'000;
      // Two samples a round, 0.5% either side of the round's rate: the round's mean is the rate.
      const double rate = rates[i] * (k == 0 ? 1.005 : 1 / 1.005);
      s.wall_ns = std::llround(1e6 / rate * 1e9);
      s.block = static_cast<std::uint32_t>(i + 1);
      out.samples.push_back(s);
    }
  return out;
}

/// A base drifting 40% over six rounds; one the same, one 3% faster, one half as fast, one with a
/// single round.
model::Result drifting_block() {
  model::Result r;
  const std::vector<double> base = {2.0e9, 2.2e9, 2.4e9, 2.6e9, 2.8e9, 2.7e9};
  auto scaled = [&](double f, const std::vector<double>& wobble) {
    std::vector<double> out;
    for (std::size_t i = 0; i < base.size(); ++i) out.push_back(base[i] * f * wobble[i]);
    return out;
  };
  r.series.push_back(paired_series("sha256 8k", base));
  r.series.push_back(paired_series("sha256 8k again", scaled(1, {1.004, 0.997, 1.002, 0.995, 1.003, 0.999})));
  r.series.push_back(paired_series("sha1 8k", scaled(1.03, {1.002, 0.999, 1.001, 0.998, 1.003, 0.997})));
  r.series.push_back(paired_series("sha512 8k", scaled(0.5, {1.01, 0.99, 1.0, 1.01, 0.99, 1.0})));
  r.series.push_back(paired_series("once", {2.1e9}));
  return r;
}

model::ReportSpec interleaved_spec(const model::Result& r) {
  model::ReportSpec spec;
  spec.style.layout = model::ReportLayout::interleaved;
  for (const auto& s : r.series) spec.series.push_back(s.label);
  return spec;
}

std::string render_paired(const model::Result& r, const model::ReportSpec& spec, report::Format format) {
  return report::render_interleaved_report(r, spec, format, 80).text;
}

}  // namespace

TEST_CASE("interleaved report: ratios to the first with paired intervals and verdicts (golden files)") {
  const model::Result r = drifting_block();
  const model::ReportSpec spec = interleaved_spec(r);
  const std::string text = render_paired(r, spec, report::Format::text);
  CHECK(text == hwbench::test::golden("interleaved.txt", text));
  const std::string csv = render_paired(r, spec, report::Format::csv);
  CHECK(csv == hwbench::test::golden("interleaved.csv.txt", csv));
  const std::string md = render_paired(r, spec, report::Format::markdown);
  CHECK(md == hwbench::test::golden("interleaved.md.txt", md));
}

TEST_CASE("interleaved report: the figures it records, and the options it takes") {
  const model::Result r = drifting_block();
  model::ReportSpec spec = interleaved_spec(r);
  const auto record = report::render_interleaved_report(r, spec, report::Format::text, 80);
  REQUIRE(record.figures.size() == 5);
  CHECK(paired_aggregate(record.figures[0], "ratio") == 1.0);
  CHECK(paired_aggregate(record.figures[1], "ratio_low") < 1.0);
  CHECK(paired_aggregate(record.figures[1], "ratio_high") > 1.0);
  CHECK(paired_aggregate(record.figures[2], "ratio") == doctest::Approx(1.03).epsilon(0.002));
  CHECK(paired_aggregate(record.figures[2], "ratio_low") > 1.02);
  CHECK(paired_aggregate(record.figures[3], "ratio") == doctest::Approx(0.5).epsilon(0.005));
  CHECK(paired_aggregate(record.figures[3], "rounds") == 6);
  CHECK(std::isnan(paired_aggregate(record.figures[4], "ratio_low")));
  // A minimum effect of 5% turns the 3% difference into one below it.
  spec.options["effect"] = "5%";
  spec.options["digits"] = "2";
  const std::string text = report::render_interleaved_report(r, spec, report::Format::text, 80).text;
  CHECK(text.find("sha1 8k: a difference of +3.0%") != std::string::npos);
  CHECK(text.find("below the 5% minimum effect") != std::string::npos);
  CHECK(text.find(" 1.03 ") != std::string::npos);
}

TEST_CASE("interleaved report: the result file keeps the layout and its series, and renders the same") {
  model::Result r = drifting_block();
  model::ReportSpec spec = interleaved_spec(r);
  spec.options["digits"] = "4";
  r.reports.push_back(spec);
  std::string error;
  const auto read = rt::record::parse_result(rt::record::result_text(r), "r.json", error);
  INFO(error);
  REQUIRE(read);
  const model::Result& back = *read;
  REQUIRE(back.reports.size() == 1);
  CHECK(back.reports[0].style.layout == model::ReportLayout::interleaved);
  CHECK(back.reports[0].series == spec.series);
  CHECK(back.reports[0].options == spec.options);
  CHECK(render_paired(back, back.reports[0], report::Format::text) == render_paired(r, spec, report::Format::text));
}
