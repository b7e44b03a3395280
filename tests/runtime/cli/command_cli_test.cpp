// Command steps through the command line: an original tool's log read by its importer gives the
// tool's own report, a section compared with another, and the real programs from Debian (dd,
// openssl speed, bonnie++) run, imported and reported.
#include <ctime>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/analysis/shell_time.hpp"
#include "runtime/cli/cli.hpp"
#include "runtime/record/result_file.hpp"
#include "tests/faults/hwbench_child.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/real_tool.hpp"
#include "tests/support/skip.hpp"
#include "tests/support/temp_dir.hpp"

namespace test = hwbench::test;

namespace {

const std::string helper = HWBENCH_CMD_HELPER;
const std::string golden = std::string(HWBENCH_SOURCE_DIR) + "/tests/golden/";

// Runs `text` as a recipe in `work` with --allow-exec, the disk location there.
test::CliRun run_recipe(const test::TempDir& work, const std::string& text, const std::string& result = "") {
  const std::string recipe = work / "r.bench";
  test::write_text(recipe, text);
  return test::cli({"run", "-q", "--allow-exec", "-L", "disk=" + work.path(), "-o",
                    result.empty() ? work / "r.json" : result, recipe});
}

// `text` with each run of spaces made one.
std::string squeezed(const std::string& text) {
  std::string out;
  for (char c : text)
    if (c != ' ' || out.empty() || out.back() != ' ') out += c;
  return out;
}

std::string section_of(const std::string& out, const std::string& title) {
  const std::string head = "== " + title + " ==\n\n";
  const auto at = out.find(head);
  if (at == std::string::npos) return "";
  const auto end = out.find("\n== ", at + head.size());
  return out.substr(at + head.size(), end == std::string::npos ? std::string::npos : end - at - head.size());
}

}  // namespace

TEST_CASE("command cli: an nbench log printed by a program gives the report `hwbench import` gives, byte for byte") {
  test::TempDir work;
  const std::string log = golden + "nbench-thinkpad-x20-p3-600mhz.log";
  const auto run = run_recipe(work, "exec \"" + helper + "\" cat stdin \"" + log + "\" import nbench\nreport nbench\n");
  INFO(run.err);
  REQUIRE(run.code == 0);
  const auto imported = test::cli({"import", "nbench", log, "-o", work / "log.toml"});
  REQUIRE(imported.code == 0);
  const auto report = test::cli({"report", work / "log.toml"});
  REQUIRE(report.code == 0);
  // The run's report ends with its conditions; the published one has none.
  CHECK(run.out.substr(0, run.out.find("\nconditions:")) == report.out.substr(0, report.out.find("\nconditions:")));
  std::string error;
  const auto result = hwbench::runtime::record::load_result(work / "r.json", error);
  REQUIRE(result);
  // The importer's series alone: the statement's own wall time stands for none.
  REQUIRE(result->series.size() == 10);
  CHECK(result->series[0].label == "NUMERIC SORT");
  REQUIRE(result->programs.size() == 1);
  CHECK(result->programs[0].stdout_bytes > 1000);
}

TEST_CASE("command cli: a UnixBench log printed by a program gives the report `hwbench import` gives, both runs") {
  test::TempDir work;
  const std::string log = std::string(HWBENCH_SOURCE_DIR) + "/tests/data/unixbench/unixbench-5.1.3-2-cpus.log";
  const auto run =
      run_recipe(work, "exec \"" + helper + "\" cat stdin \"" + log + "\" import unixbench\nreport unixbench\n");
  INFO(run.err);
  REQUIRE(run.code == 0);
  const auto imported = test::cli({"import", "unixbench", log, "-o", work / "log.toml"});
  REQUIRE(imported.code == 0);
  const auto report = test::cli({"report", work / "log.toml"});
  REQUIRE(report.code == 0);
  // Alike but for each block's "Benchmark Run:" span: the run's is the program's run here and
  // now (its samples' start and end), the published file's the log's own times.
  const auto without_spans = [](const std::string& text) {
    std::istringstream lines(text.substr(0, text.find("\nconditions:")));
    std::string kept;
    int spans = 0;
    for (std::string line; std::getline(lines, line);) {
      if (line.starts_with("Benchmark Run: "))
        ++spans;
      else
        kept += line + "\n";
    }
    return std::pair{kept, spans};
  };
  const auto [ran, run_spans] = without_spans(run.out);
  const auto [logged, log_spans] = without_spans(report.out);
  CHECK(ran == logged);
  CHECK(run_spans == 2);  // the 1-copy and the 2-copy run
  CHECK(log_spans == 2);
  CHECK(ran.find("System Benchmarks Index Score") != std::string::npos);
}

TEST_CASE("command cli: a section of imported figures, another of a program's own figure, compared row by row") {
  test::TempDir work;
  const std::string log = golden + "openssl-thinkpad-x20-p3-600mhz.log";
  const auto run = run_recipe(work,
                              "section \"logged\" {\n"
                              "  exec \"" +
                                  helper + "\" cat stdin \"" + log +
                                  "\" import openssl\n"
                                  "  report openssl\n"
                                  "}\n"
                                  "section \"printed\" {\n"
                                  "  series \"md5 16 bytes\" exec \"" +
                                  helper +
                                  "\" print \"md5 7583.10k\" "
                                  "figure regex \"^md5 ([0-9.]+)k\" unit k runs 2\n"
                                  "  report openssl\n"
                                  "  compare with section \"logged\"\n"
                                  "}\n");
  INFO(run.err);
  REQUIRE(run.code == 0);
  const std::string logged = section_of(run.out, "logged");
  CHECK(logged.find("md5               3791.55k    13232.52k    38205.95k    71293.95k    93825.71k\n") !=
        std::string::npos);
  const std::string printed = section_of(run.out, "printed");
  // The section's own openssl table holds its one figure, and not the other section's of the same label.
  CHECK(printed.find("md5               7583.10k\n") != std::string::npos);
  CHECK(printed.find("3791.55k") == std::string::npos);
  const std::string table = squeezed(printed);
  CHECK(table.find("\nseries logged printed printed/logged\n") != std::string::npos);
  CHECK(table.find("\nmd5 16 bytes 3791.6 k 7583.1 k 2.00\n") != std::string::npos);
  // Two sections of one run: no environment set side by side.
  CHECK(printed.find("environment") == std::string::npos);
  // The result keeps each series' section, and re-renders the same.
  const auto again = test::cli({"report", work / "r.json"});
  REQUIRE(again.code == 0);
  CHECK(again.out.substr(0, again.out.find("\nconditions:")) == run.out.substr(0, run.out.find("\nconditions:")));
}

TEST_CASE("command cli: openssl speed 3.x's rows meet hwbench's kernels of the same algorithm, row by row") {
  test::TempDir work;
  // What openssl speed 3.x prints: its own names (des-ede3, aes-128-cbc), not the published tables' ones.
  const std::string speed =
      "version: 3.0.22\n"
      "The 'numbers' are in 1000s of bytes per second processed.\n"
      "type             16 bytes     64 bytes\n"
      "md5              62778.75k   179191.42k\n"
      "des-ede3          5910.16k    13075.07k\n"
      "aes-128-cbc     353349.26k   419332.48k\n";
  test::write_text(work / "speed.txt", speed);
  const auto run = run_recipe(work,
                              "section \"openssl speed\" {\n"
                              "  exec \"" +
                                  helper + "\" cat stdin \"" + work / "speed.txt" +
                                  "\" import openssl\n"
                                  "  report openssl\n"
                                  "}\n"
                                  "section \"hwbench\" {\n"
                                  "  for b in [16, 64] series \"md5 $b bytes\" digest md5 block $b for 20ms\n"
                                  "  for b in [16, 64] series \"des ede3 $b bytes\" cipher des-ede3 block $b for 20ms\n"
                                  "  for b in [16, 64] series \"aes-128 cbc $b bytes\" cipher aes-128-cbc block $b "
                                  "for 20ms\n"
                                  "  report openssl\n"
                                  "  compare with section \"openssl speed\"\n"
                                  "}\n");
  INFO(run.err);
  REQUIRE(run.code == 0);
  // The program's own table comes back with its own names.
  CHECK(section_of(run.out, "openssl speed") == speed);
  const std::string table = squeezed(section_of(run.out, "hwbench"));
  const auto header = table.find("\nseries openssl speed hwbench hwbench/openssl speed\n");
  REQUIRE(header != std::string::npos);
  std::istringstream rows(table.substr(table.find('\n', header + 1) + 1));
  std::vector<std::string> lines;
  for (std::string line; std::getline(rows, line) && !line.starts_with("geometric mean ");) lines.push_back(line);
  INFO(table);
  // One row per cell, the program's figure beside hwbench's: none stands apart under 3.x's name.
  const std::vector<std::string> expected = {"md5 16 bytes 62778.8",          "md5 64 bytes 179191.4",
                                             "des ede3 16 bytes 5910.2",      "des ede3 64 bytes 13075.1",
                                             "aes-128 cbc 16 bytes 353349.3", "aes-128 cbc 64 bytes 419332.5"};
  REQUIRE(lines.size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    INFO(lines[i]);
    CHECK(std::regex_match(lines[i], std::regex(expected[i] + " k [0-9.]+ k [0-9.]+")));
  }
}

TEST_CASE("command cli: a missing program in 'missing skip' is one line and an unavailable series, not a failure") {
  test::TempDir work;
  // A bare name not in PATH, and a path (with a /) to no file: both skipped, neither run.
  const auto run = run_recipe(work,
                              "series \"ghost\" exec hwbench-no-such-program-xyz missing skip\n"
                              "series \"ghost path\" exec ./hwbench-no-such-program-xyz missing skip\n"
                              "series \"here\" exec \"" +
                                  helper + "\" print ok\nreport summary\n");
  INFO(run.err);
  REQUIRE(run.code == 0);
  std::string error;
  const auto result = hwbench::runtime::record::load_result(work / "r.json", error);
  REQUIRE(result);
  REQUIRE(result->series.size() == 3);
  CHECK(result->series[0].unavailable == "hwbench-no-such-program-xyz is not installed (not found in PATH)");
  CHECK(result->series[1].unavailable == "./hwbench-no-such-program-xyz is not installed (not an executable file)");
  CHECK(result->series[2].samples.size() == 1);
}

TEST_CASE("command cli: Debian's dd, its printed rate as the figure, written file claimed and removed by teardown") {
  const std::string dd = test::find_tool("dd");
  if (dd.empty()) return test::skip("dd is not installed");
  test::TempDir work;
  const auto run =
      run_recipe(work,
                 "let rate = \"([0-9.]+ [kMGT]?B/s)\\$\"\n"
                 "series \"dd\" exec dd if=/dev/zero \"of=${disk:/dd.bin}\" bs=64k count=64 conv=fdatasync "
                 "writes disk:/dd.bin figure regex $rate unit MB/s scaled from stderr runs 2\n"
                 "teardown { rm disk:/dd.bin }\nreport MB/s mean\n");
  INFO(run.err);
  REQUIRE(run.code == 0);
  std::string error;
  const auto result = hwbench::runtime::record::load_result(work / "r.json", error);
  REQUIRE(result);
  REQUIRE(result->series.size() == 1);
  REQUIRE(result->series[0].samples.size() == 2);
  for (const auto& s : result->series[0].samples) {
    CHECK(s.max_rss_kb > 0);  // kept in the result file
    REQUIRE(s.figure);
    CHECK(s.figure->unit == "MB/s");
    CHECK(s.figure->value > 0);
  }
  REQUIRE(result->programs.size() == 1);
  CHECK(result->programs[0].stderr_text.find("4194304 bytes") != std::string::npos);
  CHECK_FALSE(std::ifstream(work / "dd.bin").good());
}

TEST_CASE("command cli: Debian's openssl speed, run and imported, prints its own table") {
  const std::string openssl = test::find_tool("openssl");
  if (openssl.empty()) return test::skip("openssl is not installed");
  test::TempDir work;
  const auto run =
      run_recipe(work, "exec openssl speed -elapsed -seconds 1 -bytes 16 md5 import openssl\nreport openssl\n");
  INFO(run.err);
  REQUIRE(run.code == 0);
  CHECK(run.out.find("The 'numbers' are in 1000s of bytes per second processed.\n") != std::string::npos);
  CHECK(run.out.find("type             16 bytes\nmd5  ") != std::string::npos);
  std::string error;
  const auto result = hwbench::runtime::record::load_result(work / "r.json", error);
  REQUIRE(result);
  REQUIRE(result->series.size() == 1);
  CHECK(result->series[0].label == "md5 16 bytes");
  REQUIRE(result->series[0].samples.size() == 1);
  CHECK(result->series[0].samples[0].figure->value > 0);
}

TEST_CASE("command cli: Debian's bonnie++ at a small size, run and imported beside hwbench's bonnie kernels") {
  const std::string bonnie = test::find_tool("bonnie++");
  if (bonnie.empty()) return test::skip("bonnie++ is not installed");
  test::TempDir work;
  const auto run = run_recipe(work,
                              "section \"bonnie++\" {\n"
                              "  exec \"" +
                                  bonnie +
                                  "\" -d \"${disk:}\" -s 32 -r 16 -n 0 -f -q -u root import bonnie\n"
                                  "  report bonnie\n"
                                  "}\n"
                                  "section \"hwbench\" {\n"
                                  "  series \"put_block\" bonnie put_block disk: size 32MiB ram 16MiB\n"
                                  "  report bonnie\n"
                                  "  compare with section \"bonnie++\"\n"
                                  "}\n");
  INFO(run.err);
  REQUIRE(run.code == 0);
  // bonnie++ -q prints its CSV line alone; the log's line comes back as bonnie++ printed it.
  const std::string program = section_of(run.out, "bonnie++");
  CHECK(program.find(",32M,") != std::string::npos);
  const std::string own = section_of(run.out, "hwbench");
  CHECK(own.find("Version  1.96") != std::string::npos);
  CHECK(own.find("put_block") != std::string::npos);
  CHECK(own.find("hwbench/bonnie++") != std::string::npos);
}

TEST_CASE("command cli: a sh step too short to time through a shell says so, under the reports and as it ends") {
  test::TempDir work;
  test::write_text(work / "r.bench", "series \"s\" sh \"true\" runs 10\nreport summary\n");
  const auto run = test::cli({"run", "--allow-exec", "--width", "0", "-o", work / "r.json", work / "r.bench"});
  INFO(run.err);
  REQUIRE(run.code == 0);
  // `true` in a shell costs what an empty shell does: once its start-up is out, next to nothing,
  // and about half the runs come to 0 s. On a machine whose speed changed by half between the
  // start-up's measure and the runs that need not hold: what the result file recorded decides.
  std::string error;
  const auto result = hwbench::runtime::record::load_result(work / "r.json", error);
  REQUIRE_MESSAGE(result, error);
  const auto shortfall = hwbench::runtime::analysis::shell_shortfall(result->series.at(0));
  const std::string head = "\ns: too short to time through a shell: ";
  CHECK((run.out.find(head) != std::string::npos) == shortfall.has_value());
  CHECK((run.err.find("  too short to time through a shell: ") != std::string::npos) == shortfall.has_value());
  if (shortfall) {
    CHECK(run.out.ends_with("Time the command with exec, or give each run more work\n"));
    CHECK(run.out.find(head + hwbench::runtime::analysis::shortfall_text(*shortfall)) != std::string::npos);
  }
  // The note comes from the result file: `report` prints it again.
  const auto report = test::cli({"report", work / "r.json", "--width", "0"});
  CHECK(report.out == run.out);
}

TEST_CASE("command cli: report prints the shell note of a result file, word for word") {
  test::TempDir work;
  hwbench::runtime::model::Result r;
  r.status = hwbench::runtime::model::RunStatus::complete;
  auto& s = r.series.emplace_back();
  s.label = "s";
  const hwbench::runtime::model::ParamSet set{"sh", {{"shell_startup_ns", "2500000"}}};
  for (const std::int64_t wall : {0, 0, 300'000}) {
    hwbench::runtime::model::Sample sample;
    sample.wall_ns = wall;
    sample.ops = sample.units = 1;
    s.add(sample, set);
  }
  std::string error;
  REQUIRE(hwbench::runtime::record::save_result(r, work / "r.json", error));
  const auto report = test::cli({"report", work / "r.json", "--width", "0"});
  INFO(report.err);
  REQUIRE(report.code == 0);
  CHECK(report.out.ends_with(
      "\ns: too short to time through a shell: 0.1 ms a run once the shell's start-up (2.5 ms) is taken out, 2 of "
      "3 runs 0 s; rates leave out runs of 0 s. Time the command with exec, or give each run more work\n"));
}

TEST_CASE("command cli: the progress counts the importer's series, not the statement they stand in for") {
  test::TempDir work;
  const std::string log = golden + "nbench-thinkpad-x20-p3-600mhz.log";
  test::write_text(work / "r.bench",
                   "exec \"" + helper + "\" cat stdin \"" + log + "\" import nbench\nreport nbench\n");
  const auto run = test::cli({"run", "--allow-exec", "-o", work / "r.json", work / "r.bench"});
  INFO(run.err);
  REQUIRE(run.code == 0);
  CHECK(run.err.starts_with("[ 1/10] NUMERIC SORT "));
  CHECK(run.err.find("[10/10] LU DECOMPOSITION ") != std::string::npos);
  CHECK(run.err.find("/11]") == std::string::npos);
}

TEST_CASE("command cli: a program's CPU time is its sample's children's, and cputime rates by it") {
  // The real binary, a fresh process: this one has forked before, which hid that hwbench read
  // its children's CPU times only once it had itself forked (a program is started with vfork).
  test::TempDir work;
  test::write_text(work / "r.bench", "series \"b\" exec \"" + helper + "\" burn 0.05 cputime runs 2\n");
  test::HwbenchChild child({"run", "-q", "--allow-exec", "-o", work / "r.json", work / "r.bench"}, work.path());
  REQUIRE(child.exit_code() == 0);
  std::string error;
  const auto result = hwbench::runtime::record::load_result(work / "r.json", error);
  REQUIRE_MESSAGE(result, error);
  REQUIRE(result->series.size() == 1);
  REQUIRE(result->series[0].samples.size() == 2);
  for (const auto& sample : result->series[0].samples) {
    INFO("children's CPU " << sample.cpu.cusr_ns + sample.cpu.csys_ns << " ns, wall " << sample.wall_ns << " ns");
    CHECK(sample.cpu_timed);
    // 50 ms of the program's CPU; hwbench's own around the spawn is a few tenths of a millisecond.
    CHECK(sample.cpu.cusr_ns + sample.cpu.csys_ns >= 45'000'000);
    CHECK(hwbench::runtime::model::timed_ns(sample) >= 45'000'000);
  }
}

TEST_CASE("command cli: a figure printed with two digits is known to half its last one, and the run says so") {
  test::TempDir work;
  // dd past 1 GB/s prints two digits: five runs that all read "1.1 GB/s" are 1100 MB/s ± 50.
  const auto run = run_recipe(work,
                              "series \"rate\" sh \"echo 1.1 GB/s\" figure regex \"([0-9.]+ GB/s)\" unit MB/s scaled "
                              "from stdout runs 5\nreport summary\n");
  INFO(run.err);
  REQUIRE(run.code == 0);
  CHECK(squeezed(run.out).find("\nrate 5 1100.0 MB/s ±4.5% 1100.0\n") != std::string::npos);
  CHECK(run.out.find("rate: its CI, ±4.5%, is half the last digit its figures were printed with\n") !=
        std::string::npos);
  std::string error;
  const auto result = hwbench::runtime::record::load_result(work / "r.json", error);
  REQUIRE_MESSAGE(result, error);
  CHECK(result->series[0].samples[0].figure->resolution == 100);
  CHECK(result->rendered[0].figures[0].estimate == "digits");
}

TEST_CASE("command cli: runs within one second keep each its own result file") {
  test::TempDir work;
  test::write_text(work / "r.bench", "series \"n\" nop runs 1\n");
  // One after another, as a shell loop runs a quick recipe: each names its file in the same
  // second as the last (or the next); none replaces another's.
  for (int i = 0; i < 3; ++i) {
    test::HwbenchChild run({"run", "-q", "r.bench"}, work.path());
    CHECK(run.exit_code(30) == 0);
  }
  CHECK(test::count_entries(work / "results") == 3);
}

TEST_CASE("command cli: reruns and runs started together never take a name another run holds") {
  test::TempDir work;
  test::write_text(work / "r.bench", "series \"n\" nop runs 1\n");
  // Reruns' files are r-STAMP-1.json, r-STAMP-2.json: another run's r-STAMP-1.json, in this
  // second or the next ones, is no name of theirs (the name r-STAMP.json alone was checked).
  std::vector<std::string> others;
  const std::time_t now = std::time(nullptr);
  for (std::time_t t = now; t < now + 4; ++t) {
    std::tm tm{};
    ::gmtime_r(&t, &tm);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &tm);
    others.push_back(work / ("results/r-" + std::string(stamp) + "-1.json"));
    std::filesystem::create_directories(work / "results");
    test::write_text(others.back(), "another run's");
  }
  {
    test::HwbenchChild reruns({"run", "-q", "--reruns", "2", "r.bench"}, work.path());
    REQUIRE(reruns.exit_code(60) == 0);
  }
  for (const auto& other : others) CHECK(test::read_text(other) == "another run's");
  CHECK(test::count_entries(work / "results") == others.size() + 2);
  // Three runs started at once: three files.
  {
    test::HwbenchChild a({"run", "-q", "r.bench"}, work.path());
    test::HwbenchChild b({"run", "-q", "r.bench"}, work.path());
    test::HwbenchChild c({"run", "-q", "r.bench"}, work.path());
    CHECK(a.exit_code(30) == 0);
    CHECK(b.exit_code(30) == 0);
    CHECK(c.exit_code(30) == 0);
  }
  CHECK(test::count_entries(work / "results") == others.size() + 5);
}

TEST_CASE("command cli: an -L that the recipe does not use is warned of; unused built-in directories are not made") {
  test::TempDir work;
  test::write_text(work / "r.bench", "location st1 = \"" + (work / "st1") +
                                         "\"\nseries \"w\" write st1:/f size 4KiB runs 1\n"
                                         "teardown { rm st1:/f }\n");
  std::filesystem::create_directories(work / "st1");
  std::filesystem::create_directories(work / "st2");
  test::HwbenchChild run({"run", "-q", "-o", "r.json", "-L", "stl=" + (work / "st2"), "-L",
                          (work / "st1x") + "=" + (work / "st2"), "r.bench"},
                         work.path());
  CHECK(run.exit_code(30) == 0);
  CHECK(run.err() == "r.bench: warning: -L stl=" + (work / "st2") +
                         ": the recipe uses no location 'stl'\n"
                         "hint: did you mean 'st1'?\n"
                         "r.bench: warning: -L " +
                         (work / "st1x") + "=" + (work / "st2") + ": no path the recipe names lies under " +
                         (work / "st1x") +
                         "\n"
                         "hint: a /DIR=PATH remap moves the paths written under DIR; the run goes on without it\n");
  // Nothing used the built-in `disk`: its directory beside the recipe was not made.
  CHECK_FALSE(test::exists(work / "hwbench-disk"));
  const auto empty_fleet = test::cli({"run", work / "r.bench", "--hosts", ""});
  CHECK(empty_fleet.code == 2);
  CHECK(empty_fleet.err.find("--hosts: needs a file name, not ''") != std::string::npos);
}

TEST_CASE("command cli: rm never removes through a directory swapped for a symbolic link since the check") {
  test::TempDir work;
  std::filesystem::create_directories(work / "sub");
  std::filesystem::create_directories(work / "other");
  test::write_text(work / "other/f", "a stranger's");
  // The run's own disk:/sub/f, then its directory moved aside and a link to `other` put in its
  // place: rm disk:/sub/f would now name the stranger's file.
  const auto run = run_recipe(work,
                              "setup { write disk:/sub/f size 1KB }\nseries \"x\" nop runs 1\nteardown {\n"
                              "  exec sh \"-c\" \"mv sub sub.real && ln -s other sub\" cwd disk:\n"
                              "  rm disk:/sub/f\n}\n");
  CHECK(run.code == 3);
  CHECK(run.err.find("rm disk:/sub/f: '" + (work / "sub/f") + "' is not the file this run made: its directory " +
                     (work / "sub") + " now leads to " + (work / "other")) != std::string::npos);
  CHECK(test::read_text(work / "other/f") == "a stranger's");
}

TEST_CASE("command cli: files a program made that no writes claims are left by rm and named at the end") {
  test::TempDir work;
  test::write_text(work / "out_9", "a stranger's");  // there before the run: left without a word
  const auto run = run_recipe(work,
                              "setup { write disk:/out_0 size 1KB }\n"
                              "series \"made\" exec touch \"${disk:/out_1}\" \"${disk:/out_2}\" runs 1\n"
                              "series \"claimed\" exec touch \"${disk:/out_3}\" writes disk:/out_3 runs 1\n"
                              "teardown { rm disk:/out_* }\n");
  INFO(run.err);
  CHECK(run.code == 0);
  CHECK(run.err == "hwbench: warning: " + (work / "r.bench") + ":4:12: rm disk:/out_*: left 2 files that appeared " +
                       "during the run but are not its own: " + (work / "out_1") + ", " + (work / "out_2") +
                       "\nhint: rm deletes only the run's own files; a command step's are its own when the step names "
                       "them with writes (exec … writes disk:/out.bin)\n");
  CHECK(test::exists(work / "out_1"));
  CHECK(test::exists(work / "out_2"));
  CHECK(test::read_text(work / "out_9") == "a stranger's");
  CHECK_FALSE(test::exists(work / "out_0"));
  CHECK_FALSE(test::exists(work / "out_3"));
}

TEST_CASE("command cli: the files rm left that appeared during the run are in the result file and its reports") {
  test::TempDir work;
  std::string touched;
  for (int i = 1; i <= 12; ++i) touched += " \"${disk:/out_" + std::to_string(i) + "}\"";
  test::write_text(work / "r.bench", "series \"made\" exec touch" + touched + " runs 1\nteardown { rm disk:/out_* }\n");
  const auto run = test::cli({"run", "-q", "--allow-exec", "--width", "0", "-L", "disk=" + work.path(), "-o",
                              work / "r.json", work / "r.bench"});
  INFO(run.err);
  REQUIRE(run.code == 0);
  // In the order the glob finds them: ten named, the rest counted.
  std::vector<std::string> paths;
  for (const char* n : {"1", "10", "11", "12", "2", "3", "4", "5", "6", "7", "8", "9"})
    paths.push_back(work / (std::string("out_") + n));
  const std::string statement = (work / "r.bench") + ":2:12: rm disk:/out_*";
  std::string note = statement + ": left 12 files that appeared during the run but are not its own: " + paths[0];
  for (std::size_t i = 1; i < 10; ++i) note += ", " + paths[i];
  note += " and 2 more\n";
  CHECK(run.err.starts_with("hwbench: warning: " + note + "hint: rm deletes only the run's own files"));
  // The result file keeps every path.
  const auto json = nlohmann::json::parse(test::read_text(work / "r.json"));
  CHECK(json["unclaimed"] == nlohmann::json::array({{{"statement", statement}, {"paths", paths}}}));
  std::string error;
  const auto result = hwbench::runtime::record::load_result(work / "r.json", error);
  REQUIRE_MESSAGE(result, error);
  REQUIRE(result->unclaimed.size() == 1);
  CHECK(result->unclaimed[0].statement == statement);
  CHECK(result->unclaimed[0].paths == paths);
  // The note under the reports, as the run printed it and as `hwbench report` prints it again.
  CHECK(run.out.ends_with("\n" + note));
  const auto report = test::cli({"report", "--width", "0", work / "r.json"});
  REQUIRE(report.code == 0);
  CHECK(report.out == run.out);
}

TEST_CASE("command cli: a symbolic link a program put in the place of the run's file is never written through") {
  test::TempDir work;
  test::write_text(work / "pre.txt", "keep");
  const auto run = run_recipe(work,
                              "setup { exec ln -s pre.txt disk:/hwb_a writes disk:/hwb_a }\n"
                              "write disk:/hwb_a size 1KB runs 1\n"
                              "teardown { rm disk:/hwb_a }\n");
  CHECK(run.code == 3);
  CHECK(run.err.find("Too many levels of symbolic links") != std::string::npos);
  CHECK(test::read_text(work / "pre.txt") == "keep");
}

TEST_CASE("command cli: -o or --html naming the recipe, a directory or each other is refused before the run") {
  test::TempDir work;
  const std::string recipe = work / "r.bench";
  test::write_text(recipe, "series \"n\" nop runs 1\n");
  const auto self = test::cli({"run", "-q", recipe, "-o", recipe});
  CHECK(self.code == 2);
  CHECK(self.err == "hwbench: -o " + recipe + " is the recipe itself; name another file\n");
  CHECK(test::read_text(recipe) == "series \"n\" nop runs 1\n");
  const auto dir = test::cli({"run", "-q", recipe, "-o", work.path()});
  CHECK(dir.code == 2);
  CHECK(dir.err == "hwbench: -o " + work.path() + " is a directory; name a file\n");
  const auto both = test::cli({"run", "-q", recipe, "-o", work / "x", "--html", work / "x"});
  CHECK(both.code == 2);
  CHECK(both.err == "hwbench: -o and --html name one file (" + (work / "x") + "); name two\n");
}
