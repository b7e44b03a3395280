// The blocks of a one-thread statement held to the run's CPUs in turn (docs/language.md,
// "Blocks"): block k on the (k − 1)-th CPU modulo their count, an interleave round alike, other
// statements left where the system puts them, and the thread let go when the blocks end.
#include "base/platform/cpu_turns.hpp"

#include <sched.h>

#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/record/result_file.hpp"
#include "runtime/run/interpreter.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/recipe_env.hpp"
#include "tests/support/scripted_run.hpp"
#include "tests/support/skip.hpp"
#include "tests/support/temp_dir.hpp"

namespace kernels = hwbench::kernels;
namespace platform = hwbench::platform;
namespace run = hwbench::runtime::run;
namespace test = hwbench::test;

namespace {

/// What one call of a kernel saw: the CPU it ran on and how many it could run on.
struct Seen {
  int cpu = -1;
  int allowed = 0;
};

Seen seen_now() {
  cpu_set_t set;
  CPU_ZERO(&set);
  ::sched_getaffinity(0, sizeof set, &set);
  return {::sched_getcpu(), CPU_COUNT(&set)};
}

/// Registers `name`, logging what each call saw; `one_thread` as KernelSpec's.
void add_seeing_kernel(test::RecipeEnv& env, const std::string& name, bool one_thread, std::vector<Seen>& log) {
  kernels::KernelSpec spec;
  spec.name = name;
  spec.family = "test";
  spec.synopsis = name;
  spec.one_thread = one_thread;
  spec.effects = [](const kernels::Call&, const platform::FileView&) { return kernels::FileEffects{}; };
  spec.make = [&log](const kernels::Call&, const kernels::Context&) {
    return std::make_unique<test::LambdaKernel>([&log](std::uint64_t n, int) {
      log.push_back(seen_now());
      return kernels::Work{0, n};
    });
  };
  env.registry().add(std::move(spec));
}

/// Runs `text` with 4 blocks, its one-thread blocks taking turns on `cpus`.
run::RunOutcome run_on(test::RecipeEnv& env, const std::string& text, const std::vector<int>& cpus) {
  auto c = env.check(text);
  INFO(c.diagnostics);
  REQUIRE(c.recipe);
  test::ScriptedClock clock({1'000'000});
  run::RunOptions opts;
  opts.clock = &clock;
  opts.blocks = 4;
  opts.turn_cpus = cpus;
  return run::run_plan(*c.recipe, opts);
}

}  // namespace

TEST_CASE("cpu turns: a one-thread statement's block k runs on CPU k - 1 of the turns, the others anywhere") {
  const std::vector<int> cpus = platform::allowed_cpus();
  if (cpus.size() < 2) return test::skip("this machine lets the tests run on one CPU only");
  const std::vector<int> turns = {cpus[1], cpus[0]};
  test::RecipeEnv env;
  std::vector<Seen> one, many;
  add_seeing_kernel(env, "one", true, one);
  add_seeing_kernel(env, "many", false, many);
  const auto out = run_on(env, "series \"A\" one runs 4\nseries \"B\" many runs 4\n", turns);
  REQUIRE(out.status == hwbench::runtime::model::RunStatus::complete);
  CHECK(out.turn_cpus == turns);
  // One sample per block; a sample is one call (no warm-up).
  REQUIRE(one.size() == 4);
  for (std::size_t k = 0; k < one.size(); ++k) {
    CHECK(one[k].cpu == turns[k % 2]);
    CHECK(one[k].allowed == 1);
  }
  REQUIRE(many.size() == 4);
  for (const Seen& s : many) CHECK(s.allowed == static_cast<int>(cpus.size()));
  // Let go after the rotation.
  CHECK(platform::allowed_cpus() == cpus);

  // Fewer than two CPUs to take turns on: nothing is held, the result names none.
  one.clear();
  const auto alone = run_on(env, "series \"A\" one runs 4\nseries \"B\" many runs 4\n", {cpus[0]});
  CHECK(alone.turn_cpus.empty());
  for (const Seen& s : one) CHECK(s.allowed == static_cast<int>(cpus.size()));
}

TEST_CASE("cpu turns: both sides of an interleave round run on that round's CPU") {
  const std::vector<int> cpus = platform::allowed_cpus();
  if (cpus.size() < 2) return test::skip("this machine lets the tests run on one CPU only");
  test::RecipeEnv env;
  std::vector<Seen> log;
  add_seeing_kernel(env, "one", true, log);
  const auto out = run_on(env,
                          "interleave rounds 4 slice 1 {\n"
                          "  series \"A\" one\n"
                          "  series \"B\" one\n"
                          "}\n",
                          {cpus[0], cpus[1]});
  REQUIRE(out.status == hwbench::runtime::model::RunStatus::complete);
  REQUIRE(log.size() == 8);  // A B, B A, A B, B A
  for (std::size_t i = 0; i < log.size(); ++i) CHECK(log[i].cpu == cpus[(i / 2) % 2]);
  CHECK(platform::allowed_cpus() == cpus);
}

TEST_CASE("cpu turns: CPU lists, and the fastest kind of a hybrid machine") {
  CHECK(platform::parse_cpu_list("0-3,8,10-11\n") == std::vector<int>{0, 1, 2, 3, 8, 10, 11});
  CHECK(platform::parse_cpu_list("5") == std::vector<int>{5});
  CHECK(platform::parse_cpu_list("3-1").empty());
  CHECK(platform::parse_cpu_list("").empty());
  CHECK(platform::parse_cpu_list("0,,1").empty());
  const std::vector<int> allowed = {0, 1, 2, 3, 4, 5};
  std::map<std::string, std::string> files;
  const auto read = [&files](const std::string& path) -> std::optional<std::string> {
    const auto it = files.find(path);
    return it == files.end() ? std::nullopt : std::optional<std::string>(it->second);
  };
  // Nothing says the CPUs differ: all of them.
  CHECK(platform::turn_cpus(allowed, "/sys/devices/system/cpu", read) == allowed);
  // ARM's big.LITTLE: the CPUs of the highest capacity.
  for (int c : allowed)
    files["/sys/devices/system/cpu/cpu" + std::to_string(c) + "/cpu_capacity"] = c < 2 ? "1024\n" : "446\n";
  CHECK(platform::turn_cpus(allowed, "/sys/devices/system/cpu", read) == std::vector<int>{0, 1});
  // A capacity missing: one kind.
  files.erase("/sys/devices/system/cpu/cpu3/cpu_capacity");
  CHECK(platform::turn_cpus(allowed, "/sys/devices/system/cpu", read) == allowed);
  // Intel's hybrid CPUs: the performance cores, of those allowed.
  files["/sys/devices/system/cpu/../../cpu_core/cpus"] = "2-3,6-7\n";
  CHECK(platform::turn_cpus(allowed, "/sys/devices/system/cpu", read) == std::vector<int>{2, 3});
  // None of them allowed (taskset onto efficiency cores): those allowed.
  CHECK(platform::turn_cpus({0, 1}, "/sys/devices/system/cpu", read) == std::vector<int>{0, 1});
}

TEST_CASE("cpu turns: run --cpu-turns holds the blocks to the CPUs and the result file names them") {
  const std::vector<int> cpus = platform::allowed_cpus();
  if (cpus.size() < 2) return test::skip("this machine lets the tests run on one CPU only");
  test::TempDir dir;
  const std::string recipe = dir / "turns.bench";
  std::ofstream(recipe) << "series \"a\" syscall for 5ms runs 2\nseries \"b\" syscall for 5ms runs 2\n";
  for (const bool turns : {true, false}) {
    std::vector<std::string> args = {"run", "-q", "-o", dir / "r.json", recipe};
    if (turns) args.push_back("--cpu-turns");
    const auto ran = test::cli(args);
    REQUIRE_MESSAGE(ran.code == 0, ran.err);
    std::string error;
    const auto result = hwbench::runtime::record::load_result(dir / "r.json", error);
    REQUIRE_MESSAGE(result, error);
    CHECK(result->turn_cpus == (turns ? platform::turn_cpus(cpus) : std::vector<int>{}));
  }
}
