// The checker on `interleave` blocks and the bare `compare` inside them: the options, what may
// stand in a block, the series it keeps apart, and the plan it builds (docs/language.md,
// "Interleaved comparisons").
#include <doctest/doctest.h>

#include "tests/support/recipe_env.hpp"

namespace plan = hwbench::runtime::plan;
namespace model = hwbench::runtime::model;
namespace test = hwbench::test;

namespace {

std::string interleave_errors(const std::string& text, bool allow_exec = false) {
  test::RecipeEnv env;
  return env.check(text, {}, allow_exec).diagnostics;
}

const std::string kInterleavePair = "series \"a\" syscall for 10ms\nseries \"b\" syscall for 10ms }\n";

}  // namespace

TEST_CASE("interleave check: every mistake in the options is reported in one pass") {
  const std::string hint = "hint: write it like: interleave rounds 10 slice 2 { … } or slice 500ms\n";
  CHECK(interleave_errors("interleave roundz 4 rounds 1 slice 0 slice 2h { " + kInterleavePair) ==
        "t.bench:1:12: error: 'interleave' has no option 'roundz'\n"
        "    1 | interleave roundz 4 rounds 1 slice 0 slice 2h { series \"a\" syscall for 10ms\n"
        "      |            ^~~~~~\n"
        "hint: did you mean 'rounds'?\n"
        "t.bench:1:28: error: rounds 1 is out of range\n"
        "    1 | interleave roundz 4 rounds 1 slice 0 slice 2h { series \"a\" syscall for 10ms\n"
        "      |                            ^\n"
        "hint: use 2 to 10000\n"
        "t.bench:1:36: error: slice 0 is out of range\n"
        "    1 | interleave roundz 4 rounds 1 slice 0 slice 2h { series \"a\" syscall for 10ms\n"
        "      |                                    ^\n"
        "hint: use 1 to 100000\n"
        "t.bench:1:38: error: 'slice' is given twice\n"
        "    1 | interleave roundz 4 rounds 1 slice 0 slice 2h { series \"a\" syscall for 10ms\n"
        "      |                                      ^~~~~\n" +
            hint);
  CHECK(interleave_errors("interleave slice 2h { " + kInterleavePair) ==
        "t.bench:1:18: error: a slice lasts between 0 and 1h\n"
        "    1 | interleave slice 2h { series \"a\" syscall for 10ms\n"
        "      |                  ^~\n" +
            hint);
}

TEST_CASE("interleave check: a bad option does not hide the block's own mistakes") {
  CHECK(interleave_errors("interleave rounds 1 { series \"a\" syscall for 10ms runs 3\nseries \"b\" syscall }\n")
            .find("t.bench:1:51: error: 'runs' has no meaning inside 'interleave'") != std::string::npos);
  CHECK(interleave_errors("interleave rounds 1 { " + kInterleavePair + "series \"a\" syscall\n") ==
        "t.bench:1:19: error: rounds 1 is out of range\n"
        "    1 | interleave rounds 1 { series \"a\" syscall for 10ms\n"
        "      |                   ^\n"
        "hint: use 2 to 10000\n"
        "t.bench:3:12: error: series \"a\" is fed by an 'interleave' block already\n"
        "    3 | series \"a\" syscall\n"
        "      |            ^~~~~~~\n"
        "hint: each statement of an 'interleave' block is a series of its own: name this one otherwise\n");
}

TEST_CASE("interleave check: the samples are the block's, so runs and until are refused inside") {
  const std::string hint = "hint: set them on the block: interleave rounds 10 slice 2 { … }\n";
  CHECK(interleave_errors("interleave { series \"a\" syscall for 10ms runs 3\nseries \"b\" syscall until ci 5% }\n") ==
        "t.bench:1:42: error: 'runs' has no meaning inside 'interleave': the block's rounds and slices set the "
        "samples\n"
        "    1 | interleave { series \"a\" syscall for 10ms runs 3\n"
        "      |                                          ^~~~\n" +
            hint +
            "t.bench:2:20: error: 'until' has no meaning inside 'interleave': the block's rounds and slices set "
            "the samples\n"
            "    2 | series \"b\" syscall until ci 5% }\n"
            "      |                    ^~~~~\n" +
            hint);
}

TEST_CASE("interleave check: what may stand in a block, and where a block may stand") {
  const std::string hint =
      "hint: an interleave block holds kernel statements that take turns, each a series of its own\n";
  CHECK(interleave_errors(
            "interleave { time { syscall for 10ms }\nparallel 2 { syscall for 10ms }\ninterleave { syscall }\n}\n") ==
        "t.bench:1:14: error: 'time' cannot stand inside 'interleave'\n"
        "    1 | interleave { time { syscall for 10ms }\n"
        "      |              ^~~~\n" +
            hint +
            "t.bench:2:1: error: 'parallel' cannot stand inside 'interleave'\n"
            "    2 | parallel 2 { syscall for 10ms }\n"
            "      | ^~~~~~~~\n" +
            hint +
            "t.bench:3:1: error: 'interleave' blocks do not nest\n"
            "    3 | interleave { syscall }\n"
            "      | ^~~~~~~~~~\n" +
            hint);
  CHECK(interleave_errors("interleave { series \"a\" syscall for 10ms }\n") ==
        "t.bench:1:1: error: 'interleave' needs two statements or more to take turns\n"
        "    1 | interleave { series \"a\" syscall for 10ms }\n"
        "      | ^~~~~~~~~~\n"
        "hint: put the statements to compare inside the block: interleave { A; B }\n");
  CHECK(interleave_errors("interleave { series \"a\" exec true import openssl\nseries \"b\" syscall for 10ms }\n",
                          true) ==
        "t.bench:1:25: error: a statement whose figures an importer reads cannot take turns in 'interleave'\n"
        "    1 | interleave { series \"a\" exec true import openssl\n"
        "      |                         ^~~~\n"
        "hint: time the program itself in the block, without 'import', or run it before the block\n");
}

TEST_CASE("interleave check: each statement of a block is a series of its own") {
  CHECK(interleave_errors("interleave { series \"a\" syscall for 10ms\nseries \"a\" syscall for 20ms }\n") ==
        "t.bench:2:12: error: series \"a\" has another statement in the block\n"
        "    2 | series \"a\" syscall for 20ms }\n"
        "      |            ^~~~~~~\n"
        "hint: each statement of an 'interleave' block is a series of its own: name them with series \"LABEL\"\n");
  CHECK(interleave_errors("series \"a\" syscall for 10ms\ninterleave { " + kInterleavePair) ==
        "t.bench:2:25: error: series \"a\" has another statement before the block\n"
        "    2 | interleave { series \"a\" syscall for 10ms\n"
        "      |                         ^~~~~~~\n"
        "hint: each statement of an 'interleave' block is a series of its own: name them with series \"LABEL\"\n");
  CHECK(interleave_errors("interleave { " + kInterleavePair + "series \"a\" syscall\n") ==
        "t.bench:3:12: error: series \"a\" is fed by an 'interleave' block already\n"
        "    3 | series \"a\" syscall\n"
        "      |            ^~~~~~~\n"
        "hint: each statement of an 'interleave' block is a series of its own: name this one otherwise\n");
}

TEST_CASE("interleave check: a bare compare belongs in a block, once") {
  CHECK(interleave_errors("compare\n") ==
        "t.bench:1:1: error: 'compare' without 'with' compares the statements of an 'interleave' block\n"
        "    1 | compare\n"
        "      | ^~~~~~~\n"
        "hint: write compare with \"FILE\" to compare with a result, or put it inside interleave { … }\n");
  CHECK(interleave_errors(
            "interleave { series \"a\" syscall for 10ms\nseries \"b\" syscall for 10ms\ncompare\ncompare }\n") ==
        "t.bench:4:1: error: an 'interleave' block has one 'compare'\n"
        "    4 | compare }\n"
        "      | ^~~~~~~\n"
        "hint: the first is at line 3\n");
  CHECK(interleave_errors(
            "interleave { series \"a\" syscall for 10ms\nseries \"b\" syscall for 10ms\ncompare effect 200% }\n")
            .find("error:") != std::string::npos);
}

TEST_CASE("interleave check: the plan holds one block step, its children's samples and the report") {
  test::RecipeEnv env;
  auto c = env.check(
      "interleave rounds 4 slice 3 {\n  series \"a\" syscall for 10ms\n  series \"b\" nop for 10ms\n"
      "  compare digits 4 effect 2%\n}\n");
  CHECK(c.diagnostics.empty());
  REQUIRE(c.recipe);
  const plan::Plan& p = c.recipe->plan;
  REQUIRE(p.main.size() == 1);
  const plan::Step& block = p.main[0];
  CHECK(block.kind == plan::Step::Kind::interleave);
  CHECK(block.interleave.rounds == 4);
  CHECK(block.interleave.slice_runs == 3);
  CHECK(block.interleave.slice_seconds == 0);
  REQUIRE(block.children.size() == 2);
  for (const plan::Step& child : block.children) {
    CHECK(child.kernel.policy.runs_min == 12);
    CHECK(child.kernel.policy.runs_max == 12);
  }
  CHECK(p.series_order == std::vector<std::string>{"a", "b"});
  CHECK(p.samples_max.at("a") == 12);
  REQUIRE(p.reports.size() == 1);
  CHECK(p.reports[0].style.layout == model::ReportLayout::interleaved);
  CHECK(p.reports[0].series == std::vector<std::string>{"a", "b"});
  CHECK(p.reports[0].options.at("digits") == "4");
  CHECK(p.reports[0].options.at("effect") == "2%");

  auto d = env.check("interleave rounds 3 slice 200ms { " + kInterleavePair);
  REQUIRE(d.recipe);
  CHECK(d.recipe->plan.main[0].interleave.slice_seconds == doctest::Approx(0.2));
  CHECK(d.recipe->plan.main[0].children[0].kernel.policy.runs_max == UINT32_MAX);
  CHECK(d.recipe->plan.reports.empty());
}
