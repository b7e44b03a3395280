// `settle`: where it may stand, what it probes, its durations, and how `check` shows it.
#include "runtime/check/binders/settle_binder.hpp"

#include <sstream>
#include <string>

#include <doctest/doctest.h>

#include "runtime/plan/plan_printer.hpp"
#include "tests/support/recipe_env.hpp"

namespace test = hwbench::test;
namespace model = hwbench::runtime::model;

namespace {

constexpr const char* kSetup =
    "setup { write disk:/small size 1MB; write disk:/big size 3MB; write disk:/also size 3MB }\n";

/// The diagnostics of `text`, which must not check.
std::string settle_errors(test::RecipeEnv& env, const std::string& text) {
  auto c = env.check(text);
  CHECK_FALSE(c.recipe.has_value());
  return c.diagnostics;
}

/// The settle section of the plan `check` prints for `text`.
std::string settle_printed(test::RecipeEnv& env, const std::string& text) {
  auto c = env.check(text);
  REQUIRE_MESSAGE(c.recipe.has_value(), c.diagnostics);
  std::ostringstream out;
  hwbench::runtime::plan::print_plan(c.recipe->plan, out);
  const std::string plan = out.str();
  const auto at = plan.find("settle (");
  REQUIRE(at != std::string::npos);
  const auto end = plan.find("\n\n", at);
  return env.substitute(plan.substr(at, end - at));
}

}  // namespace

TEST_CASE("settle: a fixed wait is planned and counted in the estimate") {
  test::RecipeEnv env;
  auto c = env.check(std::string(kSetup) + "settle 45s\nnop for 1s runs 2\n");
  REQUIRE_MESSAGE(c.recipe.has_value(), c.diagnostics);
  const auto& plan = c.recipe->plan;
  REQUIRE(plan.settle.has_value());
  CHECK(plan.settle->mode == model::SettleMode::wait);
  CHECK(plan.settle->seconds == 45);
  CHECK(plan.settle->file.empty());
  REQUIRE(plan.estimated_seconds.has_value());
  CHECK(*plan.estimated_seconds == doctest::Approx(47));
  CHECK(settle_printed(env, std::string(kSetup) + "settle 45s\nnop for 1s runs 2\n") ==
        "settle (after setup, untimed):\n    settle 45s: waits 45 s");
}

TEST_CASE("settle: until stable probes the largest file setup made, the first of equals, for at most max") {
  test::RecipeEnv env;
  auto c = env.check(std::string(kSetup) + "settle until stable max 30s\nread disk:/big cold\n");
  REQUIRE_MESSAGE(c.recipe.has_value(), c.diagnostics);
  const auto& st = *c.recipe->plan.settle;
  CHECK(st.mode == model::SettleMode::until_stable);
  CHECK(st.seconds == 30);
  CHECK(env.substitute(st.file) == "$DISK/big");
  CHECK(st.file_display == "disk:/big");
  CHECK(st.file_bytes == 3'000'000);
  // A read of unknown length: the estimate says "more than" the settle's maximum.
  CHECK_FALSE(c.recipe->plan.estimated_seconds.has_value());
  CHECK(c.recipe->plan.timed_seconds_known == 30);
  CHECK(settle_printed(env, std::string(kSetup) + "settle until stable max 30s\nread disk:/big cold\n") ==
        "settle (after setup, untimed):\n"
        "    settle until stable max 30s: reads 3.0 MB of disk:/big cold, once a second, until the rate is stable; at "
        "most 30 s");

  // Without max, two minutes; a file removed in setup is not a candidate.
  auto d = env.check(std::string(kSetup) + "setup { rm disk:/big }\nsettle until stable\nnop runs 1\n");
  REQUIRE_MESSAGE(d.recipe.has_value(), d.diagnostics);
  CHECK(d.recipe->plan.settle->seconds == 120);
  CHECK(d.recipe->plan.settle->file_display == "disk:/also");
}

TEST_CASE("settle: until stable may name the file, which setup must create") {
  test::RecipeEnv env;
  auto c = env.check(std::string(kSetup) + "settle until stable disk:/small max 5s\nnop runs 1\n");
  REQUIRE_MESSAGE(c.recipe.has_value(), c.diagnostics);
  CHECK(c.recipe->plan.settle->file_display == "disk:/small");
  CHECK(c.recipe->plan.settle->file_bytes == 1'000'000);

  test::write_text(env.disk() + "/theirs", "a stranger's file");
  CHECK(settle_errors(env, std::string(kSetup) + "settle until stable disk:/theirs\nnop runs 1\n") ==
        "t.bench:2:21: error: settle probes 'disk:/theirs' ($DISK/theirs), which setup does not create\n"
        "    2 | settle until stable disk:/theirs\n"
        "      |                     ^~~~~~~~~~~~\n"
        "hint: name a file that setup writes, or leave the path out to probe the largest of them\n");
  CHECK(settle_errors(env, std::string(kSetup) + "settle until stable /etc/passwd\nnop runs 1\n")
            .find("t.bench:2:21: error: ") == 0);
  CHECK(settle_errors(env, std::string(kSetup) + "settle until stable 10MB\nnop runs 1\n") ==
        "t.bench:2:21: error: 'settle until stable' needs the path of a file, but '10MB' is a size\n"
        "    2 | settle until stable 10MB\n"
        "      |                     ^~~~\n"
        "hint: write it like: settle until stable disk:/big max 60s\n");
}

TEST_CASE("settle: until stable needs a file that setup wrote on storage, not in memory") {
  test::RecipeEnv env;
  CHECK(settle_errors(env, "settle until stable\nnop runs 1\n") ==
        "t.bench:1:1: error: 'settle until stable' has no file to probe: setup creates none\n"
        "    1 | settle until stable\n"
        "      | ^~~~~~\n"
        "hint: write the files in setup first, or wait a fixed time: settle 60s\n");
  CHECK(
      settle_errors(env, "setup { write ramdisk:/r size 1MB }\nsettle until stable\nnop runs 1\n") ==
      "t.bench:2:1: error: settle would probe 'ramdisk:/r', which is on a tmpfs: its reads come from memory and never "
      "settle\n"
      "    2 | settle until stable\n"
      "      | ^~~~~~\n"
      "hint: probe a file on the storage the recipe measures, or wait a fixed time: settle 60s\n");
}

TEST_CASE("settle: durations") {
  test::RecipeEnv env;
  CHECK(settle_errors(env, "settle 60\nnop runs 1\n") ==
        "t.bench:1:8: error: 'settle' needs a duration, but '60' is a plain number\n"
        "    1 | settle 60\n"
        "      |        ^~\n"
        "hint: write it like: settle 60s, or settle until stable max 120s\n");
  CHECK(settle_errors(env, "settle 2h\nnop runs 1\n") ==
        "t.bench:1:8: error: 'settle' needs a duration between 0 and 1h\n"
        "    1 | settle 2h\n"
        "      |        ^~\n"
        "hint: write it like: settle 60s, or settle until stable max 120s\n");
  CHECK(settle_errors(env, std::string(kSetup) + "settle until stable max 0s\nnop runs 1\n") ==
        "t.bench:2:25: error: 'max' needs a duration between 0 and 1h\n"
        "    2 | settle until stable max 0s\n"
        "      |                         ^~\n"
        "hint: write it like: settle 60s, or settle until stable max 120s\n");
  CHECK(env.check("let wait = 90s\nsettle $wait\nnop runs 1\n").recipe->plan.settle->seconds == 90);
}

TEST_CASE("settle: at the top level, once, after setup and before the first timed statement") {
  test::RecipeEnv env;
  const std::string where_hint =
      "hint: settle lets the files setup wrote settle before timing: write it at the top level, after the setup block "
      "and before the first timed statement\n";
  CHECK(settle_errors(env, "setup { write disk:/a size 1MB; settle 10s }\nnop runs 1\n") ==
        "t.bench:1:33: error: 'settle' belongs at the top level of a recipe\n"
        "    1 | setup { write disk:/a size 1MB; settle 10s }\n"
        "      |                                 ^~~~~~\n" +
            where_hint);
  CHECK(settle_errors(env, "series \"s\" { settle 10s; nop runs 1 }\n") ==
        "t.bench:1:14: error: 'settle' belongs at the top level of a recipe\n"
        "    1 | series \"s\" { settle 10s; nop runs 1 }\n"
        "      |              ^~~~~~\n" +
            where_hint);
  CHECK(settle_errors(env, "repeat 2 settle 10s\nnop runs 1\n") ==
        "t.bench:1:10: error: 'settle' belongs at the top level of a recipe\n"
        "    1 | repeat 2 settle 10s\n"
        "      |          ^~~~~~\n" +
            where_hint);
  CHECK(settle_errors(env, "settle 10s\nsettle 20s\nnop runs 1\n") ==
        "t.bench:2:1: error: a recipe settles once\n"
        "    2 | settle 20s\n"
        "      | ^~~~~~\n"
        "hint: the first 'settle' is at line 1\n");
  CHECK(settle_errors(env, "nop runs 1\n\nsettle 10s\n") ==
        "t.bench:3:1: error: 'settle' comes after a timed statement\n"
        "    3 | settle 10s\n"
        "      | ^~~~~~\n"
        "hint: move it above line 1, where the timed statements begin\n");
  CHECK(settle_errors(env, "settle 10s\nsetup { write disk:/a size 1MB }\nnop runs 1\n") ==
        "t.bench:2:1: error: 'setup' comes after 'settle'\n"
        "    2 | setup { write disk:/a size 1MB }\n"
        "      | ^~~~~\n"
        "hint: settle lets setup's files settle: move it below the setup block (it is at line 1)\n");
  // Inside a top-level `if`, it stands at the top level.
  auto c = env.check("if $cpus > 0 { settle 5s }\nnop runs 1\n");
  REQUIRE_MESSAGE(c.recipe.has_value(), c.diagnostics);
  CHECK(c.recipe->plan.settle->seconds == 5);
}
