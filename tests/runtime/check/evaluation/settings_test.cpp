// --set NAME=VALUE: a command-line value in place of a top-level `let` (runtime/check/evaluation/settings.hpp).
#include <doctest/doctest.h>

#include "tests/support/recipe_env.hpp"

namespace test = hwbench::test;

namespace {

const char* const kForkwrite =
    "let workers = 2\n"
    "let loops = 3\n"
    "series \"forkwrite\" time {\n"
    "  parallel $workers { repeat $loops { write tmp:/f_$worker size 1KB; rm tmp:/f_$worker } }\n"
    "}\n";

}  // namespace

TEST_CASE("settings: --set replaces a top-level let, is checked like it, and is recorded") {
  test::RecipeEnv env;
  env.settings = {{"workers", "5"}, {"loops", "2 * 50"}};
  auto c = env.check(kForkwrite);
  REQUIRE_MESSAGE(c.recipe.has_value(), c.diagnostics);
  const auto& plan = c.recipe->plan;
  REQUIRE(plan.main.size() == 1);
  REQUIRE(plan.main[0].children.size() == 1);
  const auto& group = plan.main[0].children[0];
  CHECK(group.workers.size() == 5);
  CHECK(group.workers[0].at(0).count == 100);
  CHECK(plan.parameters == std::map<std::string, std::string>{{"loops", "2 * 50"}, {"workers", "5"}});
  // The last --set of a name wins; without any, the recipe's own values and no parameters.
  env.settings = {{"workers", "5"}, {"workers", "1"}};
  auto last = env.check(kForkwrite);
  REQUIRE(last.recipe.has_value());
  CHECK(last.recipe->plan.main[0].children[0].workers.size() == 1);
  env.settings.clear();
  auto own = env.check(kForkwrite);
  REQUIRE(own.recipe.has_value());
  CHECK(own.recipe->plan.main[0].children[0].workers.size() == 2);
  CHECK(own.recipe->plan.parameters.empty());
}

TEST_CASE("settings: a value of another kind, or no value at all, is an error at the let") {
  test::RecipeEnv env;
  env.settings = {{"size", "fast"}};
  CHECK(env.check("let size = 10MB\nwrite tmp:/a size $size\n").diagnostics ==
        "t.bench:1:12: error: --set size=fast: 'size' is a size in the recipe (10MB), not a text\n"
        "    1 | let size = 10MB\n"
        "      |            ^~~~\n"
        "hint: give a value of the same kind\n");
  env.settings = {{"size", "10"}};
  CHECK(env.check("let size = 10MB\nwrite tmp:/a size $size\n").diagnostics ==
        "t.bench:1:12: error: --set size=10: 'size' is a size in the recipe (10MB), not a plain number\n"
        "    1 | let size = 10MB\n"
        "      |            ^~~~\n"
        "hint: give a value of the same kind\n");
  env.settings = {{"n", "1.."}};
  CHECK(env.check("let n = 2\nrepeat $n nop\n").diagnostics ==
        "t.bench:1:9: error: --set n=1..: '1..' is not a value\n"
        "    1 | let n = 2\n"
        "      |         ^\n"
        "hint: 'n' is a plain number here (2): give one like it\n");
  env.settings = {{"n", "$nothing"}};
  CHECK(env.check("let n = 2\nrepeat $n nop\n").diagnostics ==
        "t.bench:1:9: error: --set n=$nothing: undefined variable '$nothing'\n"
        "    1 | let n = 2\n"
        "      |         ^\n"
        "hint: write the value as the recipe would\n");
}

TEST_CASE("settings: a text needs no quotes, earlier lets and $cpus are in scope") {
  test::RecipeEnv env;
  env.settings = {{"label", "my disk"}, {"n", "$base + 1"}};
  auto c = env.check("let label = \"x\"\nlet base = 2\nlet n = 1\nseries \"$label\" repeat $n nop\n");
  REQUIRE_MESSAGE(c.recipe.has_value(), c.diagnostics);
  CHECK(c.recipe->plan.series_order == std::vector<std::string>{"my disk"});
  CHECK(c.recipe->plan.main.size() == 3);
}

TEST_CASE("settings: a name no top-level let has is an error with the recipe's names") {
  test::RecipeEnv env;
  env.settings = {{"wrokers", "5"}};
  CHECK(env.check(kForkwrite).diagnostics ==
        "t.bench: error: --set wrokers=5: the recipe has no top-level `let wrokers`\n"
        "hint: did you mean 'workers'?\n");
  // A let inside a block is not a knob of the recipe.
  env.settings = {{"n", "5"}};
  CHECK(env.check("let alpha = 1\nlet beta = 2\nrepeat 2 { let n = 1\nnop }\n").diagnostics ==
        "t.bench: error: --set n=5: the recipe has no top-level `let n`\n"
        "hint: the recipe's top-level values: alpha, beta\n");
}
