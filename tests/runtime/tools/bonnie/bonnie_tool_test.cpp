// `hwbench import bonnie` on what Debian's bonnie++ prints on this machine, run small in a
// temporary directory (about 5 s in all: the seek test alone waits 3 s before it starts): the
// log comes back from `report bonnie` line for line. Skipped, and counted so by CTest, where
// bonnie++ is not installed (CI installs it: scripts/packages.sh).
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/report/named_report.hpp"
#include "runtime/tools/bonnie/bonnie_import.hpp"
#include "runtime/tools/bonnie/bonnie_report.hpp"
#include "runtime/tools/tools.hpp"
#include "tests/support/real_tool.hpp"
#include "tests/support/skip.hpp"
#include "tests/support/temp_dir.hpp"

namespace rt = hwbench::runtime;

namespace {

// One run of bonnie++ with `options` in a temporary directory: its standard output.
std::string run_bonnie(std::vector<std::string> options) {
  const std::string bonnie = hwbench::test::find_tool("bonnie++");
  hwbench::test::TempDir dir;
  REQUIRE(!dir.path().empty());
  std::vector<std::string> argv = {bonnie, "-d", dir.path()};
  argv.insert(argv.end(), options.begin(), options.end());
  // As root, bonnie++ insists on being told which user to run as.
  if (::geteuid() == 0) argv.insert(argv.end(), {"-u", "root"});
  return hwbench::test::tool_output(argv, dir.path());
}

rt::model::Result import_real_bonnie(const std::string& log) {
  std::string error;
  auto result = rt::tools::bonnie::import_bonnie(log, "bonnie++.log", error);
  INFO(log);
  INFO(error);
  REQUIRE(result.has_value());
  return *result;
}

std::string render_real_bonnie(const rt::model::Result& result) {
  return rt::tools::find_named_style("bonnie")->render(result, result.reports.at(0)).text;
}

}  // namespace

TEST_CASE("bonnie++ for real: both tables and the CSV line come back line for line") {
  if (hwbench::test::find_tool("bonnie++").empty()) return hwbench::test::skip("bonnie++ is not installed");
  // -f leaves out the per-character tests (seconds each); 64 MiB with -r 32 passes the RAM check.
  const std::string log = run_bonnie({"-s", "64", "-r", "32", "-f", "-n", "1", "-m", "hwbench-test-host.example.org"});
  const auto result = import_real_bonnie(log);
  CHECK(render_real_bonnie(result) == log);
  CHECK(result.machine == "hwbench-test-host.example.org");
  const auto runs = rt::tools::bonnie::bonnie_runs(result, {});
  REQUIRE(runs.size() == 1);
  CHECK(runs[0].shows_tables);
  CHECK(runs[0].shows_csv);
  CHECK(runs[0].file_size == "64M");
  CHECK(runs[0].num_files == "1");
  CHECK(runs[0].tests[0].state == rt::tools::bonnie::BonnieFigure::State::not_run);
}

TEST_CASE("bonnie++ for real: -x 2 prints a header and two CSV lines, which come back as they were") {
  if (hwbench::test::find_tool("bonnie++").empty()) return hwbench::test::skip("bonnie++ is not installed");
  const std::string log = run_bonnie({"-s", "0", "-n", "1", "-x", "2"});
  const auto result = import_real_bonnie(log);
  CHECK(render_real_bonnie(result) == log);
  const auto runs = rt::tools::bonnie::bonnie_runs(result, {});
  REQUIRE(runs.size() == 2);
  CHECK(runs[0].csv_header);
  CHECK_FALSE(runs[1].csv_header);
  CHECK_FALSE(runs[1].shows_tables);
}
