// `if A OP B { … } else …`: decided at check time; the branch taken stands in place of the `if`.
#include <algorithm>
#include <filesystem>

#include <doctest/doctest.h>

#include "tests/support/recipe_env.hpp"
#include "tests/support/temp_dir.hpp"

namespace test = hwbench::test;

namespace {

/// The series the checked plan produces, in order ("" when the check failed).
std::string series_of(test::RecipeEnv& env, const std::string& text) {
  auto checked = env.check(text);
  if (!checked.recipe) return checked.diagnostics;
  std::string out;
  for (const auto& s : checked.recipe->plan.series_order) out += (out.empty() ? "" : ",") + s;
  return out;
}

}  // namespace

TEST_CASE("if: $cpus picks UnixBench's N-copy pass only where there is more than one CPU") {
  const std::string text =
      "series \"one\" nop runs 1\n"
      "if $cpus > 1 {\n"
      "  series \"n ($cpus copies)\" parallel $cpus { nop }\n"
      "}\n";
  test::RecipeEnv env;
  env.fake_machine().cpus = 1;
  CHECK(series_of(env, text) == "one");
  env.fake_machine().cpus = 4;
  CHECK(series_of(env, text) == "one,n (4 copies)");
}

TEST_CASE("if: else, else if, and every comparison operator") {
  test::RecipeEnv env;
  env.fake_machine().cpus = 2;
  const auto pick = [&](const std::string& cond) {
    return series_of(env, "if " + cond + " { series \"yes\" nop runs 1 } else { series \"no\" nop runs 1 }\n");
  };
  CHECK(pick("$cpus == 2") == "yes");
  CHECK(pick("$cpus != 2") == "no");
  CHECK(pick("$cpus < 2") == "no");
  CHECK(pick("$cpus <= 2") == "yes");
  CHECK(pick("$cpus > 1") == "yes");
  CHECK(pick("$cpus >= 3") == "no");
  CHECK(pick("10MB > 9MB") == "yes");
  CHECK(pick("1KiB == 1024") == "yes");  // a plain number stands for the base unit
  CHECK(pick("2 * $cpus == 4") == "yes");
  CHECK(series_of(env,
                  "let mode = full\n"
                  "if $mode == quick { series \"q\" nop runs 1 } else if $mode == \"full\" { series \"f\" nop runs 1 }"
                  " else { series \"other\" nop runs 1 }\n") == "f");
  // No else and a false condition: nothing at all.
  CHECK(series_of(env, "series \"a\" nop runs 1\nif 1 > 2 { series \"b\" nop runs 1 }\n") == "a");
}

TEST_CASE("if: at the top level its branch may declare indices and reports, loop variables decide it per pass") {
  test::RecipeEnv env;
  auto checked = env.check(
      "repeat 4 { if $i <= 2 { series \"low\" nop runs 1 } else { series \"high\" nop runs 1 } }\n"
      "if 1 < 2 {\n"
      "  report ops/s mean\n"
      "}\n");
  REQUIRE(checked.recipe);
  CHECK(checked.recipe->plan.series_order == std::vector<std::string>{"low", "high"});
  CHECK(checked.recipe->plan.samples_min.at("low") == 2);
  CHECK(checked.recipe->plan.samples_min.at("high") == 2);
  CHECK(checked.recipe->plan.reports.size() == 1);
}

TEST_CASE("if: a statement in a branch is named by its own text") {
  test::RecipeEnv env;
  CHECK(series_of(env, "if 1 < 2 { nop runs 1 }\nnop runs 2\n") == "nop runs 1,nop runs 2");
}

TEST_CASE("if: a condition that cannot be decided is an exact error") {
  test::RecipeEnv env;
  CHECK(env.check("if 10MB > 5s { nop }\n").diagnostics ==
        "t.bench:1:4: error: cannot compare a size with a duration\n"
        "    1 | if 10MB > 5s { nop }\n"
        "      |    ^~~~~~~~~\n"
        "hint: both sides need the same kind of unit\n");
  CHECK(env.check("if quick < 2 { nop }\n").diagnostics ==
        "t.bench:1:4: error: '<' compares a number with a text: 'quick' and '2'\n"
        "    1 | if quick < 2 { nop }\n"
        "      |    ^~~~~~~~~\n"
        "hint: compare numbers with numbers, texts with texts\n");
  CHECK(env.check("if a < b { nop }\n").diagnostics ==
        "t.bench:1:4: error: '<' needs numbers; texts compare only with == and !=\n"
        "    1 | if a < b { nop }\n"
        "      |    ^~~~~\n");
  CHECK(env.check("if [1, 2] == 1 { nop }\n").diagnostics ==
        "t.bench:1:4: error: '==' cannot compare lists\n"
        "    1 | if [1, 2] == 1 { nop }\n"
        "      |    ^~~~~~~~~~~\n"
        "hint: compare one value with another\n");
  CHECK(env.check("if $n > 1 { nop }\n").diagnostics ==
        "t.bench:1:4: error: undefined variable '$n'\n"
        "    1 | if $n > 1 { nop }\n"
        "      |    ^~\n"
        "hint: define it first: let n = …\n");
}

TEST_CASE("if: locations and kernel definitions stay outside it") {
  test::RecipeEnv env;
  CHECK(env.check("if 1 < 2 {\n  location x = \"/tmp\"\n}\nnop\n").diagnostics ==
        "t.bench:2:3: error: 'location' is only allowed at the top level of a recipe\n"
        "    2 |   location x = \"/tmp\"\n"
        "      |   ^~~~~~~~\n"
        "hint: a location is declared for the whole recipe: move it out of the 'if'\n");
  CHECK(env.check("if 1 < 2 {\n  kernel k() -> i32 { return 1 }\n}\nnop\n").diagnostics ==
        "t.bench:2:3: error: a kernel definition belongs at the top level of a recipe\n"
        "    2 |   kernel k() -> i32 { return 1 }\n"
        "      |   ^~~~~~\n");
}

TEST_CASE("if: a chain of 20000 else ifs is a loop, not a recursion, in the parser and the checker") {
  std::string text = "let n = 19999\nif $n == 0 { series \"0\" nop runs 1 }";
  for (int k = 1; k < 20000; ++k)
    text += " else if $n == " + std::to_string(k) + " { series \"" + std::to_string(k) + "\" nop runs 1 }";
  text += " else { series \"none\" nop runs 1 }\n";
  test::RecipeEnv env;
  CHECK(series_of(env, text) == "19999");
}

TEST_CASE("if: syntax errors say what an if needs") {
  test::RecipeEnv env;
  CHECK(env.check("if 1 < 2 { nop }\nelse { nop }\n").diagnostics ==
        "t.bench:2:1: error: 'else' must follow the '}' of an 'if' on the same line\n"
        "    2 | else { nop }\n"
        "      | ^~~~\n"
        "hint: write } else { … }\n");
  CHECK(env.check("if $cpus { nop }\n").diagnostics ==
        "t.bench:1:10: error: expected a comparison operator (==, !=, <, <=, >, >=) after the value of 'if'\n"
        "    1 | if $cpus { nop }\n"
        "      |          ^\n"
        "hint: write if A OP B { … } [else { … }], as in if $cpus > 1 { … }\n");
  CHECK(env.check("if 1 < 2 nop\n").diagnostics ==
        "t.bench:1:10: error: expected '{' after the condition of 'if'\n"
        "    1 | if 1 < 2 nop\n"
        "      |          ^~~\n"
        "hint: write if A OP B { … } [else { … }], as in if $cpus > 1 { … }\n");
  CHECK(env.check("if 1 < 2 { nop } else nop\n").diagnostics ==
        "t.bench:1:23: error: expected '{' or 'if' after 'else'\n"
        "    1 | if 1 < 2 { nop } else nop\n"
        "      |                       ^~~\n"
        "hint: write } else { … } or } else if A < B { … }\n");
  CHECK(env.check("if 1 < { nop }\n").diagnostics ==
        "t.bench:1:8: error: expected a value after the comparison operator\n"
        "    1 | if 1 < { nop }\n"
        "      |        ^\n"
        "hint: write if A OP B { … } [else { … }], as in if $cpus > 1 { … }\n");
}

TEST_CASE("if: specs/unixbench-quick.bench runs its N-copy pass and index only with more than one CPU") {
  test::RecipeEnv env;
  const std::string src = HWBENCH_SOURCE_DIR;
  std::filesystem::create_directories(env.disk() + "/baselines");
  std::filesystem::copy_file(src + "/specs/baselines/unixbench.toml", env.disk() + "/baselines/unixbench.toml");
  const std::string text = test::read_text(src + "/specs/unixbench-quick.bench");
  env.fake_machine().cpus = 1;
  auto one = env.check(text, {}, true);
  REQUIRE(one.recipe);
  CHECK(one.recipe->plan.series_order.size() == 12);
  REQUIRE(one.recipe->plan.indices.size() == 1);
  CHECK(one.recipe->plan.indices[0].label == "System Benchmarks Index Score");
  env.fake_machine().cpus = 2;
  auto two = env.check(text, {}, true);
  REQUIRE(two.recipe);
  CHECK(two.recipe->plan.series_order.size() == 24);
  CHECK(two.recipe->plan.series_order.back() == "System Call Overhead (2 copies)");
  REQUIRE(two.recipe->plan.indices.size() == 2);
  CHECK(two.recipe->plan.indices[1].label == "System Benchmarks Index Score (2 copies)");
}
