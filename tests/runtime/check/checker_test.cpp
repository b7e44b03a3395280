// The checker: every semantic error as an exact diagnostic, and the plan it builds.
#include <sys/stat.h>

#include <filesystem>

#include <doctest/doctest.h>

#include "tests/support/recipe_env.hpp"

namespace plan = hwbench::runtime::plan;
namespace test = hwbench::test;

namespace {

/// Checks `text` and returns the rendered diagnostics (placeholders for the temp dirs).
std::string diagnose(const std::string& text) {
  test::RecipeEnv env;
  return env.check(text).diagnostics;
}

}  // namespace

TEST_CASE("checker: unknown kernel suggests the closest name") {
  CHECK(diagnose("cpp ramdisk:/a -> ramdisk:/b\n") ==
        "t.bench:1:1: error: unknown kernel 'cpp'\n"
        "    1 | cpp ramdisk:/a -> ramdisk:/b\n"
        "      | ^~~\n"
        "hint: did you mean 'cp'?\n");
}

TEST_CASE("checker: unknown parameter suggests the closest parameter, once") {
  CHECK(diagnose("setup { write ramdisk:/a size 1MB }\nread ramdisk:/a blok 4KiB\n") ==
        "t.bench:2:17: error: unknown parameter 'blok' for 'read'\n"
        "    2 | read ramdisk:/a blok 4KiB\n"
        "      |                 ^~~~\n"
        "hint: did you mean 'block'?\n");
}

TEST_CASE("checker: a duration where a size belongs") {
  CHECK(diagnose("write ramdisk:/a size 10s\n") ==
        "t.bench:1:23: error: 'size' needs a size, but '10s' is a duration\n"
        "    1 | write ramdisk:/a size 10s\n"
        "      |                       ^~~\n"
        "hint: write it with a size unit, like size 10MB or size 4KiB\n");
}

TEST_CASE("checker: undefined variable with a did-you-mean among those in scope") {
  CHECK(diagnose("setup { write ramdisk:/a size 1MB }\nrepeat 3 read ramdisk:/$j\n") ==
        "t.bench:2:24: error: undefined variable '$j'\n"
        "    2 | repeat 3 read ramdisk:/$j\n"
        "      |                        ^~\n"
        "hint: did you mean 'i'?\n");
}

TEST_CASE("checker: $worker outside parallel explains where it lives") {
  CHECK(diagnose("write ramdisk:/w$worker size 1MB\n") ==
        "t.bench:1:17: error: undefined variable '$worker'\n"
        "    1 | write ramdisk:/w$worker size 1MB\n"
        "      |                 ^~~~~~~\n"
        "hint: $worker is defined inside 'parallel N { … }'\n");
}

TEST_CASE("checker: one series label on statements that count different things is refused") {
  CHECK(diagnose("series \"x\" syscall for 50ms\nseries \"x\" digest sha256 for 50ms\n") ==
        "t.bench:2:12: error: series \"x\" would mix 'digest', which counts bytes, with 'syscall' of line 1, "
        "which counts operations\n"
        "    2 | series \"x\" digest sha256 for 50ms\n"
        "      |            ^~~~~~\n"
        "hint: a series' samples must measure one thing: give this statement a series label of its own\n");
  // Statements that count alike may share a series: two block sizes, or a loop's iterations.
  CHECK(diagnose("series \"y\" digest sha256 block 16 for 50ms\nseries \"y\" digest md5 block 64 for 50ms\n"
                 "for b in [16, 64] series \"z\" digest md5 block $b for 50ms\n") == "");
}

TEST_CASE("checker: a let with an error is its one error: its uses are not errors of their own") {
  // It stood in as 0, and each use added "runs 0 is out of range".
  CHECK(diagnose("let n = 3 / 0\nrepeat $n nop runs $n\nseries \"a\" nop runs $n\n") ==
        "t.bench:1:9: error: division by zero\n"
        "    1 | let n = 3 / 0\n"
        "      |         ^\n");
}

TEST_CASE("checker: rm of a location's directory is one error") {
  CHECK(diagnose("setup { write ramdisk:/f size 4KiB }\nnop\nteardown { rm ramdisk:/f; rm ramdisk: }\n") ==
        "t.bench:3:27: error: rm: cannot remove $RAM: it is a directory\n"
        "    3 | teardown { rm ramdisk:/f; rm ramdisk: }\n"
        "      |                           ^~\n"
        "hint: rm removes files; to remove those inside it, write $RAM/*\n");
}

TEST_CASE("checker: a recipe that times nothing is warned of") {
  const std::string warning =
      "t.bench: warning: nothing is timed: no statement outside setup and teardown runs\n"
      "hint: a timed statement stands at the top level, in series, time, parallel, interleave or a loop that runs "
      "at least once\n";
  CHECK(diagnose("repeat 0 series \"z\" syscall for 5ms\n") == warning);
  CHECK(diagnose("setup { write ramdisk:/f size 4KiB }\nteardown { rm ramdisk:/f }\n") == warning);
  CHECK(diagnose("repeat 1 series \"z\" syscall for 5ms\n") == "");
}

TEST_CASE("checker: a location declared twice") {
  CHECK(diagnose("location st1 = \"/tmp\"\nlocation st1 = \"/var/tmp\"\nnop\n") ==
        "t.bench:2:1: error: location 'st1' is declared twice (first at line 1)\n"
        "    2 | location st1 = \"/var/tmp\"\n"
        "      | ^~~~~~~~\n"
        "hint: keep one declaration: -L st1=DIR chooses another directory for a run\n");
}

TEST_CASE("checker: unknown location") {
  CHECK(diagnose("write ramdsk:/a size 1MB\n") ==
        "t.bench:1:7: error: unknown location 'ramdsk'\n"
        "    1 | write ramdsk:/a size 1MB\n"
        "      |       ^~~~~~~~~\n"
        "hint: did you mean 'ramdisk'?\n");
}

TEST_CASE("checker: a source file that nothing creates, reported once for the whole loop") {
  CHECK(diagnose("repeat 10 cp ramdisk:/10m_$i -> ramdisk:/copy_$i\n") ==
        "t.bench:1:11: error: cp reads 'ramdisk:/10m_1' ($RAM/10m_1), which does not exist, and nothing before it "
        "creates it (9 more like it)\n"
        "    1 | repeat 10 cp ramdisk:/10m_$i -> ramdisk:/copy_$i\n"
        "      |           ^~\n"
        "hint: create it in setup, e.g. setup { write ramdisk:/10m_1 size 10MB }, or copy it there first\n");
}

TEST_CASE("checker: the verbatim sentence into a missing directory says which and how to create it") {
  CHECK(diagnose("setup { repeat 10 write ramdisk:/10m_$i size 10MB }\n"
                 "repeat 10 cp ramdisk:/10m_$i -> /st1/test; report MB/s mean\n") ==
        "t.bench:2:11: error: the directory '/st1' does not exist (needed for '/st1/test')\n"
        "    2 | repeat 10 cp ramdisk:/10m_$i -> /st1/test; report MB/s mean\n"
        "      |           ^~\n"
        "hint: create it first (mkdir -p /st1), or map it to another directory with -L /st1=DIR\n");
}

TEST_CASE("checker: unknown report unit and aggregate") {
  CHECK(diagnose("nop\nreport MB/sec mean\n") ==
        "t.bench:2:8: error: unknown unit 'MB/sec'\n"
        "    2 | report MB/sec mean\n"
        "      |        ^~~~~~\n"
        "hint: did you mean 'MB/s'?\n");
  CHECK(diagnose("nop\nreport MB/s meen\n") ==
        "t.bench:2:13: error: unknown aggregate 'meen'\n"
        "    2 | report MB/s meen\n"
        "      |             ^~~~\n"
        "hint: did you mean 'mean'?\n");
}

TEST_CASE("checker: a report's baseline option names a declared baseline") {
  CHECK(diagnose("nop\nreport nbench old zz\n") ==
        "t.bench:2:19: error: no baseline 'zz' is declared before this report\n"
        "    2 | report nbench old zz\n"
        "      |                   ^~\n"
        "hint: declare it first: baseline NAME from \"FILE\"\n");
  CHECK(diagnose("baseline p90 from \"builtin:nbench\"\nbaseline k6 from \"builtin:nbench\"\nnop\n"
                 "report nbench old k7 new k6\n") ==
        "t.bench:4:19: error: no baseline 'k7' is declared before this report\n"
        "    4 | report nbench old k7 new k6\n"
        "      |                   ^~\n"
        "hint: did you mean 'k6'?\n");
  CHECK(diagnose("baseline k6 from \"builtin:nbench\"\nnop\nreport nbench old k6 new k6\n") == "");
}

TEST_CASE("checker: a table report needs 'with'") {
  CHECK(diagnose("nop\nreport table ops/s mean\n") ==
        "t.bench:2:20: error: expected 'with' after the unit of a table report\n"
        "    2 | report table ops/s mean\n"
        "      |                    ^~~~\n"
        "hint: write it like: report table MB/s with mean\n");
}

TEST_CASE("checker: '..' may not climb out of a location") {
  CHECK(diagnose("write ramdisk:/../etc/passwd size 1MB\n") ==
        "t.bench:1:7: error: 'ramdisk:/../etc/passwd' climbs out of the location 'ramdisk' with '..'\n"
        "    1 | write ramdisk:/../etc/passwd size 1MB\n"
        "      |       ^~~~~~~~~~~~~~~~~~~~~~\n"
        "hint: a path inside a location stays inside it\n");
}

TEST_CASE("checker: system directories and device files are refused") {
  CHECK(diagnose("write /etc/hwbench size 1MB\n") ==
        "t.bench:1:7: error: '/etc/hwbench' is in a system directory, which no recipe may touch\n"
        "    1 | write /etc/hwbench size 1MB\n"
        "      |       ^~~~~~~~~~~~\n"
        "hint: use a location (ramdisk:, disk:, tmp:) or a directory of your own\n");
  CHECK(diagnose("read /dev/sda\n").find("error: '/dev/sda' is in a system directory") != std::string::npos);
  CHECK(diagnose("read /proc/self/mem\n").find("error: '/proc/self/mem' is in a system directory") !=
        std::string::npos);
}

TEST_CASE("checker: measurement options are refused where nothing is timed") {
  CHECK(diagnose("setup { write ramdisk:/a size 1MB runs 3 }\n") ==
        "t.bench:1:35: error: 'runs' has no meaning in setup or teardown: nothing there is timed\n"
        "    1 | setup { write ramdisk:/a size 1MB runs 3 }\n"
        "      |                                   ^~~~\n"
        "hint: move the statement out of setup/teardown to time it\n");
}

TEST_CASE("checker: compare with a file that does not load") {
  CHECK(diagnose("nop\ncompare with \"old.json\"\n") ==
        "t.bench:2:14: error: cannot compare with '$DISK/old.json'\n"
        "    2 | compare with \"old.json\"\n"
        "      |              ^~~~~~~~~~\n"
        "hint: cannot read $DISK/old.json: No such file or directory\n");
}

TEST_CASE("checker: counts, durations and percentages are checked") {
  CHECK(diagnose("parallel 0 { nop }\n") ==
        "t.bench:1:10: error: parallel 0 is out of range\n"
        "    1 | parallel 0 { nop }\n"
        "      |          ^\n"
        "hint: use 1 to 4096\n");
  CHECK(diagnose("nop for 3\n") ==
        "t.bench:1:9: error: 'for' needs a duration, but '3' is a plain number\n"
        "    1 | nop for 3\n"
        "      |         ^\n"
        "hint: write it like: for 3s or for 500ms\n");
  // A number apart from its unit is one error, not a second one for the unit as a parameter.
  CHECK(diagnose("nop for 3 s\n") ==
        "t.bench:1:9: error: 'for' needs a duration, but '3 s' has a space between the number and its unit\n"
        "    1 | nop for 3 s\n"
        "      |         ^~~\n"
        "hint: write it without the space: for 3s\n");
  CHECK(diagnose("write ramdisk:/a size 10 MB\n") ==
        "t.bench:1:23: error: 'size' needs a size, but '10 MB' has a space between the number and its unit\n"
        "    1 | write ramdisk:/a size 10 MB\n"
        "      |                       ^~~~~\n"
        "hint: write it without the space: size 10MB\n");
  CHECK(diagnose("nop until ci 5\n") ==
        "t.bench:1:14: error: 'until ci' needs a percentage, but '5' is a plain number\n"
        "    1 | nop until ci 5\n"
        "      |              ^\n"
        "hint: write it like: until ci 5%\n");
  CHECK(diagnose("nop runs 3 runs 4\n") ==
        "t.bench:1:12: error: 'runs' is given twice\n"
        "    1 | nop runs 3 runs 4\n"
        "      |            ^~~~\n"
        "hint: keep one of them\n");
}

TEST_CASE("checker: arguments and required parameters") {
  CHECK(diagnose("write ramdisk:/a\n") ==
        "t.bench:1:1: error: 'write' needs 'size'\n"
        "    1 | write ramdisk:/a\n"
        "      | ^~~~~\n"
        "hint: usage: write PATH size SIZE [random|zero] [block BLOCK]\n");
  CHECK(diagnose("setup { write ramdisk:/a size 1MB }\ncp ramdisk:/a ramdisk:/b\n")
            .find("t.bench:2:15: error: expected '->' before DST\n") == 0);
  CHECK(diagnose("write ramdisk:/a size 1MB data ones\n") ==
        "t.bench:1:32: error: 'ones' is not a choice of 'data'\n"
        "    1 | write ramdisk:/a size 1MB data ones\n"
        "      |                                ^~~~\n"
        "hint: choices: random, zero\n");
  CHECK(diagnose("write ramdisk:/a size 1MB block 0\n") ==
        "t.bench:1:33: error: 'block' 0 is out of range\n"
        "    1 | write ramdisk:/a size 1MB block 0\n"
        "      |                                 ^\n"
        "hint: block takes 1 B to 67108864 B\n");
}

TEST_CASE("checker: every error of a recipe is reported in one pass") {
  auto text = diagnose("cpp ramdisk:/a -> ramdisk:/b\nwrite ramdisk:/a size 10s\nnop\nreport MB/s meen\n");
  CHECK(text.find("1:1: error: unknown kernel 'cpp'") != std::string::npos);
  CHECK(text.find("2:23: error: 'size' needs a size") != std::string::npos);
  CHECK(text.find("4:13: error: unknown aggregate 'meen'") != std::string::npos);
}

TEST_CASE("checker: rm refuses a file the run did not create, and a stranger's file is never overwritten") {
  test::RecipeEnv env;
  test::write_text(env.ram() + "/theirs", "data");
  auto rm = env.check("rm ramdisk:/theirs\n");
  CHECK(rm.diagnostics ==
        "t.bench:1:1: error: 'ramdisk:/theirs' was not created by this run, so rm will not delete it\n"
        "    1 | rm ramdisk:/theirs\n"
        "      | ^~\n"
        "hint: hwbench deletes only files that the same run created\n");
  auto overwrite = env.check("write ramdisk:/theirs size 1MB\n");
  CHECK(overwrite.diagnostics ==
        "t.bench:1:1: error: '$RAM/theirs' already exists and this run did not create it\n"
        "    1 | write ramdisk:/theirs size 1MB\n"
        "      | ^~~~~\n"
        "hint: hwbench never overwrites a file it did not create: remove it, or write to another name\n");
  // A glob skips what the run did not create rather than failing.
  auto glob = env.check("setup { write ramdisk:/mine size 1KB }\nnop\nteardown { rm ramdisk:/* }\n");
  CHECK(glob.diagnostics.empty());
  REQUIRE(glob.recipe);
  REQUIRE(glob.recipe->plan.teardown.size() == 1);
  CHECK(glob.recipe->plan.teardown[0].kernel.effects.removes == std::vector<std::string>{env.ram() + "/mine"});
}

TEST_CASE("checker: a backslash before rm's * makes it the name's: that one file, named") {
  test::RecipeEnv env;
  auto c = env.check(
      "setup { write ramdisk:/a*b size 1KB ; write ramdisk:/axb size 1KB }\nnop\n"
      "teardown { rm ramdisk:/a\\*b ; rm ramdisk:/a* }\n");
  CHECK(c.diagnostics.empty());
  REQUIRE(c.recipe);
  REQUIRE(c.recipe->plan.teardown.size() == 2);
  CHECK(c.recipe->plan.teardown[0].kernel.effects.removes == std::vector<std::string>{env.ram() + "/a*b"});
  CHECK(c.recipe->plan.teardown[1].kernel.effects.removes == std::vector<std::string>{env.ram() + "/axb"});
  // A stranger's file of that name is refused by name, as any named file is, not passed over as
  // a glob's match; and a directory's escaped * is no wildcard.
  test::write_text(env.ram() + "/s*t", "theirs");
  auto d = env.check("nop\nteardown { rm ramdisk:/s\\*t }\n");
  CHECK(d.diagnostics ==
        "t.bench:2:12: error: 'ramdisk:/s\\*t' was not created by this run, so rm will not delete it\n"
        "    2 | teardown { rm ramdisk:/s\\*t }\n"
        "      |            ^~\n"
        "hint: hwbench deletes only files that the same run created\n");
  REQUIRE(::mkdir((env.ram() + "/d*").c_str(), 0755) == 0);
  auto f = env.check("setup { write ramdisk:/d*/f size 1KB }\nnop\nteardown { rm ramdisk:/d\\*/* }\n");
  CHECK(f.diagnostics.empty());
  REQUIRE(f.recipe);
  CHECK(f.recipe->plan.teardown[0].kernel.effects.removes == std::vector<std::string>{env.ram() + "/d*/f"});
}

TEST_CASE("checker: a symlink out of a location is refused") {
  test::RecipeEnv env;
  REQUIRE(::symlink("/etc", (env.ram() + "/link").c_str()) == 0);
  auto c = env.check("write ramdisk:/link/x size 1MB\n");
  CHECK(c.diagnostics.find("error: '$RAM/link/x' leads through a symlink into '/etc', a system directory") !=
        std::string::npos);
  test::TempDir elsewhere;
  REQUIRE(::symlink(elsewhere.path().c_str(), (env.ram() + "/out").c_str()) == 0);
  auto d = env.check("write ramdisk:/out/x size 1MB\n");
  CHECK(d.diagnostics.find("leaves its location through a symlink") != std::string::npos);
}

TEST_CASE("checker: the space a run needs is checked against the location's free space") {
  test::RecipeEnv env;
  env.fake_machine().file_systems = {{"/", "ext4", 100 * test::FakeMachine::GiB},
                                     {"/dev/shm", "tmpfs", 2 * test::FakeMachine::GiB}};
  auto c = env.check("write ramdisk:/huge size 900TB\n");
  CHECK(c.diagnostics ==
        "t.bench:1:1: error: the run needs 900.0 TB in '$RAM' (tmpfs) at its peak, but only 2.1 GB is free\n"
        "    1 | write ramdisk:/huge size 900TB\n"
        "      | ^\n"
        "hint: use smaller sizes or fewer files, remove files as you go, or map the location elsewhere with -L\n");
}

TEST_CASE("checker: the plan of the file-server procedure") {
  test::RecipeEnv env;
  test::TempDir st1;
  auto text = test::read_text(std::string(HWBENCH_SOURCE_DIR) + "/specs/cp-ramdisk.bench");
  auto c = env.check(text, {{"st1", st1.path()}});
  CHECK(c.diagnostics.empty());
  REQUIRE(c.recipe);
  const auto& plan = c.recipe->plan;
  CHECK(plan.setup.size() == 20);
  CHECK(plan.main.size() == 40);
  CHECK(plan.teardown.size() == 2);
  CHECK(plan.series_order == std::vector<std::string>{"read 10MB", "write 10MB", "read 100MB", "write 100MB"});
  for (const auto& label : plan.series_order) CHECK(plan.samples_max.at(label) == 10);
  CHECK(plan.main[0].kernel.text == "cp st1:/10MB_1 -> ramdisk: cold");
  CHECK(plan.main[0].kernel.policy.cold);
  CHECK(plan.main[10].kernel.text == "cp ramdisk:/10MB_1 -> st1:/copy_10MB_1 sync");
  CHECK(plan.main[10].kernel.policy.sync);
  CHECK(plan.setup[0].kernel.call.params.at("size").number == 10e6);
  CHECK(plan.setup[10].kernel.call.params.at("size").number == 100e6);
  // 10 x (10 MB + 100 MB) written by setup, copied once each way.
  std::uint64_t total = 0;
  for (const auto& f : plan.creates) total += f.size;
  CHECK(plan.creates.size() == 60);
  CHECK(total == 3u * 10u * (10'000'000u + 100'000'000u));
  CHECK(plan.teardown[0].kernel.effects.removes.size() == 20);
  CHECK(plan.teardown[1].kernel.effects.removes.size() == 40);
  CHECK(!plan.estimated_seconds);
  // Setup's files settle first: the first of its largest is probed, for at most two minutes.
  REQUIRE(plan.settle);
  CHECK(plan.settle->mode == hwbench::runtime::model::SettleMode::until_stable);
  CHECK(plan.settle->file_display == "st1:/100MB_1");
  CHECK(plan.settle->seconds == 120);
  CHECK(plan.timed_seconds_known == 120);
  REQUIRE(plan.reports.size() == 1);
  CHECK(plan.reports[0].style.layout == hwbench::runtime::model::ReportLayout::table);
  CHECK(plan.reports[0].unit == "MB/s");
  CHECK(plan.reports[0].aggregates == std::vector<std::string>{"mean"});
}

TEST_CASE("checker: series labels default to the statement text, `for` durations give an estimate") {
  test::RecipeEnv env;
  auto c = env.check("repeat 3 nop\nnop for 2s runs 2 warmup 1\nnop until ci 5%\n");
  REQUIRE(c.recipe);
  const auto& plan = c.recipe->plan;
  CHECK(plan.series_order == std::vector<std::string>{"repeat 3 nop", "nop for 2s runs 2 warmup 1", "nop until ci 5%"});
  CHECK(plan.samples_max.at("repeat 3 nop") == 3);
  CHECK(plan.main[4].kernel.policy.runs_min == 5);
  CHECK(plan.main[4].kernel.policy.runs_max == 30);
  CHECK(plan.timed_seconds_known == doctest::Approx(6.0));
  CHECK(!plan.estimated_seconds);
  auto d = env.check("nop for 2s runs 2\n");
  REQUIRE(d.recipe);
  REQUIRE(d.recipe->plan.estimated_seconds);
  CHECK(*d.recipe->plan.estimated_seconds == doctest::Approx(4.0));
  // A group's sample, every statement in it `for` a duration: a `time` block its parts in turn,
  // a loop its body N times, a `parallel` block its longest worker.
  auto g = env.check(
      "time { nop for 1s; repeat 3 { nop for 2s }; parallel 2 { nop for 500ms; if $worker == 2 { nop for 1s } } }\n"
      "parallel 4 { nop for 3s }\n");
  INFO(g.diagnostics);
  REQUIRE(g.recipe);
  REQUIRE(g.recipe->plan.estimated_seconds);
  CHECK(*g.recipe->plan.estimated_seconds == doctest::Approx(1 + 3 * 2 + 1.5 + 3));
  auto h = env.check("time { nop for 1s; nop }\n");
  REQUIRE(h.recipe);
  CHECK(!h.recipe->plan.estimated_seconds);
  CHECK(h.recipe->plan.timed_seconds_known == 0);
}

TEST_CASE("checker: parallel expands one body per worker with $worker") {
  test::RecipeEnv env;
  auto c = env.check(
      "setup { repeat 2 write ramdisk:/p_$i size 1KB }\n"
      "repeat 2 parallel 2 { cp ramdisk:/p_$worker -> ramdisk:/q_$worker }\n");
  REQUIRE(c.recipe);
  const auto& main = c.recipe->plan.main;
  REQUIRE(main.size() == 2);
  CHECK(main[0].kind == plan::Step::Kind::parallel);
  REQUIRE(main[0].workers.size() == 2);
  CHECK(main[0].workers[1][0].kernel.text == "cp ramdisk:/p_2 -> ramdisk:/q_2");
  CHECK(main[0].series == "repeat 2 parallel 2 { cp ramdisk:/p_$worker -> ramdisk:/q_$worker }");
}

TEST_CASE("checker: a recipe past the cap gets that error alone, before anything is bound") {
  // The unknown kernel and the undefined variable would be errors of their own; a counting walk
  // refuses the recipe first, so nothing else is reported and no statement is bound.
  CHECK(diagnose("nosuch 1\nlet x = $undefined\nrepeat 1000 { repeat 1001 write tmp:/f_$i size 1KB }\n") ==
        "t.bench:3:27: error: the recipe expands to more than 1000000 statements\n"
        "    3 | repeat 1000 { repeat 1001 write tmp:/f_$i size 1KB }\n"
        "      |                           ^\n"
        "hint: use fewer repetitions, or `runs N` on one statement\n");
}

TEST_CASE("checker: a loop over a range sets its variable as the range's list would") {
  CHECK(diagnose("for n in 1..3 { write tmp:/f$n size 1KB }\nfor n in [1, 2, 3] { write tmp:/g$n size 1KB }\n") == "");
  CHECK(diagnose("for n in 3..1 nop\n") ==
        "t.bench:1:10: error: empty range 3..1: it ends before it starts\n"
        "    1 | for n in 3..1 nop\n"
        "      |          ^\n"
        "hint: write the smaller bound first\n");
}

TEST_CASE("checker: -L remaps a literal directory") {
  test::RecipeEnv env;
  test::TempDir target;
  auto c =
      env.check("setup { write ramdisk:/a size 1KB }\ncp ramdisk:/a -> /st1/test\n", {{"/st1/test", target.path()}});
  CHECK(c.diagnostics.empty());
  REQUIRE(c.recipe);
  CHECK(c.recipe->plan.main[0].kernel.effects.creates.at(0).path == target.path() + "/a");
}

TEST_CASE("checker: statements inside parallel count toward the expansion cap") {
  // A loop whose body uses $i is unrolled, so its statements count.
  CHECK(diagnose("parallel 200 { repeat 100000 write tmp:/f${worker}_$i size 1KB }\n") ==
        "t.bench:1:30: error: the recipe expands to more than 1000000 statements\n"
        "    1 | parallel 200 { repeat 100000 write tmp:/f${worker}_$i size 1KB }\n"
        "      |                              ^\n"
        "hint: use fewer repetitions, or `runs N` on one statement\n");
  // One that does not stays a loop: 200 loops of one statement.
  CHECK(diagnose("parallel 200 { repeat 100000 nop }\n") == "");
}

TEST_CASE("checker: one cause gives one error, and nothing for what depends on what it refused") {
  // UnixBench's recipe without --allow-exec: one error for its four `shell` statements; the
  // `parallel` blocks around two of them and the index naming their series say nothing more.
  test::RecipeEnv env;
  env.fake_machine().cpus = 2;
  std::filesystem::create_directories(env.disk() + "/baselines");  // found next to the recipe
  test::write_text(env.disk() + "/baselines/unixbench.toml",
                   test::read_text(std::string(HWBENCH_SOURCE_DIR) + "/specs/baselines/unixbench.toml"));
  const auto c = env.check(test::read_text(std::string(HWBENCH_SOURCE_DIR) + "/specs/unixbench.bench"));
  CHECK_FALSE(c.recipe.has_value());
  CHECK(c.diagnostics ==
        "t.bench:23:39: error: 'shell' runs external programs\n"
        "   23 | series \"Shell Scripts (1 concurrent)\" shell tmp: concurrent 1 runs 3\n"
        "      |                                       ^~~~~\n"
        "hint: pass --allow-exec to allow it; that also allows the other statements that run programs: "
        "'shell' (line 24), 'shell' (line 41), 'shell' (line 42)\n");
  // A `time` around a refused statement says nothing more either.
  CHECK(diagnose("time { nosuch 1 }\n") ==
        "t.bench:1:8: error: unknown kernel 'nosuch'\n"
        "    1 | time { nosuch 1 }\n"
        "      |        ^~~~~~\n"
        "hint: run 'hwbench list' to see every kernel\n");
  // A baseline that cannot be read: its error, none for the index that names it.
  CHECK(diagnose("baseline b from \"none.toml\"\nseries \"x\" nop\nindex \"i\" = geomean(\"x\") vs b\n") ==
        "t.bench:1:17: error: cannot read the baseline file '$DISK/none.toml'\n"
        "    1 | baseline b from \"none.toml\"\n"
        "      |                 ^~~~~~~~~~~\n"
        "hint: a relative path is found next to the recipe; see docs/baseline-format.md\n");
}

TEST_CASE("checker: an unknown kernel, an unknown location or a missing directory is one error however often used") {
  CHECK(diagnose("series \"a\" nopp\nseries \"b\" nopp\n") ==
        "t.bench:1:12: error: unknown kernel 'nopp'\n"
        "    1 | series \"a\" nopp\n"
        "      |            ^~~~\n"
        "hint: did you mean 'nop'?\n");
  CHECK(diagnose("series \"x\" cp st9:/a -> ramdisk:/b\nseries \"y\" cp st9:/c -> ramdisk:/d\n") ==
        "t.bench:1:15: error: unknown location 'st9'\n"
        "    1 | series \"x\" cp st9:/a -> ramdisk:/b\n"
        "      |               ^~~~~~\n"
        "hint: declare it with: location st9 = \"/some/dir\", or pass -L st9=DIR\n");
  // Forty files in a directory that is not there: one error, at the first statement, whose hint
  // maps the location (the -L that fixes it) and names the other statement writing there; the
  // copies that read those files add nothing.
  CHECK(diagnose("location st1 = \"/nonexistent/st1\"\n"
                 "setup { repeat 10 write st1:/a_$i size 1KB }\n"
                 "series \"r\" repeat 10 cp st1:/a_$i -> ramdisk:/b_$i\n"
                 "series \"w\" repeat 10 cp ramdisk:/b_$i -> st1:/c_$i\n"
                 "teardown { rm ramdisk:/b_* }\n") ==
        "t.bench:2:19: error: the directory '/nonexistent/st1' does not exist (needed for '/nonexistent/st1/a_1' and "
        "19 more files)\n"
        "    2 | setup { repeat 10 write st1:/a_$i size 1KB }\n"
        "      |                   ^~~~~\n"
        "hint: create it first (mkdir -p /nonexistent/st1), or map it to another directory with -L st1=DIR; "
        "the statement on line 4 writes there too\n");
}

TEST_CASE("checker: a size is a whole number of bytes, and a file kernel's block at most 64 MiB") {
  CHECK(diagnose("write ramdisk:/a size 1.5B\n") ==
        "t.bench:1:23: error: 'size' needs a whole number of bytes, but '1.5B' is a size\n"
        "    1 | write ramdisk:/a size 1.5B\n"
        "      |                       ^~~~\n"
        "hint: for example: size 1536B or size 1.5KiB\n");
  CHECK(diagnose("write ramdisk:/a size 1MB block 1TB\n") ==
        "t.bench:1:33: error: 'block' 1TB is out of range\n"
        "    1 | write ramdisk:/a size 1MB block 1TB\n"
        "      |                                 ^~~\n"
        "hint: block takes 1 B to 67108864 B\n");
}

TEST_CASE("checker: a range of runs without until ci is refused, and a title or source given twice") {
  CHECK(diagnose("nop for 10ms runs 5..30\n") ==
        "t.bench:1:19: error: 'runs 5..30' needs 'until ci P%', which decides where in the range to stop\n"
        "    1 | nop for 10ms runs 5..30\n"
        "      |                   ^~~~~\n"
        "hint: add until ci 5%, or give one count: runs 10\n");
  CHECK(diagnose("nop for 10ms until ci 5% runs 5..30\n").empty());
  // A ceiling of one sample: no interval could ever meet the target.
  CHECK(diagnose("nop for 10ms until ci 5% runs 1\n") ==
        "t.bench:1:31: error: 'until ci' judges the interval of two samples or more, but 'runs' allows one\n"
        "    1 | nop for 10ms until ci 5% runs 1\n"
        "      |                               ^\n"
        "hint: allow more (runs 5..30), or drop 'until ci'\n");
  CHECK(diagnose("nop until ci 5% runs 1..1\n").find("but 'runs' allows one") != std::string::npos);
  CHECK(diagnose("nop for 10ms until ci 5% runs 2\n").empty());
  CHECK(diagnose("title \"a\"\ntitle \"b\"\nnop runs 1\n") ==
        "t.bench:2:1: error: 'title' is given twice; the first is at line 1\n"
        "    2 | title \"b\"\n"
        "      | ^~~~~\n"
        "hint: one title a recipe: keep one (several 'note's are fine)\n");
}
