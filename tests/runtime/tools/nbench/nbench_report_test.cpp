// `report nbench` and `hwbench import nbench`: the published ThinkPad log comes back line for
// line with every index recomputed, and a run renders in nbench's exact layout.
#include "runtime/tools/nbench/nbench_report.hpp"

#include <cmath>
#include <fstream>
#include <sstream>

#include <doctest/doctest.h>

#include "runtime/analysis/indices.hpp"
#include "runtime/record/builtin_baselines.hpp"
#include "runtime/record/published.hpp"
#include "runtime/tools/nbench/nbench_import.hpp"
#include "tests/support/golden.hpp"
#include "tests/support/temp_dir.hpp"

namespace model = hwbench::runtime::model;

namespace {

/// Every line with its trailing white space removed.
std::string without_trailing_space(const std::string& text) {
  std::istringstream in(text);
  std::string line, out;
  while (std::getline(in, line)) {
    line.erase(line.find_last_not_of(" \t\r") + 1);
    out += line + "\n";
  }
  return out;
}

const std::string thinkpad_log = std::string(HWBENCH_SOURCE_DIR) + "/tests/golden/nbench-thinkpad-x20-p3-600mhz.log";

model::Result nbench_imported() {
  std::string error;
  auto r = hwbench::runtime::tools::nbench::import_nbench(hwbench::test::read_text(thinkpad_log), "thinkpad.nbench.txt",
                                                          error);
  REQUIRE_MESSAGE(r.has_value(), error);
  return *r;
}

std::string nbench_render(const model::Result& r) {
  return hwbench::runtime::tools::nbench::render_nbench_report(r, r.reports.at(0)).text;
}

}  // namespace

TEST_CASE("nbench import: the ThinkPad log renders back line for line") {
  const model::Result r = nbench_imported();
  std::string log = hwbench::test::read_text(thinkpad_log);
  log.erase(0, log.find('\n') + 1);  // the shell prompt "$ ./nbench" is not nbench's output
  CHECK(without_trailing_space(nbench_render(r)) == without_trailing_space(log));
}

TEST_CASE("nbench import: the five indices are computed from the iterations/sec, and match the printed ones") {
  const model::Result r = nbench_imported();
  REQUIRE(r.indices.size() == 5);
  const std::vector<std::pair<std::string, double>> expected = {{"INTEGER INDEX", 12.748},
                                                                {"FLOATING-POINT INDEX", 10.359},
                                                                {"MEMORY INDEX", 3.053},
                                                                {"INTEGER INDEX", 3.281},
                                                                {"FLOATING-POINT INDEX", 5.745}};
  for (std::size_t i = 0; i < 5; ++i) {
    CAPTURE(i);
    CHECK(r.indices[i].spec.label == expected[i].first);
    CHECK(std::round(r.indices[i].value * 1000) / 1000 == doctest::Approx(expected[i].second).epsilon(1e-12));
    REQUIRE(r.indices[i].printed.has_value());
    CHECK(*r.indices[i].printed == expected[i].second);
  }
  // Changing one test's figure moves the indices that contain it: nothing is copied from the log.
  model::Result changed = r;
  model::Sample doubled = changed.series[0].samples[0];  // NUMERIC SORT
  doubled.figure->value *= 2;
  changed.series[0].samples.replace(0, doubled);
  hwbench::runtime::analysis::compute_indices(changed);
  CHECK(changed.indices[0].value == doctest::Approx(r.indices[0].value * std::pow(2.0, 1.0 / 7)));
  CHECK(changed.indices[2].value == doctest::Approx(r.indices[2].value));  // MEMORY has no numeric sort
}

TEST_CASE("nbench import: the published TOML reads back to the same report") {
  const model::Result r = nbench_imported();
  const std::string toml = hwbench::runtime::record::write_published(r);
  std::string error;
  auto back = hwbench::runtime::record::parse_published(toml, "thinkpad.toml", error);
  REQUIRE_MESSAGE(back.has_value(), error);
  hwbench::runtime::analysis::compute_indices(*back);
  CHECK(nbench_render(*back) == nbench_render(r));
}

TEST_CASE("nbench import: bad logs are refused with the line") {
  std::string error;
  CHECK_FALSE(hwbench::runtime::tools::nbench::import_nbench("hello\n", "x.txt", error).has_value());
  CHECK(error == "x.txt: error: no nbench table (the 'TEST … : Iterations/sec.' header)");
  CHECK_FALSE(hwbench::runtime::tools::nbench::import_nbench(
                  "TEST                : Iterations/sec.  : Old Index   : New Index\n"
                  "NUMERIC SORT        :          2x4.96  :       6.28  :       2.06\n"
                  "NUMERIC SROT        :          244.96  :       6.28  :       2.06\n",
                  "x.txt", error)
                  .has_value());
  CHECK(error ==
        "x.txt:2: error: '2x4.96' is not a number of iterations/sec\n"
        "x.txt:3: error: unknown test 'NUMERIC SROT'\n"
        "x.txt: error: the nbench table has no test lines");
}

TEST_CASE("nbench report: a run's full layout, warning lines and system lines included") {
  model::Result r;
  r.environment = nlohmann::json::parse(R"J({
    "cpu": {"vendor": "GenuineIntel", "model": "Intel(R) Xeon(R) Processor", "mhz": 2100.0, "cache_size": "307200 KB"},
    "cores": {"logical": 2},
    "kernel": {"sysname": "Linux", "release": "6.18.0"},
    "compiler": {"id": "gcc", "version": "12.2.0"},
    "libc": "2.36"})J");
  // Ten tests with made-up totals; FOURIER missed its confidence target.
  const std::vector<std::pair<std::string, std::pair<std::uint64_t, std::int64_t>>> runs = {
      {"NUMERIC SORT", {1416, 1'000'000'000}},    {"STRING SORT", {2260, 1'000'000'000}},
      {"BITFIELD", {657'010'000, 1'000'000'000}}, {"FP EMULATION", {70935, 100'000'000'000}},
      {"FOURIER", {169070, 1'000'000'000}},       {"ASSIGNMENT", {53131, 1'000'000'000'000}},
      {"IDEA", {14553, 1'000'000'000}},           {"HUFFMAN", {8208, 1'000'000'000}},
      {"NEURAL NET", {20355, 100'000'000'000}},   {"LU DECOMPOSITION", {5012, 1'000'000'000}}};
  for (const auto& [label, totals] : runs) {
    model::Series s;
    s.label = label;
    s.converged = label != "FOURIER";
    for (int i = 0; i < 2; ++i) {
      model::Sample sample;
      sample.iteration = static_cast<std::uint32_t>(i + 1);
      sample.ops = totals.first + static_cast<std::uint64_t>(i);
      sample.wall_ns = totals.second;
      s.add(sample, {"nbench", {}});
    }
    r.series.push_back(s);
  }
  r.baselines = hwbench::runtime::record::builtin_baselines("nbench");
  for (const auto& spec : hwbench::runtime::tools::nbench::nbench_index_specs())
    r.indices.push_back({spec, 0, {}, std::nullopt});
  hwbench::runtime::analysis::compute_indices(r);
  model::ReportSpec spec;
  spec.style = model::report_style_from_text("nbench").value();
  const auto text = hwbench::runtime::tools::nbench::render_nbench_report(r, spec).text;
  CHECK(text == hwbench::test::golden("nbench-run.txt", text));
}

TEST_CASE("nbench report: other baselines by option, and a missing index figure as a dash") {
  model::Result r = nbench_imported();
  r.series.erase(r.series.begin() + 4);  // FOURIER gone: both floating-point indices are undefined
  hwbench::runtime::analysis::compute_indices(r);
  model::ReportSpec spec;
  spec.style = model::report_style_from_text("nbench").value();
  spec.options = {{"old", "k6"}, {"new", "p90"}};
  const auto text = hwbench::runtime::tools::nbench::render_nbench_report(r, spec).text;
  CHECK(text.find("NUMERIC SORT        :          244.96  :       2.06  :       6.28\n") != std::string::npos);
  CHECK(text.find("FOURIER") == std::string::npos);
  spec.options.clear();
  const auto text2 = hwbench::runtime::tools::nbench::render_nbench_report(r, spec).text;
  CHECK(text2.find("FLOATING-POINT INDEX: -\n") != std::string::npos);
  CHECK(text2.find("INTEGER INDEX       : 12.748\n") != std::string::npos);
}

TEST_CASE("nbench report: index lines use nbench's exponents (0.33333 for the original FLOATING-POINT INDEX)") {
  // The reference run on this machine's kind: FOURIER 1.6907e+05, NEURAL NET 203.55 and
  // LU DECOMPOSITION 5012.4 printed FLOATING-POINT INDEX 253.672; an exact cube root gives 253.686.
  model::Result r = nbench_imported();
  const std::vector<std::pair<std::string, double>> figures = {
      {"FOURIER", 1.6907e+05}, {"NEURAL NET", 203.55}, {"LU DECOMPOSITION", 5012.4}};
  for (auto& series : r.series)
    for (const auto& [label, value] : figures)
      if (series.label == label) {
        model::Sample sample = series.samples[0];
        sample.figure->value = value;
        series.samples.replace(0, sample);
      }
  hwbench::runtime::analysis::compute_indices(r);
  const std::string text = nbench_render(r);
  CHECK(text.find("FLOATING-POINT INDEX: 253.672\n") != std::string::npos);
  CHECK(text.find("FLOATING-POINT INDEX: 140.698\n") != std::string::npos);
  // The result keeps the exact geometric mean; only nbench's layout uses its exponents.
  CHECK(r.indices[1].value == doctest::Approx(253.686).epsilon(1e-6));
}
