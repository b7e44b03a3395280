// Command steps run for real: a deterministic helper program (tests/support/cmd_helper.cpp)
// prints figures, sleeps, fails, leaves stubborn children; every option, every figure kind,
// the failures and Ctrl-C.
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>
#include <tuple>

#include <doctest/doctest.h>

#include "base/platform/clock.hpp"
#include "runtime/analysis/units.hpp"
#include "runtime/run/command_figures.hpp"
#include "runtime/run/interpreter.hpp"
#include "tests/support/recipe_env.hpp"
#include "tests/support/skip.hpp"
#include "tests/support/temp_dir.hpp"

namespace model = hwbench::runtime::model;
namespace run = hwbench::runtime::run;
namespace test = hwbench::test;

namespace {

const std::string helper = HWBENCH_CMD_HELPER;

run::RunOutcome run_text(test::RecipeEnv& env, const std::string& text,
                         const std::atomic<bool>* interrupted = nullptr) {
  auto c = env.check(text, {}, /*allow_exec=*/true);
  INFO(c.diagnostics);
  REQUIRE(c.recipe);
  hwbench::platform::RealClock clock;
  run::RunOptions opts;
  opts.clock = &clock;
  opts.interrupted = interrupted;
  return hwbench::runtime::run::run_plan(*c.recipe, opts);
}

const model::Series& series(const run::RunOutcome& out, const std::string& label) {
  for (const auto& s : out.series)
    if (s.label == label) return s;
  FAIL("no series " << label);
  return out.series.front();
}

std::vector<double> values(const model::Series& s, const std::string& unit) {
  return hwbench::runtime::analysis::sample_values(s, *hwbench::runtime::analysis::find_unit(unit));
}

// Whether `pid` still runs: killed processes are reaped by init, which may take a moment, and a
// zombie runs nothing.
bool alive(pid_t pid) {
  for (int tries = 0; tries < 200; ++tries) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(stat, line)) return false;
    const auto close = line.rfind(')');
    if (close != std::string::npos && close + 2 < line.size() && line[close + 2] == 'Z') return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return true;
}

// A shell script written in `env`'s tmp as NAME: `body` after lines that number its runs in $n
// (1, 2, …, counted in NAME.count).
std::string counting_script(const test::RecipeEnv& env, const std::string& name, const std::string& body) {
  const std::string path = env.tmp() + "/" + name;
  std::ofstream sh(path);
  sh << "n=$(cat " << path << ".count 2>/dev/null || echo 0)\nn=$((n + 1))\necho $n > " << path << ".count\n" << body;
  return path;
}

std::string file_text(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("command step: each run is a sample, timed from spawn to reaping, its first run's output kept") {
  test::RecipeEnv env;
  const auto out =
      run_text(env, "series \"nap\" exec \"" + helper + "\" print hello err oops sleep 0.02 runs 3 warmup 1\n");
  REQUIRE(out.status == model::RunStatus::complete);
  const model::Series& s = series(out, "nap");
  REQUIRE(s.samples.size() == 3);
  for (const auto& sample : s.samples) {
    CHECK(sample.ops == 1);
    CHECK(sample.max_rss_kb > 0);  // wait4's peak resident set of the run
    CHECK(sample.wall_ns >= 20'000'000);
    CHECK(sample.wall_ns < 2'000'000'000);
  }
  CHECK(s.params_of(s.samples.back()).params.at("cpu_source").size() > 0);
  REQUIRE(out.programs.size() == 1);
  const auto& p = out.programs[0];
  CHECK(p.series == "nap");
  CHECK(p.iteration == 1);
  CHECK(p.stdout_text == "hello\n");
  CHECK(p.stderr_text == "oops\n");
  CHECK(p.exit_code == 0);
  CHECK(p.ended == "exited with status 0");
  CHECK(p.argv == std::vector<std::string>{helper, "print", "hello", "err", "oops", "sleep", "0.02"});
}

TEST_CASE("command step: a regular expression's figure takes the statement's series, a labelled one its own") {
  test::RecipeEnv env;
  const auto out =
      run_text(env, "series \"copy\" exec \"" + helper +
                        "\" print \"copied in 0.5 s, 2.5 GB/s\" err \"latency 120 us\" "
                        "figure regex \"([0-9.]+ [kMG]B/s)\" unit MB/s scaled "
                        "figure \"copy latency\" regex \"latency ([0-9]+) us\" unit us from stderr runs 2\n");
  REQUIRE(out.status == model::RunStatus::complete);
  CHECK(values(series(out, "copy"), "MB/s") == std::vector<double>{2500, 2500});
  CHECK(values(series(out, "copy"), "GB/s") == std::vector<double>{2.5, 2.5});
  CHECK(values(series(out, "copy latency"), "us") == std::vector<double>{120, 120});
  REQUIRE(values(series(out, "copy latency"), "ms").size() == 2);
  CHECK(values(series(out, "copy latency"), "ms")[0] == doctest::Approx(0.12));
  // The figures' samples keep the run's own times.
  CHECK(series(out, "copy latency").samples[0].wall_ns == series(out, "copy").samples[0].wall_ns);
}

TEST_CASE("command step: a JSON pointer's figure, a number or a string with a unit") {
  test::RecipeEnv env;
  const std::string json =
      R"({\"jobs\":[{\"lat\":[1.5,2.25]},{\"read\":{\"bw\":2048,\"iops\":\"12.5k\",\"lat\":[{\"ms\":0.1},)"
      R"({\"ms\":0.250}]}}]})";
  const auto out = run_text(env, "series \"fio\" exec \"" + helper + "\" print \"" + json +
                                     "\" figure json \"/jobs/1/read/bw\" unit KiB/s figure \"iops\" json "
                                     "\"/jobs/1/read/iops\" unit ops/s scaled figure \"lat\" json "
                                     "\"/jobs/1/read/lat/1/ms\" unit ms\n");
  REQUIRE(out.status == model::RunStatus::complete);
  CHECK(values(series(out, "fio"), "KiB/s") == std::vector<double>{2048});
  CHECK(values(series(out, "iops"), "ops/s") == std::vector<double>{12500});
  CHECK(values(series(out, "lat"), "ms") == std::vector<double>{0.25});
  // Each keeps the step of its last printed digit: an integer's is 1, 0.250's a thousandth (the
  // other "lat" and "ms" on the way are not it).
  CHECK(series(out, "fio").samples[0].figure->resolution == 1);
  CHECK(series(out, "iops").samples[0].figure->resolution == 100);
  CHECK(series(out, "lat").samples[0].figure->resolution == doctest::Approx(0.001));
}

TEST_CASE("command step: several fractional figures of one JSON document each keep the step of their own digits") {
  namespace plan = hwbench::runtime::plan;
  test::TempDir dir;
  test::write_text(dir / "out.json", R"({"x": 3.125, "y": [0.5]})");
  hwbench::platform::ChildOutcome out;
  out.out.text = R"({"a": {"x": 1.50, "y": [0.125, 2.5e1, 3]}, "b": "12.5k", "c": 0.0, "x": 1.0000,)"
                 R"( "d": 1.5, "d": 2.25, "e": [[7.1], {"f": 0.07}]})";
  out.err.text = R"({"x": 2.50})";
  const auto rule = [&](const std::string& label, const std::string& pointer, plan::FigureRule::Stream from) {
    plan::FigureRule r;
    r.kind = plan::FigureRule::Kind::json;
    r.label = label;
    r.pattern = pointer;
    r.unit = "ops/s";
    r.from = from;
    r.scaled = pointer == "/b";
    if (from == plan::FigureRule::Stream::file) r.file = dir / "out.json";
    return r;
  };
  const auto o = plan::FigureRule::Stream::out;
  const std::vector<plan::FigureRule> rules{rule("a.x", "/a/x", o),
                                            rule("a.y0", "/a/y/0", o),
                                            rule("a.y1", "/a/y/1", o),
                                            rule("a.y2", "/a/y/2", o),
                                            rule("b", "/b", o),
                                            rule("c", "/c", o),
                                            rule("x", "/x", o),
                                            rule("d", "/d", o),
                                            rule("e00", "/e/0/0", o),
                                            rule("e1f", "/e/1/f", o),
                                            rule("err x", "/x", plan::FigureRule::Stream::err),
                                            rule("file x", "/x", plan::FigureRule::Stream::file),
                                            rule("file y0", "/y/0", plan::FigureRule::Stream::file)};
  const run::FigureReadings r = run::read_figures(rules, out);
  INFO(r.error);
  REQUIRE(r.error.empty());
  // Each figure's value and step, the same pointer in stdout, stderr and the file each its own;
  // a key given twice is its last value, with that value's digits.
  const std::vector<std::tuple<std::string, double, double>> expected{
      {"a.x", 1.5, 0.01},   {"a.y0", 0.125, 0.001},   {"a.y1", 25, 1},      {"a.y2", 3, 1},    {"b", 12500, 100},
      {"c", 0, 0.1},        {"x", 1, 0.0001},         {"d", 2.25, 0.01},    {"e00", 7.1, 0.1}, {"e1f", 0.07, 0.01},
      {"err x", 2.5, 0.01}, {"file x", 3.125, 0.001}, {"file y0", 0.5, 0.1}};
  REQUIRE(r.figures.size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const std::string& label = std::get<0>(expected[i]);  // not a binding: clang 14 cannot capture one
    const double value = std::get<1>(expected[i]);
    const double step = std::get<2>(expected[i]);
    INFO(label);
    CHECK(r.figures[i].label == label);
    CHECK(r.figures[i].figure.value == doctest::Approx(value));
    CHECK(r.figures[i].figure.resolution == doctest::Approx(step));
  }
}

TEST_CASE("command step: a missing figure fails the run, naming the rule and showing the output's last lines") {
  test::RecipeEnv env;
  const auto out =
      run_text(env, "exec \"" + helper + "\" print one print two figure regex \"rate ([0-9]+)\" unit ops/s\n");
  CHECK(out.status == model::RunStatus::failed);
  CHECK(out.error ==
        "t.bench:1:1: exec " + helper +
            " print one print two figure regex \"rate ([0-9]+)\" unit ops/s: figure regex \"rate ([0-9]+)\" "
            "unit ops/s: nothing in stdout matches; its last 2 lines:\n    one\n    two");
  // An optional figure that is missing gives no figure, and no error.
  const auto optional = run_text(env, "series \"o\" exec \"" + helper +
                                          "\" print one figure \"r\" regex \"rate ([0-9]+)\" "
                                          "unit ops/s optional\n");
  CHECK(optional.status == model::RunStatus::complete);
  CHECK(series(optional, "r").samples.size() == 0);
  CHECK(series(optional, "o").samples.size() == 1);
}

TEST_CASE("command step: a run without its optional figure is no sample of its series, its labelled ones still are") {
  test::RecipeEnv env;
  // Even runs print the rate, every run the latency.
  const std::string script =
      counting_script(env, "alternate.sh", "[ $((n % 2)) -eq 1 ] || echo 'rate 5000'\necho 'latency 7'\n");
  const auto out = run_text(env, "series \"a\" exec /bin/sh \"" + script +
                                     "\" figure regex \"rate ([0-9]+)\" unit ops/s optional "
                                     "figure \"latency\" regex \"latency ([0-9]+)\" unit ms runs 4\n");
  REQUIRE(out.status == model::RunStatus::complete);
  // Not the wall-time rate of the runs that printed none: those made no sample at all.
  const auto& a = series(out, "a");
  CHECK(values(a, "ops/s") == std::vector<double>{5000, 5000});
  REQUIRE(a.samples.size() == 2);
  CHECK(a.samples[0].iteration == 1);
  CHECK(a.samples[1].iteration == 2);
  CHECK(values(series(out, "latency"), "ms") == std::vector<double>{7, 7, 7, 7});
  // The first run, kept, made no sample of "a".
  REQUIRE(out.programs.size() == 1);
  CHECK(out.programs[0].iteration == 0);
  CHECK(out.programs[0].stdout_text == "latency 7\n");
}

TEST_CASE("command step: a figure's file is removed before each run, so a run that writes none fails") {
  test::RecipeEnv env;
  // The first run alone writes the file; the second must not read the first's figure.
  const std::string script =
      counting_script(env, "once.sh", "[ $n -gt 1 ] || echo '{\"v\": 5}' > " + env.disk() + "/out.json\n");
  const std::string statement = "series \"f\" exec /bin/sh \"" + script +
                                "\" writes disk:/out.json figure json \"/v\" unit ops/s from disk:/out.json";
  const auto out = run_text(env, statement + " runs 3\n");
  CHECK(out.status == model::RunStatus::failed);
  CHECK(env.substitute(out.error) ==
        "t.bench:1:12: exec /bin/sh $TMP/once.sh writes $DISK/out.json figure json "
        "\"/v\" unit ops/s from $DISK/out.json runs 3: figure json \"/v\" unit ops/s "
        "from $DISK/out.json: the run did not write $DISK/out.json, the file the figure "
        "is read from");
  CHECK(values(series(out, "f"), "ops/s") == std::vector<double>{5});
  // Optional, the runs that wrote none make no sample.
  std::remove((script + ".count").c_str());
  const auto optional = run_text(env, statement + " optional runs 3\n");
  REQUIRE(optional.status == model::RunStatus::complete);
  CHECK(values(series(optional, "f"), "ops/s") == std::vector<double>{5});
}

TEST_CASE("command step: exit codes, accepted ones and ignore-failure, a failed run is kept with its output") {
  test::RecipeEnv env;
  // The program's own word "exit" is quoted: bare, it would be exec's option.
  const auto failed = run_text(env, "exec \"" + helper + "\" err \"disk on fire\" \"exit\" 3\n");
  CHECK(failed.status == model::RunStatus::failed);
  CHECK(failed.error == "t.bench:1:1: exec " + helper + " err 'disk on fire' exit 3: " + helper +
                            " exited with status 3; its last line:\n    disk on fire");
  REQUIRE(failed.programs.size() == 1);  // the failed run, which made no sample
  CHECK(failed.programs.back().iteration == 0);
  CHECK(failed.programs.back().exit_code == 3);
  CHECK(failed.programs.back().stderr_text == "disk on fire\n");
  CHECK(run_text(env, "exec \"" + helper + "\" \"exit\" 3 exit [0, 3]\n").status == model::RunStatus::complete);
  CHECK(run_text(env, "exec \"" + helper + "\" \"exit\" 4 ignore-failure runs 2\n").status ==
        model::RunStatus::complete);
  const auto killed = run_text(env, "exec \"" + helper + "\" kill-self 9 exit [0, 9]\n");
  CHECK(killed.status == model::RunStatus::failed);
  CHECK(killed.error.ends_with(" was killed by signal 9 (Killed)"));
}

TEST_CASE("command step: every failed run is kept, one ignore-failure made a sample of and one without its figure") {
  test::RecipeEnv env;
  // The first run succeeds, the others are killed; the warm-up run, killed too, made no sample.
  const std::string script = counting_script(env, "dies.sh", "echo run $n\n[ $n -eq 2 ] && exit 0\nkill -9 $$\n");
  const auto out = run_text(env, "series \"k\" exec /bin/sh \"" + script + "\" ignore-failure warmup 1 runs 3\n");
  REQUIRE(out.status == model::RunStatus::complete);
  CHECK(series(out, "k").samples.size() == 3);
  REQUIRE(out.programs.size() == 4);
  const std::vector<std::pair<std::uint32_t, std::string>> kept = {
      {0, "run 1\n"}, {1, "run 2\n"}, {2, "run 3\n"}, {3, "run 4\n"}};
  for (std::size_t i = 0; i < kept.size(); ++i) {
    CHECK(out.programs[i].iteration == kept[i].first);
    CHECK(out.programs[i].stdout_text == kept[i].second);
    CHECK(out.programs[i].signal == (i == 1 ? 0 : 9));
  }
  // A run that exited 0 without its figure failed: kept, after the first, as one that made no sample.
  const std::string once = counting_script(env, "once.sh", "[ $n -gt 1 ] || echo 'rate 5'\n");
  const auto missing =
      run_text(env, "series \"m\" exec /bin/sh \"" + once + "\" figure regex \"rate ([0-9]+)\" unit ops/s runs 3\n");
  CHECK(missing.status == model::RunStatus::failed);
  REQUIRE(missing.programs.size() == 2);
  CHECK(missing.programs[0].iteration == 1);
  CHECK(missing.programs[0].stdout_text == "rate 5\n");
  CHECK(missing.programs[1].iteration == 0);
  CHECK(missing.programs[1].stdout_text == "");
  CHECK(missing.programs[1].ended == "exited with status 0");
}

TEST_CASE("command step: stdin, env and cwd reach the program") {
  test::RecipeEnv env;
  {
    std::ofstream in(env.disk() + "/input.txt");
    in << "from the file\n";
  }
  const auto out = run_text(env, "series \"s\" exec \"" + helper +
                                     "\" cat \"env\" HWB_X pwd stdin disk:/input.txt env \"HWB_X=42\" cwd tmp:\n");
  REQUIRE(out.status == model::RunStatus::complete);
  REQUIRE(out.programs.size() == 1);
  CHECK(out.programs[0].stdout_text == "from the file\n42\n" + env.tmp() + "\n");
  // No stdin option: /dev/null.
  const auto none = run_text(env, "exec \"" + helper + "\" cat\n");
  REQUIRE(none.programs.size() == 1);
  CHECK(none.programs[0].stdout_text == "");
}

TEST_CASE("command step: a timeout ends the whole process group, stubborn children included") {
  test::RecipeEnv env;
  const auto out =
      run_text(env, "exec \"" + helper + "\" stubborn-children 2 30 ignore-term sleep 30 timeout 1500ms\n");
  CHECK(out.status == model::RunStatus::failed);
  REQUIRE(out.programs.size() == 1);
  const auto& p = out.programs.back();
  CHECK(p.timed_out);
  std::istringstream pids(p.stdout_text);
  int children = 0;
  for (pid_t pid; pids >> pid; ++children) CHECK_FALSE(alive(pid));
  CHECK(children == 2);
  CHECK(out.error.find("timed out after 1.5 s") != std::string::npos);
}

TEST_CASE("command step: Ctrl-C during a run ends the program's group, the run is interrupted, no sample kept") {
  test::RecipeEnv env;
  std::atomic<bool> interrupted{false};
  std::thread ctrl_c([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(1000));
    interrupted = true;
  });
  const auto start = std::chrono::steady_clock::now();
  const auto out =
      run_text(env, "series \"long\" exec \"" + helper + "\" stubborn-children 1 30 sleep 30 runs 3\n", &interrupted);
  ctrl_c.join();
  CHECK(out.status == model::RunStatus::interrupted);
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
  CHECK(series(out, "long").samples.size() == 0);
}

TEST_CASE("command step: prepare and conclude run around each sample, untimed") {
  test::RecipeEnv env;
  const std::string log = env.disk() + "/hooks.log";
  const auto out = run_text(env, "series \"h\" exec \"" + helper + "\" print run prepare \"echo p >> " + log +
                                     "; sleep 0.5\" conclude \"echo c >> " + log + "\" runs 2\n");
  REQUIRE(out.status == model::RunStatus::complete);
  CHECK(file_text(log) == "p\nc\np\nc\n");
  for (const auto& s : series(out, "h").samples) CHECK(s.wall_ns < 400'000'000);
  const auto failing = run_text(env, "exec \"" + helper + "\" print run prepare \"exit 7\"\n");
  CHECK(failing.status == model::RunStatus::failed);
  CHECK(failing.error.ends_with(": prepare \"exit 7\" exited with status 7"));
}

TEST_CASE("command step: prepare and conclude run with the statement's env and timeout") {
  test::RecipeEnv env;
  const std::string log = env.disk() + "/hooks.log";
  const auto out =
      run_text(env, "exec \"" + helper + "\" print run env \"HWB_HOOK=seen\" prepare \"echo p\\$HWB_HOOK >> " + log +
                        "\" conclude \"echo c\\$HWB_HOOK >> " + log + "\" runs 1\n");
  REQUIRE(out.status == model::RunStatus::complete);
  CHECK(file_text(log) == "pseen\ncseen\n");
  const auto start = std::chrono::steady_clock::now();
  const auto hung = run_text(env, "exec \"" + helper + "\" print run timeout 1s prepare \"sleep 30\"\n");
  CHECK(hung.status == model::RunStatus::failed);
  INFO(hung.error);
  CHECK(hung.error.ends_with(": prepare \"sleep 30\" timed out after 1 s and was ended (SIGTERM)"));
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(20));
}

TEST_CASE("command step: output over the cap keeps its head and tail, the cut marked") {
  test::RecipeEnv env;
  const auto out = run_text(env, "exec \"" + helper + "\" spam 100000 output-cap 4KiB\n");
  REQUIRE(out.status == model::RunStatus::complete);
  REQUIRE(out.programs.size() == 1);
  const auto& p = out.programs[0];
  CHECK(p.stdout_cut);
  CHECK(p.stdout_bytes == 100000);
  CHECK(p.stdout_text.size() < 4200);
  CHECK(p.stdout_text.find("bytes cut") != std::string::npos);
}

TEST_CASE("command step: sh runs a line through /bin/sh, its start-up measured apart and taken out") {
  test::RecipeEnv env;
  const auto out = run_text(env, "series \"sh\" sh \"" + helper +
                                     " print n=42 | tr a-z A-Z\" figure \"n\" regex \"N=([0-9]+)\" "
                                     "unit ops runs 2\n");
  REQUIRE(out.status == model::RunStatus::complete);
  REQUIRE(out.programs.size() == 1);
  CHECK(out.programs[0].stdout_text == "N=42\n");
  CHECK(values(series(out, "n"), "ops") == std::vector<double>{42, 42});
  const auto& s = series(out, "sh");
  const auto startup = std::stoll(s.params_of(s.samples.back()).params.at("shell_startup_ns"));
  CHECK(startup > 0);
  CHECK(startup < 100'000'000);
}

TEST_CASE("command step: the sh statements of an interleave block take out one start-up") {
  // Measured once each, one after the other, the first statement's came out larger (a colder
  // system), and two identical statements differed by it in every paired round.
  test::RecipeEnv env;
  const auto out = run_text(env,
                            "interleave rounds 2 {\n  series \"A\" sh \"true\"\n  series \"B\" sh \"true\"\n"
                            "  series \"C\" sh \"true\"\n}\n");
  REQUIRE(out.status == model::RunStatus::complete);
  const auto startup_of = [&](const char* label) {
    const auto& s = series(out, label);
    return s.params_of(s.samples.back()).params.at("shell_startup_ns");
  };
  CHECK(std::stoll(startup_of("A")) > 0);
  CHECK(startup_of("B") == startup_of("A"));
  CHECK(startup_of("C") == startup_of("A"));
}

TEST_CASE("command step: inside time and parallel, sh takes no start-up out: the block is the whole program") {
  // The kernel as a block makes it: no start-up measured, none taken out, none noted.
  test::RecipeEnv env;
  const auto c = env.check("sh \"true\"\n", {}, true);
  REQUIRE(c.recipe);
  const auto& step = c.recipe->plan.main.at(0).kernel;
  for (const bool whole : {false, true}) {
    hwbench::kernels::Context context;
    context.whole_programs = whole;
    auto k = step.spec->make(step.call, context);
    k->prepare();
    k->run(1);
    CHECK((k->take_program_use().overhead_ns > 0) == !whole);
    CHECK(k->notes().count("shell_startup_ns") == (whole ? 0u : 1u));
    k->finish();
  }
  // And the blocks make their kernels so: a block of `sleep 0.05` through a shell lasts the
  // sleep and the shell's start-up, never less than the sleep (taking a start-up measured apart
  // out of it gave 0 s, or less than the sleep when the machine's speed moved in between).
  const auto out = run_text(env,
                            "repeat 3 {\n  time \"t\" {\n    sh \"sleep 0.05\"\n  }\n}\n"
                            "series \"p\" parallel 2 {\n  sh \"sleep 0.05\"\n}\n");
  REQUIRE(out.status == model::RunStatus::complete);
  for (const char* label : {"t", "p"}) {
    const auto& block = series(out, label);
    REQUIRE(block.samples.size() == (label == std::string("t") ? 3 : 1));
    for (const auto& sample : block.samples) {
      INFO(std::string(label) << ": " << sample.wall_ns << " ns");
      CHECK(sample.wall_ns >= 50'000'000);
    }
  }
}

TEST_CASE("command step: bytes makes each run that much work, so its rates are byte rates") {
  test::RecipeEnv env;
  const auto out = run_text(env,
                            "series \"b\" exec true bytes 1MiB runs 3\n"
                            "series \"f\" exec true bytes 4096 for 50ms\n"
                            "time \"t\" {\n  exec true bytes 2MiB\n  exec true\n}\n");
  REQUIRE(out.status == model::RunStatus::complete);
  const auto& b = series(out, "b");
  REQUIRE(b.samples.size() == 3);
  for (const auto& sample : b.samples) {
    CHECK(sample.bytes == 1u << 20);
    CHECK(sample.ops == 1);
  }
  CHECK(hwbench::runtime::analysis::natural_unit(b).name == "MB/s");
  // Many runs to a sample: as many times the bytes.
  const auto& f = series(out, "f");
  REQUIRE(f.samples.size() == 1);
  CHECK(f.samples.back().ops > 1);
  CHECK(f.samples.back().bytes == 4096 * f.samples.back().ops);
  // In a block, the parts' bytes add up.
  CHECK(series(out, "t").samples.back().bytes == 2u << 20);
  CHECK(hwbench::runtime::analysis::natural_unit(series(out, "t")).name == "MB/s");
}

TEST_CASE("command step: for with cputime counts the programs' CPU time, not hwbench's around them") {
  test::RecipeEnv env;
  const auto out = run_text(env, "series \"f\" exec \"" + helper + "\" burn 0.05 for 300ms cputime\n");
  REQUIRE(out.status == model::RunStatus::complete);
  const auto& f = series(out, "f");
  REQUIRE(f.samples.size() == 1);
  // Each run costs at least its 50 ms of CPU, so 300 ms of CPU end the sample within 6 runs
  // (hwbench's own few tenths of a millisecond a run would have taken hundreds), and the CPU
  // time it is rated over has reached the budget.
  const auto& sample = f.samples.back();
  INFO(sample.ops << " runs, " << model::timed_ns(sample) << " ns of CPU");
  CHECK(sample.ops >= 1);
  CHECK(sample.ops <= 6);
  CHECK(model::timed_ns(sample) >= 300'000'000);
}

TEST_CASE(
    "command step: scaled figures convert printed units and prefixes, bits apart, and say what they cannot read") {
  using hwbench::runtime::run::scaled_value;
  std::string error;
  // The value, and the step of its last printed digit scaled alike.
  const auto read = [&](const std::string& text, const std::string& unit) {
    const auto f = scaled_value(text, unit, error);
    REQUIRE_MESSAGE(f, error);
    CHECK(f->unit == unit);
    return std::pair{f->value, f->resolution};
  };
  CHECK(read("1.5 GB/s", "MB/s") == std::pair{1500.0, 100.0});
  CHECK(read("512 kB/s", "KB/s") == std::pair{512.0, 1.0});
  CHECK(read("2 MiB/s", "KiB/s") == std::pair{2048.0, 1024.0});
  CHECK(read("12.5k", "ops/s") == std::pair{12500.0, 100.0});
  CHECK(read("3 Mops/s", "ops/s") == std::pair{3e6, 1e6});
  CHECK(read("7", "s") == std::pair{7.0, 1.0});
  CHECK(read(" 894 MB/s", "MB/s") == std::pair{894.0, 1.0});
  CHECK(read("1669510.06k", "k").second == doctest::Approx(0.01));
  CHECK(read("2.50e-3", "s").second == doctest::Approx(1e-5));
  CHECK(read("1E3", "s") == std::pair{1000.0, 1000.0});
  CHECK(read("-4.", "s") == std::pair{-4.0, 1.0});
  CHECK(read("0x10", "s") == std::pair{16.0, 0.0});  // hexadecimal: no decimal digit to count
  CHECK_FALSE(scaled_value("1.5 GB", "MB/s", error));
  CHECK(error == "'1.5 GB' is in GB, which does not convert to MB/s");
  CHECK_FALSE(scaled_value("9 furlongs", "s", error));
  CHECK(error == "'9 furlongs' ends in 'furlongs', which is neither a unit nor a k/M/G prefix");
  // A bit is an eighth of a byte: 800 megabits a second are 100 megabytes.
  CHECK(read("800 Mb/s", "MB/s").first == doctest::Approx(100));
  CHECK(read("800 MB/s", "MB/s").first == 800);
  CHECK(read("941 Mbits/sec", "MB/s").first == doctest::Approx(117.625));
  CHECK(read("1 Gbps", "MB/s").first == doctest::Approx(125));
  CHECK(read("8 kb/s", "B/s").first == doctest::Approx(1000));
  CHECK(read("8 Kb/s", "B/s").first == doctest::Approx(1000));
  CHECK(read("2 Kibit/s", "B/s").first == doctest::Approx(256));
  CHECK(read("16 Mb", "MB").first == doctest::Approx(2));
  // k and K are both kilo; a byte is B, Byte or Bytes.
  CHECK(read("4 kB", "B").first == 4000);
  CHECK(read("4 KB", "B").first == 4000);
  CHECK(read("3 MBytes/sec", "MB/s").first == 3);
  CHECK(read("120 MB/sec", "MB/s").first == 120);
  // Where case says nothing, any case: OPS/S, NS.
  CHECK(read("7 OPS/S", "ops/s").first == 7);
  CHECK(read("7 NS", "ns").first == 7);
  CHECK_FALSE(scaled_value("800 mb/s", "MB/s", error));
  CHECK(error ==
        "'800 mb/s' ends in 'mb/s', which does not say its unit: M is mega and m milli, B a byte and b a bit "
        "(capture the number alone and give its unit)");
  CHECK_FALSE(scaled_value("3 MS", "ms", error));
  CHECK(error ==
        "'3 MS' ends in 'MS', which does not say its unit: M is mega and m milli, B a byte and b a bit (capture "
        "the number alone and give its unit)");
  CHECK_FALSE(scaled_value("800 Mb/s", "ops/s", error));
  CHECK(error == "'800 Mb/s' is in Mb/s, which does not convert to ops/s");
}

TEST_CASE("command step: with tree, a cgroup counts the CPU time of a grandchild nobody waited for") {
  test::RecipeEnv env;
  const auto plain = run_text(env, "series \"p\" exec \"" + helper + "\" burn-orphan 0.2\n");
  REQUIRE(plain.status == model::RunStatus::complete);
  const auto& p = series(plain, "p");
  CHECK(p.params_of(p.samples.back()).params.at("cpu_source").starts_with("wait4"));
  const auto out = run_text(env, "series \"t\" exec \"" + helper + "\" burn-orphan 0.2 tree\n");
  REQUIRE(out.status == model::RunStatus::complete);
  const auto& s = series(out, "t");
  const std::string source = s.params_of(s.samples.back()).params.at("cpu_source");
  if (!source.starts_with("cgroup v2 "))
    return test::skip("no cgroup v2 of its own for the process tree here: " + source);
  // The orphan burnt 0.2 s of CPU: the sample's children's time has it, wait4's alone would not.
  const auto& cpu = s.samples.back().cpu;
  CHECK(cpu.cusr_ns + cpu.csys_ns >= 190'000'000);
  CHECK(p.samples.back().cpu.cusr_ns < 100'000'000);
}

TEST_CASE("command step: cold evicts the files a program reads before each sample, on a tmpfs it is refused") {
  test::RecipeEnv env;
  {
    std::ofstream in(env.disk() + "/cold.txt");
    in << std::string(1 << 20, 'c');
  }
  const auto out =
      run_text(env, "series \"c\" exec \"" + helper + "\" cat stdin disk:/cold.txt reads disk:/cold.txt cold runs 2\n");
  REQUIRE(out.status == model::RunStatus::complete);
  const auto& s = series(out, "c");
  REQUIRE(s.samples.size() == 2);
  for (const auto& sample : s.samples) CHECK(sample.cold);
  REQUIRE(out.programs.size() == 1);
  CHECK(out.programs[0].stdout_bytes == 1 << 20);
  {
    std::ofstream in(env.ram() + "/cold.txt");
    in << "in memory\n";
  }
  const auto refused =
      run_text(env, "exec \"" + helper + "\" cat stdin ramdisk:/cold.txt reads ramdisk:/cold.txt cold\n");
  CHECK(refused.status == model::RunStatus::failed);
  CHECK(refused.error.find(": cold: ") != std::string::npos);
}
