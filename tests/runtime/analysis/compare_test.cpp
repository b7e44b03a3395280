// Comparisons: rows matched by label, per-row units, ratios truncated or rounded, the summary,
// marked rows, the environment diff; runs (in memory and through a result file) and published
// results alike.
#include "runtime/analysis/compare.hpp"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/record/comparable.hpp"
#include "runtime/record/published.hpp"
#include "runtime/record/result_file.hpp"
#include "runtime/report/compare_report.hpp"
#include "tests/support/golden.hpp"
#include "tests/support/temp_dir.hpp"

namespace rt = hwbench::runtime;
namespace test = hwbench::test;

namespace {

/// A sample and the kernel and parameters it ran with.
struct Taken {
  rt::model::Sample sample;
  rt::model::ParamSet set;
};

/// A measured sample: `bytes` and `ops` done in one second of wall time.
Taken measured(const std::string& kernel, std::uint64_t bytes, std::uint64_t ops,
               std::map<std::string, std::string> params = {}) {
  rt::model::Sample s;
  s.iteration = 1;
  s.bytes = bytes;
  s.ops = ops;
  s.units = ops;
  s.wall_ns = 1'000'000'000;
  return {s, {kernel, std::move(params)}};
}

/// A published sample: `value` in `unit`.
Taken printed(double value, const std::string& unit) {
  rt::model::Sample s;
  s.iteration = 1;
  s.figure = rt::model::Figure{value, unit};
  return {s, rt::model::published_params()};
}

/// A figure a program printed in a command step's run: `value` in `unit`, to `resolution`.
Taken read_from_program(double value, const std::string& unit, double resolution) {
  rt::model::Sample s;
  s.wall_ns = 1'000'000'000;
  s.figure = rt::model::Figure{value, unit, resolution};
  return {s, {"exec", {{"argv", "dd"}}}};
}

rt::model::Series series(const std::string& label, std::vector<Taken> samples) {
  rt::model::Series s;
  s.label = label;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    samples[i].sample.iteration = static_cast<std::uint32_t>(i + 1);
    s.add(samples[i].sample, samples[i].set);
  }
  return s;
}

nlohmann::json environment(const std::string& release, const std::string& gcc) {
  return nlohmann::json{{"cpu", {{"model", "Intel(R) Core(TM)2 Duo CPU E6850"}}},
                        {"cores", {{"logical", 2}, {"physical", 2}}},
                        {"memory", {{"total_bytes", 4294967296ULL}}},
                        {"kernel", {{"sysname", "FreeBSD"}, {"release", release}, {"machine", "amd64"}}},
                        {"distribution", nullptr},
                        {"compiler", {{"id", "gcc"}, {"version", gcc}, {"flags", "-O2"}}}};
}

/// A baseline "george" and the index over two series against it, as a recipe would declare them.
void add_index(rt::model::Result& r) {
  rt::model::Baseline george;
  george.name = "george";
  george.figures = {{"Dhrystone 2", {116700, "lps"}}, {"Pipe Throughput", {12440, "lps"}}};
  r.baselines.push_back(george);
  r.indices.push_back(
      rt::model::IndexValue{{"Index Score", {"Dhrystone 2", "Pipe Throughput"}, "george", 10}, 0, {}, std::nullopt});
}

/// The FreeBSD 6.2R machine: every kind of row.
rt::model::Result run_a() {
  rt::model::Result r;
  r.environment = environment("6.2-RELEASE", "3.4.6");
  r.locations = {{"tmp", "/tmp", "ufs", 0, true}};
  r.series = {
      series("Dhrystone 2", {measured("dhry2reg", 0, 6'000'000), measured("dhry2reg", 0, 6'000'000)}),
      series("File Copy", {measured("fstime", 100'000'000, 100)}),
      series("Pipe Throughput", {measured("pipe", 1'024'000'000, 2'000'000)}),
      series("Execl Throughput", {measured("execl", 0, 1'500)}),
      series("Shell Scripts", {measured("shell", 0, 3'000)}),
      series("Process Creation", {measured("spawn", 0, 5'000)}),
      series("System Call", {measured("syscall", 400'000'000, 1'000'000)}),
      series("cp 10MB", {measured("cp", 80'000'000, 8, {{"method", "readwrite"}})}),
      series("File Read", {measured("fstime", 200'000'000, 200)}),
  };
  add_index(r);
  return r;
}

/// The FreeBSD 7.0R machine: the same CPU on a newer kernel and compiler.
rt::model::Result run_b() {
  rt::model::Result r;
  r.environment = environment("7.0-RELEASE", "4.2.1");
  r.locations = {{"tmp", "/tmp", "ufs", 0, true}};
  rt::model::Series execl = series("Execl Throughput", {});
  execl.unavailable = "execve is not permitted here";
  r.series = {
      // 7'000'000 / 6'000'000 = 1.1666…: 1.16 truncated, 1.17 rounded.
      series("Dhrystone 2", {measured("dhry2reg", 0, 7'000'000)}),
      series("File Copy", {measured("fstime", 125'000'000, 125)}),
      series("Pipe Throughput", {measured("pipe", 972'800'000, 1'900'000)}),
      execl,
      series("Process Creation", {printed(std::numeric_limits<double>::quiet_NaN(), "lps")}),
      series("System Call", {printed(1'200'000, "lps")}),
      series("cp 10MB", {measured("cp", 96'000'000, 8, {{"method", "sendfile"}})}),
      series("File Read", {printed(2.5, "s")}),
      series("Context Switching", {measured("context1", 0, 400'000)}),
  };
  add_index(r);
  return r;
}

rt::analysis::CompareOptions published_style() {
  rt::analysis::CompareOptions o;
  o.ratio = rt::analysis::CompareOptions::Ratio::truncate;
  o.digits = 2;
  o.suffix = "倍";
  return o;
}

std::string compare_text(const std::vector<const rt::model::Result*>& results, const std::vector<std::string>& names,
                         const rt::analysis::CompareOptions& options) {
  return rt::report::format_comparison(rt::analysis::compare_results(results, names, options), options);
}

}  // namespace

TEST_CASE("compare: a ratio is truncated or rounded to its digits, then suffixed") {
  rt::analysis::CompareOptions o;
  CHECK(rt::report::format_ratio(7.0 / 6.0, o) == "1.17");
  o.ratio = rt::analysis::CompareOptions::Ratio::truncate;
  CHECK(rt::report::format_ratio(7.0 / 6.0, o) == "1.16");
  // 1.16 is stored as 1.15999…; truncation must not turn it into 1.15.
  CHECK(rt::report::format_ratio(1.16, o) == "1.16");
  CHECK(rt::report::format_ratio(0.29 / 0.25, o) == "1.16");
  CHECK(rt::report::format_ratio(0.9999, o) == "0.99");
  o.digits = 0;
  CHECK(rt::report::format_ratio(1.99, o) == "1");
  o.digits = 3;
  o.suffix = "倍";
  CHECK(rt::report::format_ratio(2.0 / 3.0, o) == "0.666倍");
  o.ratio = rt::analysis::CompareOptions::Ratio::round;
  CHECK(rt::report::format_ratio(2.0 / 3.0, o) == "0.667倍");
  CHECK(rt::report::format_ratio(std::numeric_limits<double>::quiet_NaN(), o) == "-");
}

TEST_CASE("compare: options from their text") {
  rt::analysis::CompareOptions o;
  CHECK(rt::analysis::set_compare_option(o, "ratio", "truncate") == "");
  CHECK(o.ratio == rt::analysis::CompareOptions::Ratio::truncate);
  CHECK(rt::analysis::set_compare_option(o, "digits", "3") == "");
  CHECK(o.digits == 3);
  CHECK(rt::analysis::set_compare_option(o, "suffix", "倍") == "");
  CHECK(o.suffix == "倍");
  CHECK(rt::analysis::set_compare_option(o, "unit", "MiB/s") == "");
  CHECK(o.unit == "MiB/s");
  CHECK(rt::analysis::set_compare_option(o, "ratio", "trunc") == "unknown ratio rule 'trunc'; known: truncate, round");
  CHECK(rt::analysis::set_compare_option(o, "digits", "2.5") ==
        "digits must be a whole number from 0 to 12, not '2.5'");
  CHECK(rt::analysis::set_compare_option(o, "digits", "13") == "digits must be a whole number from 0 to 12, not '13'");
  CHECK(rt::analysis::set_compare_option(o, "unit", "MBs") == "unknown unit 'MBs'; did you mean 'MB/s'?");
  CHECK(rt::analysis::set_compare_option(o, "digit", "2") == "unknown compare option 'digit'; did you mean 'digits'?");
  CHECK(o.digits == 3);
  CHECK(o.unit == "MiB/s");
}

TEST_CASE("compare: rows, units, ratios and the summary as computed") {
  const rt::model::Result a = run_a();
  const rt::model::Result b = run_b();
  const auto c = rt::analysis::compare_results({&a, &b}, {"6.2R", "7.0R"}, published_style());
  REQUIRE(c.rows.size() == 11);
  std::vector<std::string> labels;
  for (const auto& row : c.rows) labels.push_back(row.label);
  CHECK(labels == std::vector<std::string>{"Dhrystone 2", "File Copy", "Pipe Throughput", "Execl Throughput",
                                           "Shell Scripts", "Process Creation", "System Call", "cp 10MB", "File Read",
                                           "Context Switching", "Index Score (vs george)"});
  // Mean of the samples, in the natural unit: an op rate, a byte rate in MB/s.
  CHECK(c.rows[0].figures[0].value == 6'000'000);
  CHECK(c.rows[0].figures[0].unit == "ops/s");
  CHECK(c.rows[0].ratios[0].state == rt::analysis::RatioState::computed);
  CHECK(c.rows[0].ratios[0].value == doctest::Approx(7.0 / 6.0));
  CHECK(c.rows[1].figures[1].unit == "MB/s");
  CHECK(c.rows[1].figures[1].value == 125);
  // The pipe kernel counts bytes too, but both sides share MB/s.
  CHECK(c.rows[2].figures[0].unit == "MB/s");
  CHECK(c.rows[2].ratios[0].value == doctest::Approx(0.95));
  CHECK(c.rows[3].figures[1].state == rt::analysis::CellState::unavailable);
  CHECK(c.rows[3].figures[1].why == "execve is not permitted here");
  CHECK(c.rows[3].ratios[0].state == rt::analysis::RatioState::missing);
  CHECK(c.rows[4].figures[1].state == rt::analysis::CellState::missing);
  CHECK(c.rows[5].figures[1].state == rt::analysis::CellState::figure);
  CHECK(std::isnan(c.rows[5].figures[1].value));
  CHECK(c.rows[5].ratios[0].state == rt::analysis::RatioState::missing);
  // A published op rate against a run that moved bytes: shown as an op rate on both sides.
  CHECK(c.rows[6].figures[0].unit == "lps");
  CHECK(c.rows[6].ratios[0].value == doctest::Approx(1.2));
  CHECK(c.rows[7].ratios[0].state == rt::analysis::RatioState::kernels_differ);
  CHECK(c.rows[7].ratios[0].why ==
        "measured by different kernels (6.2R: cp method=readwrite; 7.0R: cp method=sendfile)");
  CHECK(c.rows[8].ratios[0].state == rt::analysis::RatioState::units_differ);
  CHECK(c.rows[8].ratios[0].why == "6.2R MB/s (a byte rate) against 7.0R s (a time)");
  CHECK(c.rows[9].figures[0].state == rt::analysis::CellState::missing);
  CHECK(c.rows[10].index);
  CHECK(c.rows[10].ratios[0].value == doctest::Approx(std::sqrt(7.0 / 6.0 * 0.95)));
  // The summary: the series rows with a ratio (Dhrystone, File Copy, Pipe, System Call).
  REQUIRE(c.summary.size() == 1);
  CHECK(c.summary[0].used == 4);
  CHECK(c.summary[0].series == 10);
  CHECK(c.summary[0].value == doctest::Approx(std::pow(7.0 / 6.0 * 1.25 * 0.95 * 1.2, 0.25)));
  // The environment: only recorded facts, the differing ones marked.
  std::vector<std::string> facts;
  for (const auto& row : c.environment) facts.push_back(row.label + (row.differs ? "*" : ""));
  CHECK(facts == std::vector<std::string>{"CPU", "cores", "memory", "kernel*", "compiler*", "filesystems"});
}

TEST_CASE("compare: units that measure different things are marked, never divided") {
  rt::model::Result a;
  a.series = {series("copy", {measured("cp", 50'000'000, 5)}), series("nop", {measured("nop", 0, 1000)})};
  rt::model::Result b;
  b.series = {series("copy", {printed(3.5, "s")}), series("nop", {printed(80, "MB/s")})};
  const auto c = rt::analysis::compare_results({&a, &b}, {"run", "article"}, {});
  REQUIRE(c.rows.size() == 2);
  CHECK(c.rows[0].ratios[0].state == rt::analysis::RatioState::units_differ);
  CHECK(c.rows[0].ratios[0].why == "run MB/s (a byte rate) against article s (a time)");
  CHECK(c.rows[1].ratios[0].state == rt::analysis::RatioState::units_differ);
  CHECK(c.rows[1].ratios[0].why == "run ops/s (an op rate) against article MB/s (a byte rate)");
  CHECK(std::isnan(c.summary[0].value));
  CHECK(rt::report::format_comparison(c, {}) ==
        "series                   run    article  article/run\n"
        "copy               50.0 MB/s     3.50 s            !\n"
        "nop             1000.0 ops/s  80.0 MB/s            !\n"
        "geometric mean                                     -\n"
        "! copy: article/run not divided: run MB/s (a byte rate) against article s (a time)\n"
        "! nop: article/run not divided: run ops/s (an op rate) against article MB/s (a byte rate)\n"
        "geometric mean of article/run over 0 of 2 series (rows with - or ! left out)\n");
}

TEST_CASE("compare: a row without the first result's figure takes the unit its other rows are in") {
  // An openssl speed log in k, with 0.00 for camellia and no 16384-byte column, against a run
  // whose kernels count bytes (MB/s, their natural unit, where nothing else decides).
  rt::model::Result log;
  rt::model::Series camellia = series("camellia-128 cbc 16 bytes", {});
  camellia.unavailable = "not run: openssl printed 0.00";
  log.series = {series("md5 16 bytes", {printed(3791.55, "k")}), camellia};
  rt::model::Result run;
  run.series = {series("md5 16 bytes", {measured("digest", 46'570'000, 2'910'625)}),
                series("camellia-128 cbc 16 bytes", {measured("cipher", 76'600'000, 4'787'500)}),
                series("md5 16384 bytes", {measured("digest", 371'900'000, 22'699)})};
  const auto c = rt::analysis::compare_results({&log, &run}, {"x20", "this run"}, {});
  REQUIRE(c.rows.size() == 3);
  CHECK(c.rows[1].figures[1].unit == "k");
  CHECK(c.rows[2].figures[1].unit == "k");
  CHECK(rt::report::format_comparison(c, {}) ==
        "series                          x20    this run  this run/x20\n"
        "md5 16 bytes               3791.6 k   46570.0 k         12.28\n"
        "camellia-128 cbc 16 bytes         -   76600.0 k             -\n"
        "md5 16384 bytes                   -  371900.0 k             -\n"
        "geometric mean                                          12.28\n"
        "- camellia-128 cbc 16 bytes: x20 unavailable: not run: openssl printed 0.00\n"
        "geometric mean of this run/x20 over 1 of 3 series (rows with - or ! left out)\n");
  // With the run first, its own rows keep its unit.
  const auto reversed = rt::analysis::compare_results({&run, &log}, {"this run", "x20"}, {});
  CHECK(reversed.rows[1].figures[0].unit == "MB/s");
}

TEST_CASE("compare: the geometric mean is of speeds, a time's ratio as its reciprocal, a CPU share left out") {
  rt::model::Result a;
  a.series = {series("latency", {printed(1, "s")}), series("copy", {printed(100, "MB/s")}),
              series("copy %CP", {printed(50, "%CP")})};
  rt::model::Result b;
  b.series = {series("latency", {printed(0.3, "s")}), series("copy", {printed(300, "MB/s")}),
              series("copy %CP", {printed(40, "%CP")})};
  const auto c = rt::analysis::compare_results({&a, &b}, {"A", "B"}, {});
  // B takes 0.3 of A's time and does 3 times its rate: about 3 times as fast both ways, not 0.95.
  REQUIRE(c.summary.size() == 1);
  CHECK(c.summary[0].value == doctest::Approx(std::sqrt(3 / 0.3)));
  CHECK(c.summary[0].used == 2);
  CHECK(c.summary[0].times == 1);
  CHECK(c.summary[0].no_speed == 1);
  CHECK(rt::analysis::speed_ratio(c.rows[0].ratios[0]) == doctest::Approx(1 / 0.3));
  CHECK(rt::analysis::speed_ratio(c.rows[1].ratios[0]) == doctest::Approx(3));
  CHECK(std::isnan(rt::analysis::speed_ratio(c.rows[2].ratios[0])));
  CHECK(rt::report::format_comparison(c, {}) ==
        "series                   A           B   B/A\n"
        "latency             1.00 s     0.300 s  0.30\n"
        "copy            100.0 MB/s  300.0 MB/s  3.00\n"
        "copy %CP          50.0 %CP    40.0 %CP  0.80\n"
        "geometric mean                          3.16\n"
        "geometric mean of B/A over 2 of 3 series (rows with - or !, and 1 measuring no speed, left out)\n"
        "geometric mean of B/A: of speeds, the time row's ratio counted as its reciprocal\n");
}

TEST_CASE("compare: golden, truncated with the suffix 倍 (the published style)") {
  const rt::model::Result a = run_a();
  const rt::model::Result b = run_b();
  const std::string text = compare_text({&a, &b}, {"6.2R", "7.0R"}, published_style());
  CHECK(text == test::golden("compare-truncate.txt", text));
}

TEST_CASE("compare: golden, rounded, with a unit asked for, the notes wrapped to 80 columns") {
  const rt::model::Result a = run_a();
  const rt::model::Result b = run_b();
  rt::analysis::CompareOptions o;
  o.unit = "KB/s";
  const std::string text =
      rt::report::format_comparison(rt::analysis::compare_results({&a, &b}, {"6.2R", "7.0R"}, o), o, 80);
  CHECK(text == test::golden("compare-round.txt", text));
}

TEST_CASE("compare: the notes under the table are wrapped to the width, continuation lines under their text") {
  rt::analysis::Comparison c;
  c.names = {"A", "B"};
  rt::analysis::CompareRow row;
  row.label = "copy";
  row.figures.resize(2);
  row.figures[0].state = rt::analysis::CellState::figure;
  row.figures[0].value = 100;
  row.figures[0].unit = "MB/s";
  row.figures[1].state = rt::analysis::CellState::unavailable;
  row.figures[1].why = "the location 'disk' is on a tmpfs here";
  row.ratios.resize(1);
  c.rows = {row};
  c.notes = {"- 16384 bytes: B has no such column, so its cells there are -"};
  const std::string table =
      "series           A  B  B/A\n"
      "copy    100.0 MB/s  -    -\n";
  CHECK(rt::report::format_comparison(c, {}, 32) == table +
                                                        "- copy: B unavailable: the\n"
                                                        "  location 'disk' is on a tmpfs\n"
                                                        "  here\n"
                                                        "- 16384 bytes: B has no such\n"
                                                        "  column, so its cells there are\n"
                                                        "  -\n");
  // 0: no limit, as without a width.
  CHECK(rt::report::format_comparison(c, {}, 0) ==
        table +
            "- copy: B unavailable: the location 'disk' is on a tmpfs here\n"
            "- 16384 bytes: B has no such column, so its cells there are -\n");
}

TEST_CASE("compare: golden, three results with a ratio column each") {
  const rt::model::Result a = run_a();
  const rt::model::Result b = run_b();
  rt::model::Result c = run_b();
  c.series.resize(3);
  rt::model::Sample faster = c.series[0].samples[0];
  faster.ops = 6'600'000;
  c.series[0].samples.replace(0, faster);
  const std::string text = compare_text({&a, &b, &c}, {}, published_style());
  CHECK(text == test::golden("compare-three.txt", text));
}

TEST_CASE("compare: a result file reads back to the same comparison") {
  test::TempDir dir;
  const rt::model::Result a = run_a();
  const rt::model::Result b = run_b();
  std::string error;
  REQUIRE_MESSAGE(rt::record::save_result(a, dir / "a.json", error), error);
  REQUIRE_MESSAGE(rt::record::save_result(b, dir / "b.json", error), error);
  auto la = rt::record::load_comparable(dir / "a.json", error);
  REQUIRE_MESSAGE(la.has_value(), error);
  auto lb = rt::record::load_comparable(dir / "b.json", error);
  REQUIRE_MESSAGE(lb.has_value(), error);
  CHECK(compare_text({&*la, &*lb}, {"6.2R", "7.0R"}, published_style()) ==
        compare_text({&a, &b}, {"6.2R", "7.0R"}, published_style()));
  CHECK_FALSE(rt::record::load_comparable(dir / "missing.toml", error).has_value());
  CHECK(error.find("missing.toml") != std::string::npos);
}

TEST_CASE("compare: golden, a published TOML beside a run") {
  const std::string toml =
      "schema = \"hwbench-published/1\"\n"
      "title = \"cp read/write\"\n"
      "machine = \"Ubuntu 9.04 server, RAID1 box over eSATA\"\n"
      "[[series]]\n"
      "label = \"read 10MB\"\n"
      "unit = \"MB/s\"\n"
      "samples = [63.4, 74.1, 74.1, 71.5, 71.0, 71.0, 74.1, 74.7, 72.5, 70.5]\n"
      "[[series]]\n"
      "label = \"write 10MB\"\n"
      "unit = \"MB/s\"\n"
      "[series.printed]\n"
      "mean = 104.9\n"
      "[[series]]\n"
      "label = \"pipe\"\n"
      "unit = \"lps\"\n"
      "samples = [2198801.8]\n";
  std::string error;
  auto published = rt::record::parse_published(toml, "article.toml", error);
  REQUIRE_MESSAGE(published.has_value(), error);

  rt::model::Result run;
  run.environment = {{"cpu", {{"model", "AMD EPYC 7B13"}}}, {"cores", {{"logical", 2}}}};
  run.locations = {{"ramdisk", "/dev/shm", "tmpfs", 0, true}, {"st1", "/st1/test", "ext4", 0, false}};
  run.series = {series("read 10MB", {measured("cp", 80'000'000, 1), measured("cp", 90'000'000, 1)}),
                series("write 10MB", {measured("cp", 120'000'000, 1)}),
                series("pipe", {measured("pipe", 1'126'400'000, 2'200'000)})};
  const auto c = rt::analysis::compare_results({&*published, &run}, {"article", "this machine"}, published_style());
  // The printed mean stands in for a series without per-sample figures; the pipe in lps.
  CHECK(c.rows[1].figures[0].value == doctest::Approx(104.9));
  CHECK(c.rows[2].figures[1].unit == "lps");
  CHECK(c.rows[2].figures[1].value == 2'200'000);
  const std::string text = rt::report::format_comparison(c, published_style());
  CHECK(text == test::golden("compare-published.txt", text));
}

TEST_CASE("compare: verdicts from the samples under the table, published figures have no spread") {
  const auto ops = [](std::vector<std::uint64_t> counts) {
    std::vector<Taken> out;
    for (auto c : counts) out.push_back(measured("nop", 0, c));
    return out;
  };
  rt::model::Result a, b;
  a.series = {series("same", ops({1000, 1010, 990, 1005, 995})),
              series("slightly", ops({10000, 10001, 9999, 10000, 10000})),
              series("much", ops({500, 520, 480, 510, 490})),
              series("printed", {printed(100, "ops/s"), printed(101, "ops/s")})};
  b.series = {series("same", ops({1000, 1010, 990, 1005, 995})),
              series("slightly", ops({10050, 10051, 10049, 10050, 10050})),  // +0.5%, sure of it
              series("much", ops({1000, 1040, 960, 1020, 980})),
              series("printed", {printed(110, "ops/s"), printed(111, "ops/s")})};
  const std::string text = compare_text({&a, &b}, {"A", "B"}, {});
  const std::string verdicts = text.substr(text.find("\nverdicts:"));
  CHECK(verdicts ==
        "\nverdicts: 95% CI of each ratio (Welch's t); minimum effect 1%\n"
        "same      B/A  no difference detected (-1.1% to +1.2%)\n"
        "slightly  B/A  a difference of +0.5% (+0.5% to +0.5%), below the 1% minimum effect\n"
        "much      B/A  B is 2.00× as fast (1.90× to 2.11×)\n"
        "printed   B/A  no spread known\n");
  // Published figures alone: the table as the article printed it, no verdicts.
  rt::model::Result p, q;
  p.series = {series("printed", {printed(100, "ops/s")})};
  q.series = {series("printed", {printed(110, "ops/s")})};
  CHECK(compare_text({&p, &q}, {"A", "B"}, {}).find("verdicts") == std::string::npos);
  // The minimum effect is the user's: at 0.1% the sure +0.5% is a difference.
  rt::analysis::CompareOptions fine;
  CHECK(rt::analysis::set_compare_option(fine, "effect", "0.1%").empty());
  CHECK(compare_text({&a, &b}, {"A", "B"}, fine).find("slightly  B/A  B is 0.5% faster") != std::string::npos);
  CHECK(rt::analysis::set_compare_option(fine, "effect", "lots") ==
        "effect must be a percentage from 0 to 100, not 'lots'");
}

TEST_CASE("compare: a program's printed figures get a verdict, as wide as their last digit") {
  // dd printed "1.1 GB/s" five times on A and "1.2 GB/s" on B: read in MB/s, to 100 MB/s. Their
  // samples do not vary, but each could be off by up to 50 MB/s: the rounding's variance 100² / 12
  // a side, on 4 + 4 degrees of freedom (t = 2.306). Fieller's bounds, by hand: 1.0051 to 1.1847.
  const auto runs = [](double value, double resolution) {
    std::vector<Taken> out;
    for (int i = 0; i < 5; ++i) out.push_back(read_from_program(value, "MB/s", resolution));
    return out;
  };
  rt::model::Result a, b;
  a.series = {series("dd write", runs(1100, 100)), series("dd read", runs(894, 1))};
  b.series = {series("dd write", runs(1200, 100)), series("dd read", runs(894, 1))};
  const std::string text = compare_text({&a, &b}, {"A", "B"}, {});
  const std::string verdicts = text.substr(text.find("\nverdicts:"));
  CHECK(verdicts ==
        "\nverdicts: 95% CI of each ratio (Welch's t); minimum effect 1%\n"
        "dd write  B/A  B is 9.1% faster (+0.5% to +18.5%)\n"
        "dd read   B/A  no difference detected (-0.1% to +0.1%)\n");
  // Without the digits they were printed with, the same figures claimed an exact 9.1%.
  a.series = {series("dd write", runs(1100, 0))};
  b.series = {series("dd write", runs(1200, 0))};
  const std::string exact = compare_text({&a, &b}, {"A", "B"}, {});
  CHECK(exact.find("dd write  B/A  B is 9.1% faster (+9.1% to +9.1%)") != std::string::npos);
}

TEST_CASE("compare: each run's drift is told under the verdicts and widens its back-to-back series") {
  // Run A's blocks drifted ±9% (100, 110, 120 ops); run B had no blocks. "steady" is 3% apart
  // between the runs and steady within each: sure on the samples, not beside A's drift.
  const auto blocked = [](std::vector<std::uint64_t> counts) {
    std::vector<Taken> out;
    for (std::size_t i = 0; i < counts.size(); ++i) {
      out.push_back(measured("nop", 0, counts[i]));
      out.back().sample.block = static_cast<std::uint32_t>(i / 2 + 1);
    }
    return out;
  };
  const auto plain = [](std::vector<std::uint64_t> counts) {
    std::vector<Taken> out;
    for (auto c : counts) out.push_back(measured("nop", 0, c));
    return out;
  };
  rt::model::Result a, b;
  a.series = {series("drifting", blocked({100, 100, 110, 110, 120, 120})),
              series("steady", plain({1000, 1001, 999, 1000}))};
  b.series = {series("drifting", plain({110, 111, 109, 110})), series("steady", plain({1030, 1031, 1029, 1030}))};
  const auto c = rt::analysis::compare_results({&a, &b}, {"A", "B"}, {});
  REQUIRE(c.drifts.size() == 2);
  CHECK(c.drifts[0].df == 2);
  CHECK(c.drifts[0].sd == doctest::Approx(10.0 / 110));
  CHECK(c.drifts[1].df == 0);
  CHECK(c.rows[1].ratios[0].verdict.kind == rt::analysis::RatioVerdict::Kind::no_difference);
  const std::string text = rt::report::format_comparison(c, {});
  const std::string verdicts = text.substr(text.find("\nverdicts:"));
  CHECK(
      verdicts.starts_with("\nverdicts: 95% CI of each ratio (Welch's t); minimum effect 1%\n"
                           "run drift (sd of block means): A ±9.1%\n"));
  // Without A's drift the same samples would call B faster.
  rt::model::Result calm = a;
  calm.series[0] = series("drifting", plain({100, 100, 110, 110, 120, 120}));
  const auto d = rt::analysis::compare_results({&calm, &b}, {"A", "B"}, {});
  CHECK(d.rows[1].ratios[0].verdict.kind == rt::analysis::RatioVerdict::Kind::higher);
  CHECK(rt::report::format_comparison(d, {}).find("run drift") == std::string::npos);
}
