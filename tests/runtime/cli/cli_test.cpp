// The command line end to end: the verbatim sentence, exit codes, result files, re-rendering.
#include "runtime/cli/cli.hpp"

#include <fstream>
#include <sstream>

#include <doctest/doctest.h>

#include "runtime/cli/commands.hpp"
#include "runtime/record/result_file.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/temp_dir.hpp"

namespace test = hwbench::test;

namespace {}  // namespace

TEST_CASE("cli: the verbatim sentence prints the mean MB/s of 10 samples and keeps them in the result file") {
  test::TempDir ram("/dev/shm"), st1, work;
  std::string recipe = work / "sentence.bench";
  test::write_text(recipe,
                   "setup { repeat 10 write ramdisk:/10m_$i size 10MB random }\n"
                   "repeat 10 cp ramdisk:/10m_$i -> /st1/test; report MB/s mean\n"
                   "teardown { rm ramdisk:/10m_* ; rm /st1/test/10m_* }\n");
  std::string result = work / "r.json";
  auto r =
      test::cli({"run", "-q", "-L", "ramdisk=" + ram.path(), "-L", "/st1/test=" + st1.path(), "-o", result, recipe});
  INFO(r.err);
  REQUIRE(r.code == 0);
  std::istringstream lines(r.out);
  std::string header, row;
  std::getline(lines, header);
  std::getline(lines, row);
  CHECK(header.find("series") == 0);
  CHECK(header.find("mean MB/s") != std::string::npos);
  // Real copies may drift or have an outlier: a mark then follows the label.
  const std::string label = "repeat 10 cp ramdisk:/10m_$i -> /st1/test";
  REQUIRE(row.rfind(label, 0) == 0);
  const std::string rest = row.substr(label.size());
  CHECK((rest.rfind("  10", 0) == 0 || rest.rfind(" [d]  10", 0) == 0 || rest.rfind(" [o]  10", 0) == 0 ||
         rest.rfind(" [d,o]  10", 0) == 0));
  std::string error;
  auto loaded = hwbench::runtime::record::load_result(result, error);
  REQUIRE(loaded);
  CHECK(loaded->status == hwbench::runtime::model::RunStatus::complete);
  REQUIRE(loaded->series.size() == 1);
  REQUIRE(loaded->series[0].samples.size() == 10);
  double sum = 0;
  for (const auto& s : loaded->series[0].samples) {
    CHECK(s.bytes == 10'000'000);
    CHECK(s.wall_ns > 0);
    sum += 10e6 / (static_cast<double>(s.wall_ns) / 1e9) / 1e6;
  }
  // The printed mean is the mean of the ten per-copy rates.
  std::ostringstream expected;
  expected << std::fixed;
  expected.precision(1);
  expected << sum / 10;
  CHECK(row.substr(row.size() - expected.str().size()) == expected.str());
  // Teardown removed what the run created.
  CHECK(test::count_entries(ram.path()) == 0);
  CHECK(test::count_entries(st1.path()) == 0);
  // The result re-renders without running.
  auto again = test::cli({"report", result});
  CHECK(again.code == 0);
  CHECK(again.out == r.out);
}

TEST_CASE("cli: exit codes") {
  test::TempDir work;
  std::string bad = work / "bad.bench";
  test::write_text(bad, "cpp ramdisk:/a -> ramdisk:/b\n");
  auto r = test::cli({"check", bad});
  CHECK(r.code == 1);
  CHECK(r.err.find("bad.bench:1:1: error: unknown kernel 'cpp'") != std::string::npos);
  CHECK(r.err.find("1 error in " + bad + "; nothing was run") != std::string::npos);
  auto run_bad = test::cli({"run", "-o", work / "never.json", bad});
  CHECK(run_bad.code == 1);
  CHECK_FALSE(test::exists(work / "never.json"));
  CHECK(test::cli({"check", work / "missing.bench"}).code == 2);
  CHECK(test::cli({"check", "--no-such-flag", bad}).code == 2);
  const auto not_number = test::cli({"run", "--blocks", "5x", bad});
  CHECK(not_number.code == 2);
  CHECK(not_number.err.starts_with("hwbench: --blocks: '5x' is not a whole number\n"));
  const auto too_many = test::cli({"run", "--reruns", "200", bad});
  CHECK(too_many.code == 2);
  CHECK(too_many.err.starts_with("hwbench: --reruns: 200 is out of range: give 1 to 100\n"));
  const auto unknown = test::cli({"rnu", bad});
  CHECK(unknown.code == 2);
  CHECK(unknown.err == "hwbench: unknown command 'rnu'; did you mean 'run'?\nrun 'hwbench --help' for usage\n");
  // A --set of a name the recipe lacks is the command line's error; blanks around a name are not its.
  const std::string lets = work / "lets.bench";
  test::write_text(lets, "let n = 2\nrepeat $n nop\n");
  const auto unset = test::cli({"check", lets, "--set", "m=3"});
  CHECK(unset.code == 2);
  CHECK(unset.err == lets +
                         ": error: --set m=3: the recipe has no top-level `let m`\nhint: did you mean 'n'?\n"
                         "1 error in " +
                         lets + "; nothing was run\n");
  const auto spaced = test::cli({"check", lets, "--set", "n = 3"});
  CHECK(spaced.code == 0);
  CHECK(spaced.out.find("parameters: --set n=3") != std::string::npos);
  auto badl = test::cli({"check", "-L", "novalue", bad});
  CHECK(badl.code == 2);
  CHECK(badl.err == "hwbench: -L needs NAME=PATH or /DIR=PATH, not 'novalue'\n");
  CHECK(test::cli({"list"}).code == 0);
}

TEST_CASE("cli: a run that fails exits 3, removes its files and leaves a result marked incomplete") {
  test::TempDir ram("/dev/shm"), work;
  std::string recipe = work / "fail.bench";
  // A cold read from a tmpfs cannot be evicted: the run must fail rather than report a warm figure.
  test::write_text(recipe, "setup { write ramdisk:/x size 1MB }\nread ramdisk:/x cold\nreport MB/s mean\n");
  std::string result = work / "r.json";
  auto r = test::cli({"run", "-q", "-L", "ramdisk=" + ram.path(), "-o", result, recipe});
  CHECK(r.code == 3);
  CHECK(r.out.empty());
  CHECK(r.err.find("cannot evict") != std::string::npos);
  CHECK(test::count_entries(ram.path()) == 0);
  std::string error;
  auto loaded = hwbench::runtime::record::load_result(result, error);
  REQUIRE(loaded);
  CHECK(loaded->status == hwbench::runtime::model::RunStatus::failed);
  CHECK(hwbench::runtime::record::to_json(*loaded)["complete"] == false);
}

TEST_CASE("cli: list shows every kernel with its parameters") {
  auto r = test::cli({"list"});
  CHECK(r.out.find("family files") != std::string::npos);
  CHECK(r.out.find("usage: cp SRC -> DST") != std::string::npos);
  CHECK(r.out.find("usage: write PATH size SIZE") != std::string::npos);
  CHECK(r.out.find("report units: B/s KB/s KiB/s MB/s") != std::string::npos);
  CHECK(r.out.find("\n  report summary                    one line per series in its natural unit\n") !=
        std::string::npos);
  CHECK(r.out.find("\n  report nbench [old VALUE] [new VALUE]\n") != std::string::npos);
}

TEST_CASE("cli: import nbench writes a published result that report renders in nbench's layout") {
  test::TempDir dir;
  const std::string out = dir.path() + "/thinkpad.toml";
  const std::string log = std::string(HWBENCH_SOURCE_DIR) + "/tests/golden/nbench-thinkpad-x20-p3-600mhz.log";
  auto r = test::cli({"import", "nbench", log, "-o", out});
  CHECK(r.code == 0);
  CHECK(r.err == "published result: " + out + " (10 series)\n");
  auto shown = test::cli({"report", out});
  CHECK(shown.code == 0);
  CHECK(shown.out.find("NUMERIC SORT        :          244.96  :       6.28  :       2.06\n") != std::string::npos);
  CHECK(shown.out.find("INTEGER INDEX       : 12.748\n") != std::string::npos);
  CHECK(shown.out.find("FLOATING-POINT INDEX: 5.745\n") != std::string::npos);
  auto unknown = test::cli({"import", "nbnech", log});
  CHECK(unknown.code == 2);
  CHECK(unknown.err.rfind("hwbench: no importer for 'nbnech'; did you mean 'nbench'?\n", 0) == 0);
  auto bad = test::cli({"import", "nbench", out});
  CHECK(bad.code == 1);
  CHECK(bad.err.find("error: no nbench table") != std::string::npos);
}

TEST_CASE("cli: import -o never names the log, nor a directory; a missing directory is made") {
  test::TempDir dir;
  const std::string log = dir / "n.log";
  const std::string text =
      test::read_text(std::string(HWBENCH_SOURCE_DIR) + "/tests/golden/nbench-thinkpad-x20-p3-600mhz.log");
  test::write_text(log, text);
  const auto self = test::cli({"import", "nbench", log, "-o", log});
  CHECK(self.code == 2);
  CHECK(self.err == "hwbench: -o " + log + " is the log itself; name another file\n");
  CHECK(test::read_text(log) == text);
  const auto into_dir = test::cli({"import", "nbench", log, "-o", dir.path()});
  CHECK(into_dir.code == 2);
  CHECK(into_dir.err == "hwbench: -o " + dir.path() + " is a directory; name a file\n");
  const auto made = test::cli({"import", "nbench", log, "-o", dir / "new/n.toml"});
  CHECK(made.code == 0);
  CHECK(made.err == "published result: " + (dir / "new/n.toml") + " (10 series)\n");
}

TEST_CASE("cli: compare sets a published log beside its re-import, and compare with works in a recipe") {
  test::TempDir dir;
  const std::string log = std::string(HWBENCH_SOURCE_DIR) + "/tests/golden/nbench-thinkpad-x20-p3-600mhz.log";
  const std::string a = dir.path() + "/a.toml", b = dir.path() + "/b.toml";
  REQUIRE(test::cli({"import", "nbench", log, "-o", a}).code == 0);
  REQUIRE(test::cli({"import", "nbench", log, "-o", b, "--machine", "the same ThinkPad"}).code == 0);
  auto r = test::cli({"compare", a, b, "--ratio", "truncate", "--suffix", "x"});
  CHECK(r.code == 0);
  CHECK(r.out.find("NUMERIC SORT") != std::string::npos);
  CHECK(r.out.find("1.00x") != std::string::npos);
  auto bad = test::cli({"compare", a, b, "--ratio", "floor"});
  CHECK(bad.code == 2);
  CHECK(bad.err.rfind("hwbench: --ratio: ", 0) == 0);
  CHECK(test::cli({"compare", a}).code == 2);
  // In a recipe: the comparison is one of the run's reports.
  const std::string recipe = dir.path() + "/c.bench";
  { std::ofstream(recipe) << "series \"NUMERIC SORT\" nop runs 2\ncompare with \"a.toml\" unit \"ops/s\"\n"; }
  auto run = test::cli({"run", "-q", "-L", "disk=" + dir.path(), "-o", dir.path() + "/r.json", recipe});
  CHECK(run.code == 0);
  CHECK(run.out.find("NUMERIC SORT") != std::string::npos);
}

TEST_CASE("cli: report and compare know a result file and a published result by content, whatever the name") {
  test::TempDir dir;
  const std::string log = std::string(HWBENCH_SOURCE_DIR) + "/tests/golden/nbench-thinkpad-x20-p3-600mhz.log";
  const std::string published = dir.path() + "/thinkpad.pub";
  REQUIRE(test::cli({"import", "nbench", log, "-o", published}).code == 0);
  auto shown = test::cli({"report", published});
  CHECK(shown.code == 0);
  CHECK(shown.out.find("INTEGER INDEX       : 12.748\n") != std::string::npos);
  // The same result as a result file (JSON), under a name that says TOML.
  auto as_json = test::cli({"report", published, "--format", "json"});
  REQUIRE(as_json.code == 0);
  const std::string result = dir.path() + "/thinkpad.toml";
  std::ofstream(result) << as_json.out;
  auto again = test::cli({"report", result});
  CHECK(again.code == 0);
  CHECK(again.out == shown.out);
  CHECK(test::cli({"compare", published, result}).code == 0);
  // A tool's log is neither: one error naming both, and the import that makes one of it.
  auto neither = test::cli({"report", log});
  CHECK(neither.code == 2);
  CHECK(neither.err ==
        "hwbench: " + log +
            ": error: neither a result file (JSON) nor a published result (TOML)\n"
            "hint: a result file is a JSON object with \"schema\": \"hwbench-result/2\"; a published result is "
            "TOML with schema = \"hwbench-published/1\"; a tool's printed log becomes one with "
            "`hwbench import TOOL " +
            log + "`\n");
  auto compared = test::cli({"compare", published, log});
  CHECK(compared.code == 2);
  CHECK(compared.err == neither.err);
}

TEST_CASE("cli: --set values are checked, printed by check, kept in the result file and shown by report") {
  test::TempDir dir;
  const std::string recipe = dir.path() + "/knobs.bench";
  std::ofstream(recipe) << "let n = 2\nseries \"nops\" repeat $n nop\n";
  auto checked = test::cli({"check", recipe, "--set", "n=3"});
  CHECK(checked.code == 0);
  CHECK(checked.out.find("\n\nparameters: --set n=3\n\nlocations:\n") != std::string::npos);
  const std::string result = dir.path() + "/knobs.json";
  auto ran = test::cli({"run", recipe, "--set", "n=3", "-o", result, "-q"});
  REQUIRE_MESSAGE(ran.code == 0, ran.err);
  std::string error;
  auto loaded = hwbench::runtime::record::load_result(result, error);
  REQUIRE_MESSAGE(loaded.has_value(), error);
  CHECK(loaded->parameters == std::map<std::string, std::string>{{"n", "3"}});
  REQUIRE(loaded->series.size() == 1);
  CHECK(loaded->series[0].samples.size() == 3);
  auto shown = test::cli({"report", result});
  CHECK(shown.code == 0);
  CHECK(shown.out.rfind("parameters: --set n=3\n\n", 0) == 0);
  auto bad = test::cli({"check", recipe, "--set", "n"});
  CHECK(bad.code == 2);
  CHECK(bad.err == "hwbench: --set needs NAME=VALUE, not 'n'\n");
}

TEST_CASE("cli: --spread takes a recipe's duration of 1 s to 24 h") {
  namespace cli = hwbench::runtime::cli;
  CHECK(cli::spread_seconds("90s") == 90);
  CHECK(cli::spread_seconds("2min") == 120);
  CHECK(cli::spread_seconds("1.5h") == 5400);
  CHECK(cli::spread_seconds("1500ms") == doctest::Approx(1.5));
  for (const char* bad : {"", "90", "0.5s", "25h", "10MB", "5%", "s", "min5", "1..5s", "1.s", "90 s", "-5s", "9sx"})
    CHECK_MESSAGE(!cli::spread_seconds(bad), bad);
  test::TempDir work;
  std::string recipe = work / "r.bench";
  test::write_text(recipe, "nop for 10ms runs 2\n");
  auto r = test::cli({"run", "-q", "--spread", "10MB", "-o", work / "never.json", recipe});
  CHECK(r.code == 2);
  CHECK(r.err.find("DURATION is a recipe's duration of 1s to 24h: 90s, 5min") != std::string::npos);
  CHECK_FALSE(test::exists(work / "never.json"));
  // With one block a statement there is nothing to pace: said, not ignored.
  r = test::cli({"run", "-q", "--spread", "60s", "--blocks", "1", "-o", work / "never.json", recipe});
  CHECK(r.code == 2);
  CHECK(r.err == "hwbench: --spread paces the blocks of each rotation; with --blocks 1 there are none to pace\n");
  CHECK_FALSE(test::exists(work / "never.json"));
}
