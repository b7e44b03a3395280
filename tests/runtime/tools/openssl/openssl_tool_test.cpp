// `hwbench import openssl` on what this machine's `openssl speed` prints, run short (about 10 s
// in all): a full symmetric table and an rsa table, `-multi 2`, `-evp`. The summary comes back
// from `report openssl` line for line. Skipped, and counted so by CTest, where openssl is not
// installed.
#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/report/named_report.hpp"
#include "runtime/tools/openssl/openssl_import.hpp"
#include "runtime/tools/tools.hpp"
#include "tests/support/real_tool.hpp"
#include "tests/support/skip.hpp"
#include "tests/support/temp_dir.hpp"

namespace rt = hwbench::runtime;

namespace {

// `openssl speed` with `options`: its standard output without -multi's relay lines, which the
// importer reads but does not keep.
std::string speed_summary(const std::vector<std::string>& options, std::string& raw) {
  hwbench::test::TempDir dir;
  std::vector<std::string> argv = {hwbench::test::find_tool("openssl"), "speed"};
  argv.insert(argv.end(), options.begin(), options.end());
  raw = hwbench::test::tool_output(argv, dir.path());
  std::istringstream in(raw);
  std::string summary;
  for (std::string line; std::getline(in, line);)
    if (!line.starts_with("Forked child ") && !line.starts_with("Got: ")) summary += line + "\n";
  return summary;
}

rt::model::Result import_real_speed(const std::string& log) {
  std::string error;
  auto result = rt::tools::openssl::import_openssl(log, "speed.log", error);
  INFO(log);
  INFO(error);
  REQUIRE(result.has_value());
  return *result;
}

std::string render_real_speed(const rt::model::Result& result) {
  return rt::tools::find_named_style("openssl")->render(result, result.reports.at(0)).text;
}

}  // namespace

TEST_CASE("openssl speed for real: md5's six block sizes and rsa512 come back line for line") {
  if (hwbench::test::find_tool("openssl").empty()) return hwbench::test::skip("openssl is not installed");
  std::string raw;
  const std::string summary = speed_summary({"-seconds", "1", "md5", "rsa512"}, raw);
  const auto result = import_real_speed(raw);
  CHECK(render_real_speed(result) == summary);
  // Six md5 cells, an rsa sign and an rsa verify.
  CHECK(result.series.size() == 8);
  CHECK(result.series.front().label == "md5 16 bytes");
  CHECK(result.series.back().label == "rsa 512 bits verify");
}

TEST_CASE("openssl speed for real: -multi 2's summary, without its heading lines, comes back") {
  if (hwbench::test::find_tool("openssl").empty()) return hwbench::test::skip("openssl is not installed");
  std::string raw;
  const std::string summary = speed_summary({"-seconds", "1", "-multi", "2", "-bytes", "16", "md5"}, raw);
  const auto result = import_real_speed(raw);
  CHECK(render_real_speed(result) == summary);
  CHECK(result.environment.at("openssl").at("multi") == 2);
  CHECK(result.series.at(0).label == "md5 16 bytes");
}

TEST_CASE("openssl speed for real: -evp's cipher name comes back") {
  if (hwbench::test::find_tool("openssl").empty()) return hwbench::test::skip("openssl is not installed");
  std::string raw;
  const std::string summary = speed_summary({"-seconds", "1", "-evp", "aes-128-cbc", "-bytes", "1024"}, raw);
  const auto result = import_real_speed(raw);
  CHECK(render_real_speed(result) == summary);
  // Labelled by hwbench's row for the cipher, whichever name openssl printed.
  CHECK(result.series.at(0).label == "aes-128 cbc 1024 bytes");
}
