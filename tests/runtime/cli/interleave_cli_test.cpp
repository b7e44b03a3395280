// `interleave` end to end with real kernels, through the command line: the same kernel twice
// gives ratios whose intervals cover 1, and a kernel doing twice the work per operation is found
// about half as fast, with the right sign. The samples are timed on CPU time (`cputime`): the
// tests run in parallel shards on two cores, and time spent waiting for a core is not the
// kernel's (under such load, wall-clock rounds gave a ratio of 3.5 for the same kernel twice).
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/analysis/statistics.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/temp_dir.hpp"

namespace test = hwbench::test;
namespace analysis = hwbench::runtime::analysis;

namespace {

struct InterleavedLine {
  double ratio = 0, lo = 0, hi = 0;
  std::string verdict;
};

/// Runs `recipe` with the CSV format and returns the second series' line of the interleaved report.
InterleavedLine run_interleaved_pair(const test::TempDir& dir, const std::string& recipe) {
  const std::string path = dir.path() + "/pair.bench";
  std::ofstream(path) << recipe;
  const auto r = test::cli({"run", path, "--format", "csv", "-q", "-o", dir.path() + "/r.json"});
  INFO(r.err);
  REQUIRE(r.code == 0);
  std::istringstream lines(r.out);
  std::string line;
  while (std::getline(lines, line))
    if (line.rfind("B,", 0) == 0) {
      std::vector<std::string> cells;
      std::istringstream fields(line);
      for (std::string cell; std::getline(fields, cell, ',');) cells.push_back(cell);
      REQUIRE(cells.size() >= 8);
      return {std::stod(cells[4]), std::stod(cells[5]), std::stod(cells[6]), cells[7]};
    }
  FAIL("no line for B in:\n" << r.out);
  return {};
}

}  // namespace

TEST_CASE("interleave cli: the same kernel twice: over repeated runs the ratio's interval covers 1") {
  test::TempDir dir;
  const std::string recipe =
      "interleave rounds 6 {\n"
      "  series \"A\" digest sha256 block 4096 for 20ms cputime\n"
      "  series \"B\" digest sha256 block 4096 for 20ms cputime\n"
      "  compare digits 4\n"
      "}\n";
  int covered = 0;
  std::vector<double> ratios;
  for (int run = 0; run < 5; ++run) {
    const InterleavedLine b = run_interleaved_pair(dir, recipe);
    INFO(b.ratio << " " << b.lo << " – " << b.hi << ": " << b.verdict);
    CHECK(b.lo <= b.ratio);
    CHECK(b.ratio <= b.hi);
    covered += b.lo <= 1 && 1 <= b.hi;
    ratios.push_back(b.ratio);
  }
  // A 95% interval covers the truth 19 times in 20: three of five misses by chance once in a
  // thousand. A single run is not held to more: CI compiles the static binary on the other vCPU
  // beside these tests, and a burst of it inside one round moved one run's ratio to 0.888
  // (0.795–0.992) while the other four covered 1. The runs' median stays near 1.
  CHECK(covered >= 3);
  CHECK(std::fabs(analysis::median(ratios) - 1) <= 0.1);
}

TEST_CASE("interleave cli: twice the work per operation is detected, about half as fast") {
  test::TempDir dir;
  std::vector<double> ratios;
  for (int run = 0; run < 3; ++run) {
    const InterleavedLine b = run_interleaved_pair(dir,
                                                   "interleave rounds 6 {\n"
                                                   "  series \"A\" digest sha256 block 64KiB for 20ms cputime\n"
                                                   "  series \"B\" digest sha256 block 128KiB for 20ms cputime\n"
                                                   "  compare unit \"ops/s\"\n"
                                                   "}\n");
    INFO(b.ratio << " " << b.lo << " – " << b.hi << ": " << b.verdict);
    CHECK(b.hi < 1);
    CHECK(b.verdict.rfind("B is ", 0) == 0);
    CHECK(b.verdict.find("% slower (") != std::string::npos);
    ratios.push_back(b.ratio);
  }
  // A whole digest of twice the bytes: about half as many a second. The blocks are large so that
  // each digest's fixed cost (context, padding, final; larger in a sanitizer build, where 4 KiB
  // against 8 KiB gave 0.595) is a small share of its work. The size is judged on the median of
  // three runs, as one run beside CI's static build gave 0.564 (0.469–0.678).
  const double ratio = analysis::median(ratios);
  INFO("median ratio " << ratio);
  CHECK(ratio > 0.45);
  CHECK(ratio < 0.56);
}

TEST_CASE("interleave cli: reruns joined pair each run's rounds, not the runs' means") {
  test::TempDir dir;
  const std::string path = dir.path() + "/pair.bench";
  std::ofstream(path) << "interleave rounds 4 {\n"
                         "  series \"A\" digest sha256 block 4096 for 10ms cputime\n"
                         "  series \"B\" digest sha256 block 4096 for 10ms cputime\n"
                         "}\n";
  for (const char* name : {"/a.json", "/b.json"}) {
    const auto r = test::cli({"run", path, "-q", "-o", dir.path() + name});
    INFO(r.err);
    REQUIRE(r.code == 0);
  }
  const auto r = test::cli({"report", dir.path() + "/a.json+" + dir.path() + "/b.json", "--format", "csv"});
  INFO(r.err);
  REQUIRE(r.code == 0);
  // Both runs' four rounds make eight pairs: the comparison is as sharp as the runs' rounds
  // allow, where two runs' means alone (2 pairs, 1 degree of freedom) would give next to none.
  CHECK(r.out.find("\nB,8,") != std::string::npos);
  CHECK(r.out.find("\nA,8,") != std::string::npos);
}
