// `interleave` blocks run: their statements take turns slice by slice, A B then B A, each slice a
// round of its own in the samples; slices of a duration take samples until their time is up.
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/run/interpreter.hpp"
#include "tests/support/recipe_env.hpp"
#include "tests/support/scripted_run.hpp"

namespace kernels = hwbench::kernels;
namespace model = hwbench::runtime::model;
namespace run = hwbench::runtime::run;
namespace test = hwbench::test;

namespace {

std::vector<std::uint32_t> turns_of(const model::Series& series) {
  std::vector<std::uint32_t> out;
  for (const auto& s : series.samples) out.push_back(s.block);
  return out;
}

}  // namespace

TEST_CASE("interleave run: slices of samples in turn, forwards then backwards, each a round") {
  test::RecipeEnv env;
  std::string log;
  test::add_letter_kernels(env, log, "abc");
  const auto out = test::run_scripted(env,
                                      "interleave rounds 4 slice 2 {\n  series \"A\" a warmup 1\n  series \"B\" b\n"
                                      "  series \"C\" c\n}\n",
                                      5);
  REQUIRE(out.status == model::RunStatus::complete);
  // A's warm-up when it begins, then A B C, C B A, A B C, C B A, two samples a slice.
  CHECK(log ==
        "a"
        "aabbcc"
        "ccbbaa"
        "aabbcc"
        "ccbbaa");
  REQUIRE(out.series.size() == 3);
  for (const auto& series : out.series) CHECK(turns_of(series) == std::vector<std::uint32_t>{1, 1, 2, 2, 3, 3, 4, 4});
}

TEST_CASE("interleave run: the blocks of --blocks leave the interleaved statements alone") {
  test::RecipeEnv env;
  std::string log;
  test::add_letter_kernels(env, log, "abc");
  const auto out =
      test::run_scripted(env,
                         "series \"before\" c runs 2\ninterleave rounds 2 {\n  series \"A\" a\n  series \"B\" b\n}\n"
                         "series \"after\" c runs 2\n",
                         5);
  REQUIRE(out.status == model::RunStatus::complete);
  // The block is no neighbour of the statements around it: they take their samples alone.
  CHECK(log ==
        "cc"
        "ab"
        "ba"
        "cc");
}

TEST_CASE("interleave run: a slice of a duration takes samples until its time is up") {
  test::RecipeEnv env;
  std::string log;
  test::add_letter_kernels(env, log, "abc");
  // Every clock reading is 1 ms on; a sample of `for 2ms` and a slice of 10 ms.
  const auto out = test::run_scripted(
      env, "interleave rounds 3 slice 10ms {\n  series \"A\" a for 2ms\n  series \"B\" b for 2ms\n}\n", 5);
  REQUIRE(out.status == model::RunStatus::complete);
  REQUIRE(out.series.size() == 2);
  for (const auto& series : out.series) {
    const auto rounds = turns_of(series);
    INFO(series.label);
    REQUIRE(rounds.size() >= 3);
    CHECK(rounds.front() == 1);
    CHECK(rounds.back() == 3);
    // Every round has samples, and each slice has more than one sample but not unbounded.
    for (std::uint32_t r = 1; r <= 3; ++r) {
      const auto n = std::count(rounds.begin(), rounds.end(), r);
      CHECK(n >= 1);
      CHECK(n <= 10);
    }
  }
  // The turns: A's slice, B's twice (B A), A's twice, B's: the letters change three times.
  std::size_t changes = 0;
  for (std::size_t i = 1; i < log.size(); ++i) changes += log[i] != log[i - 1];
  CHECK(changes == 3);
}
