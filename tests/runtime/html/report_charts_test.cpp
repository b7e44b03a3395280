// The charts of a result's page, drawn from a report's figures: histograms of long series whose
// samples are not all finite, and the 95% interval of a report that printed none.
#include "runtime/html/report_charts.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/report/report.hpp"
#include "tests/support/html_tools.hpp"

namespace rt = hwbench::runtime;
namespace test = hwbench::test;

namespace {

// A `report MB/s mean` of one series labelled `label` with `values`.
rt::model::RenderedReport report_of(const std::string& label, const std::vector<double>& values) {
  rt::model::RenderedReport report;
  report.spec.unit = "MB/s";
  report.spec.aggregates = {"mean"};
  report.figures.push_back(rt::model::ReportFigures{label, values, {}, true, ""});
  return report;
}

}  // namespace

TEST_CASE("html charts: a long series' inf and nan samples are left out of its histogram, and said so") {
  constexpr double inf = std::numeric_limits<double>::infinity();
  for (const double odd : {inf, std::nan("")}) {
    // nan first: the histogram's range once began at it.
    std::vector<double> values(rt::html::histogram_past, 100);
    values.push_back(120);
    values.insert(values.begin(), odd);
    INFO("odd sample: " << odd);
    const auto charts = rt::html::report_charts({}, report_of("copy", values), {});
    REQUIRE(charts.size() == 1);
    CHECK(charts[0].caption ==
          "Samples in MB/s: a histogram where a series has more than 2000, points elsewhere; inf or nan, in no bin: "
          "1 of copy");
    CHECK(test::sum_of_attribute(charts[0].svg, "data-count") == rt::html::histogram_past + 1);
  }
  // Every sample finite: no such words.
  const auto finite = rt::html::report_charts({}, report_of("copy", std::vector<double>(2001, 100)), {});
  CHECK(finite.at(0).caption == "Samples in MB/s: a histogram where a series has more than 2000, points elsewhere");
}

TEST_CASE("html charts: a report without ci95 gets the interval its ci95 would print, from the blocks") {
  // Three blocks of three samples whose means differ far more than the samples within them do:
  // the interval comes from the block means (t(0.975, 2) = 4.30), not from the nine samples.
  rt::model::Result result;
  rt::model::Series series;
  series.label = "nop";
  const std::uint64_t ops[] = {100, 102, 101, 110, 111, 109, 95, 96, 94};
  for (std::uint32_t i = 0; i < 9; ++i) {
    rt::model::Sample s;
    s.iteration = i + 1;
    s.units = 1;
    s.ops = ops[i];
    s.wall_ns = 1'000'000'000;
    s.block = i / 3 + 1;
    series.add(s, {"nop", {}});
  }
  result.series.push_back(std::move(series));
  rt::model::ReportSpec spec;
  spec.unit = "ops/s";
  spec.aggregates = {"mean", "ci95"};
  const auto with_ci = rt::report::render_to_record(result, spec, rt::report::Format::text, {});
  CHECK(with_ci.text ==
        "series   n  mean ops/s  ci95 ops/s\n"
        "nop [u]  9       102.0       ±18.8\n"
        "[u] unstable: the means of its blocks differ beyond their own 95% CIs\n");
  spec.aggregates = {"mean"};
  const auto without = rt::report::render_to_record(result, spec, rt::report::Format::text, {});
  for (const auto& report : {with_ci, without}) {
    const auto charts = rt::html::report_charts(result, report, {});
    REQUIRE(charts.size() == 1);
    CHECK(charts[0].table.rows ==
          std::vector<std::vector<std::string>>{{"nop", "9", "102.0", "18.8", "101.0", "94.0", "111.0"}});
  }
}
