// The charts of a result's page, drawn from a report's figures: histograms of long series whose
// samples are not all finite.
#include "runtime/html/report_charts.hpp"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <doctest/doctest.h>

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
