// `hwbench import nbench` on every layout nbench 2.2.3 prints, built from the ThinkPad's
// published log: a test that missed its confidence target (two warning lines inside its row,
// the figures on a continuation line), CPU and L2 Cache lines with nothing after the colon (and
// the trailing space lost), and several runs in one log with shell prompts between them. Each
// comes back from `report nbench` as nbench printed it.
#include "runtime/tools/nbench/nbench_import.hpp"

#include <string>

#include <doctest/doctest.h>

#include "runtime/record/published.hpp"
#include "runtime/report/named_report.hpp"
#include "runtime/tools/nbench/nbench_report.hpp"
#include "runtime/tools/tools.hpp"
#include "tests/support/golden.hpp"
#include "tests/support/temp_dir.hpp"

namespace rt = hwbench::runtime;

namespace {

std::string thinkpad_nbench() {
  return hwbench::test::read_text(hwbench::test::source_path("tests/golden/nbench-thinkpad-x20-p3-600mhz.log"));
}

// The log without its first line, the shell prompt "$ ./nbench".
std::string without_prompt(const std::string& log) { return log.substr(log.find('\n') + 1); }

// `log` with `from` replaced by `to` once; the test fails when `from` is not in it.
std::string replaced(std::string log, const std::string& from, const std::string& to) {
  const auto at = log.find(from);
  REQUIRE(at != std::string::npos);
  return log.replace(at, from.size(), to);
}

// nbench's row of a test that missed its 95 % confidence target.
std::string warned(const std::string& log, const std::string& name) {
  const std::string head = name + std::string(20 - name.size(), ' ') + ":";
  return replaced(log, head,
                  head +
                      "\n** WARNING: The current test result is NOT 95 % statistically certain.\n"
                      "** WARNING: The variation among the individual results is too large.\n"
                      "                    :");
}

rt::model::Result nbench_log(const std::string& text) {
  std::string error;
  auto result = rt::tools::nbench::import_nbench(text, "nbench.log", error);
  INFO(error);
  REQUIRE(result.has_value());
  return *result;
}

std::string nbench_rendered(const rt::model::Result& result) {
  return rt::tools::find_named_style("nbench")->render(result, result.reports.at(0)).text;
}

const rt::model::Series& nbench_series(const rt::model::Result& result, const std::string& label) {
  for (const auto& s : result.series)
    if (s.label == label) return s;
  FAIL("no series " << label);
  return result.series.front();
}

}  // namespace

TEST_CASE("nbench import: warning lines inside a row, the figures on the continuation line") {
  const std::string log = warned(warned(without_prompt(thinkpad_nbench()), "FOURIER"), "NEURAL NET");
  const auto result = nbench_log(log);
  CHECK(nbench_rendered(result) == log);
  CHECK_FALSE(nbench_series(result, "FOURIER").converged);
  CHECK_FALSE(nbench_series(result, "NEURAL NET").converged);
  CHECK(nbench_series(result, "HUFFMAN").converged);
  CHECK(nbench_series(result, "FOURIER").samples.at(0).figure->value == 6047.9);
  // Exact to half its last printed digit.
  CHECK(nbench_series(result, "FOURIER").samples.at(0).figure->resolution == doctest::Approx(0.1));
}

TEST_CASE("nbench import: empty CPU and L2 Cache lines, with or without their trailing space") {
  std::string log = without_prompt(thinkpad_nbench());
  log =
      replaced(log, "CPU                 : GenuineIntel Pentium III (Coppermine) 600MHz\n", "CPU                 :\n");
  log = replaced(log, "L2 Cache            : 256 KB\n", "L2 Cache            : \n");
  const auto result = nbench_log(log);
  CHECK(result.environment.at("nbench").at("cpu") == "");
  CHECK(result.environment.at("nbench").at("l2_cache") == "");
  // nbench prints "%s" after ": ", so an empty value leaves the space; a copy may have lost it.
  CHECK(nbench_rendered(result) == replaced(log, "CPU                 :\n", "CPU                 : \n"));
}

TEST_CASE("nbench import: several runs in one log, each printed back as nbench printed it") {
  const std::string first = thinkpad_nbench();
  // A second run with other figures and a warning: nbench run again in the same shell.
  std::string second = warned(first, "FOURIER");
  second = replaced(second, "NUMERIC SORT        :          244.96  :       6.28  :       2.06",
                    "NUMERIC SORT        :          249.96  :       6.41  :       2.11");
  // Its indices, as nbench computes them from its own figures (geometric means of the ratios).
  second = replaced(second, "INTEGER INDEX       : 12.748", "INTEGER INDEX       : 12.785");
  second = replaced(second, "INTEGER INDEX       : 3.281", "INTEGER INDEX       : 3.298");
  const auto result = nbench_log(first + second);
  const auto& numeric = nbench_series(result, "NUMERIC SORT");
  REQUIRE(numeric.samples.size() == 2);
  CHECK(numeric.samples[0].figure->value == 244.96);
  CHECK(numeric.samples[1].figure->value == 249.96);
  CHECK(numeric.samples[1].iteration == 2);
  const auto& runs = result.environment.at("nbench");
  REQUIRE(runs.is_array());
  CHECK(runs.size() == 2);
  CHECK(runs[0].at("not_converged").empty());
  CHECK(runs[1].at("not_converged") == nlohmann::json::array({"FOURIER"}));
  CHECK_FALSE(nbench_series(result, "FOURIER").converged);
  CHECK(nbench_rendered(result) == without_prompt(first) + without_prompt(second));
  // The published TOML keeps the runs apart.
  std::string error;
  const auto back = rt::record::parse_published(rt::record::write_published(result), "nbench.toml", error);
  REQUIRE_MESSAGE(back.has_value(), error);
  CHECK(nbench_rendered(*back) == without_prompt(first) + without_prompt(second));
}

TEST_CASE("nbench import: a test printed twice in one run is refused with its line") {
  const std::string log = without_prompt(thinkpad_nbench());
  const std::string numeric = "NUMERIC SORT        :          244.96  :       6.28  :       2.06\n";
  std::string error;
  CHECK_FALSE(rt::tools::nbench::import_nbench(replaced(log, numeric, numeric + numeric), "x.log", error));
  CHECK(error == "x.log:10: error: 'NUMERIC SORT' appears twice in one run");
}
