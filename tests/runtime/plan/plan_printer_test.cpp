// `hwbench check`'s "files created" line: every pass of a loop kept inside a group, and every
// parallel worker, counted in the files and bytes written; sizes in decimal units up to EB.
#include "runtime/plan/plan_printer.hpp"

#include <cstdint>
#include <sstream>
#include <string>

#include <doctest/doctest.h>

#include "tests/support/golden.hpp"
#include "tests/support/recipe_env.hpp"

namespace rt = hwbench::runtime;

namespace {

/// The "files created" line of the plan of `text`.
std::string files_line(hwbench::test::RecipeEnv& env, const std::string& text) {
  auto c = env.check(text);
  REQUIRE_MESSAGE(c.recipe.has_value(), c.diagnostics);
  std::ostringstream out;
  rt::plan::print_plan(c.recipe->plan, out);
  const std::string plan = out.str();
  const auto at = plan.find("files created: ");
  REQUIRE(at != std::string::npos);
  return plan.substr(at, plan.find('\n', at) - at);
}

/// specs/forkwrite.bench with its `let workers` and `let loops` set as given.
std::string forkwrite(const std::string& workers, const std::string& loops) {
  std::string text = hwbench::test::read_text(hwbench::test::source_path("specs/forkwrite.bench"));
  const std::string w = "let workers = 20 ", l = "let loops = 20 ";
  REQUIRE(text.find(w) != std::string::npos);
  REQUIRE(text.find(l) != std::string::npos);
  text.replace(text.find(w), w.size(), "let workers = " + workers + " ");
  text.replace(text.find(l), l.size(), "let loops = " + loops + " ");
  return text;
}

/// A kernel step that creates one file of `size` bytes.
rt::plan::Step writes(std::uint64_t size) {
  rt::plan::Step s;
  s.kind = rt::plan::Step::Kind::kernel;
  s.kernel.effects.creates.push_back({"/x", size});
  return s;
}

rt::plan::Step loop(std::uint64_t count, std::vector<rt::plan::Step> body) {
  rt::plan::Step s;
  s.kind = rt::plan::Step::Kind::repeat;
  s.count = count;
  s.children = std::move(body);
  return s;
}

}  // namespace

TEST_CASE("plan printer: forkwrite counts every worker's every pass, in its seconds mode and its full mode") {
  hwbench::test::RecipeEnv env;
  CHECK(files_line(env, forkwrite("20", "20")) == "files created: 400 (400.0 MB written in all, 20.0 MB at the peak)");
  // The article's 200 processes x 100,000 loops of 1 MB: 20 TB pass through 200 MB of files.
  CHECK(files_line(env, forkwrite("200", "100000")) ==
        "files created: 20000000 (20.0 TB written in all, 200.0 MB at the peak)");
}

TEST_CASE("plan printer: nested kept loops multiply, unrolled loops and plain statements count as before") {
  hwbench::test::RecipeEnv env;
  CHECK(files_line(env, "time { repeat 3 { repeat 4 { write tmp:/f size 1KB } } }\n") ==
        "files created: 12 (12.0 KB written in all, 1.0 KB at the peak)");
  // Outside groups a loop is unrolled: the plan already holds one statement per pass.
  auto c = env.check("repeat 3 write tmp:/a_$i size 2KB\nsetup { write tmp:/s size 500B }\nteardown { rm tmp:/s }\n");
  REQUIRE_MESSAGE(c.recipe.has_value(), c.diagnostics);
  const rt::plan::PlannedWrites w = rt::plan::planned_writes(c.recipe->plan);
  CHECK(w.files == 4);
  CHECK(w.files == c.recipe->plan.creates.size());
  CHECK(w.bytes == 6500);
  CHECK(files_line(env,
                   "repeat 3 write tmp:/a_$i size 2KB\nsetup { write tmp:/s size 500B }\nteardown { rm tmp:/s }\n") ==
        "files created: 4 (6.5 KB written in all, 6.5 KB at the peak)");
}

TEST_CASE("plan printer: counts past 2^64 saturate") {
  rt::plan::Plan plan;
  rt::plan::Step group;
  group.kind = rt::plan::Step::Kind::time;
  group.children.push_back(loop(UINT64_MAX / 2, {loop(3, {writes(1)})}));
  plan.main.push_back(group);
  rt::plan::PlannedWrites w = rt::plan::planned_writes(plan);
  CHECK(w.files == UINT64_MAX);
  CHECK(w.bytes == UINT64_MAX);
  plan.main[0].children[0] = loop(1'000'000, {writes(1'000'000'000'000), writes(0)});
  w = rt::plan::planned_writes(plan);
  CHECK(w.files == 2'000'000);
  CHECK(w.bytes == 1'000'000'000'000'000'000u);
}
