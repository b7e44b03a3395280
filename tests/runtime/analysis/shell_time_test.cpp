// A `sh` step's runs too short to time through a shell: those the start-up took to 0 s, or runs
// that average less than the start-up taken out of each (docs/language.md, "The shell").
#include "runtime/analysis/shell_time.hpp"

#include <cstdint>
#include <string>
#include <vector>

#include <doctest/doctest.h>

namespace rt = hwbench::runtime;

namespace {

/// A series of samples of `kernel` (`sh` with a start-up of 2.5 ms), each `ns` long, `runs` runs each.
rt::model::Series shell_runs(const std::vector<std::int64_t>& ns, const std::string& kernel = "sh",
                             std::uint64_t runs = 1) {
  rt::model::Series s;
  s.label = "sh \"true\"";
  rt::model::ParamSet set{kernel, {}};
  if (kernel == "sh") set.params["shell_startup_ns"] = "2500000";
  for (const std::int64_t wall : ns) {
    rt::model::Sample sample;
    sample.wall_ns = wall;
    sample.ops = runs;
    sample.units = 1;
    s.add(sample, set);
  }
  return s;
}

}  // namespace

TEST_CASE("shell time: runs the start-up took to 0 s, or shorter on average than it, are too short") {
  const auto zeros = rt::analysis::shell_shortfall(shell_runs({0, 0, 300'000}));
  REQUIRE(zeros);
  CHECK(zeros->runs == 3);
  CHECK(zeros->zero_runs == 2);
  CHECK(zeros->mean_seconds == doctest::Approx(100e-6));
  CHECK(rt::analysis::shortfall_text(*zeros) ==
        "0.1 ms a run once the shell's start-up (2.5 ms) is taken out, 2 of 3 runs 0 s");
  // No run at 0 s, but 1.2 ms on average against a start-up of 2.5 ms.
  const auto short_runs = rt::analysis::shell_shortfall(shell_runs({1'000'000, 1'400'000}));
  REQUIRE(short_runs);
  CHECK(short_runs->zero_runs == 0);
  CHECK(rt::analysis::shortfall_text(*short_runs) == "1.2 ms a run once the shell's start-up (2.5 ms) is taken out");
  // As long as the start-up on average, or a program run without a shell: nothing to say.
  CHECK_FALSE(rt::analysis::shell_shortfall(shell_runs({2'000'000, 3'000'000})));
  CHECK_FALSE(rt::analysis::shell_shortfall(shell_runs({0, 0}, "exec")));
  // Several runs to a sample (`for`): each run's time is the sample's over its runs.
  CHECK_FALSE(rt::analysis::shell_shortfall(shell_runs({4'000'000}, "sh", 1)));
  const auto batched = rt::analysis::shell_shortfall(shell_runs({4'000'000}, "sh", 4));
  REQUIRE(batched);
  CHECK(batched->mean_seconds == doctest::Approx(1e-3));
}

TEST_CASE("shell time: the notes under the reports name each series and say what to do") {
  rt::model::Result r;
  r.series.push_back(shell_runs({0, 0, 300'000}));
  r.series.push_back(shell_runs({1'000'000, 1'400'000}));
  r.series.back().label = "quick";
  r.series.push_back(shell_runs({5'000'000}));
  CHECK(rt::analysis::shell_notes(r) ==
        std::vector<std::string>{
            "sh \"true\": too short to time through a shell: 0.1 ms a run once the shell's start-up (2.5 ms) is taken "
            "out, 2 of 3 runs 0 s; rates leave out runs of 0 s. Time the command with exec, or give each run more "
            "work",
            "quick: too short to time through a shell: 1.2 ms a run once the shell's start-up (2.5 ms) is taken out. "
            "Time the command with exec, or give each run more work"});
}
