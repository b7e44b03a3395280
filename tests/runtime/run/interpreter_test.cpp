// The interpreter: sampling policies, groups, cold eviction, teardown and clean-up after faults.
#include "runtime/run/interpreter.hpp"

#include <csignal>
#include <functional>

#include <doctest/doctest.h>

#include "base/platform/clock.hpp"
#include "base/platform/page_cache.hpp"
#include "base/platform/real_file_view.hpp"
#include "tests/support/recipe_env.hpp"
#include "tests/support/scripted_run.hpp"

namespace kernels = hwbench::kernels;
namespace platform = hwbench::platform;
namespace run = hwbench::runtime::run;
namespace test = hwbench::test;

namespace {

run::RunOutcome run_text(test::RecipeEnv& env, const std::string& text, hwbench::platform::Clock& clock,
                         const std::atomic<bool>* interrupted = nullptr) {
  auto c = env.check(text);
  INFO(c.diagnostics);
  REQUIRE(c.recipe);
  run::RunOptions opts;
  opts.clock = &clock;
  opts.interrupted = interrupted;
  return hwbench::runtime::run::run_plan(*c.recipe, opts);
}

}  // namespace

TEST_CASE("interpreter: runs N takes N samples, each timed by the runtime's clock") {
  test::RecipeEnv env;
  test::add_kernel(env, "unit", [](std::uint64_t n, int) { return kernels::Work{100 * n, n}; });
  test::ScriptedClock clock({1000});
  auto out = run_text(env, "unit runs 4 warmup 2\n", clock);
  CHECK(out.status == hwbench::runtime::model::RunStatus::complete);
  REQUIRE(out.series.size() == 1);
  REQUIRE(out.series[0].samples.size() == 4);
  for (const auto& s : out.series[0].samples) {
    CHECK(s.wall_ns == 1000);
    CHECK(s.bytes == 100);
    CHECK(s.units == 1);
  }
  CHECK(out.series[0].samples[3].iteration == 4);
}

TEST_CASE("interpreter: until ci stops at the floor when the samples agree") {
  test::RecipeEnv env;
  test::add_kernel(env, "steady", [](std::uint64_t n, int) { return kernels::Work{0, n}; });
  test::ScriptedClock clock({1'000'000});
  auto out = run_text(env, "steady until ci 5%\n", clock);
  REQUIRE(out.series.size() == 1);
  CHECK(out.series[0].samples.size() == 5);
  CHECK(out.series[0].converged);
  CHECK(out.series[0].ci_target_pct == 5);
}

TEST_CASE("interpreter: until ci gives up at the ceiling and says so") {
  test::RecipeEnv env;
  test::add_kernel(env, "noisy", [](std::uint64_t n, int) { return kernels::Work{0, n}; });
  // Each sample reads the clock twice: 1 ms, then 1 ms or 3 ms in turn: a spread no run can tame.
  test::ScriptedClock clock({0, 1'000'000, 0, 3'000'000});
  std::vector<std::int64_t> steps;
  for (int i = 0; i < 100; ++i) {
    steps.push_back(0);
    steps.push_back(i % 2 ? 3'000'000 : 1'000'000);
  }
  test::ScriptedClock alternating(steps);
  auto out = run_text(env, "noisy until ci 1% runs 5..12\n", alternating);
  REQUIRE(out.series.size() == 1);
  CHECK(out.series[0].samples.size() == 12);
  CHECK_FALSE(out.series[0].converged);
}

TEST_CASE("interpreter: `for` repeats the unit in growing batches until the duration has passed") {
  test::RecipeEnv env;
  test::add_kernel(env, "tiny", [](std::uint64_t n, int) { return kernels::Work{0, n}; });
  test::ScriptedClock clock({10'000});  // 10 us between readings
  auto out = run_text(env, "tiny for 1s runs 2\n", clock);
  REQUIRE(out.series[0].samples.size() == 2);
  const auto& s = out.series[0].samples[0];
  CHECK(s.wall_ns >= 1'000'000'000);
  CHECK(s.wall_ns < 1'100'000'000);
  CHECK(s.ops == s.units);
  CHECK(s.units > 1000);  // batches grew: far more units than clock readings
}

TEST_CASE("interpreter: a failing statement stops the run, teardown runs, and the run's files are removed") {
  test::RecipeEnv env;
  test::add_kernel(env, "boom", [](std::uint64_t, int call) -> kernels::Work {
    if (call == 2) throw hwbench::kernels::KernelError("cannot write /x: No space left on device");
    return {};
  });
  hwbench::platform::RealClock clock;
  auto out = run_text(env,
                      "setup { write ramdisk:/made size 1KB\n write ramdisk:/kept size 1KB }\n"
                      "boom runs 3\n"
                      "teardown { rm ramdisk:/kept }\n",
                      clock);
  CHECK(out.status == hwbench::runtime::model::RunStatus::failed);
  CHECK(out.error == "t.bench:3:1: boom runs 3: cannot write /x: No space left on device");
  CHECK(out.series[0].samples.size() == 1);
  CHECK_FALSE(test::exists(env.ram() + "/made"));
  CHECK_FALSE(test::exists(env.ram() + "/kept"));
  CHECK(out.removed_after_failure == std::vector<std::string>{env.ram() + "/made"});
}

TEST_CASE("interpreter: SIGINT mid-run stops sampling, runs teardown and removes every file of the run") {
  test::RecipeEnv env;
  test::add_kernel(env, "interrupt_me", [](std::uint64_t n, int call) {
    if (call == 3) ::raise(SIGINT);
    return kernels::Work{0, n};
  });
  test::write_text(env.ram() + "/theirs", "not ours");
  hwbench::platform::RealClock clock;
  hwbench::runtime::run::InterruptGuard guard;
  auto out = run_text(env,
                      "setup { repeat 3 write ramdisk:/f_$i size 10KB }\n"
                      "interrupt_me runs 10\n"
                      "teardown { rm ramdisk:/f_1 }\n",
                      clock, guard.flag());
  CHECK(guard.signal() == SIGINT);
  CHECK(out.status == hwbench::runtime::model::RunStatus::interrupted);
  CHECK(out.series[0].samples.size() == 2);    // the sample the signal reached is dropped
  CHECK(test::count_entries(env.ram()) == 1);  // only the stranger's file is left
  CHECK(test::read_text(env.ram() + "/theirs") == "not ours");
}

TEST_CASE("interpreter: cold evicts the files a statement reads before each sample (verified with mincore)") {
  test::RecipeEnv env;
  std::vector<std::uint64_t> resident;
  kernels::KernelSpec probe;
  probe.name = "probe";
  probe.family = "test";
  probe.synopsis = "probe PATH";
  probe.args = {{"PATH", hwbench::kernels::ArgKind::input_path, "", ""}};
  probe.effects = [](const kernels::Call& c, const platform::FileView&) {
    kernels::FileEffects fx;
    fx.reads.push_back(c.args[0].path);
    return fx;
  };
  probe.make = [&resident](const kernels::Call& c, const kernels::Context&) {
    std::string path = c.args[0].path;
    return std::make_unique<test::LambdaKernel>([&resident, path](std::uint64_t n, int) {
      resident.push_back(hwbench::platform::residency(path).residency.resident_pages);
      // Read it back in so that only eviction can make the next sample cold.
      test::read_text(path);
      return kernels::Work{0, n};
    });
  };
  env.registry().add(probe);
  hwbench::platform::RealClock clock;
  auto out =
      run_text(env, "setup { write disk:/c size 4MB }\nprobe disk:/c cold runs 3\nprobe disk:/c runs 2\n", clock);
  CHECK(out.status == hwbench::runtime::model::RunStatus::complete);
  CHECK(hwbench::platform::filesystem_type(env.disk()) != "tmpfs");
  REQUIRE(resident.size() == 5);
  CHECK(resident[0] == 0);
  CHECK(resident[1] == 0);
  CHECK(resident[2] == 0);
  CHECK(resident[3] > 0);  // warm: nothing evicted it
  CHECK(out.series[0].samples[0].cold);
  CHECK_FALSE(out.series[1].samples[0].cold);
  // A group's sample is cold when its statements' files were evicted before its clock started.
  resident.clear();
  out = run_text(env,
                 "setup { write disk:/g size 4MB }\nseries \"T\" time { probe disk:/g cold }\n"
                 "series \"W\" time { probe disk:/g }\n",
                 clock);
  CHECK(out.status == hwbench::runtime::model::RunStatus::complete);
  REQUIRE(resident.size() == 2);
  CHECK(resident[0] == 0);
  REQUIRE(out.series.size() == 2);
  CHECK(out.series[0].samples.at(0).cold);
  CHECK_FALSE(out.series[1].samples.at(0).cold);
}

TEST_CASE("interpreter: cold on a tmpfs is an error, never a warm figure reported as cold") {
  test::RecipeEnv env;
  hwbench::platform::RealClock clock;
  auto out = run_text(env, "setup { write ramdisk:/c size 1MB }\nread ramdisk:/c cold\n", clock);
  CHECK(out.status == hwbench::runtime::model::RunStatus::failed);
  CHECK(out.error.find("t.bench:2:1: read ramdisk:/c cold: cold: cannot evict") == 0);
  CHECK(out.series[0].samples.empty());
}

TEST_CASE("interpreter: parallel runs one process per worker and makes one sample of all of them") {
  test::RecipeEnv env;
  hwbench::platform::RealClock clock;
  auto out = run_text(env,
                      "setup { repeat 3 write ramdisk:/p_$i size 1MB }\n"
                      "repeat 2 parallel 3 { cp ramdisk:/p_$worker -> ramdisk:/q_$worker }\n",
                      clock);
  CHECK(out.status == hwbench::runtime::model::RunStatus::complete);
  REQUIRE(out.series.size() == 1);
  REQUIRE(out.series[0].samples.size() == 2);
  const auto& s = out.series[0].samples[0];
  CHECK(out.series[0].params_of(s).kernel == "parallel");
  CHECK(s.bytes == 3'000'000);
  CHECK(s.units == 3);
  CHECK(s.wall_ns > 0);
  for (int w = 1; w <= 3; ++w)
    CHECK(test::read_text(env.ram() + "/q_" + std::to_string(w)) ==
          test::read_text(env.ram() + "/p_" + std::to_string(w)));
}

TEST_CASE("interpreter: a worker that crashes is named, and nothing hangs") {
  test::RecipeEnv env;
  test::add_kernel(env, "crash", [](std::uint64_t n, int) {
    ::signal(SIGSEGV, SIG_DFL);
    ::raise(SIGSEGV);
    return kernels::Work{0, n};
  });
  test::add_kernel(env, "fine", [](std::uint64_t n, int) { return kernels::Work{0, n}; });
  hwbench::platform::RealClock clock;
  auto out = run_text(env, "parallel 2 {\n  fine\n}\nparallel 3 { crash }\n", clock);
  CHECK(out.status == hwbench::runtime::model::RunStatus::failed);
  CHECK(out.error == "parallel worker 1 of 3 was killed by signal 11 (Segmentation fault)");
  CHECK(out.series[0].samples.size() == 1);
}

TEST_CASE("interpreter: a time block is one sample summing its statements") {
  test::RecipeEnv env;
  hwbench::platform::RealClock clock;
  auto out = run_text(env,
                      "setup { repeat 3 write ramdisk:/t_$i size 100KB }\n"
                      "repeat 2 time \"three copies\" { repeat 3 cp ramdisk:/t_$i -> ramdisk:/u_$i }\n",
                      clock);
  CHECK(out.status == hwbench::runtime::model::RunStatus::complete);
  REQUIRE(out.series.size() == 1);
  CHECK(out.series[0].label == "three copies");
  REQUIRE(out.series[0].samples.size() == 2);
  CHECK(out.series[0].samples[0].bytes == 300'000);
  CHECK(out.series[0].samples[0].units == 3);
}

TEST_CASE("interpreter: `for` inside parallel makes each worker count for the duration, like openssl -multi") {
  test::RecipeEnv env;
  auto checked = env.check("series \"p\" parallel 2 { nop for 200ms }\n");
  REQUIRE_MESSAGE(checked.recipe.has_value(), checked.diagnostics);
  hwbench::platform::RealClock clock;
  hwbench::runtime::run::RunOptions opts;
  opts.clock = &clock;
  auto out = hwbench::runtime::run::run_plan(*checked.recipe, opts);
  REQUIRE(out.status == hwbench::runtime::model::RunStatus::complete);
  REQUIRE(out.series.size() == 1);
  REQUIRE(out.series[0].samples.size() == 1);
  const auto& s = out.series[0].samples[0];
  // Both workers counted for 0.2 s: far more than the 2 units of a single run each.
  CHECK(s.ops > 1000);
  CHECK(s.units == s.ops);
  CHECK(s.wall_ns >= 200'000'000);
  CHECK(s.wall_ns < 2'000'000'000);
}

namespace {

/// A sampler that counts its snapshots: snapshot k has time_ns k and procs_running k.
class CountingSampler : public hwbench::platform::ConditionsSampler {
 public:
  hwbench::platform::ConditionsSnapshot sample() override {
    hwbench::platform::ConditionsSnapshot s;
    s.time_ns = ++taken_;
    s.procs_running = static_cast<std::uint64_t>(taken_);
    return s;
  }

 private:
  std::int64_t taken_ = 0;
};

}  // namespace

TEST_CASE("interpreter: conditions before and after the run and around each timed statement") {
  test::RecipeEnv env;
  test::add_kernel(env, "unit", [](std::uint64_t n, int) { return kernels::Work{100 * n, n}; });
  test::ScriptedClock clock({1000});
  CountingSampler sampler;
  auto c = env.check("setup { unit }\nunit runs 3\nseries \"wide\" time { parallel 3 { unit } }\n");
  INFO(c.diagnostics);
  REQUIRE(c.recipe);
  run::RunOptions opts;
  opts.clock = &clock;
  opts.conditions = &sampler;
  const run::RunOutcome out = hwbench::runtime::run::run_plan(*c.recipe, opts);
  REQUIRE(out.status == hwbench::runtime::model::RunStatus::complete);
  REQUIRE(out.conditions.has_value());
  const auto& conditions = *out.conditions;
  // Setup is not a window: the first statement's window opens with the second snapshot.
  CHECK(conditions.before.time_ns == 1);
  REQUIRE(conditions.windows.size() == 2);
  CHECK(conditions.windows[0].label == out.series[0].label);
  CHECK(conditions.windows[0].workers == 1);
  CHECK(conditions.windows[0].start.time_ns == 2);
  CHECK(conditions.windows[0].end.time_ns == 3);
  CHECK(conditions.windows[1].label == "wide");
  CHECK(conditions.windows[1].workers == 3);
  CHECK(conditions.windows[1].start.time_ns == 4);
  CHECK(conditions.windows[1].end.time_ns == 5);
  CHECK(conditions.after.time_ns == 6);
}

namespace {

/// A kernel that says it ran on four threads, as STREAM notes its `threads`.
class FourThreads : public kernels::Kernel {
 public:
  kernels::Work run(std::uint64_t n) override { return kernels::Work{0, n}; }
  std::map<std::string, std::string> notes() const override { return {{"threads", "4"}}; }
};

}  // namespace

TEST_CASE("interpreter: a kernel's own threads are its window's workers") {
  test::RecipeEnv env;
  kernels::KernelSpec spec;
  spec.name = "four";
  spec.family = "test";
  spec.synopsis = "four";
  spec.effects = [](const kernels::Call&, const platform::FileView&) { return kernels::FileEffects{}; };
  spec.make = [](const kernels::Call&, const kernels::Context&) { return std::make_unique<FourThreads>(); };
  env.registry().add(std::move(spec));
  test::ScriptedClock clock({1000});
  CountingSampler sampler;
  auto c = env.check("four runs 2\n");
  REQUIRE(c.recipe);
  run::RunOptions opts;
  opts.clock = &clock;
  opts.conditions = &sampler;
  const run::RunOutcome out = hwbench::runtime::run::run_plan(*c.recipe, opts);
  REQUIRE(out.conditions.has_value());
  REQUIRE(out.conditions->windows.size() == 1);
  CHECK(out.conditions->windows[0].workers == 4);
}

TEST_CASE("interpreter: rm with an escaped * removes the file of that name alone, as the check planned") {
  test::RecipeEnv env;
  auto c = env.check(
      "setup { write ramdisk:/a*b size 1KB ; write ramdisk:/axb size 1KB }\nnop runs 1\n"
      "teardown { rm ramdisk:/a\\*b }\n");
  INFO(c.diagnostics);
  REQUIRE(c.recipe);
  CHECK(c.recipe->plan.teardown.at(0).kernel.effects.removes == std::vector<std::string>{env.ram() + "/a*b"});
  platform::RealClock clock;
  run::RunOptions opts;
  opts.clock = &clock;
  const auto out = run::run_plan(*c.recipe, opts);
  CHECK(out.status == hwbench::runtime::model::RunStatus::complete);
  CHECK_FALSE(platform::RealFileView().exists(env.ram() + "/a*b"));
  CHECK(platform::RealFileView().exists(env.ram() + "/axb"));
}

TEST_CASE("interpreter: no sampler, no conditions") {
  test::RecipeEnv env;
  test::add_kernel(env, "unit", [](std::uint64_t n, int) { return kernels::Work{100 * n, n}; });
  test::ScriptedClock clock({1000});
  CHECK_FALSE(run_text(env, "unit runs 2\n", clock).conditions.has_value());
}
