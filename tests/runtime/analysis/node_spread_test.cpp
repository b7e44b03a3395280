// The per-node verdict (runtime/analysis/node_spread.hpp): each machine's figure against the
// median of them all, outliers beyond the median ± k scaled MADs and the least effect, on
// constructed figures; then on result files as a run on nodes writes them, through `compare`.
#include "runtime/analysis/node_spread.hpp"

#include <cmath>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/record/comparable.hpp"
#include "runtime/record/result_file.hpp"
#include "tests/runtime/html/html_fixtures.hpp"
#include "tests/support/html_tools.hpp"
#include "tests/support/temp_dir.hpp"

namespace rt = hwbench::runtime;
namespace analysis = hwbench::runtime::analysis;
namespace test = hwbench::test;

namespace {

/// A comparison with one row per entry of `rows`: its label and each machine's figure in MB/s
/// (NaN: the machine has no figure).
analysis::Comparison comparison(const std::vector<std::string>& names,
                                const std::vector<std::pair<std::string, std::vector<double>>>& rows) {
  analysis::Comparison c;
  c.names = names;
  for (const auto& [label, values] : rows) {
    analysis::CompareRow row;
    row.label = label;
    for (double v : values) {
      analysis::FigureCell cell;
      cell.state = std::isnan(v) ? analysis::CellState::missing : analysis::CellState::figure;
      cell.value = v;
      cell.unit = "MB/s";
      row.figures.push_back(cell);
    }
    c.rows.push_back(row);
  }
  return c;
}

}  // namespace

TEST_CASE("node spread: the slow node among five is an outlier, with its ratio to the median") {
  const auto c = comparison({"c01", "c02", "c03", "c04", "c05"},
                            {{"STREAM triad", {10000, 10100, 9900, 6100, 10050}}, {"copy", {500, 505, 495, 500, 498}}});
  const auto s = analysis::node_spread(c, {});
  REQUIRE(s.rows.size() == 2);
  const auto& triad = s.rows[0];
  CHECK(triad.median == 10000);
  // |deviations| 0 100 100 3900 50 → MAD 100, scaled 148.26.
  CHECK(triad.spread == doctest::Approx(148.26));
  CHECK(*triad.ratios[3] == doctest::Approx(0.61));
  CHECK(triad.outlier == std::vector<bool>{false, false, false, true, false});
  CHECK(s.rows[1].outlier == std::vector<bool>(5, false));
  REQUIRE(s.outliers.size() == 1);
  CHECK(s.outliers[0].name == "c04");
  CHECK(s.outliers[0].label == "STREAM triad");
  CHECK(analysis::format_node_spread(s, "node") ==
        "Each node's figure / the median of the 5 nodes; * an outlier: beyond the median ± 3 spreads (the MAD × "
        "1.4826) and 2% from it\n"
        "\n"
        "series        unit  median  spread   c01   c02   c03    c04   c05\n"
        "STREAM triad  MB/s   10000   148.3  1.00  1.01  0.99  *0.61  1.00\n"
        "copy          MB/s   500.0   2.965  1.00  1.01  0.99   1.00  1.00\n"
        "\n"
        "node c04: STREAM triad 0.61 of the median\n");
}

TEST_CASE("node spread: k and the least effect decide") {
  // Four machines that agree exactly and one 1.5% off: the MAD is 0, but 1.5% is under the 2% floor.
  const auto close = comparison({"a", "b", "c", "d", "e"}, {{"x", {100, 100, 100, 100, 101.5}}});
  CHECK(analysis::node_spread(close, {}).outliers.empty());
  // 3% off is an outlier, whatever k.
  const auto off = comparison({"a", "b", "c", "d", "e"}, {{"x", {100, 100, 100, 100, 103}}});
  CHECK(analysis::node_spread(off, {}).outliers.size() == 1);
  CHECK(analysis::node_spread(off, {100, 0.02}).outliers.size() == 1);
  // Spread figures: 120 is 20 from the median 100 with a scaled MAD of 14.8: beyond 1 spread, not 3.
  const auto spread = comparison({"a", "b", "c", "d", "e"}, {{"x", {90, 100, 110, 100, 120}}});
  CHECK(analysis::node_spread(spread, {}).outliers.empty());
  // |deviations| 10 0 10 0 20 → MAD 10, scaled 14.8: with k = 1 only 120 is beyond it.
  const auto k1 = analysis::node_spread(spread, {1, 0.02});
  REQUIRE(k1.outliers.size() == 1);
  CHECK(k1.outliers[0].name == "e");
  CHECK(k1.outliers[0].ratio == doctest::Approx(1.2));
}

TEST_CASE("node spread: two machines have no median to judge by; a missing figure is left out") {
  CHECK(analysis::node_spread(comparison({"a", "b"}, {{"x", {100, 50}}}), {}).rows.empty());
  CHECK(analysis::format_node_spread(analysis::node_spread(comparison({"a", "b"}, {{"x", {100, 50}}}), {}), "node")
            .empty());
  const auto s = analysis::node_spread(comparison({"a", "b", "c", "d"}, {{"x", {100, NAN, 101, 60}}}), {});
  REQUIRE(s.rows.size() == 1);
  CHECK(s.rows[0].figures == 3);
  CHECK(s.rows[0].median == 100);
  CHECK_FALSE(s.rows[0].ratios[1].has_value());
  CHECK(s.rows[0].outlier == std::vector<bool>{false, false, false, true});
  CHECK(analysis::format_node_spread(s, "host").find("host d: x 0.60 of the median\n") != std::string::npos);
  const auto none = analysis::node_spread(comparison({"a", "b", "c"}, {{"x", {100, 101, 99}}}), {});
  CHECK(analysis::format_node_spread(none, "node").ends_with("\nno outliers among the 3 nodes\n"));
}

TEST_CASE("node spread: a figure in another unit than most of its row's is left out, not set beside them") {
  // Four machines in MB/s, one whose figure could only be given in ops/s (40 of them).
  auto c = comparison({"a", "b", "c", "d", "e"}, {{"x", {5000, 40, 5050, 4950, 5010}}});
  c.rows[0].figures[1].unit = "ops/s";
  const auto s = analysis::node_spread(c, {});
  REQUIRE(s.rows.size() == 1);
  CHECK(s.rows[0].unit == "MB/s");
  CHECK(s.rows[0].figures == 4);
  CHECK(s.rows[0].median == 5005);
  CHECK_FALSE(s.rows[0].ratios[1].has_value());
  CHECK(s.rows[0].outlier == std::vector<bool>(5, false));
  CHECK(s.outliers.empty());
}

TEST_CASE("node spread: four nodes' result files, one slow, merged and marked in the comparison page") {
  test::TempDir dir;
  std::vector<std::string> paths, names{"c01", "c02", "c03", "c04"};
  const std::vector<double> factors{1.0, 1.01, 0.99, 0.6};
  for (std::size_t i = 0; i < names.size(); ++i) {
    paths.push_back(dir / (names[i] + ".json"));
    std::string error;
    REQUIRE_MESSAGE(rt::record::save_result(test::measured_box("node " + names[i], factors[i], false), paths[i], error),
                    error);
  }
  // The merge, from the files as a run on nodes writes them.
  std::vector<rt::model::Result> loaded;
  for (const auto& p : paths) {
    std::string error;
    auto r = rt::record::load_comparable(p, error);
    REQUIRE_MESSAGE(r, error);
    loaded.push_back(std::move(*r));
  }
  std::vector<const rt::model::Result*> pointers;
  for (const auto& r : loaded) pointers.push_back(&r);
  const auto s = analysis::node_spread(analysis::compare_results(pointers, names, {}), {});
  REQUIRE(s.rows.size() == 4);
  REQUIRE(s.outliers.size() == 4);
  for (const auto& o : s.outliers) {
    CHECK(o.name == "c04");
    CHECK(o.ratio == doctest::Approx(0.6 / 1.0).epsilon(0.01));
  }
  // The same table in the comparison page.
  const auto page = test::html_cli({"compare", paths[0], paths[1], paths[2], paths[3], "--format", "html"});
  REQUIRE(page.code == 0);
  CHECK(page.out.find("<h2>Outliers among the results</h2>") != std::string::npos);
  CHECK(test::occurrences(page.out, "<td>*0.60</td>") == 4);
  CHECK(page.out.find("c04: read 10MB 0.60 of the median\n") != std::string::npos);
}
