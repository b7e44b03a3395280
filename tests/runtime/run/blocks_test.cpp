// Samples taken in blocks spread over the run: statements beside each other take turns, block by
// block, forwards and then backwards, and `until ci` is judged on the block-aware interval.
#include <atomic>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/run/interpreter.hpp"
#include "tests/support/fake_pause.hpp"
#include "tests/support/recipe_env.hpp"
#include "tests/support/scripted_run.hpp"

namespace kernels = hwbench::kernels;
namespace model = hwbench::runtime::model;
namespace run = hwbench::runtime::run;
namespace test = hwbench::test;

namespace {

std::vector<std::uint32_t> blocks_of(const model::Series& series) {
  std::vector<std::uint32_t> out;
  for (const auto& s : series.samples) out.push_back(s.block);
  return out;
}

constexpr std::uint64_t GiB = std::uint64_t{1} << 30;

/// "big" (and `name`): a kernel holding 1 GiB, memory sized to the machine, logging `letter` for
/// each sample.
void add_big_kernel(test::RecipeEnv& env, std::string& log, const std::string& name = "big", char letter = 'M') {
  test::add_kernel(
      env, name,
      [&log, letter](std::uint64_t n, int) {
        log += letter;
        return kernels::Work{0, n};
      },
      /*holds_memory=*/true, GiB);
}

}  // namespace

TEST_CASE("blocks: --spread paces a rotation's blocks over the duration, and Ctrl-C ends the wait") {
  test::RecipeEnv env;
  std::string log;
  test::add_letter_kernels(env, log, "ab");
  auto c = env.check("series \"A\" a runs 3\nseries \"B\" b runs 3\n");
  REQUIRE(c.recipe);
  test::FakeClock clock(0, 1'000'000);
  test::FakePause pause(clock);
  run::RunOptions opts;
  opts.clock = &clock;
  opts.pause = &pause;
  opts.blocks = 3;
  opts.spread_seconds = 10;
  auto out = run::run_plan(*c.recipe, opts);
  REQUIRE(out.status == model::RunStatus::complete);
  CHECK(log ==
        "ab"
        "ba"
        "ab");
  // Block 2 is due 5 s after block 1 began and block 3 10 s after: the run waits what is left
  // of each, a few clock readings' worth less than 5 s.
  REQUIRE(pause.waits.size() == 2);
  for (const std::int64_t w : pause.waits) {
    CHECK(w < 5'000'000'000);
    CHECK(w > 4'900'000'000);
  }
  // Under --blocks 5 the three samples fill three blocks, which are spaced the same: blocks 2
  // and 3 due 5 s and 10 s after block 1, not 2.5 s and 5 s as five blocks would be.
  log.clear();
  pause.waits.clear();
  opts.blocks = 5;
  out = run::run_plan(*c.recipe, opts);
  REQUIRE(out.status == model::RunStatus::complete);
  CHECK(log == "abbaab");
  REQUIRE(pause.waits.size() == 2);
  for (const std::int64_t w : pause.waits) CHECK(w > 4'900'000'000);
  // So do two `until ci` statements whose ceiling is 3 samples: they fill 3 blocks at the most.
  log.clear();
  pause.waits.clear();
  auto ceiling = env.check("series \"A\" a until ci 5% runs 3\nseries \"B\" b until ci 5% runs 3\n");
  REQUIRE(ceiling.recipe);
  out = run::run_plan(*ceiling.recipe, opts);
  REQUIRE(out.status == model::RunStatus::complete);
  CHECK(log == "abbaab");
  REQUIRE(pause.waits.size() == 2);
  for (const std::int64_t w : pause.waits) CHECK(w > 4'900'000'000);
  // Blocks past --blocks follow at once: V's rates alternate, 1 and 3 units a sample, so that its
  // target is never met and it goes on to 4 blocks of 1 sample, 2 of them past --blocks 2.
  test::add_kernel(env, "v", [&log](std::uint64_t n, int call) {
    log += 'v';
    return kernels::Work{0, n * (call % 2 == 1 ? 1 : 3)};
  });
  log.clear();
  pause.waits.clear();
  auto two = env.check("series \"V\" v until ci 1% runs 2..4\nseries \"B\" b runs 2\n");
  REQUIRE(two.recipe);
  opts.blocks = 2;
  out = run::run_plan(*two.recipe, opts);
  REQUIRE(out.status == model::RunStatus::complete);
  CHECK(log ==
        "vb"
        "bv"
        "v"
        "v");
  CHECK(pause.waits.size() == 1);
  opts.blocks = 3;
  // Blocks that take longer than their share are not waited for.
  log.clear();
  pause.waits.clear();
  opts.spread_seconds = 0.001;
  out = run::run_plan(*c.recipe, opts);
  CHECK(pause.waits.empty());
  // Ctrl-C during a wait: the run is interrupted there.
  log.clear();
  std::atomic<bool> interrupted{false};
  pause.until_interrupt = pause.waits.size() + 1;
  pause.interrupt = &interrupted;
  opts.interrupted = &interrupted;
  opts.spread_seconds = 10;
  out = run::run_plan(*c.recipe, opts);
  CHECK(out.status == model::RunStatus::interrupted);
  CHECK(log == "ab");
}

TEST_CASE("blocks: neighbours take turns block by block, forwards then backwards") {
  test::RecipeEnv env;
  std::string log;
  test::add_letter_kernels(env, log, "ab");
  const auto out = test::run_scripted(env, "series \"A\" a runs 4 warmup 1\nseries \"B\" b runs 4\n", 2);
  REQUIRE(out.status == model::RunStatus::complete);
  // A's warm-up, then block 1 (A A B B) and block 2 the other way round (B B A A).
  CHECK(log ==
        "a"
        "aabb"
        "bbaa");
  REQUIRE(out.series.size() == 2);
  CHECK(blocks_of(out.series[0]) == std::vector<std::uint32_t>{1, 1, 2, 2});
  CHECK(blocks_of(out.series[1]) == std::vector<std::uint32_t>{1, 1, 2, 2});
  CHECK(out.series[0].samples[3].iteration == 4);
}

TEST_CASE("blocks: at most one block per sample, and 1 block keeps the plan's order") {
  test::RecipeEnv env;
  std::string log;
  test::add_letter_kernels(env, log, "ab");
  auto out = test::run_scripted(env, "series \"A\" a runs 3\nseries \"B\" b runs 2\n", 5);
  CHECK(log ==
        "ab"
        "ba"
        "a");
  CHECK(blocks_of(out.series[0]) == std::vector<std::uint32_t>{1, 2, 3});
  CHECK(blocks_of(out.series[1]) == std::vector<std::uint32_t>{1, 2});
  log.clear();
  out = test::run_scripted(env, "series \"A\" a runs 3\nseries \"B\" b runs 2\n", 1);
  CHECK(log == "aaabb");
  CHECK(blocks_of(out.series[0]) == std::vector<std::uint32_t>{0, 0, 0});
}

TEST_CASE("blocks: a statement with no spreadable neighbour takes its samples back to back") {
  test::RecipeEnv env;
  std::string log;
  test::add_letter_kernels(env, log, "ab");
  // A group is no neighbour: A and C stand alone on either side of it.
  const auto out =
      test::run_scripted(env, "series \"A\" a runs 2\nseries \"T\" time { b }\nseries \"C\" a runs 2\n", 5);
  CHECK(log ==
        "aa"
        "b"
        "aa");
  CHECK(blocks_of(out.series[0]) == std::vector<std::uint32_t>{0, 0});
  CHECK(blocks_of(out.series[2]) == std::vector<std::uint32_t>{0, 0});
}

TEST_CASE("blocks: until ci goes on a block at a time, judged on the block means") {
  test::RecipeEnv env;
  // Ten samples at one rate, ten at a rate 4% higher, and so on: each half of a block agrees
  // with itself, so the samples' own interval is narrow, but the blocks disagree.
  test::add_kernel(env, "shifty", [](std::uint64_t n, int call) {
    return kernels::Work{0, n * (((call - 1) / 10) % 2 == 0 ? 100 : 104)};
  });
  test::add_kernel(env, "other", [](std::uint64_t n, int) { return kernels::Work{0, n}; });
  const std::string text = "series \"S\" shifty until ci 5% runs 20..30\nseries \"O\" other runs 2\n";
  // Back to back, the twenty samples' interval is within 5%: the floor is enough.
  auto out = test::run_scripted(env, text, 1);
  CHECK(out.series[0].samples.size() == 20);
  CHECK(out.series[0].converged);
  // In two blocks of ten, the block means (100, 104, 100) are the interval: the ceiling comes
  // first, and the series says so.
  out = test::run_scripted(env, text, 2);
  CHECK(out.series[0].samples.size() == 30);
  CHECK_FALSE(out.series[0].converged);
  CHECK(blocks_of(out.series[0]).back() == 3);
  CHECK(out.series[1].samples.size() == 2);
}

TEST_CASE("blocks: steady samples in blocks stop at the floor of until ci") {
  test::RecipeEnv env;
  test::add_kernel(env, "steady", [](std::uint64_t n, int) { return kernels::Work{0, n}; });
  const auto out = test::run_scripted(env, "series \"X\" steady until ci 5%\nseries \"Y\" steady until ci 5%\n", 5);
  for (const auto& series : out.series) {
    CHECK(series.samples.size() == 5);
    CHECK(series.converged);
    CHECK(blocks_of(series) == std::vector<std::uint32_t>{1, 2, 3, 4, 5});
  }
}

TEST_CASE("blocks: a kernel holding memory sized to the machine takes its samples back to back") {
  test::RecipeEnv env;
  std::string log;
  test::add_letter_kernels(env, log, "ab");
  add_big_kernel(env, log);
  // A and B take turns; the big one after them is no neighbour: it takes its samples alone.
  const auto out =
      test::run_scripted(env, "series \"A\" a runs 2\nseries \"B\" b runs 2\nseries \"M\" big runs 2\n", 2);
  CHECK(log ==
        "ab"
        "ba"
        "MM");
  CHECK(blocks_of(out.series[2]) == std::vector<std::uint32_t>{0, 0});
}

TEST_CASE("blocks: kernels holding memory take turns while what they hold at once fits") {
  test::RecipeEnv env;
  std::string log;
  test::add_letter_kernels(env, log, "a");
  add_big_kernel(env, log);
  add_big_kernel(env, log, "huge", 'H');
  const std::string text = "series \"A\" a runs 2\nseries \"M\" big runs 2\nseries \"H\" huge runs 2\n";
  // 9 GiB available, 1 GiB the most one statement holds: a quarter of the 8 left is 2 GiB for
  // those taking turns, M's and H's 1 GiB each.
  auto out = test::run_scripted(env, text, 2, 1'000'000, 9 * GiB);
  CHECK(log ==
        "aMH"
        "HMa");
  CHECK(blocks_of(out.series[1]) == std::vector<std::uint32_t>{1, 2});
  CHECK(blocks_of(out.series[2]) == std::vector<std::uint32_t>{1, 2});
  // 8 GiB: 1.75 GiB for them. M takes turns; H would bring them to 2 GiB and rides along, which
  // leaves it out of the rotation: A and M take turns before it.
  log.clear();
  out = test::run_scripted(env, text, 2, 1'000'000, 8 * GiB);
  CHECK(log ==
        "aM"
        "Ma"
        "HH");
  CHECK(blocks_of(out.series[2]) == std::vector<std::uint32_t>{0, 0});
  // Nothing known of the machine's memory: none of them takes turns.
  log.clear();
  out = test::run_scripted(env, text, 2);
  CHECK(log == "aaMMHH");
}

TEST_CASE("blocks: a statement that cannot take turns between two that do rides along in the first pass") {
  test::RecipeEnv env;
  std::string log;
  test::add_letter_kernels(env, log, "ab");
  add_big_kernel(env, log);
  // The big one and a single-sample one keep to themselves: A and B take turns across them,
  // and they take their samples at their place in the first pass, back to back.
  const auto out = test::run_scripted(
      env, "series \"A\" a runs 2\nseries \"M\" big runs 2\nseries \"O\" a runs 1\nseries \"B\" b runs 2\n", 2);
  REQUIRE(out.status == model::RunStatus::complete);
  CHECK(log ==
        "aMMab"
        "ba");
  CHECK(blocks_of(out.series[0]) == std::vector<std::uint32_t>{1, 2});
  CHECK(blocks_of(out.series[1]) == std::vector<std::uint32_t>{0, 0});
  CHECK(blocks_of(out.series[2]) == std::vector<std::uint32_t>{0});
  CHECK(blocks_of(out.series[3]) == std::vector<std::uint32_t>{1, 2});
  // A group is no rider: A and B stand alone on either side of it, as before.
  log.clear();
  const auto apart =
      test::run_scripted(env, "series \"A\" a runs 2\nseries \"T\" time { b }\nseries \"B\" b runs 2\n", 2);
  CHECK(log == "aabbb");
  CHECK(blocks_of(apart.series[0]) == std::vector<std::uint32_t>{0, 0});
}
