// The progress display: one line per series on a pipe, a status line rewritten in place on a
// terminal, per-sample lines with -v, and the ETA; driven by real runs on scripted clocks.
#include "runtime/cli/progress.hpp"

#include <pty.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/run/interpreter.hpp"
#include "tests/support/recipe_env.hpp"
#include "tests/support/scripted_run.hpp"

namespace kernels = hwbench::kernels;
namespace cli = hwbench::runtime::cli;
namespace test = hwbench::test;

namespace {

/// A run of `text` whose samples each take 1 ms on the run's clock, shown with `style` on a
/// display whose clock advances `display_step_ns` at each reading; `opts` lends the rest (a
/// pause, blocks). Returns what it printed.
std::string shown(test::RecipeEnv& env, const std::string& text, cli::ProgressStyle style,
                  std::int64_t display_step_ns = 250'000'000, std::vector<std::int64_t> run_steps = {1'000'000},
                  hwbench::runtime::run::RunOptions opts = {}) {
  auto c = env.check(text);
  INFO(c.diagnostics);
  REQUIRE(c.recipe);
  test::ScriptedClock run_clock(std::move(run_steps));
  test::ScriptedClock display_clock({display_step_ns});
  std::ostringstream out;
  cli::ProgressDisplay display(out, display_clock, style);
  opts.clock = &run_clock;
  opts.observer = &display;
  hwbench::runtime::run::run_plan(*c.recipe, opts);
  return out.str();
}

void add_test_kernels(test::RecipeEnv& env) {
  test::add_kernel(env, "copy", [](std::uint64_t n, int) { return kernels::Work{1'000'000 * n, 0}; });
  test::add_kernel(env, "spin", [](std::uint64_t n, int) { return kernels::Work{0, 3 * n}; });
}

}  // namespace

TEST_CASE("progress: not a terminal: one line per series, none per sample") {
  test::RecipeEnv env;
  add_test_kernels(env);
  const std::string out =
      shown(env, "series \"copy\" copy runs 3\nseries \"spin it\" spin runs 2\n", cli::ProgressStyle{});
  CHECK(out ==
        "[1/2] copy     1000.0 MB/s ±0.0%  3 samples in 0.75 s\n"
        "[2/2] spin it  3000.0 ops/s ±0.0%  2 samples in 0.5 s\n");
}

TEST_CASE("progress: -v adds a line per sample") {
  test::RecipeEnv env;
  add_test_kernels(env);
  cli::ProgressStyle style;
  style.per_sample = true;
  const std::string out = shown(env, "series \"copy\" copy runs 2\n", style);
  CHECK(out ==
        "  copy runs 2  1000.0 MB/s\n"
        "  copy runs 2  1000.0 MB/s\n"
        "[1/1] copy  1000.0 MB/s ±0.0%  2 samples in 0.5 s\n");
}

TEST_CASE("progress: a missed `until ci` target and an unavailable kernel are said on the series' line") {
  test::RecipeEnv env;
  add_test_kernels(env);
  hwbench::kernels::KernelSpec spec;
  spec.name = "absent";
  spec.family = "test";
  spec.synopsis = "absent";
  spec.effects = [](const hwbench::kernels::Call&, const hwbench::platform::FileView&) {
    return hwbench::kernels::FileEffects{};
  };
  spec.make = [](const hwbench::kernels::Call&,
                 const hwbench::kernels::Context&) -> std::unique_ptr<hwbench::kernels::Kernel> {
    throw hwbench::kernels::KernelUnavailable("this machine has no such device");
  };
  env.registry().add(std::move(spec));
  // Each sample reads the run's clock twice: 1 ms, then 1 ms or 3 ms in turn, a spread no run can tame.
  std::vector<std::int64_t> steps;
  for (int i = 0; i < 100; ++i) {
    steps.push_back(0);
    steps.push_back(i % 2 ? 3'000'000 : 1'000'000);
  }
  const std::string out = shown(env, "series \"n\" spin until ci 1% runs 2..4\nseries \"gone\" absent\n",
                                cli::ProgressStyle{}, 250'000'000, steps);
  CHECK(out ==
        "[1/2] n     2000.0 ops/s ±91.9%  4 samples in 1 s  did not reach ±1% at 95% confidence\n"
        "[2/2] gone  unavailable: this machine has no such device\n");
}

TEST_CASE("progress: a series in blocks gets the interval the reports give, from its block means") {
  test::RecipeEnv env;
  add_test_kernels(env);
  // 1, 1 op in block 1 and 2, 2 in block 2: the samples' own interval would be ±61.2%, the
  // block means' (1 and 2, one degree of freedom) is ±423.5%, and the summary reports that one.
  test::add_kernel(env, "shift", [](std::uint64_t n, int call) { return kernels::Work{0, n * (call <= 2 ? 1 : 2)}; });
  hwbench::runtime::run::RunOptions opts;
  opts.blocks = 2;
  const std::string out = shown(env, "series \"s\" shift runs 4\nseries \"spin\" spin runs 4\n", cli::ProgressStyle{},
                                250'000'000, {1'000'000}, opts);
  INFO(out);
  CHECK(out.find("[1/2] s     1500.0 ops/s ±423.5%  4 samples") != std::string::npos);
}

TEST_CASE("progress: on a terminal, a status line rewritten in place, cut to the width, and colours") {
  test::RecipeEnv env;
  add_test_kernels(env);
  cli::ProgressStyle style;
  style.status_line = true;
  style.color = true;
  style.width = 50;
  const std::string out = shown(env, "series \"copy\" copy runs 2\nseries \"spin\" spin for 1s runs 1\n", style);
  // The display's clock moves 0.25 s a reading; the status line is drawn at each step's start
  // and after each sample (at most ten times a second), cut to 49 columns, and erased before a
  // lasting line. Before any sample the ETA cannot be guessed; then `spin` owes its `for` second.
  CHECK(out ==
        "\r[1/2] copy  0/2 samples  0:00 elapsed  ETA ?\033[K"
        "\r[1/2] copy  1/2 samples  1000.0 MB/s  0:00 elaps…\033[K"
        "\r[1/2] copy  2/2 samples  1000.0 MB/s  0:00 elaps…\033[K"
        "\r\033[K[1/2] \033[1mcopy\033[0m  1000.0 MB/s ±0.0%  2 samples in 0.5 s\n"
        "\r[2/2] spin  0/1 samples  0:01 elapsed  ETA 0:01\033[K"
        "\r[2/2] spin  1/1 samples  2997.0 ops/s  0:01 elap…\033[K"
        "\r\033[K[2/2] \033[1mspin\033[0m  2997.0 ops/s  1 sample in 0.25 s\n");
}

TEST_CASE("progress: the ETA: each series' own time per sample, else its `for` duration, else the mean") {
  test::RecipeEnv env;
  add_test_kernels(env);
  auto c = env.check("series \"a\" copy runs 4\nseries \"b\" spin for 2s runs 3\nseries \"c\" spin runs 5\n");
  REQUIRE(c.recipe);
  const auto& plan = c.recipe->plan;
  test::ScriptedClock clock({500'000'000});  // half a second a reading
  std::ostringstream out;
  cli::ProgressDisplay display(out, clock, cli::ProgressStyle{});
  display.run_begins(plan);
  CHECK(display.eta_seconds() < 0);  // nothing measured yet, and not everything has a duration
  hwbench::runtime::model::Series a;
  a.label = "a";
  a.add({}, {});
  display.step_begins(plan.main[0]);
  display.sample_taken(plan.main[0], a);  // 0.5 s
  // a: 3 more at 0.5 s; b: 3 at 2 s; c: 5 at the mean so far, 0.5 s.
  CHECK(display.eta_seconds() == doctest::Approx(1.5 + 6 + 2.5));
  a.add({}, {});
  display.sample_taken(plan.main[0], a);  // 0.5 s more
  CHECK(display.eta_seconds() == doctest::Approx(1 + 6 + 2.5));
  display.series_ends(a);  // a series that ends early (`until ci`) owes nothing more
  CHECK(display.eta_seconds() == doctest::Approx(6 + 2.5));
}

TEST_CASE("progress: an interleave block of timed slices: samples counted, the block's time owed") {
  test::RecipeEnv env;
  add_test_kernels(env);
  auto c = env.check(
      "interleave rounds 4 slice 1s {\n  series \"a\" copy for 100ms\n  series \"b\" spin for 100ms\n}\n"
      "series \"c\" spin for 2s runs 2\n");
  INFO(c.diagnostics);
  REQUIRE(c.recipe);
  const auto& plan = c.recipe->plan;
  test::ScriptedClock clock({500'000'000});
  std::ostringstream out;
  cli::ProgressStyle style;
  style.status_line = true;
  style.width = 200;
  cli::ProgressDisplay display(out, clock, style);
  display.run_begins(plan);
  // a and b owe the block's 4 rounds of 1 s each; c its two samples of 2 s.
  CHECK(display.eta_seconds() == doctest::Approx(4 + 4 + 4));
  hwbench::runtime::model::Series a;
  a.label = "a";
  a.add({}, {});
  display.step_begins(plan.main[0].children[0]);
  display.sample_taken(plan.main[0].children[0], a);  // 0.5 s
  CHECK(display.eta_seconds() == doctest::Approx(3.5 + 4 + 4));
  // The status line counts the samples: how many a slice holds is not known before.
  CHECK(out.str().find("[1/3] a  1 sample  ") != std::string::npos);
}

TEST_CASE("progress: statements in turns warm up before the first turn, on their own time") {
  test::RecipeEnv env;
  add_test_kernels(env);
  // Each display reading is 0.25 s: a's warm-up from its beginning to b's, b's from there to the
  // first turn, then each turn's sample.
  const std::string out =
      shown(env, "interleave rounds 2 {\n  series \"a\" copy warmup 1\n  series \"b\" spin warmup 1\n}\n",
            cli::ProgressStyle{});
  CHECK(out ==
        "[1/2] a  1000.0 MB/s ±0.0%  2 samples in 0.75 s\n"
        "[2/2] b  3000.0 ops/s ±0.0%  2 samples in 0.75 s\n");
}

TEST_CASE("progress: the style follows the stream, NO_COLOR, TERM and --color") {
  const cli::ProgressStyle pipe = cli::progress_style(-1, false, "auto");
  CHECK_FALSE(pipe.status_line);
  CHECK_FALSE(pipe.color);
  CHECK(pipe.width == 80);
  CHECK(cli::progress_style(-1, true, "always").color);
  CHECK(cli::progress_style(-1, true, "always").per_sample);

  int master = -1, slave = -1;
  struct winsize ws {};
  ws.ws_col = 57;
  ws.ws_row = 20;
  REQUIRE(::openpty(&master, &slave, nullptr, nullptr, &ws) == 0);
  const char* old_term = std::getenv("TERM");
  const std::string saved_term = old_term ? old_term : "";
  ::setenv("TERM", "xterm", 1);
  ::unsetenv("NO_COLOR");
  const cli::ProgressStyle tty = cli::progress_style(slave, false, "auto");
  CHECK(tty.status_line);
  CHECK(tty.color);
  CHECK(tty.width == 57);
  CHECK_FALSE(cli::progress_style(slave, false, "never").color);
  ::setenv("NO_COLOR", "1", 1);
  CHECK_FALSE(cli::progress_style(slave, false, "auto").color);
  CHECK(cli::progress_style(slave, false, "always").color);
  ::setenv("NO_COLOR", "", 1);  // set but empty: no effect, as no-color.org says
  CHECK(cli::progress_style(slave, false, "auto").color);
  ::unsetenv("NO_COLOR");
  ::setenv("TERM", "dumb", 1);
  CHECK_FALSE(cli::progress_style(slave, false, "auto").status_line);
  CHECK_FALSE(cli::progress_style(slave, false, "auto").color);
  if (old_term)
    ::setenv("TERM", saved_term.c_str(), 1);
  else
    ::unsetenv("TERM");
  ::close(master);
  ::close(slave);
}

TEST_CASE("progress: settle on the status line while it lasts, and one line when it ends") {
  test::RecipeEnv env;
  add_test_kernels(env);
  auto c = env.check("settle 5s\nseries \"copy\" copy runs 1\n");
  REQUIRE_MESSAGE(c.recipe, c.diagnostics);
  /// Returns at once: the run's scripted clock says how long the wait took.
  class Instant : public hwbench::runtime::run::Pause {
   public:
    bool wait(std::int64_t, const std::atomic<bool>*) override { return true; }
  };
  for (const bool terminal : {false, true}) {
    test::ScriptedClock run_clock({2'500'000'000});
    test::ScriptedClock display_clock({250'000'000});
    Instant pause;
    std::ostringstream out;
    cli::ProgressStyle style;
    style.status_line = terminal;
    cli::ProgressDisplay display(out, display_clock, style);
    hwbench::runtime::run::RunOptions opts;
    opts.clock = &run_clock;
    opts.observer = &display;
    opts.pause = &pause;
    hwbench::runtime::run::run_plan(*c.recipe, opts);
    if (!terminal)
      CHECK(out.str() ==
            "settled: waited 2.5 s\n"
            "[1/1] copy  0.4 MB/s  1 sample in 0.25 s\n");
    else
      CHECK(out.str() ==
            "\rsettle: waiting 5 s  0:00 elapsed\033[K"
            "\r\033[Ksettled: waited 2.5 s\n"
            "\r[1/1] copy  0/1 samples  0:00 elapsed  ETA ?\033[K"
            "\r[1/1] copy  1/1 samples  0.4 MB/s  0:00 elapsed  ETA 0:00\033[K"
            "\r\033[K[1/1] copy  0.4 MB/s  1 sample in 0.25 s\n");
  }
}

TEST_CASE("progress: a --spread wait on the status line until the block begins") {
  test::RecipeEnv env;
  std::string log;
  test::add_letter_kernels(env, log, "ab");
  /// Returns at once, its wait kept.
  class Instant : public hwbench::runtime::run::Pause {
   public:
    bool wait(std::int64_t ns, const std::atomic<bool>*) override {
      waits.push_back(ns);
      return true;
    }
    std::vector<std::int64_t> waits;
  };
  Instant pause;
  hwbench::runtime::run::RunOptions opts;
  opts.pause = &pause;
  opts.blocks = 2;
  opts.spread_seconds = 30;
  cli::ProgressStyle style;
  style.status_line = true;
  const std::string out =
      shown(env, "series \"A\" a runs 2\nseries \"B\" b runs 2\n", style, 250'000'000, {1'000'000}, opts);
  REQUIRE(pause.waits.size() == 1);
  // Block 2 is due 30 s after block 1 began, a few readings of 1 ms ago: 29.99 s and a bit.
  CHECK(pause.waits[0] > 29'980'000'000);
  const std::string wait_line = "\rspread: block 2 begins in 30 s  0:01 elapsed\033[K";
  const std::size_t at = out.find(wait_line);
  REQUIRE(at != std::string::npos);
  // Then B's turn, the line as before.
  CHECK(out.substr(at + wait_line.size()).starts_with("\r[2/2] B  1/2 samples"));
}
