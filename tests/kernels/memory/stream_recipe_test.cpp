// The memory family in recipes: the checker's verdicts on stream calls, STREAM's ten samples
// when a statement gives no timing option, and `report stream` over a real run.
#include <doctest/doctest.h>

#include "base/platform/clock.hpp"
#include "runtime/run/interpreter.hpp"
#include "runtime/tools/stream/stream_report.hpp"
#include "tests/support/recipe_env.hpp"

namespace hwbench::kernels::memory {

TEST_CASE("stream in a recipe: ten passes per statement by default, each validated, reported by report stream") {
  hwbench::test::RecipeEnv env;
  auto checked = env.check(
      "series \"copy\" stream copy elements 1000 threads 2\n"
      "series \"memcpy\" stream memcpy elements 1000 threads 2\n"
      "series \"triad x3\" stream triad elements 1000 threads 2 runs 3\n");
  INFO(checked.diagnostics);
  REQUIRE(checked.recipe);
  platform::RealClock clock;
  runtime::run::RunOptions opts;
  opts.clock = &clock;
  const runtime::run::RunOutcome out = runtime::run::run_plan(*checked.recipe, opts);
  CHECK(out.status == hwbench::runtime::model::RunStatus::complete);
  REQUIRE(out.series.size() == 3);
  CHECK(out.series[0].samples.size() == 10);
  CHECK(out.series[1].samples.size() == 10);
  CHECK(out.series[2].samples.size() == 3);
  for (const auto& s : out.series[0].samples) {
    CHECK(s.bytes == 16000);
    CHECK(s.ops == 1);
    CHECK(out.series[0].params_of(s).params.at("FUNCTION") == "copy");
    CHECK(out.series[0].params_of(s).params.at("threads") == "2");
  }
  CHECK(out.series[2].samples[0].bytes == 24000);

  runtime::model::Result result;
  result.series = out.series;
  const auto tables = runtime::tools::stream::stream_tables(result);
  REQUIRE(tables.size() == 1);
  CHECK(tables[0].elements == 1000);
  CHECK(tables[0].rows.size() == 2);
  CHECK(tables[0].bound.has_value());
  CHECK(tables[0].rows[1].used == 2);
}

TEST_CASE("stream in a recipe: calls that cannot work are refused before anything runs") {
  hwbench::test::RecipeEnv env;
  CHECK(env.check("stream copy elements 1000 size 8KiB\n").diagnostics ==
        "t.bench:1:1: error: stream: give elements or size, not both\n"
        "    1 | stream copy elements 1000 size 8KiB\n"
        "      | ^~~~~~\n"
        "hint: drop one of them\n");
}

}  // namespace hwbench::kernels::memory
