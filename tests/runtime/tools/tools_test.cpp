// The tools' one registration (runtime/tools/tools.cpp): every named style of the catalogue
// renders, only the registration decides which styles draw index charts on the page, and a
// command step's `import` takes exactly the registered importers.
#include "runtime/tools/tools.hpp"

#include <string>

#include <doctest/doctest.h>

#include "runtime/model/report_style.hpp"
#include "runtime/report/named_report.hpp"

namespace rt = hwbench::runtime;

TEST_CASE("tools: every style of the catalogue is registered once, with a renderer") {
  const auto& catalogue = rt::model::style_catalogue();
  const auto& styles = rt::tools::named_styles();
  REQUIRE(styles.size() == catalogue.size());
  for (std::size_t i = 0; i < styles.size(); ++i) {
    CAPTURE(catalogue[i].name);
    CHECK(styles[i].name == catalogue[i].name);
    CHECK(styles[i].help == catalogue[i].help);
    CHECK(static_cast<bool>(styles[i].render));
    CHECK(rt::tools::find_named_style(catalogue[i].name) == &styles[i]);
  }
  CHECK(rt::tools::find_named_style("no-such-style") == nullptr);
}

TEST_CASE("tools: the styles that draw index charts are the registered ones") {
  std::string with_charts;
  for (const auto& style : rt::tools::named_styles())
    if (style.charts) with_charts += style.name + " ";
  CHECK(with_charts == "unixbench ");
}
