// `hwbench compare`'s column names: the file stems, told apart by their directories where they
// are alike, and by their place on the command line where one file is given twice.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/record/result_file.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/timed_series.hpp"

namespace rt = hwbench::runtime;
namespace test = hwbench::test;

namespace {

// Writes at `path` a result of one series "nop" of operations counted in one-second samples.
void write_result(const std::string& path, const std::vector<std::uint64_t>& ops) {
  rt::model::Result result;
  result.series.push_back(test::timed_series("nop", ops, std::vector<std::int64_t>(ops.size(), 1'000'000'000)));
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  std::string error;
  REQUIRE(rt::record::save_result(result, path, error));
}

}  // namespace

TEST_CASE("compare cli: files of one stem are told apart by their directories, one file twice by its place") {
  test::TempDir dir;
  write_result(dir / "d1/run.json", {100, 101, 99, 100});
  write_result(dir / "d2/run.json", {300, 303, 297, 300});
  write_result(dir / "x/d1/run.json", {300, 303, 297, 300});
  const auto two = test::cli({"compare", dir / "d1/run.json", dir / "d2/run.json"});
  REQUIRE(two.code == 0);
  CHECK(two.out ==
        "series             run (d1)     run (d2)  run (d2)/run (d1)\n"
        "nop             100.0 ops/s  300.0 ops/s               3.00\n"
        "geometric mean                                         3.00\n"
        "\n"
        "verdicts: 95% CI of each ratio (Welch's t); minimum effect 1%\n"
        "nop  run (d2)/run (d1)  run (d2) is 3.00× as fast (2.95× to 3.06×)\n");
  // d1/run twice over: one directory more tells them apart; d2/run needs none.
  const auto three = test::cli({"compare", dir / "d1/run.json", dir / "x/d1/run.json", dir / "d2/run.json"});
  REQUIRE(three.code == 0);
  const std::string name = std::filesystem::path(dir.path()).filename().string();
  CHECK(three.out.substr(0, three.out.find('\n')) == "series          run (" + name +
                                                         "/d1)   run (x/d1)     run (d2)  run (x/d1)/run (" + name +
                                                         "/d1)  run (d2)/run (" + name + "/d1)");
  const auto twice = test::cli({"compare", dir / "d1/run.json", dir / "d1/run.json"});
  REQUIRE(twice.code == 0);
  CHECK(twice.out.substr(0, twice.out.find('\n')) == "series               run #1       run #2  run #2/run #1");
  // Stems alone where they differ.
  write_result(dir / "d2/other.json", {300, 303, 297, 300});
  const auto plain = test::cli({"compare", dir / "d1/run.json", dir / "d2/other.json"});
  CHECK(plain.out.substr(0, plain.out.find('\n')) == "series                  run        other  other/run");
}
