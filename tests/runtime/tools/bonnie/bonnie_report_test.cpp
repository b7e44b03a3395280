// `report bonnie` and `hwbench import bonnie`: the published RAID-box log imported and rendered
// back (CSV line identical, table rows character for character), runs built here against
// tests/golden/bonnie-*.txt, the +++++ rule, latency units and the importer's errors.
//
// To regenerate the golden files after a deliberate format change, run the tests with
// HWBENCH_UPDATE_GOLDEN=1 and review the diff before committing it.
#include "runtime/tools/bonnie/bonnie_report.hpp"

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/report/named_report.hpp"
#include "runtime/tools/bonnie/bonnie_import.hpp"
#include "runtime/tools/tools.hpp"
#include "tests/support/golden.hpp"

namespace rt = hwbench::runtime;

namespace {

std::string golden_path(const std::string& name) { return hwbench::test::source_path("tests/golden/" + name); }

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::string rstrip(std::string s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\r')) s.pop_back();
  return s;
}

// The log as bonnie++ printed it: the web page's non-breaking spaces were spaces.
std::string without_nbsp(std::string text) {
  for (std::size_t pos; (pos = text.find("\xC2\xA0")) != std::string::npos;) text.replace(pos, 2, " ");
  return text;
}

// A bonnie sample and its parameters, as the interpreter records them.
struct BonnieSample {
  rt::model::Sample sample;
  rt::model::ParamSet set;
};

BonnieSample bonnie_sample(const std::string& test, std::int64_t wall_ns, std::uint64_t bytes, std::uint64_t ops,
                           std::int64_t cpu_ns, std::int64_t latency_ns,
                           std::map<std::string, std::string> params = {}) {
  rt::model::ParamSet set{"bonnie",
                          {{"TEST", test},
                           {"DIR", "disk:"},
                           {"chunk", "8KiB"},
                           {"concurrency", "1"},
                           {"seed", "0"},
                           {"size", "auto"},
                           {"files", "16"},
                           {"max", "0"},
                           {"min", "0"},
                           {"dirs", "1"}}};
  for (auto& [k, v] : params) set.params[k] = v;
  rt::model::Sample s;
  s.iteration = 1;
  s.units = 1;
  s.wall_ns = wall_ns;
  s.bytes = bytes;
  s.ops = ops;
  s.cpu.usr_ns = cpu_ns / 4;
  s.cpu.sys_ns = cpu_ns - cpu_ns / 4;
  s.max_latency_ns = latency_ns;
  return {s, set};
}

rt::model::Series one(const std::string& label, const BonnieSample& s) {
  rt::model::Series series;
  series.label = label;
  series.add(s.sample, s.set);
  return series;
}

constexpr std::uint64_t mib = 1 << 20;

// Every test of a 512 MiB run, as the recipe specs/bonnie.bench records them.
rt::model::Result full_run() {
  rt::model::Result r;
  r.environment["hostname"] = "vm";
  r.series.push_back(one("putc", bonnie_sample("putc", 1'020'000'000, 3 * mib, 3 * mib, 1'010'000'000, 5'470'123)));
  r.series.push_back(
      one("put_block", bonnie_sample("put_block", 1'100'000'000, 512 * mib, 65536, 825'000'000, 2'449'999)));
  r.series.push_back(one("rewrite", bonnie_sample("rewrite", 450'000'000, 512 * mib, 65536, 300'000'000, 55'000)));
  r.series.push_back(one("getc", bonnie_sample("getc", 966'000'000, 3 * mib, 3 * mib, 960'000'000, 3'751'000)));
  r.series.push_back(one("get_block", bonnie_sample("get_block", 499'999'999, 512 * mib, 65536, 490'000'000, 182'000)));
  r.series.push_back(
      one("seeks", bonnie_sample("seeks", 8'800'000'000, 8192 * 9 / 10 * 8192, 8192, 1'000'000'000, 113'787'000'000)));
  r.series.push_back(one("seq_create", bonnie_sample("seq_create", 1'500'000'000, 0, 16384, 1'050'000'000, 1'017'000)));
  r.series.push_back(one("seq_stat", bonnie_sample("seq_stat", 100'000'000, 0, 16384, 99'000'000, 99'999'000)));
  r.series.push_back(one("seq_del", bonnie_sample("seq_del", 691'000'000, 0, 16384, 566'000'000, 99'999'001)));
  r.series.push_back(one("ran_create", bonnie_sample("ran_create", 1'734'000'000, 0, 16384, 1'664'000'000, 1'883'000)));
  r.series.push_back(one("ran_stat", bonnie_sample("ran_stat", 120'000'000, 0, 16384, 110'000'000, 36'000)));
  r.series.push_back(one("ran_del", bonnie_sample("ran_del", 590'000'000, 0, 16384, 519'000'000, 1'368'000)));
  return r;
}

rt::model::RenderedReport bonnie_render(const rt::model::Result& r, std::map<std::string, std::string> options = {}) {
  rt::model::ReportSpec spec;
  spec.style = rt::model::report_style_from_text("bonnie").value();
  spec.options = std::move(options);
  const rt::report::NamedStyle* style = rt::tools::find_named_style("bonnie");
  REQUIRE(style != nullptr);
  return style->render(r, spec);
}

}  // namespace

TEST_CASE("bonnie import: the RAID-box log renders back to its own CSV line and table rows") {
  const std::string log = read_file(golden_path("linux-raid1-esata.bonnie.txt"));
  REQUIRE(!log.empty());
  const rt::tools::Importer* importer = rt::tools::find_importer("bonnie");
  REQUIRE(importer != nullptr);
  std::string error;
  const auto result = importer->parse(log, "linux-raid1-esata.bonnie.txt", error);
  REQUIRE_MESSAGE(result, error);
  CHECK(result->kind == rt::model::ResultKind::published);
  CHECK(result->machine == "fs");
  CHECK(result->meta.at("note") == "bonnie++ -d /tmp -s 512 -r 256");
  REQUIRE(result->reports.size() == 1);
  CHECK(rt::model::to_text(result->reports[0].style) == "bonnie");

  const std::string text = bonnie_render(*result).text;
  const auto printed = lines_of(without_nbsp(log));
  const auto rendered = lines_of(text);
  // The log is the command, the 10 table lines and the CSV line.
  REQUIRE(printed.size() == 12);
  REQUIRE(rendered.size() == 11);
  for (std::size_t i = 0; i < 10; ++i) {
    CAPTURE(i);
    CHECK(rstrip(rendered[i]) == rstrip(printed[i + 1]));
  }
  CHECK(rendered[10] == printed[11]);
  CHECK(rendered[10] ==
        "1.96,1.96,fs,1,1255037106,512M,,95,99,57544,45,59491,30,686,99,759567,99,2609,33,16,,,,,13751,70,+++++,+++,"
        "23685,83,17281,87,+++++,+++,24293,81,92293us,1132ms,1218ms,28167us,36us,345ms,824us,398us,453us,396us,33us,"
        "232us");
}

TEST_CASE("bonnie import: the published record holds the CSV's fields, figures as series and +++++ as too_quick") {
  std::string error;
  const auto result =
      rt::tools::bonnie::import_bonnie(read_file(golden_path("linux-raid1-esata.bonnie.txt")), "log", error);
  REQUIRE_MESSAGE(result, error);
  const auto& b = result->environment.at("bonnie");
  CHECK(b.at("format_version") == "1.96");
  CHECK(b.at("name") == "fs");
  CHECK(b.at("concurrency") == "1");
  CHECK(b.at("seed") == "1255037106");
  CHECK(b.at("file_size") == "512M");
  CHECK(b.at("num_files") == "16");
  CHECK(b.at("too_quick") == nlohmann::json::array({"seq_stat", "ran_stat"}));
  auto figure = [&](const std::string& label) {
    for (const auto& s : result->series)
      if (s.label == label) return *s.samples.at(0).figure;
    FAIL("no series " << label);
    return rt::model::Figure{};
  };
  CHECK(figure("put_block").value == 57544);
  CHECK(figure("put_block").unit == "KiB/s");
  CHECK(figure("put_block_cpu").value == 45);
  CHECK(figure("put_block_cpu").unit == "%CP");
  CHECK(figure("put_block_latency").value == 1132);
  CHECK(figure("put_block_latency").unit == "ms");
  CHECK(figure("putc_latency").unit == "us");
  CHECK(figure("seeks").unit == "ops/s");
  CHECK(figure("seq_stat_latency").value == 398);
  // 12 tests: 10 with a rate and a %CP, all 12 with a latency.
  CHECK(result->series.size() == 32);
}

TEST_CASE("bonnie import: the CSV line alone, and the table alone, give the same run, each rendered as shown") {
  const auto printed = lines_of(without_nbsp(read_file(golden_path("linux-raid1-esata.bonnie.txt"))));
  std::string table;
  for (std::size_t i = 1; i <= 10; ++i) table += printed[i] + "\n";
  std::string error;
  const auto from_csv = rt::tools::bonnie::import_bonnie(printed[11] + "\n", "csv", error);
  REQUIRE_MESSAGE(from_csv, error);
  const auto from_table = rt::tools::bonnie::import_bonnie(table, "table", error);
  REQUIRE_MESSAGE(from_table, error);
  // Each comes back as the log showed it: the CSV line alone, the tables alone.
  CHECK(bonnie_render(*from_csv).text == printed[11] + "\n");
  const auto b = lines_of(bonnie_render(*from_table).text);
  REQUIRE(b.size() == 10);
  for (std::size_t i = 0; i < 10; ++i) CHECK(rstrip(b[i]) == rstrip(printed[i + 1]));
  // The same run: the tables of the one are the tables of the other, and their CSV lines differ
  // only by the seed, which a table does not show.
  const auto csv_run = rt::tools::bonnie::bonnie_runs(*from_csv, {}).at(0);
  const auto table_run = rt::tools::bonnie::bonnie_runs(*from_table, {}).at(0);
  CHECK(rt::tools::bonnie::bonnie_tables(csv_run) == rt::tools::bonnie::bonnie_tables(table_run));
  std::string unseeded = printed[11];
  unseeded.erase(unseeded.find("1255037106"), 10);
  CHECK(rt::tools::bonnie::bonnie_csv_line(table_run) == unseeded + "\n");
}

TEST_CASE("bonnie import: a bonnie++ 2.00 CSV line (format 1.98) comes back field for field") {
  const std::string line =
      "1.98,2.00a,vm,1,1796042824,512M,,8192,5,2775,99,603689,68,+++++,+++,4261,99,+++++,+++,+++++,+++,16,,,,,10617,"
      "98,+++++,+++,+++++,+++,9463,96,+++++,+++,+++++,+++,33490us,1123us,962us,2662us,48us,12928us,1408us,209us,1840us,"
      "23838us,30us,1224us";
  std::string error;
  const auto result = rt::tools::bonnie::import_bonnie(line + "\n", "peers", error);
  REQUIRE_MESSAGE(result, error);
  CHECK(lines_of(bonnie_render(*result).text).back() == line);
  CHECK(result->environment.at("bonnie").at("seeks") == "8192");
  CHECK(result->environment.at("bonnie").at("seek_proc_count") == "5");
}

TEST_CASE("bonnie import: errors name the log and the line") {
  const auto printed = lines_of(read_file(golden_path("linux-raid1-esata.bonnie.txt")));
  std::string error;
  CHECK_FALSE(rt::tools::bonnie::import_bonnie("nothing here\n", "x.log", error));
  CHECK(error == "x.log: error: no bonnie++ table or CSV line found");

  std::string csv = printed[11];
  csv.replace(csv.find("57544"), 5, "5x544");
  CHECK_FALSE(rt::tools::bonnie::import_bonnie("\n" + csv + "\n", "x.log", error));
  CHECK(error == "x.log:2: error: the rate of put_block is '5x544', not a figure bonnie++ prints");

  std::string short_line = printed[11];
  short_line.erase(short_line.rfind(','));
  CHECK_FALSE(rt::tools::bonnie::import_bonnie(printed[11] + "\n" + short_line + "\n", "x.log", error));
  CHECK(error == "x.log:2: error: a CSV line of format 1.96 has 47 fields, not 48");

  std::string log = without_nbsp(read_file(golden_path("linux-raid1-esata.bonnie.txt")));
  log.replace(log.find("59491"), 5, "59492");
  CHECK_FALSE(rt::tools::bonnie::import_bonnie(log, "x.log", error));
  CHECK(error ==
        "x.log:12: error: the table and the CSV line disagree on rewrite (59492 30 1218ms against 59491 30 1218ms)");
}

TEST_CASE("bonnie report: a run's samples in bonnie++ 1.96's layout (golden)") {
  const auto report = bonnie_render(full_run());
  CHECK(report.text == hwbench::test::golden("bonnie-run.txt", report.text));
  // The figures it computed: the rates of the tests that took 0.5 s or more.
  REQUIRE(report.figures.size() == 8);
  CHECK(report.figures[0].label == "putc");
  CHECK(report.figures[0].values.at(0) == doctest::Approx(3 * 1024 / 1.02));
}

TEST_CASE("bonnie report: +++++ below 0.5 s, a figure from 0.5 s on") {
  rt::model::Result r;
  r.series.push_back(one("a", bonnie_sample("put_block", 499'999'999, 512 * mib, 65536, 400'000'000, 1000)));
  r.series.push_back(one("b", bonnie_sample("get_block", 500'000'000, 512 * mib, 65536, 400'000'000, 1000)));
  const auto runs = rt::tools::bonnie::bonnie_runs(r, {});
  REQUIRE(runs.size() == 1);
  CHECK(runs[0].tests[1].state == rt::tools::bonnie::BonnieFigure::State::too_quick);
  CHECK(runs[0].tests[4].state == rt::tools::bonnie::BonnieFigure::State::measured);
  CHECK(runs[0].tests[4].rate == 1048576);
  CHECK(runs[0].tests[4].cpu == 80);
  CHECK(runs[0].tests[0].state == rt::tools::bonnie::BonnieFigure::State::not_run);
  std::vector<std::string> fields = {"1.96", "1.96", "", "1", "0", "512M",    "",   "", "", "+++++",
                                     "+++",  "",     "", "",  "",  "1048576", "80", "", ""};
  fields.resize(fields.size() + 5 + 12);  // the file tests' descriptor and figures: none
  for (const char* l : {"", "1us", "", "", "1us", "", "", "", "", "", "", ""}) fields.emplace_back(l);
  std::string csv;
  for (std::size_t i = 0; i < fields.size(); ++i) csv += (i ? "," : "") + fields[i];
  CHECK(rt::tools::bonnie::bonnie_csv_line(runs[0]) == csv + "\n");
  const auto table = lines_of(rt::tools::bonnie::bonnie_tables(runs[0]));
  REQUIRE(table.size() == 5);
  CHECK(table[3] == std::string(15, ' ') + "512M" + std::string(10, ' ') + " +++++ +++" + std::string(20, ' ') +
                        " 1048576  80" + std::string(10, ' '));
}

TEST_CASE("bonnie report: latency text in bonnie++'s units, truncated") {
  CHECK(rt::tools::bonnie::bonnie_latency_text(0) == "");
  CHECK(rt::tools::bonnie::bonnie_latency_text(999) == "0us");
  CHECK(rt::tools::bonnie::bonnie_latency_text(36'999) == "36us");
  CHECK(rt::tools::bonnie::bonnie_latency_text(99'999'000) == "99999us");
  CHECK(rt::tools::bonnie::bonnie_latency_text(99'999'001) == "99ms");
  CHECK(rt::tools::bonnie::bonnie_latency_text(1'132'999'999) == "1132ms");
  CHECK(rt::tools::bonnie::bonnie_latency_text(99'999'999'000) == "99999ms");
  CHECK(rt::tools::bonnie::bonnie_latency_text(99'999'999'001) == "99s");
  CHECK(rt::tools::bonnie::bonnie_latency_text(250'000'000'000) == "250s");
}

TEST_CASE("bonnie report: sizes and chunks as bonnie++ writes them") {
  CHECK(rt::tools::bonnie::bonnie_size_text(512) == "512M");
  CHECK(rt::tools::bonnie::bonnie_size_text(1024) == "1G");
  CHECK(rt::tools::bonnie::bonnie_size_text(63808) == "63808M");
  CHECK(rt::tools::bonnie::bonnie_size_text(129024) == "126G");
  CHECK(rt::tools::bonnie::bonnie_chunk_text(512) == "512");
  CHECK(rt::tools::bonnie::bonnie_chunk_text(16384) == "16k");
  CHECK(rt::tools::bonnie::bonnie_chunk_text(1 << 20) == "1m");
}

TEST_CASE("bonnie report: several samples per test print bonnie++ -x's header and CSV lines (golden)") {
  rt::model::Result r;
  rt::model::Series put;
  put.label = "put_block";
  rt::model::Series seeks;
  seeks.label = "seeks";
  for (int i = 0; i < 3; ++i) {
    auto p = bonnie_sample("put_block", 1'000'000'000 + i * 100'000'000, 1024 * mib, 131072, 700'000'000, 2'000'000 + i,
                           {{"chunk", "16KiB"}, {"concurrency", "2"}});
    p.sample.iteration = static_cast<std::uint32_t>(i + 1);
    put.add(p.sample, p.set);
    auto s = bonnie_sample("seeks", 20'000'000'000, 0, 8192, 500'000'000, 150'000'000, {{"seed", "42"}});
    s.sample.iteration = static_cast<std::uint32_t>(i + 1);
    seeks.add(s.sample, s.set);
  }
  r.series = {put, seeks};
  const auto report = bonnie_render(r, {{"machine", "raid"}, {"version", "1.97"}});
  CHECK(report.text == hwbench::test::golden("bonnie-runs.txt", report.text));
}

namespace {

// A run whose figures outgrow bonnie++'s columns, in `version`'s layout.
rt::tools::bonnie::BonnieRun overflowing_run(const std::string& format, const std::string& version) {
  using State = rt::tools::bonnie::BonnieFigure::State;
  rt::tools::bonnie::BonnieRun run;
  run.format_version = format;
  run.version = version;
  run.name = "a-host-name-longer-than-nineteen-columns";
  run.seed = format.empty() ? "" : "4242";
  run.concurrency = format.empty() ? "" : "1";
  run.file_size = "126G";
  run.seeks = format == "1.98" ? "8192" : "";
  run.seek_proc_count = format == "1.98" ? "5" : "";
  run.num_files = "256";
  const double rates[12] = {1843, 12345678, 1234567, 4021, 98765432, 123456.7, 345678, 0, 1234567, 51234, 0, 98765};
  const double cpu[12] = {99, 45, 38, 99, 52, 1050, 88, 0, 97, 100, 0, 93};
  for (std::size_t t = 0; t < 12; ++t) {
    auto& f = run.tests[t];
    f.state = rates[t] > 0 ? State::measured : State::too_quick;
    f.rate = rates[t];
    f.cpu = cpu[t];
    f.latency_ns = 1'000'000LL * static_cast<std::int64_t>(t + 1) * 37'000;
  }
  return run;
}

}  // namespace

TEST_CASE("bonnie report: figures wider than their columns push the rest of the line, in each layout (golden)") {
  for (const auto& layout :
       {std::tuple{"", "1.03e", "bonnie-overflow-1.03.txt"}, std::tuple{"1.97", "1.97", "bonnie-overflow-1.97.txt"},
        std::tuple{"1.98", "2.00a", "bonnie-overflow-2.00a.txt"}}) {
    // A named variable, not a structured binding: clang 14 cannot capture one (CAPTURE).
    const char* const golden = std::get<2>(layout);
    CAPTURE(golden);
    const auto run = overflowing_run(std::get<0>(layout), std::get<1>(layout));
    const std::string text = rt::tools::bonnie::bonnie_tables(run) + rt::tools::bonnie::bonnie_csv_line(run);
    CHECK(text == hwbench::test::golden(golden, text));
  }
}
