// Baselines and indices: the TOML tables, the `baseline` and `index` statements' diagnostics,
// and indices computed from full-precision figures.
#include "runtime/analysis/indices.hpp"

#include <cmath>
#include <fstream>

#include <doctest/doctest.h>

#include "runtime/record/baseline.hpp"
#include "runtime/report/report.hpp"
#include "tests/support/recipe_env.hpp"
#include "tests/support/timed_series.hpp"

namespace model = hwbench::runtime::model;
namespace test = hwbench::test;

namespace {

const std::string nbench_baselines = std::string(HWBENCH_SOURCE_DIR) + "/specs/baselines/nbench.toml";

/// A recipe that names the shipped baseline file by its absolute path.
std::string with_baselines(const std::string& body) {
  return "baseline p90 from \"" + nbench_baselines + "\"\n" + body;
}

model::Series published(const std::string& label, double value) {
  model::Series s;
  s.label = label;
  model::Sample sample;
  sample.iteration = 1;
  sample.figure = model::Figure{value, "iter/s"};
  s.add(sample, model::published_params());
  return s;
}

}  // namespace

TEST_CASE("baseline: the shipped nbench tables load with every test") {
  std::string error;
  auto tables = hwbench::runtime::record::load_baselines(nbench_baselines, error);
  REQUIRE_MESSAGE(tables.has_value(), error);
  REQUIRE(tables->size() == 2);
  CHECK((*tables)[0].name == "p90");
  CHECK((*tables)[1].name == "k6");
  CHECK((*tables)[0].figures.size() == 10);
  CHECK(hwbench::runtime::analysis::baseline_figure((*tables)[1], "BITFIELD")->value == 27910000);
  CHECK(hwbench::runtime::analysis::baseline_figure((*tables)[0], "ASSIGNMENT")->unit == "iter/s");
}

TEST_CASE("baseline: every problem in a file, with its place") {
  std::string error;
  auto tables = hwbench::runtime::record::parse_baselines(
      "schema = \"hwbench-baseline/1\"\n"
      "[[baseline]]\n"
      "name = \"x\"\n"
      "machin = \"m\"\n"
      "source = \"s\"\n"
      "unit = \"lps\"\n"
      "[baseline.figures]\n"
      "a = 0\n"
      "b = { value = 2, unit = \"MB/S\" }\n",
      "b.toml", error);
  CHECK_FALSE(tables.has_value());
  CHECK(error ==
        "b.toml:2:1: error: baseline 1: missing key 'machine'\n"
        "    2 | [[baseline]]\n"
        "      | ^\n"
        "b.toml:4:1: error: unknown key 'machin' in baseline 1; did you mean 'machine'?\n"
        "    4 | machin = \"m\"\n"
        "      | ^~~~~~\n"
        "b.toml:8:5: error: baseline \"x\": the figure for \"a\" must be positive: indices divide by it\n"
        "    8 | a = 0\n"
        "      |     ^\n"
        "b.toml:9:25: error: baseline \"x\": unknown unit 'MB/S'; did you mean 'MB/s'?\n"
        "    9 | b = { value = 2, unit = \"MB/S\" }\n"
        "      |                         ^");
}

TEST_CASE("checker: a baseline that the file does not hold") {
  test::RecipeEnv env;
  auto out = env.check("baseline p9O from \"" + nbench_baselines + "\"\n");
  CHECK(test::replace_all(out.diagnostics, HWBENCH_SOURCE_DIR, "$SRC") ==
        "t.bench:1:1: error: '$SRC/specs/baselines/nbench.toml' has no baseline called 'p9O'\n"
        "    1 | baseline p9O from \"$SRC/specs/baselines/nbench.toml\"\n"
        "      | ^~~~~~~~\n"
        "hint: did you mean 'p90'?\n");
}

TEST_CASE("checker: a missing baseline file is named, relative to the recipe") {
  test::RecipeEnv env;
  CHECK(env.check("baseline k6 from \"baselines/nbench.toml\"\n").diagnostics ==
        "t.bench:1:18: error: cannot read the baseline file '$DISK/baselines/nbench.toml'\n"
        "    1 | baseline k6 from \"baselines/nbench.toml\"\n"
        "      |                  ^~~~~~~~~~~~~~~~~~~~~~~\n"
        "hint: a relative path is found next to the recipe; see docs/baseline-format.md\n");
}

TEST_CASE("checker: an index against an undeclared baseline") {
  test::RecipeEnv env;
  CHECK(env.check(with_baselines("series \"IDEA\" nop\nindex \"I\" = geomean(\"IDEA\") vs p09\n")).diagnostics ==
        "t.bench:3:32: error: no baseline called 'p09' is declared before this index\n"
        "    3 | index \"I\" = geomean(\"IDEA\") vs p09\n"
        "      |                                ^~~\n"
        "hint: did you mean 'p90'?\n");
}

TEST_CASE("checker: an index naming a series that nothing produces") {
  test::RecipeEnv env;
  CHECK(env.check(with_baselines("series \"IDEA\" nop\nindex \"I\" = geomean(\"IDEA\", \"HUFMAN\") vs p90\n"))
            .diagnostics ==
        "t.bench:3:29: error: index \"I\" names the series \"HUFMAN\", but nothing in the recipe produces it\n"
        "    3 | index \"I\" = geomean(\"IDEA\", \"HUFMAN\") vs p90\n"
        "      |                             ^~~~~~~~\n"
        "hint: name it with: series \"HUFMAN\" KERNEL …\n");
}

TEST_CASE("checker: an index naming a series the baseline has no figure for") {
  test::RecipeEnv env;
  CHECK(env.check(with_baselines("series \"IDEAS\" nop\nindex \"I\" = geomean(\"IDEAS\") vs p90\n")).diagnostics ==
        "t.bench:3:21: error: baseline 'p90' has no figure for \"IDEAS\"\n"
        "    3 | index \"I\" = geomean(\"IDEAS\") vs p90\n"
        "      |                     ^~~~~~~\n"
        "hint: did you mean 'IDEA'?\n");
}

TEST_CASE("checker: index syntax errors point at the place") {
  test::RecipeEnv env;
  CHECK(env.check(with_baselines("series \"IDEA\" nop\nindex \"I\" = mean(\"IDEA\") vs p90\n")).diagnostics ==
        "t.bench:3:13: error: expected 'geomean(' after '='\n"
        "    3 | index \"I\" = mean(\"IDEA\") vs p90\n"
        "      |             ^~~~\n"
        "hint: write it like: index \"INTEGER INDEX\" = geomean(\"NUMERIC SORT\", \"IDEA\") vs k6\n");
  CHECK(
      env.check(with_baselines("series \"IDEA\" nop\nindex \"I\" = geomean(\"IDEA\") vs p90 scale 0\n")).diagnostics ==
      "t.bench:3:42: error: 'scale' needs a positive plain number\n"
      "    3 | index \"I\" = geomean(\"IDEA\") vs p90 scale 0\n"
      "      |                                          ^\n"
      "hint: for example: scale 10\n");
}

TEST_CASE("checker: baselines and indices go into the plan") {
  test::RecipeEnv env;
  auto out =
      env.check(with_baselines("series \"IDEA\" nop\nseries \"HUFFMAN\" nop\n"
                               "index \"INTEGER\" = geomean(\"IDEA\", \"HUFFMAN\") vs p90 scale 10\n"));
  REQUIRE_MESSAGE(out.recipe.has_value(), out.diagnostics);
  const auto& plan = out.recipe->plan;
  REQUIRE(plan.baselines.size() == 1);
  CHECK(plan.baselines[0].machine.rfind("Dell XPS 90", 0) == 0);
  REQUIRE(plan.indices.size() == 1);
  CHECK(plan.indices[0].label == "INTEGER");
  CHECK(plan.indices[0].series == std::vector<std::string>{"IDEA", "HUFFMAN"});
  CHECK(plan.indices[0].scale == 10);
}

TEST_CASE("indices: the P-III's integer index from its figures and the P90 baseline") {
  std::string error;
  auto tables = hwbench::runtime::record::load_baselines(nbench_baselines, error);
  REQUIRE(tables.has_value());
  model::Result r;
  r.baselines = *tables;
  const std::vector<std::pair<std::string, double>> figures = {
      {"NUMERIC SORT", 244.96}, {"STRING SORT", 26.417}, {"BITFIELD", 8.5102e+07}, {"FP EMULATION", 29.853},
      {"ASSIGNMENT", 5.1732},   {"IDEA", 1194.3},        {"HUFFMAN", 353.92}};
  model::IndexSpec spec;
  spec.label = "INTEGER INDEX";
  spec.baseline = "p90";
  for (const auto& [label, value] : figures) {
    r.series.push_back(published(label, value));
    spec.series.push_back(label);
  }
  const auto index = hwbench::runtime::analysis::compute_index(r, spec);
  CHECK(std::round(index.value * 1000) / 1000 == doctest::Approx(12.748).epsilon(1e-12));
  REQUIRE(index.ratios.size() == 7);
  CHECK(index.ratios[0].second == doctest::Approx(244.96 / 38.993));
  // A series that did not run makes the index undefined, never silently smaller.
  r.series[3].samples.clear();
  CHECK(std::isnan(hwbench::runtime::analysis::compute_index(r, spec).value));
}

TEST_CASE("indices: the mean of the samples at full precision, times the scale") {
  model::Result r;
  model::Baseline b;
  b.name = "george";
  b.figures = {{"pipe", {12440, "lps"}}, {"spawn", {126, "lps"}}};
  r.baselines = {b};
  model::Series pipe = published("pipe", 0);
  model::Sample first = pipe.samples[0];
  first.figure = model::Figure{2000000, "lps"};
  pipe.samples.replace(0, first);
  model::Sample second = first;
  second.figure = model::Figure{2400000, "lps"};
  pipe.samples.push_back(second);
  model::Series spawn = published("spawn", 0);
  model::Sample only = spawn.samples[0];
  only.figure = model::Figure{9000, "lps"};
  spawn.samples.replace(0, only);
  r.series = {pipe, spawn};
  model::IndexSpec spec{"score", {"pipe", "spawn"}, "george", 10};
  const double expected = 10 * std::sqrt((2200000.0 / 12440) * (9000.0 / 126));
  CHECK(hwbench::runtime::analysis::compute_index(r, spec).value == doctest::Approx(expected).epsilon(1e-12));
}

TEST_CASE("indices: `using unixbench` scores each series by UnixBench's pass rule") {
  std::string error;
  auto george = hwbench::runtime::record::load_baselines(
      std::string(HWBENCH_SOURCE_DIR) + "/specs/baselines/unixbench.toml", error);
  REQUIRE_MESSAGE(george.has_value(), error);
  model::Result r;
  r.baselines = *george;
  model::Series pipe = published("Pipe Throughput", 0);
  pipe.samples.clear();
  for (double v : {1000000.0, 2000000.0, 2200000.0}) {  // the lowest pass is dropped
    model::Sample s;
    s.figure = model::Figure{v, "lps"};
    pipe.samples.push_back(s);
  }
  r.series = {pipe};
  model::IndexSpec spec{"System Benchmarks Index Score", {"Pipe Throughput"}, "george", 10, "unixbench"};
  CHECK(hwbench::runtime::analysis::compute_index(r, spec).value ==
        doctest::Approx(10 * std::sqrt(2000000.0 * 2200000.0) / 12440).epsilon(1e-12));
  spec.aggregate = "mean";
  CHECK(hwbench::runtime::analysis::compute_index(r, spec).value ==
        doctest::Approx(10 * (5200000.0 / 3) / 12440).epsilon(1e-12));
}

TEST_CASE("checker: `using` names an aggregate") {
  test::RecipeEnv env;
  CHECK(env.check(with_baselines("series \"IDEA\" nop\nindex \"I\" = geomean(\"IDEA\") vs p90 using unixbnech\n"))
            .diagnostics ==
        "t.bench:3:42: error: 'using' needs an aggregate, not 'unixbnech'\n"
        "    3 | index \"I\" = geomean(\"IDEA\") vs p90 using unixbnech\n"
        "      |                                          ^~~~~~~~~\n"
        "hint: did you mean 'unixbench'?\n");
  auto ok = env.check(
      with_baselines("series \"IDEA\" nop\nindex \"I\" = geomean(\"IDEA\") vs p90 scale 10 using unixbench\n"));
  REQUIRE_MESSAGE(ok.recipe.has_value(), ok.diagnostics);
  CHECK(ok.recipe->plan.indices[0].aggregate == "unixbench");
}

TEST_CASE("baselines: an N-copy series takes its single-copy label's figure") {
  model::Baseline b;
  b.name = "george";
  b.figures = {{"Pipe Throughput", {12440, "lps"}}};
  REQUIRE(hwbench::runtime::analysis::baseline_figure(b, "Pipe Throughput (2 copies)") != nullptr);
  CHECK(hwbench::runtime::analysis::baseline_figure(b, "Pipe Throughput (2 copies)")->value == 12440);
  CHECK(hwbench::runtime::analysis::baseline_figure(b, "Pipe Throughput (1 copy)")->value == 12440);
  CHECK(hwbench::runtime::analysis::baseline_figure(b, "Pipe Throughput (x copies)") == nullptr);
  CHECK(hwbench::runtime::analysis::baseline_figure(b, "Pipe Throughput (0 copies)") == nullptr);
  CHECK(hwbench::runtime::analysis::split_copies_label("Shell Scripts (8 concurrent) (16 copies)") ==
        std::pair<std::string, long long>{"Shell Scripts (8 concurrent)", 16});
}

TEST_CASE("indices: using unixbench drops the passes with the fewest loops, as the report's rows do") {
  // Execl: the fewest loops (89000) came in the shortest time, so that pass has the highest rate;
  // UnixBench drops it by its count, and an index must take the figure the report prints.
  const model::Series execl =
      test::timed_series("Execl Throughput", {90000, 89000, 89500}, {30'500'000'000, 29'000'000'000, 29'800'000'000});
  const auto figure = hwbench::runtime::analysis::series_figure(execl, "lps", "unixbench");
  REQUIRE(figure);
  const double kept = std::sqrt(90000 / 30.5 * (89500 / 29.8));
  CHECK(*figure == doctest::Approx(kept).epsilon(1e-12));
  // And a report that asks for the aggregate by name: report lps unixbench.
  model::Result result;
  result.series = {execl};
  model::ReportSpec spec;
  spec.unit = "lps";
  spec.aggregates = {"unixbench"};
  const auto data = hwbench::runtime::report::build_report_data(result, spec);
  REQUIRE(data.series.size() == 1);
  CHECK(data.series[0].aggregates.at(0).second == doctest::Approx(kept).epsilon(1e-12));
}
