// `hwbench reproduce` of a UnixBench log: each test's row of the log's index table is an index
// of the derived recipe too, so that the comparison's per-test index rows have this machine's
// figure beside the log's (runtime/tools/unixbench/unixbench_procedure.cpp).
#include <fstream>
#include <sstream>
#include <string>

#include <doctest/doctest.h>

#include "runtime/reproduce/procedures.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/golden.hpp"
#include "tests/support/temp_dir.hpp"

namespace test = hwbench::test;
namespace reproduce = hwbench::runtime::reproduce;

namespace {

std::string unixbench_vector_text(const std::string& relative) {
  std::ifstream in(test::source_path(relative), std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// The line of `text` that starts with `start`, "" when none does.
std::string unixbench_line_starting(const std::string& text, const std::string& start) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.starts_with(start)) return line;
  return "";
}

/// A UnixBench 5.1.3 log of two index tests, one sample of one second each: a run of about 2 s.
const char* const short_unixbench_log = R"(   BYTE UNIX Benchmarks (Version 5.1.3)

   System: hwbench-vm: GNU/Linux
   OS: GNU/Linux -- 6.1.0-27-amd64 -- #1 SMP PREEMPT_DYNAMIC Debian 6.1.115-1 (2024-11-01)
   Machine: x86_64 (unknown)
   CPU 0: Intel(R) Xeon(R) Processor (4200.0 bogomips)

------------------------------------------------------------------------
Benchmark Run: Sat Nov 28 2026 23:12:05 - 23:12:07
1 CPU in system; running 1 parallel copy of tests

Pipe Throughput                             2198801.8 lps   (1.0 s, 1 samples)
System Call Overhead                        1497591.4 lps   (1.0 s, 1 samples)

System Benchmarks Partial Index              BASELINE       RESULT    INDEX
Pipe Throughput                               12440.0    2198801.8   1767.5
System Call Overhead                          15000.0    1497591.4    998.4
                                                                   ========
System Benchmarks Index Score (Partial Only)                         1328.4
)";

}  // namespace

TEST_CASE("reproduce: a UnixBench log's per-test indices are the recipe's, each citing its index table row") {
  const std::string name = "tests/data/unixbench/unixbench-5.1.3-2-cpus.log";
  std::string error;
  const auto log = reproduce::read_log(unixbench_vector_text(name), name, error);
  INFO(error);
  REQUIRE(log);
  const auto p = reproduce::infer_procedure(*log, {std::uint64_t{1} << 30}, error);
  REQUIRE(p);
  CHECK(unixbench_line_starting(p->recipe, "index \"Pipe Throughput\" ") ==
        "index \"Pipe Throughput\" = geomean(\"Pipe Throughput\") vs george scale 10 using unixbench  # line 38: "
        "Pipe Throughput 12440.0 2198801.8 1767.5");
  CHECK(unixbench_line_starting(p->recipe, "index \"Pipe Throughput (2 copies)\" ") ==
        "index \"Pipe Throughput (2 copies)\" = geomean(\"Pipe Throughput (2 copies)\") vs george scale 10 using "
        "unixbench  # line 71: Pipe Throughput 12440.0 4301226.9 3457.6");
  // The scores still cite their own lines.
  CHECK(unixbench_line_starting(p->recipe, "index \"System Benchmarks Index Score (2 copies)\" ")
            .ends_with("  # line 78: System Benchmarks Index Score 2814.4"));
}

TEST_CASE("reproduce: a UnixBench log's per-test index rows get this machine's figure in the comparison") {
  test::TempDir work;
  std::ofstream(work / "short.log") << short_unixbench_log;
  const auto run = test::cli({"reproduce", "-q", work / "short.log", "-o", work / "r.json"});
  INFO(run.err);
  REQUIRE(run.code == 0);
  INFO(run.out);
  for (const char* row : {"Pipe Throughput (vs george)", "System Call Overhead (vs george)",
                          "System Benchmarks Index Score (vs george)"}) {
    const std::string line = unixbench_line_starting(run.out.substr(run.out.find("\nseries ")), row);
    INFO(line);
    // The row's name, the log's index, this machine's and their ratio: no `-`.
    std::istringstream words(line.substr(std::string(row).size()));
    std::string log_index, here, ratio, more;
    words >> log_index >> here >> ratio;
    CHECK(log_index != "-");
    CHECK(here != "-");
    CHECK(ratio != "-");
    CHECK(!(words >> more));
  }
}
