// Loops kept as loops inside groups, `time` holding `parallel` (the Perl script's shape), and
// Ctrl-C reaching the workers of a long parallel loop.
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <future>
#include <sstream>
#include <thread>

#include <doctest/doctest.h>

#include "base/platform/clock.hpp"
#include "runtime/plan/plan_printer.hpp"
#include "runtime/run/group_runner.hpp"
#include "runtime/run/interpreter.hpp"
#include "tests/support/recipe_env.hpp"

namespace {

namespace plan = hwbench::runtime::plan;

std::size_t files_in(const std::string& dir) {
  std::size_t n = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir)) ++n;
  return n;
}

/// `text` checked and run with the real clock; the run must complete.
hwbench::runtime::run::RunOutcome run_complete(hwbench::test::RecipeEnv& env, const std::string& text) {
  auto c = env.check(text);
  REQUIRE_MESSAGE(c.recipe.has_value(), c.diagnostics);
  hwbench::platform::RealClock clock;
  hwbench::runtime::run::RunOptions opts;
  opts.clock = &clock;
  auto out = hwbench::runtime::run::run_plan(*c.recipe, opts);
  REQUIRE_MESSAGE(out.status == hwbench::runtime::model::RunStatus::complete, out.error);
  return out;
}

}  // namespace

TEST_CASE("group loops: a repeat inside parallel stays one loop node, checked once") {
  hwbench::test::RecipeEnv env;
  auto c = env.check("time { parallel 200 { repeat 100000 { write tmp:/w$worker size 1MB; rm tmp:/w$worker } } }\n");
  REQUIRE_MESSAGE(c.recipe.has_value(), c.diagnostics);
  const auto& main = c.recipe->plan.main;
  REQUIRE(main.size() == 1);
  CHECK(main[0].kind == plan::Step::Kind::time);
  REQUIRE(main[0].children.size() == 1);
  const plan::Step& par = main[0].children[0];
  CHECK(par.kind == plan::Step::Kind::parallel);
  REQUIRE(par.workers.size() == 200);
  REQUIRE(par.workers[199].size() == 1);
  const plan::Step& loop = par.workers[199][0];
  CHECK(loop.kind == plan::Step::Kind::repeat);
  CHECK(loop.count == 100000);
  REQUIRE(loop.children.size() == 2);
  CHECK(loop.children[0].kernel.text == "write tmp:/w200 size 1MB");
  CHECK(loop.children[1].kernel.text == "rm tmp:/w200");
  CHECK(hwbench::runtime::plan::kernel_steps(main[0]).size() == 400);
  // A label-less time takes its statement's text as the series label.
  CHECK(main[0].series.rfind("time {", 0) == 0);
}

TEST_CASE("group loops: a loop body that uses $i is still unrolled") {
  hwbench::test::RecipeEnv env;
  auto c = env.check("parallel 2 { repeat 3 { write tmp:/f${worker}_$i size 1KB } }\n");
  REQUIRE_MESSAGE(c.recipe.has_value(), c.diagnostics);
  const plan::Step& par = c.recipe->plan.main.at(0);
  REQUIRE(par.workers.size() == 2);
  REQUIRE(par.workers[1].size() == 3);
  CHECK(par.workers[1][2].kind == plan::Step::Kind::kernel);
  CHECK(par.workers[1][2].kernel.text == "write tmp:/f2_3 size 1KB");
}

TEST_CASE("group loops: the plan shows the loop, the nesting and a few of many workers") {
  hwbench::test::RecipeEnv env;
  auto c = env.check(
      "series \"fw\" time { parallel 6 { repeat 1000 { write tmp:/w$worker size 1KB; rm tmp:/w$worker } } }\n");
  REQUIRE_MESSAGE(c.recipe.has_value(), c.diagnostics);
  std::ostringstream out;
  hwbench::runtime::plan::print_plan(c.recipe->plan, out);
  const std::string text = env.substitute(out.str());
  CHECK(text.find("    time \"fw\": 1 sample of 1 statement\n"
                  "      parallel 6 workers\n"
                  "        worker 1: repeat 1000 (a loop):\n"
                  "          write tmp:/w1 size 1KB\n"
                  "          rm tmp:/w1\n"
                  "        worker 2: repeat 1000 (a loop):\n") != std::string::npos);
  CHECK(text.find("        … and 2 more workers\n") != std::string::npos);
  CHECK(text.find("worker 5:") == std::string::npos);
  // A statement inside runs as long as its `for` says, its kernel's built-in one included.
  auto timed = env.check("series \"t\" time { syscall; nop for 5ms }\n");
  REQUIRE_MESSAGE(timed.recipe.has_value(), timed.diagnostics);
  std::ostringstream plan;
  hwbench::runtime::plan::print_plan(timed.recipe->plan, plan);
  CHECK(plan.str().find("    time \"t\": 1 sample of 2 statements\n"
                        "      syscall    [1 sample of 10 s]\n"
                        "      nop for 5ms    [1 sample of 0.005 s]\n") != std::string::npos);
}

TEST_CASE("group loops: nesting rules") {
  hwbench::test::RecipeEnv env;
  CHECK(env.check("parallel 2 { parallel 2 { nop } }\n").diagnostics ==
        "t.bench:1:14: error: 'parallel' cannot stand inside 'parallel'\n"
        "    1 | parallel 2 { parallel 2 { nop } }\n"
        "      |              ^~~~~~~~\n"
        "hint: a group is one sample; nest loops inside it instead\n");
  CHECK(env.check("time \"a\" { time \"b\" { nop } }\n").diagnostics ==
        "t.bench:1:12: error: 'time' cannot stand inside 'time'\n"
        "    1 | time \"a\" { time \"b\" { nop } }\n"
        "      |            ^~~~\n"
        "hint: a group is one sample; nest loops inside it instead\n");
  CHECK(env.check("parallel 2 { time { nop } }\n").diagnostics ==
        "t.bench:1:14: error: 'time' cannot stand inside 'parallel'\n"
        "    1 | parallel 2 { time { nop } }\n"
        "      |              ^~~~\n"
        "hint: a group is one sample; nest loops inside it instead\n");
}

TEST_CASE("group loops: a time block of two parallel blocks names the workers of both") {
  hwbench::test::RecipeEnv env;
  const auto out =
      run_complete(env, "series \"w\" time { parallel 4 { syscall for 5ms }; parallel 2 { syscall for 5ms } }\n");
  const auto& s = out.series.at(0);
  CHECK(s.params_of(s.samples[0]).params.at("workers") == "4+2");
}

TEST_CASE("group loops: time { parallel { repeat } } writes and removes every file, one sample with the workers' CPU") {
  hwbench::test::RecipeEnv env;
  const auto out = run_complete(
      env, "series \"fw\" time { parallel 3 { repeat 200 { write tmp:/w$worker size 64KB; rm tmp:/w$worker } } }\n");
  REQUIRE(out.series.size() == 1);
  CHECK(out.series[0].label == "fw");
  REQUIRE(out.series[0].samples.size() == 1);
  const auto& s = out.series[0].samples[0];
  CHECK(out.series[0].params_of(s).kernel == "time");
  CHECK(out.series[0].params_of(s).params.at("workers") == "3");
  CHECK(s.bytes == 3u * 200u * 64000u);
  CHECK(s.ops == 3u * 200u * 2u);  // one write and one removal per pass
  CHECK(s.units == 3u * 200u * 2u);
  CHECK(s.wall_ns > 0);
  CHECK(s.cpu.cusr_ns + s.cpu.csys_ns > 0);  // the workers' CPU, as Perl's cusr/csys
  CHECK(files_in(env.tmp()) == 0);
}

TEST_CASE("group loops: SIGTERM to hwbench alone stops a long parallel loop, the run is interrupted, nothing is left") {
  hwbench::test::RecipeEnv env;
  auto c = env.check("time { parallel 2 { repeat 10000000 { write tmp:/w$worker size 64KB; rm tmp:/w$worker } } }\n");
  REQUIRE_MESSAGE(c.recipe.has_value(), c.diagnostics);
  hwbench::platform::RealClock clock;
  hwbench::runtime::run::InterruptGuard guard;
  hwbench::runtime::run::RunOptions opts;
  opts.clock = &clock;
  opts.interrupted = guard.flag();
  const pid_t self = ::getpid();
  // The killer thread is running before the run forks its workers and ends only after the run:
  // a thread starting or ending takes the allocator's locks, and a fork at that moment leaves
  // the child waiting on them for ever (ASan's allocator has no fork handlers in clang 14).
  std::promise<void> started, finished;
  std::thread killer([self, &started, done = finished.get_future()] {
    started.set_value();
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    ::kill(self, SIGTERM);  // the parent only: the workers must be told by hwbench
    done.wait();
  });
  started.get_future().wait();
  const auto t0 = std::chrono::steady_clock::now();
  auto out = hwbench::runtime::run::run_plan(*c.recipe, opts);
  finished.set_value();
  killer.join();
  const auto took = std::chrono::steady_clock::now() - t0;
  CHECK(out.status == hwbench::runtime::model::RunStatus::interrupted);
  CHECK(took < std::chrono::seconds(10));
  CHECK(files_in(env.tmp()) == 0);
}

TEST_CASE("group loops: the workers of a parallel block hold their files at once, and check counts them so") {
  hwbench::test::RecipeEnv env;
  auto c = env.check("time { parallel 200 { repeat 100000 { write tmp:/w$worker size 1MB; rm tmp:/w$worker } } }\n");
  REQUIRE_MESSAGE(c.recipe.has_value(), c.diagnostics);
  CHECK(c.recipe->plan.peak_bytes == 200u * 1'000'000u);
  // One worker after another in the simulation, but 1 MB each at the same time.
  auto one = env.check("parallel 1 { repeat 3 { write tmp:/w size 1MB; rm tmp:/w } }\n");
  REQUIRE(one.recipe.has_value());
  CHECK(one.recipe->plan.peak_bytes == 1'000'000u);
}
