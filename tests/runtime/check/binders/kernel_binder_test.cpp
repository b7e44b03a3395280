// The kernel binder's whole-statement checks: `cold` needs a file to evict.
#include <doctest/doctest.h>

#include "tests/support/recipe_env.hpp"

namespace test = hwbench::test;

TEST_CASE("kernel binder: cold on a kernel that makes its own file is refused, pointing at its evict") {
  test::RecipeEnv env;
  CHECK(env.check("bonnie get_block disk: size 16MiB ram 0 cold\n").diagnostics ==
        "t.bench:1:41: error: 'cold' has nothing to evict: bonnie reads no file that exists before it runs\n"
        "    1 | bonnie get_block disk: size 16MiB ram 0 cold\n"
        "      |                                         ^~~~\n"
        "hint: cold evicts the files a statement reads, and bonnie makes its own: write bonnie's 'evict' to empty the "
        "page cache before each timed pass, or drop 'cold'\n");
  // What the hint says checks.
  const auto fixed = env.check("bonnie get_block disk: size 16MiB ram 0 evict\n");
  CHECK(fixed.diagnostics == "");
  REQUIRE(fixed.recipe);
  CHECK_FALSE(fixed.recipe->plan.main.at(0).kernel.policy.cold);
}

TEST_CASE("kernel binder: cold on a statement that reads nothing is refused, also inside a group") {
  test::RecipeEnv env;
  CHECK(env.check("write disk:/w size 1MB cold\n").diagnostics ==
        "t.bench:1:24: error: 'cold' has nothing to evict: write reads no file that exists before it runs\n"
        "    1 | write disk:/w size 1MB cold\n"
        "      |                        ^~~~\n"
        "hint: cold evicts the files a statement reads before each sample: drop 'cold' here\n");
  CHECK(env.check("time \"t\" { xbench write disk: size 1MiB cold }\n").diagnostics ==
        "t.bench:1:41: error: 'cold' has nothing to evict: xbench reads no file that exists before it runs\n"
        "    1 | time \"t\" { xbench write disk: size 1MiB cold }\n"
        "      |                                         ^~~~\n"
        "hint: cold evicts the files a statement reads before each sample: drop 'cold' here\n");
}

TEST_CASE("kernel binder: cold on a statement that reads a file is kept, and no second error joins another") {
  test::RecipeEnv env;
  const auto ok = env.check("setup { write disk:/c size 1MB }\nread disk:/c cold\nparallel 2 { read disk:/c cold }\n");
  CHECK(ok.diagnostics == "");
  REQUIRE(ok.recipe);
  CHECK(ok.recipe->plan.main.at(0).kernel.policy.cold);
  CHECK(ok.recipe->plan.main.at(0).kernel.text == "read disk:/c cold");
  // A kernel's own problem with its call is the one error reported.
  CHECK(env.check("xbench copy disk: cold\n").diagnostics ==
        "t.bench:1:1: error: xbench: 'copy' is not an xbench test\n"
        "    1 | xbench copy disk: cold\n"
        "      | ^~~~~~\n"
        "hint: write xbench read DIR or xbench write DIR\n");
}
