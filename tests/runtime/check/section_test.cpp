// `section "TITLE" { … }`: its reports cover the series declared in it, and it stands at the top level.
#include <string>

#include <doctest/doctest.h>

#include "runtime/plan/plan_printer.hpp"
#include "tests/support/recipe_env.hpp"

namespace test = hwbench::test;

namespace {

/// Each report of the checked plan as `SECTION: SERIES,…|` ("" before ':' outside a section),
/// or the diagnostics when the check failed.
std::string reports_of(test::RecipeEnv& env, const std::string& text) {
  auto checked = env.check(text);
  if (!checked.recipe) return checked.diagnostics;
  std::string out;
  for (const auto& r : checked.recipe->plan.reports) {
    out += r.section + ":";
    for (std::size_t i = 0; i < r.series.size(); ++i) out += (i ? "," : "") + r.series[i];
    out += "|";
  }
  return out;
}

}  // namespace

TEST_CASE("section: a report covers the series declared in its section, before or after it") {
  test::RecipeEnv env;
  const std::string text =
      "series \"outside\" nop runs 1\n"
      "report summary\n"
      "section \"CPU\" {\n"
      "  report ops/s mean\n"
      "  series \"a\" nop runs 1\n"
      "  for n in [1, 2] { series \"b $n\" nop runs 1 }\n"
      "  series \"t\" time { nop }\n"
      "  report table ops/s with mean\n"
      "}\n"
      "section \"Again\" {\n"
      "  series \"a\" nop runs 1\n"
      "  report ops/s mean\n"
      "}\n"
      "report ops/s median\n";
  CHECK(reports_of(env, text) == ":|CPU:a,b 1,b 2,t|CPU:a,b 1,b 2,t|Again:a|:|");
}

TEST_CASE("section: check's plan lists the reports under their section") {
  test::RecipeEnv env;
  auto checked = env.check(
      "section \"Files\" { series \"w\" nop runs 1\n series \"r\" nop runs 1\n report ops/s mean }\nreport summary\n");
  REQUIRE(checked.recipe);
  std::ostringstream out;
  hwbench::runtime::plan::print_plan(checked.recipe->plan, out);
  const std::string text = out.str();
  CHECK(text.substr(text.find("reports:")) ==
        "reports:\n"
        "  section \"Files\" (2 series)\n"
        "    ops/s mean\n"
        "  summary\n");
}

TEST_CASE("section: sections do not nest, and stand at the top level") {
  test::RecipeEnv env;
  CHECK(env.check("section \"Files\" {\n  series \"a\" nop runs 1\n  section \"CPU\" { nop }\n}\n").diagnostics ==
        "t.bench:3:3: error: section \"CPU\" is inside section \"Files\"\n"
        "    3 |   section \"CPU\" { nop }\n"
        "      |   ^~~~~~~\n"
        "hint: sections do not nest: close \"Files\" with '}' before \"CPU\" begins\n");
  CHECK(env.check("repeat 2 {\n  section \"CPU\" { nop }\n}\n").diagnostics ==
        "t.bench:2:3: error: 'section' belongs at the top level of a recipe\n"
        "    2 |   section \"CPU\" { nop }\n"
        "      |   ^~~~~~~\n"
        "hint: a section groups series and their reports: move it out of the block around it\n");
  CHECK(env.check("section \"\" { nop }\n").diagnostics ==
        "t.bench:1:9: error: a section needs a title\n"
        "    1 | section \"\" { nop }\n"
        "      |         ^~\n"
        "hint: write section \"TITLE\" { … }\n");
}

TEST_CASE("section: what is declared for the whole recipe stays outside it") {
  test::RecipeEnv env;
  CHECK(env.check("section \"S\" {\n  setup { nop }\n  nop\n}\n").diagnostics ==
        "t.bench:2:3: error: 'setup' is only allowed at the top level of a recipe\n"
        "    2 |   setup { nop }\n"
        "      |   ^~~~~\n"
        "hint: it is declared for the whole recipe: move it out of section \"S\"\n");
  CHECK(env.check("section \"S\" {\n  location x = \"/tmp\"\n  nop\n}\n").diagnostics ==
        "t.bench:2:3: error: 'location' is only allowed at the top level of a recipe\n"
        "    2 |   location x = \"/tmp\"\n"
        "      |   ^~~~~~~~\n"
        "hint: it is declared for the whole recipe: move it out of section \"S\"\n");
}

TEST_CASE("section: reports in a section without series would cover nothing") {
  test::RecipeEnv env;
  CHECK(env.check("nop runs 1\nsection \"Empty\" {\n  report summary\n}\n").diagnostics ==
        "t.bench:2:1: error: section \"Empty\" has reports but no series\n"
        "    2 | section \"Empty\" {\n"
        "      | ^~~~~~~\n"
        "hint: a report in a section covers the series declared in it; put the report outside any section to cover "
        "every series\n");
  // Without reports an empty section is only a heading that is never printed: no error.
  CHECK(reports_of(env, "nop runs 1\nsection \"Empty\" { }\n").empty());
}

TEST_CASE("section: syntax errors name the missing title or block") {
  test::RecipeEnv env;
  CHECK(env.check("section { nop }\n").diagnostics ==
        "t.bench:1:9: error: expected a title string after 'section'\n"
        "    1 | section { nop }\n"
        "      |         ^\n"
        "hint: write section \"TITLE\" { … }\n");
  CHECK(env.check("section \"S\" nop\n").diagnostics ==
        "t.bench:1:13: error: expected '{' after the title of 'section'\n"
        "    1 | section \"S\" nop\n"
        "      |             ^~~\n"
        "hint: write section \"TITLE\" { … }\n");
}

TEST_CASE("section: report summary takes nothing after it") {
  test::RecipeEnv env;
  CHECK(env.check("nop runs 1\nreport summary mean\n").diagnostics ==
        "t.bench:2:16: error: unexpected 'mean' after 'report summary'\n"
        "    2 | report summary mean\n"
        "      |                ^~~~\n"
        "hint: 'report summary' takes no aggregates or options: it shows n, mean, 95% CI and median\n");
  CHECK(reports_of(env, "nop runs 1\nreport summary\n") == ":|");
}
