// The one measurement loop: its batches, deadlines, latency, interruption and untimed work on a
// clock the test moves by hand; then each measurement option on a statement alone and the same
// statement inside `time` and `parallel`, which must mean the same thing.
#include "runtime/run/measurement_loop.hpp"

#include <atomic>
#include <functional>
#include <span>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/analysis/units.hpp"
#include "runtime/run/interpreter.hpp"
#include "tests/support/recipe_env.hpp"

namespace kernels = hwbench::kernels;
namespace platform = hwbench::platform;
namespace model = hwbench::runtime::model;
namespace plan = hwbench::runtime::plan;
namespace run = hwbench::runtime::run;
namespace test = hwbench::test;

namespace {

/// A clock that stands still until the test (or a test kernel) moves it. Reading it costs
/// nothing, so every figure below is exact. After fork() each worker moves its own copy.
class ManualClock : public hwbench::platform::Clock {
 public:
  std::int64_t now_ns() override { return now_; }
  platform::CpuTimes cpu() override { return cpu_; }
  std::int64_t unix_ns() override { return 1'700'000'000'000'000'000; }

  /// Moves the wall clock by `wall_ns` and this process's CPU time by `usr_ns` + `sys_ns`.
  void advance(std::int64_t wall_ns, std::int64_t usr_ns = 0, std::int64_t sys_ns = 0, std::int64_t cusr_ns = 0) {
    now_ += wall_ns;
    cpu_.usr_ns += usr_ns;
    cpu_.sys_ns += sys_ns;
    cpu_.cusr_ns += cusr_ns;
  }

 private:
  std::int64_t now_ = 1'000'000'000;
  platform::CpuTimes cpu_;
};

/// A kernel whose run() and flush() are lambdas; it records the batch sizes it was asked for.
class ScriptKernel : public kernels::Kernel {
 public:
  explicit ScriptKernel(std::function<kernels::Work(std::uint64_t n, int call)> run, std::function<void()> flush = {})
      : run_(std::move(run)), flush_(std::move(flush)) {}
  kernels::Work run(std::uint64_t n) override {
    batches.push_back(n);
    return run_(n, static_cast<int>(batches.size()));
  }
  void flush() override {
    ++flushes;
    if (flush_) flush_();
  }
  std::vector<std::uint64_t> batches;
  int flushes = 0;

 private:
  std::function<kernels::Work(std::uint64_t, int)> run_;
  std::function<void()> flush_;
};

plan::Policy for_policy(double seconds, bool cpu_time = false) {
  plan::Policy p;
  p.for_seconds = seconds;
  p.cpu_time = cpu_time;
  return p;
}

/// How the simulated kernel `sim` of the recipe tests spends the clock.
struct SimCost {
  std::int64_t wall_ns = 1'000;     ///< per unit, timed
  std::int64_t cpu_ns = 0;          ///< this process's CPU per unit (half usr, half sys)
  std::int64_t untimed_ns = 0;      ///< per run() call, inside kernels::untimed()
  std::int64_t flush_ns = 0;        ///< per flush()
  std::int64_t latency_ns = 7'000;  ///< Work::max_latency_ns of every call but the second
};

/// A kernel that moves `clock` as `cost` says, with the context's untimed() hook.
class SimKernel : public kernels::Kernel {
 public:
  SimKernel(ManualClock& clock, SimCost cost, kernels::Context ctx)
      : clock_(clock), cost_(cost), ctx_(std::move(ctx)) {}
  kernels::Work run(std::uint64_t n) override {
    ++calls_;
    const auto units = static_cast<std::int64_t>(n);
    clock_.advance(cost_.wall_ns * units, cost_.cpu_ns * units / 2, cost_.cpu_ns * units / 2);
    if (cost_.untimed_ns > 0)
      hwbench::kernels::untimed(ctx_, [&] { clock_.advance(cost_.untimed_ns, cost_.untimed_ns); });
    return kernels::Work{10 * n, n, calls_ == 2 ? 6 * cost_.latency_ns : cost_.latency_ns};
  }
  void flush() override { clock_.advance(cost_.flush_ns); }

 private:
  ManualClock& clock_;
  SimCost cost_;
  kernels::Context ctx_;
  int calls_ = 0;
};

/// Registers the kernel `name` (no arguments), a SimKernel on `clock`.
void add_sim(test::RecipeEnv& env, const std::string& name, ManualClock& clock, SimCost cost = {}) {
  kernels::KernelSpec spec;
  spec.name = name;
  spec.family = "test";
  spec.synopsis = name;
  spec.effects = [](const kernels::Call&, const platform::FileView&) { return kernels::FileEffects{}; };
  ManualClock* c = &clock;
  spec.make = [c, cost](const kernels::Call&, const kernels::Context& ctx) {
    return std::make_unique<SimKernel>(*c, cost, ctx);
  };
  env.registry().add(std::move(spec));
}

run::RunOutcome run_recipe(test::RecipeEnv& env, const std::string& text, hwbench::platform::Clock& clock) {
  auto c = env.check(text);
  INFO(c.diagnostics);
  REQUIRE(c.recipe);
  hwbench::runtime::run::RunOptions opts;
  opts.clock = &clock;
  auto out = hwbench::runtime::run::run_plan(*c.recipe, opts);
  INFO(out.error);
  REQUIRE(out.status == model::RunStatus::complete);
  return out;
}

/// The one sample of the only series of `text`.
model::Sample only_sample(test::RecipeEnv& env, const std::string& text, hwbench::platform::Clock& clock) {
  auto out = run_recipe(env, text, clock);
  REQUIRE(out.series.size() == 1);
  REQUIRE(out.series[0].samples.size() == 1);
  return out.series[0].samples[0];
}

std::vector<std::uint64_t> doubling_then(std::uint64_t top, int repeats, std::vector<std::uint64_t> tail) {
  std::vector<std::uint64_t> out;
  for (std::uint64_t b = 1; b < top; b *= 2) out.push_back(b);
  for (int i = 0; i < repeats; ++i) out.push_back(top);
  out.insert(out.end(), tail.begin(), tail.end());
  return out;
}

}  // namespace

// ---- the loop itself --------------------------------------------------------------------------

TEST_CASE("measurement loop: without `for` a sample is one run of the unit") {
  ManualClock clock;
  run::MeasurementLoop loop(clock);
  ScriptKernel k([&](std::uint64_t n, int) {
    clock.advance(5'000, 3'000, 1'000);
    return kernels::Work{100 * n, 2 * n, 0};
  });
  const model::Sample s = loop.measure(k, plan::Policy{});
  CHECK(k.batches == std::vector<std::uint64_t>{1});
  CHECK(s.units == 1);
  CHECK(s.bytes == 100);
  CHECK(s.ops == 2);
  CHECK(s.wall_ns == 5'000);
  CHECK(s.cpu.usr_ns == 3'000);
  CHECK(s.cpu.sys_ns == 1'000);
  CHECK(s.start_unix_ns == clock.unix_ns());
  CHECK_FALSE(s.cpu_timed);
  CHECK(k.flushes == 0);
}

TEST_CASE("measurement loop: `for` doubles batches up to a millisecond, then shrinks the last to end on the budget") {
  ManualClock clock;
  run::MeasurementLoop loop(clock);
  ScriptKernel k([&](std::uint64_t n, int) {
    clock.advance(1'000 * static_cast<std::int64_t>(n));  // 1 us a unit
    return kernels::Work{0, n, 0};
  });
  const model::Sample s = loop.measure(k, for_policy(0.010));
  // 1..512 (1023 us), then 1024-unit batches of 1.024 ms; at 9.215 ms a full batch would end at
  // 10.239 ms, so the last is cut to the 785 units left.
  CHECK(k.batches == doubling_then(1024, 8, {785}));
  CHECK(s.units == 10'000);
  CHECK(s.ops == 10'000);
  CHECK(s.wall_ns == 10'000'000);
}

TEST_CASE(
    "measurement loop: `cputime` judges the `for` budget on CPU time, this process's and its waited-for children's, "
    "not the wall") {
  ManualClock clock;
  run::MeasurementLoop loop(clock);
  ScriptKernel k([&](std::uint64_t n, int) {
    const auto u = static_cast<std::int64_t>(n);
    // Half the wall on a CPU: 400 ns here, 100 ns in a program it ran (a command step's).
    clock.advance(1'000 * u, 250 * u, 150 * u, 100 * u);
    return kernels::Work{0, n, 0};
  });
  const model::Sample s = loop.measure(k, for_policy(0.010, true));
  CHECK(s.units == 20'000);
  CHECK(s.wall_ns == 20'000'000);
  CHECK(s.cpu.usr_ns + s.cpu.sys_ns == 8'000'000);
  CHECK(model::timed_ns(s) == 10'000'000);
  CHECK(s.cpu_timed);
  CHECK(k.batches.back() < 2048);  // the shrink works on the CPU basis too

  ManualClock wall_clock;
  run::MeasurementLoop wall_loop(wall_clock);
  ScriptKernel w([&](std::uint64_t n, int) {
    wall_clock.advance(1'000 * static_cast<std::int64_t>(n), 500 * static_cast<std::int64_t>(n));
    return kernels::Work{0, n, 0};
  });
  CHECK(wall_loop.measure(w, for_policy(0.010)).units == 10'000);
}

TEST_CASE("measurement loop: max_latency is the longest of any batch, not the last or a sum") {
  ManualClock clock;
  run::MeasurementLoop loop(clock);
  const std::vector<std::int64_t> latencies = {5'000, 80'000, 7'000, 9'000};
  ScriptKernel k([&](std::uint64_t n, int call) {
    clock.advance(400'000 * static_cast<std::int64_t>(n));
    return kernels::Work{0, n, latencies[static_cast<std::size_t>(call - 1) % latencies.size()]};
  });
  const model::Sample s = loop.measure(k, for_policy(0.005));
  REQUIRE(k.batches.size() > 3);
  CHECK(s.max_latency_ns == 80'000);
  const std::size_t next = k.batches.size() % latencies.size();
  CHECK(loop.run(k, plan::Policy{}).max_latency_ns == latencies[next]);  // a single run: its own figure
}

TEST_CASE("measurement loop: the interrupt flag ends a `for` count after the batch it arrives in") {
  ManualClock clock;
  std::atomic<bool> interrupted{false};
  run::MeasurementLoop loop(clock, &interrupted);
  ScriptKernel k([&](std::uint64_t n, int call) {
    clock.advance(1'000 * static_cast<std::int64_t>(n));
    if (call == 3) interrupted.store(true);
    return kernels::Work{0, n, 0};
  });
  const model::Sample s = loop.measure(k, for_policy(10));
  CHECK(k.batches == std::vector<std::uint64_t>{1, 2, 4});
  CHECK(s.units == 7);
  CHECK(s.wall_ns == 7'000);
  CHECK(loop.run(k, for_policy(10)).units == 1);  // the same for a count a group runs
}

TEST_CASE("measurement loop: time in kernels::untimed() is left out of the sample and of the `for` count") {
  ManualClock clock;
  run::MeasurementLoop loop(clock);
  kernels::Context ctx;
  ctx.exclude = loop.exclude_hook();
  ScriptKernel k([&](std::uint64_t n, int) {
    clock.advance(1'000 * static_cast<std::int64_t>(n), 1'000 * static_cast<std::int64_t>(n));
    hwbench::kernels::untimed(ctx, [&] { clock.advance(3'000'000, 2'000'000, 500'000); });  // refill, 3 ms
    return kernels::Work{0, n, 0};
  });
  SUBCASE("one run") {
    const model::Sample s = loop.measure(k, plan::Policy{});
    CHECK(s.wall_ns == 1'000);
    CHECK(s.cpu.usr_ns == 1'000);
    CHECK(s.cpu.sys_ns == 0);
  }
  SUBCASE("a `for` count on the wall") {
    const model::Sample s = loop.measure(k, for_policy(0.010));
    CHECK(s.units == 10'000);
    CHECK(s.wall_ns == 10'000'000);
  }
  SUBCASE("a `for` count on the CPU") {
    const model::Sample s = loop.measure(k, for_policy(0.010, true));
    CHECK(s.units == 10'000);
    CHECK(s.cpu.usr_ns + s.cpu.sys_ns == 10'000'000);
  }
  SUBCASE("a `for` count that no one times (a worker's statement)") {
    CHECK(loop.run(k, for_policy(0.010)).units == 10'000);
  }
  SUBCASE("a stretch timed whole, the samples inside it included") {
    const auto took = loop.time([&] {
      loop.run(k, plan::Policy{});
      loop.measure(k, plan::Policy{});
      loop.run(k, for_policy(0.001));
    });
    // Two single units, then 1 + 2 + … + 512 units for the millisecond; no refill counted.
    CHECK(took.wall_ns == 2'000 + 1'023'000);
    CHECK(took.cpu.usr_ns == 2'000 + 1'023'000);
    CHECK(took.cpu.sys_ns == 0);
  }
  SUBCASE("outside any timing, untimed() just runs and nothing is carried into the next sample") {
    const std::int64_t before = clock.now_ns();
    loop.exclude([&] { clock.advance(50); });
    CHECK(clock.now_ns() == before + 50);
    ScriptKernel plain([&](std::uint64_t n, int) {
      clock.advance(1'000);
      return kernels::Work{0, n, 0};
    });
    CHECK(loop.measure(plain, plan::Policy{}).wall_ns == 1'000);
  }
}

TEST_CASE("measurement loop: `sync` flushes once, inside the timed region") {
  ManualClock clock;
  run::MeasurementLoop loop(clock);
  ScriptKernel k(
      [&](std::uint64_t n, int) {
        clock.advance(1'000 * static_cast<std::int64_t>(n));
        return kernels::Work{n, 0, 0};
      },
      [&] { clock.advance(100'000); });
  plan::Policy p = for_policy(0.002);
  p.sync = true;
  const model::Sample s = loop.measure(k, p);
  CHECK(k.flushes == 1);
  CHECK(s.wall_ns == 2'047'000 + 100'000);  // batches 1..1024, then the flush
  plan::Policy plain;
  CHECK(loop.measure(k, plain).wall_ns == 1'000);
  CHECK(k.flushes == 1);
}

// ---- each option alone and inside groups -----------------------------------------------------

TEST_CASE(
    "measurement loop: `for` counts the same alone, in `time`, in a loop inside `time` and in each `parallel` worker") {
  test::RecipeEnv env;
  ManualClock clock;
  add_sim(env, "sim", clock);
  const model::Sample alone = only_sample(env, "sim for 10ms\n", clock);
  CHECK(alone.units == 10'000);
  CHECK(alone.bytes == 100'000);
  CHECK(alone.wall_ns == 10'000'000);
  const model::Sample timed = only_sample(env, "time { sim for 10ms }\n", clock);
  CHECK(timed.units == alone.units);
  CHECK(timed.bytes == alone.bytes);
  CHECK(timed.wall_ns == alone.wall_ns);
  const model::Sample looped = only_sample(env, "time { repeat 3 { sim for 10ms } }\n", clock);
  CHECK(looped.units == 3 * alone.units);
  CHECK(looped.wall_ns == 3 * alone.wall_ns);
  const model::Sample workers = only_sample(env, "parallel 2 { sim for 10ms }\n", clock);
  CHECK(workers.units == 2 * alone.units);
  CHECK(workers.ops == 2 * alone.ops);
}

TEST_CASE("measurement loop: `cputime` with `for` counts CPU time alone, in `time` and in each `parallel` worker") {
  test::RecipeEnv env;
  ManualClock clock;
  add_sim(env, "sim", clock, SimCost{1'000, 500, 0, 0, 7'000});
  const model::Sample alone = only_sample(env, "sim for 10ms cputime\n", clock);
  CHECK(alone.units == 20'000);  // 10 ms of CPU at 0.5 us a unit, 20 ms of wall
  CHECK(alone.cpu_timed);
  const model::Sample timed = only_sample(env, "time { sim for 10ms cputime }\n", clock);
  CHECK(timed.units == alone.units);
  CHECK(timed.wall_ns == alone.wall_ns);
  CHECK(timed.cpu.usr_ns + timed.cpu.sys_ns == 10'000'000);
  const model::Sample workers = only_sample(env, "parallel 2 { sim for 10ms cputime }\n", clock);
  CHECK(workers.units == 2 * alone.units);
  const model::Sample mixed = only_sample(env, "time { parallel 2 { sim for 10ms cputime } }\n", clock);
  CHECK(mixed.units == 2 * alone.units);
}

TEST_CASE("measurement loop: `cputime` inside a group needs a `for`, in setup it stays refused") {
  test::RecipeEnv env;
  ManualClock clock;
  add_sim(env, "sim", clock);
  CHECK(env.check("time { sim cputime }\n").diagnostics ==
        "t.bench:1:12: error: 'cputime' inside 'time' or 'parallel' says what 'for' counts, and this statement has no "
        "'for'\n"
        "    1 | time { sim cputime }\n"
        "      |            ^~~~~~~\n"
        "hint: add a duration (for 1s), or take the statement out of the block\n");
  CHECK(env.check("parallel 2 { sim cputime }\n").diagnostics ==
        "t.bench:1:18: error: 'cputime' inside 'time' or 'parallel' says what 'for' counts, and this statement has no "
        "'for'\n"
        "    1 | parallel 2 { sim cputime }\n"
        "      |                  ^~~~~~~\n"
        "hint: add a duration (for 1s), or take the statement out of the block\n");
  CHECK(env.check("setup { sim cputime }\n").diagnostics ==
        "t.bench:1:13: error: 'cputime' has no meaning in setup or teardown\n"
        "    1 | setup { sim cputime }\n"
        "      |             ^~~~~~~\n");
  // A kernel's own default duration counts as the statement's `for`.
  auto c = env.check("time { digest sha256 cputime }\n");
  CHECK_MESSAGE(c.recipe.has_value(), c.diagnostics);
}

TEST_CASE("measurement loop: the longest latency is recorded alone, in `time` and across `parallel` workers") {
  test::RecipeEnv env;
  ManualClock clock;
  add_sim(env, "sim", clock);
  add_sim(env, "slow", clock, SimCost{1'000, 0, 0, 0, 20'000});
  const model::Sample alone = only_sample(env, "sim for 10ms\n", clock);
  CHECK(alone.max_latency_ns == 42'000);  // the second batch's, the longest
  CHECK(only_sample(env, "sim\n", clock).max_latency_ns == 7'000);
  CHECK(only_sample(env, "time { sim for 10ms }\n", clock).max_latency_ns == alone.max_latency_ns);
  CHECK(only_sample(env, "time { sim; slow }\n", clock).max_latency_ns == 20'000);
  CHECK(only_sample(env, "time { repeat 2 { sim } }\n", clock).max_latency_ns == 42'000);
  CHECK(only_sample(env, "parallel 2 { sim for 10ms }\n", clock).max_latency_ns == alone.max_latency_ns);
  CHECK(only_sample(env, "time { parallel 3 { sim } }\n", clock).max_latency_ns == 7'000);
}

TEST_CASE("measurement loop: untimed work is left out alone, in `time`, in its loops and in a worker's `for` count") {
  test::RecipeEnv env;
  ManualClock clock;
  add_sim(env, "refill", clock, SimCost{1'000, 1'000, 2'000'000, 0, 7'000});
  const model::Sample alone = only_sample(env, "refill for 10ms\n", clock);
  CHECK(alone.units == 10'000);
  CHECK(alone.wall_ns == 10'000'000);
  const model::Sample timed = only_sample(env, "time { refill for 10ms }\n", clock);
  CHECK(timed.units == alone.units);
  CHECK(timed.wall_ns == alone.wall_ns);
  CHECK(timed.cpu.usr_ns + timed.cpu.sys_ns == 10'000'000);
  const model::Sample looped = only_sample(env, "time { repeat 4 { refill } }\n", clock);
  CHECK(looped.units == 4);
  CHECK(looped.wall_ns == 4'000);
  CHECK(only_sample(env, "parallel 2 { refill for 10ms }\n", clock).units == 2 * alone.units);
}

TEST_CASE("measurement loop: `sync` is timed alone and in `time` alike") {
  test::RecipeEnv env;
  ManualClock clock;
  add_sim(env, "sim", clock, SimCost{1'000, 0, 0, 300'000, 7'000});
  const model::Sample alone = only_sample(env, "sim sync\n", clock);
  CHECK(alone.wall_ns == 301'000);
  CHECK(only_sample(env, "time { sim sync }\n", clock).wall_ns == alone.wall_ns);
}

TEST_CASE(
    "measurement loop: `runs` and `until ci` sample a statement alone, a group is one sample and refuses them alike") {
  test::RecipeEnv env;
  ManualClock clock;
  add_sim(env, "sim", clock);
  auto runs = run_recipe(env, "sim runs 3\n", clock);
  REQUIRE(runs.series.at(0).samples.size() == 3);
  for (const auto& s : runs.series[0].samples) {
    CHECK(s.units == 1);
    CHECK(s.wall_ns == 1'000);
  }
  // The same three samples of one unit, the loop written around the block.
  auto blocks = run_recipe(env, "repeat 3 time { sim }\n", clock);
  REQUIRE(blocks.series.at(0).samples.size() == 3);
  for (const auto& s : blocks.series[0].samples) {
    CHECK(s.units == 1);
    CHECK(s.wall_ns == 1'000);
  }
  auto ci = run_recipe(env, "sim for 1ms until ci 5%\n", clock);
  CHECK(ci.series.at(0).samples.size() == 5);  // identical samples: the floor
  CHECK(ci.series[0].converged);
  for (const auto& s : ci.series[0].samples) CHECK(s.units == 1'023);  // 1 + 2 + … + 512
  for (const char* group : {"time", "parallel 2"}) {
    CAPTURE(group);
    const std::string head = std::string(group) + " { sim ";
    const std::string pad(head.size(), ' ');
    CHECK(env.check(head + "runs 3 }\n").diagnostics ==
          "t.bench:1:" + std::to_string(head.size() + 1) +
              ": error: 'runs' has no meaning inside 'time' or 'parallel': the whole block is one sample\n"
              "    1 | " +
              head +
              "runs 3 }\n"
              "      | " +
              pad +
              "^~~~\n"
              "hint: put the loop around the block instead\n");
    CHECK(env.check(head + "until ci 5% }\n").diagnostics ==
          "t.bench:1:" + std::to_string(head.size() + 1) +
              ": error: 'until' has no meaning inside 'time' or 'parallel': the whole block is one sample\n"
              "    1 | " +
              head +
              "until ci 5% }\n"
              "      | " +
              pad +
              "^~~~~\n"
              "hint: put the loop around the block instead\n");
  }
}

// ---- CPU spans ---------------------------------------------------------------------------------

namespace {

/// A ManualClock that counts its readings.
class CountingClock : public ManualClock {
 public:
  platform::CpuTimes cpu() override {
    ++cpu_readings;
    return ManualClock::cpu();
  }
  std::int64_t now_ns() override {
    ++readings;
    return ManualClock::now_ns();
  }
  int cpu_readings = 0;
  int readings = 0;  ///< of the monotonic clock
};

}  // namespace

TEST_CASE("measurement loop: samples under a millisecond share one CPU reading per millisecond span") {
  CountingClock clock;
  test::RecipeEnv env;
  // 100 µs a sample, all of it CPU time (half usr, half sys).
  add_sim(env, "short", clock, SimCost{100'000, 100'000, 0, 0, 0});
  const auto out = run_recipe(env, "series \"s\" short runs 25\n", clock);
  const auto& samples = out.series[0].samples;
  REQUIRE(samples.size() == 25);
  // The first reads its own; then spans of ten (1 ms), and the last span ends with the series.
  std::vector<std::uint32_t> covered;
  for (const model::Sample s : samples) covered.push_back(s.cpu_samples);
  std::vector<std::uint32_t> expected(25, 0);
  expected[0] = 1;
  expected[10] = 10;
  expected[20] = 10;
  expected[24] = 4;
  CHECK(covered == expected);
  CHECK(samples[0].cpu.usr_ns == 50'000);
  CHECK(samples[10].cpu.usr_ns == 500'000);
  CHECK(samples[10].cpu.sys_ns == 500'000);
  CHECK(samples[24].cpu.usr_ns == 200'000);
  CHECK(samples[5].cpu.usr_ns == 0);
  // Two readings for the first sample, two for each span.
  CHECK(clock.cpu_readings == 2 + 3 * 2);
  // A span's starts come from the monotonic clock, set to the wall clock as the span began.
  CHECK(samples[1].start_unix_ns == clock.unix_ns());
  CHECK(samples[2].start_unix_ns == clock.unix_ns() + 100'000);
  for (const model::Sample s : samples) CHECK(s.wall_ns == 100'000);
  const auto* share = hwbench::runtime::analysis::find_unit("%CP");
  REQUIRE(share != nullptr);
  CHECK(hwbench::runtime::analysis::sample_values(out.series[0], *share) == std::vector<double>(4, 100.0));
}

TEST_CASE("measurement loop: a long sample reads its own CPU time, `cputime` samples always do") {
  CountingClock clock;
  run::MeasurementLoop loop(clock);
  const std::vector<std::int64_t> walls = {2'000'000, 10'000, 10'000, 10'000, 2'000'000, 5'000};
  std::size_t call = 0;
  ScriptKernel k([&](std::uint64_t, int) {
    clock.advance(walls[call], walls[call]);
    ++call;
    return kernels::Work{0, 1, 0};
  });
  hwbench::runtime::run::CpuSpan span;
  std::vector<std::uint32_t> covered;
  std::vector<std::int64_t> usr;
  for (std::size_t i = 0; i < walls.size(); ++i) {
    model::Sample s = loop.measure(k, plan::Policy{}, span);
    loop.end_sample(s, span, i + 1 == walls.size());
    covered.push_back(s.cpu_samples);
    usr.push_back(s.cpu.usr_ns);
  }
  // After the long first, the second reads its own; the next three make a span that the long
  // fifth ends; after it, the sixth reads its own again.
  CHECK(covered == std::vector<std::uint32_t>{1, 1, 0, 0, 3, 1});
  CHECK(usr == std::vector<std::int64_t>{2'000'000, 10'000, 0, 0, 2'020'000, 5'000});
  CHECK(clock.cpu_readings == 2 * 4);

  CountingClock cpu_clock;
  run::MeasurementLoop cpu_loop(cpu_clock);
  ScriptKernel quick([&](std::uint64_t, int) {
    cpu_clock.advance(1'000, 1'000);
    return kernels::Work{0, 1, 0};
  });
  plan::Policy cputime;
  cputime.cpu_time = true;
  hwbench::runtime::run::CpuSpan cpu_span;
  for (int i = 0; i < 5; ++i) {
    model::Sample s = cpu_loop.measure(quick, cputime, cpu_span);
    cpu_loop.end_sample(s, cpu_span, i == 4);
    CHECK(s.cpu_samples == 1);
    CHECK(s.cpu.usr_ns == 1'000);
  }
  CHECK(cpu_clock.cpu_readings == 2 * 5);
}

TEST_CASE("measurement loop: a batch of short samples reads the clock once between two samples") {
  CountingClock clock;
  std::atomic<bool> interrupted{false};
  run::MeasurementLoop loop(clock, &interrupted);
  // 100 µs a unit; the fourth unit of the batch spends 5 µs in untimed(), the tenth 2 ms.
  int call = 0;
  ScriptKernel k([&](std::uint64_t, int) {
    ++call;
    clock.advance(100'000);
    if (call == 5) loop.exclude([&] { clock.advance(5'000); });
    if (call == 20) interrupted = true;
    return kernels::Work{3, 1, call == 3 ? 900 : 0};
  });
  hwbench::runtime::run::CpuSpan span;
  // A first short sample, alone: the samples after it share CPU readings.
  model::Sample first = loop.measure(k, plan::Policy{}, span);
  loop.end_sample(first, span, false);
  REQUIRE(span.shared());

  std::vector<model::Sample> out(run::MeasurementLoop::batch_max);
  const int before = clock.readings;
  // Ten samples of 100 µs fill the span's millisecond: the batch ends there.
  const std::size_t taken = loop.measure_batch(k, span, out);
  REQUIRE(taken == 10);
  // One reading before the batch and one after each sample; besides, one as the span opened
  // (with the wall clock, for its starts) and two around the untimed() work.
  CHECK(clock.readings - before == 1 + 10 + 1 + 2);
  const std::int64_t start = out[0].start_unix_ns;
  CHECK(start == clock.unix_ns());
  for (std::size_t i = 0; i < taken; ++i) {
    CAPTURE(i);
    CHECK(out[i].wall_ns == 100'000);  // the untimed 5 µs of the fourth left out
    CHECK(out[i].units == 1);
    CHECK(out[i].bytes == 3);
    CHECK(out[i].ops == 1);
    CHECK(out[i].cpu_samples == 0);
    CHECK(out[i].start_unix_ns == start + 100'000 * static_cast<std::int64_t>(i) + (i > 3 ? 5'000 : 0));
  }
  CHECK(out[1].max_latency_ns == 900);
  for (std::size_t i = 0; i + 1 < taken; ++i) loop.end_sample(out[i], span, false);
  loop.end_sample(out[taken - 1], span, false);
  CHECK(out[taken - 1].cpu_samples == 10);  // the batch's last sample ended the span
  CHECK(span.shared());

  // At most what `out` holds.
  CHECK(loop.measure_batch(k, span, std::span<model::Sample>(out.data(), 3)) == 3);
  // The sample during which the flag is set (the 20th call) is cut short: left out.
  CHECK(loop.measure_batch(k, span, out) == 5);
  CHECK(call == 20);
}
