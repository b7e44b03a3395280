// `hwbench import bonnie` on logs of every layout bonnie++ prints (1.03, 1.96/1.97, 2.00a):
// rows read by their words (a host name of any length, figures wider than their columns),
// empty cells, latencies in us/ms/s, 2.00's scaled and misprinted rates, the table or the CSV
// line alone, several runs; each log comes back from `report bonnie` as it was printed. The
// logs are in tests/data/bonnie/ (see its README).
#include "runtime/tools/bonnie/bonnie_import.hpp"

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/record/published.hpp"
#include "runtime/report/named_report.hpp"
#include "runtime/tools/bonnie/bonnie_report.hpp"
#include "runtime/tools/tools.hpp"
#include "tests/support/golden.hpp"

namespace rt = hwbench::runtime;

namespace {

std::string bonnie_log(const std::string& name) {
  std::ifstream in(hwbench::test::source_path("tests/data/bonnie/" + name), std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

rt::model::Result bonnie_import(const std::string& text, const std::string& name = "bonnie.log") {
  std::string error;
  auto result = rt::tools::bonnie::import_bonnie(text, name, error);
  INFO(error);
  REQUIRE(result.has_value());
  return *result;
}

std::string bonnie_rendered(const rt::model::Result& result) {
  REQUIRE(result.reports.size() == 1);
  return rt::tools::find_named_style("bonnie")->render(result, result.reports[0]).text;
}

// `result` written as a published TOML file and read back.
rt::model::Result through_toml(const rt::model::Result& result) {
  std::string error;
  auto back = rt::record::parse_published(rt::record::write_published(result), "bonnie.toml", error);
  INFO(error);
  REQUIRE(back.has_value());
  return *back;
}

std::string bonnie_import_error(const std::string& text) {
  std::string error;
  CHECK_FALSE(rt::tools::bonnie::import_bonnie(text, "x.log", error).has_value());
  return error;
}

double bonnie_figure(const rt::model::Result& r, const std::string& label, std::uint32_t run = 1) {
  for (const auto& s : r.series)
    if (s.label == label)
      for (const auto& sample : s.samples)
        if (sample.iteration == run) return sample.figure->value;
  FAIL("no figure " << label << " for run " << run);
  return 0;
}

std::string bonnie_unit(const rt::model::Result& r, const std::string& label) {
  for (const auto& s : r.series)
    if (s.label == label) return s.samples.at(0).figure->unit;
  return "";
}

/// The step of the last digit `label`'s first figure was printed with, in its unit.
double bonnie_step(const rt::model::Result& r, const std::string& label) {
  for (const auto& s : r.series)
    if (s.label == label) return s.samples.at(0).figure->resolution;
  FAIL("no figure " << label);
  return 0;
}

std::vector<std::string> text_lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

}  // namespace

TEST_CASE("bonnie import: a long host name and seven-digit K/sec come back line for line (1.97)") {
  const std::string log = bonnie_log("long-name-wide-figures.bonnie.txt");
  const auto result = bonnie_import(log);
  CHECK(bonnie_rendered(result) == log);
  CHECK(result.machine == "storage-node-07.datacenter.example.com");
  CHECK(bonnie_figure(result, "put_block") == 2345678);
  CHECK(bonnie_figure(result, "get_block") == 3456789);
  CHECK(bonnie_figure(result, "seeks") == 12346);
  CHECK(bonnie_figure(result, "seeks_cpu") == 105);
  CHECK(bonnie_figure(result, "seq_del") == 123456);
  // The tables alone: the row's name is cut to 14 characters, the file table's to 19.
  const auto lines = text_lines(log);
  const std::string tables = join_lines({lines.begin(), lines.begin() + 10});
  const auto alone = bonnie_import(tables);
  CHECK(alone.machine == "storage-node-07.dat");
  CHECK(bonnie_rendered(alone) == tables);
}

TEST_CASE("bonnie import: rows that do not line up at column 19 are read by their words") {
  // The RAID box's log as copied with one space less before the size (the old importer read
  // from column 19 and refused it: "the %CP of putc is '99 57544'"), and a row that shows the
  // whole host name.
  const std::string raid = "fs             512M    95  99 57544  45 59491  30   686  99 759567  99  2609  33";
  const std::string head =
      "Version  1.96       ------Sequential Output------ --Sequential Input- --Random-\n"
      "Concurrency   1     -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
      "Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n";
  const std::string latency = "Latency             92293us    1132ms    1218ms   28167us      36us     345ms\n";
  const std::string expected = head + raid + "\n" + latency;
  std::string short_lead = raid;
  short_lead.erase(2, 1);
  CHECK(bonnie_rendered(bonnie_import(head + short_lead + "\n" + latency)) == expected);
  const std::string whole_name =
      "storage-node-07.datacenter.example.com 512M    95  99 57544  45 59491  30   686  99 759567  99  2609  33";
  const auto named = bonnie_import(head + whole_name + "\n" + latency);
  CHECK(named.machine == "storage-node-07.datacenter.example.com");
  CHECK(text_lines(bonnie_rendered(named)).at(3) == "storage-node-0 512M" + raid.substr(19));
}

TEST_CASE("bonnie import: bonnie++ 1.03's layout, with figures wider than their columns") {
  const std::string log = bonnie_log("wide-1.03.bonnie.txt");
  const auto result = bonnie_import(log);
  CHECK(bonnie_rendered(result) == log);
  const auto& b = result.environment.at("bonnie");
  CHECK(b.at("format_version") == "");
  CHECK(b.at("bonnie_version") == "1.03");
  CHECK(b.at("name") == "alpha-backup-server");
  CHECK(bonnie_figure(result, "rewrite") == 1111459);
  // 1.03's CSV keeps the seeks' decimal; the table drops it from 1000 on.
  CHECK(bonnie_figure(result, "seeks") == 1169.4);
  CHECK(bonnie_figure(result, "ran_del_cpu") == 100);
}

TEST_CASE("bonnie import: bonnie++ 1.03 -f with a chunk size: empty cells, the table alone") {
  const std::string log = bonnie_log("fast-1.03.bonnie.txt");
  const auto result = bonnie_import(log);
  CHECK(bonnie_rendered(result) == log);
  const auto& b = result.environment.at("bonnie");
  CHECK(b.at("file_size") == "512M");
  CHECK(b.at("io_chunk_size") == "16k");
  CHECK(b.at("too_quick") == nlohmann::json::array({"seeks"}));
  CHECK(bonnie_figure(result, "get_block") == 294404);
  for (const auto& s : result.series) CHECK(s.label.find("putc") == std::string::npos);
}

TEST_CASE("bonnie import: bonnie++ 2.00a's scaled rates, wide descriptor and misprinted file rates") {
  const std::string log = bonnie_log("scaled-2.00a.bonnie.txt");
  const auto result = bonnie_import(log);
  CHECK(bonnie_rendered(result) == log);
  const auto& b = result.environment.at("bonnie");
  CHECK(b.at("concurrency") == "2");
  CHECK(b.at("io_chunk_size") == "4k");
  CHECK(b.at("seeks") == "65536");
  CHECK(b.at("seek_proc_count") == "16");
  CHECK(b.at("num_dirs") == "8");
  // The figures are the CSV's; the table's 131072 (128 files x 1024, what 2.00 prints through
  // %d) is kept as printed.
  CHECK(bonnie_figure(result, "put_block") == 57651);
  CHECK(bonnie_unit(result, "put_block") == "KiB/s");
  CHECK(bonnie_figure(result, "seq_create") == 45321);
  CHECK_FALSE(b.contains("table_rates"));
  CHECK(bonnie_figure(result, "seeks_latency") == 123);
  CHECK(bonnie_unit(result, "seeks_latency") == "s");
  CHECK(bonnie_unit(result, "rewrite_latency") == "ms");
}

TEST_CASE("bonnie import: a 2.00a table without its CSV line keeps the rates as it printed them") {
  const auto lines = text_lines(bonnie_log("scaled-2.00a.bonnie.txt"));
  const std::string tables = join_lines({lines.begin(), lines.begin() + 10});
  const auto result = bonnie_import(tables);
  CHECK(bonnie_rendered(result) == tables);
  CHECK(bonnie_rendered(through_toml(result)) == tables);
  CHECK(bonnie_figure(result, "put_block") == 56.3);
  CHECK(bonnie_unit(result, "put_block") == "MiB/s");
  CHECK(bonnie_figure(result, "get_block") == 1.2);
  CHECK(bonnie_unit(result, "get_block") == "GiB/s");
  CHECK(bonnie_figure(result, "getc") == 9999);
  CHECK(bonnie_unit(result, "getc") == "KiB/s");
  // The file tests' rates are not figures: only their %CP is kept, and the text printed.
  CHECK(bonnie_figure(result, "seq_create_cpu") == 88);
  // Each exact to half its last printed digit: "56.3m", "1.2g", "9999", "88".
  CHECK(bonnie_step(result, "put_block") == doctest::Approx(0.1));
  CHECK(bonnie_step(result, "get_block") == doctest::Approx(0.1));
  CHECK(bonnie_step(result, "getc") == 1);
  CHECK(bonnie_step(result, "seq_create_cpu") == 1);
  for (const auto& s : result.series) CHECK(s.label != "seq_create");
  CHECK(result.environment.at("bonnie").at("table_rates").at("seq_create") == "131072");
}

TEST_CASE("bonnie import: logs of Debian's bonnie++ 2.00a come back as printed") {
  for (const char* name :
       {"debian-2.00a-s64-n1.bonnie.txt", "debian-2.00a-n48-long-name.bonnie.txt", "debian-2.00a-x2.bonnie.txt"}) {
    CAPTURE(name);
    const std::string log = bonnie_log(name);
    CHECK(bonnie_rendered(bonnie_import(log)) == log);
  }
  const auto per_char = bonnie_import(bonnie_log("debian-2.00a-s64-n1.bonnie.txt"));
  CHECK(bonnie_figure(per_char, "putc") == 350);
  CHECK(bonnie_figure(per_char, "getc_cpu") == 66);
  const auto files = bonnie_import(bonnie_log("debian-2.00a-n48-long-name.bonnie.txt"));
  CHECK(files.machine == "build-server-07.example.org");
  CHECK(bonnie_figure(files, "seq_create") == 49275);
  // The table's 49152 is what the renderer prints for 48 files: nothing to keep.
  CHECK_FALSE(files.environment.at("bonnie").contains("table_rates"));
  const auto runs = bonnie_import(bonnie_log("debian-2.00a-x2.bonnie.txt"));
  CHECK(bonnie_figure(runs, "seq_create", 1) == 1964);
  CHECK(runs.environment.at("bonnie").at(1).at("too_quick").size() == 6);
}

TEST_CASE("bonnie import: several runs in one log come back in order") {
  const std::string first = bonnie_log("long-name-wide-figures.bonnie.txt");
  const std::string second = bonnie_log("wide-1.03.bonnie.txt");
  const auto result = bonnie_import(first + "\n" + second);
  CHECK(bonnie_rendered(result) == first + second);
  CHECK(bonnie_rendered(through_toml(result)) == first + second);
  REQUIRE(result.environment.at("bonnie").is_array());
  CHECK(result.environment.at("bonnie").size() == 2);
  CHECK(result.meta.at("title") == "bonnie++ 1.97 on storage-node-07.datacenter.example.com, 2 runs");
  CHECK(bonnie_figure(result, "put_block", 1) == 2345678);
  CHECK(bonnie_figure(result, "put_block", 2) == 264155);
  const auto runs = rt::tools::bonnie::bonnie_runs(result, {});
  REQUIRE(runs.size() == 2);
  CHECK(rt::tools::bonnie::bonnie_layout(runs[0]) == rt::tools::bonnie::BonnieLayout::v1_96);
  CHECK(rt::tools::bonnie::bonnie_layout(runs[1]) == rt::tools::bonnie::BonnieLayout::v1_03);
}

TEST_CASE("bonnie import: bonnie++ -x's header and CSV lines, without tables") {
  const auto csv = text_lines(bonnie_log("scaled-2.00a.bonnie.txt")).back();
  std::string other = csv;
  other.replace(other.find("1234567890"), 10, "1234567891");
  const std::string log = rt::tools::bonnie::bonnie_csv_header() + csv + "\n" + other + "\n";
  const auto result = bonnie_import(log);
  CHECK(bonnie_rendered(result) == log);
  CHECK(result.environment.at("bonnie").at(0).at("csv_header") == true);
  CHECK(result.environment.at("bonnie").at(1).at("seed") == "1234567891");
}

TEST_CASE("bonnie import: errors name the line and the column of the cell") {
  const std::string log = bonnie_log("long-name-wide-figures.bonnie.txt");
  const auto lines = text_lines(log);
  const auto with_line = [&](std::size_t k, const std::string& text) {
    auto copy = lines;
    copy[k] = text;
    return join_lines({copy.begin(), copy.begin() + 10});
  };
  std::string row = lines[3];
  row.replace(row.find("2345678  45"), 11, "2345678  4x");
  CHECK(bonnie_import_error(with_line(3, row)) ==
        "x.log:4:40: error: the %CP of put_block is '4x', not a figure bonnie++ prints");
  row = lines[3];
  row.replace(row.find(" 1843  99"), 9, "      +++");
  CHECK(bonnie_import_error(with_line(3, row)) ==
        "x.log:4:21: error: the rate of putc is '', not a figure bonnie++ prints");
  row = lines[3];
  row.replace(row.find(" 1843  99"), 9, " 1843    ");
  CHECK(bonnie_import_error(with_line(3, row)) ==
        "x.log:4:27: error: the %CP of putc is '', not a figure bonnie++ prints");
  row = lines[3];
  row.replace(row.find("  1843  99"), 10, " 1843   99");
  CHECK(bonnie_import_error(with_line(3, row.substr(0, row.find(" 4021")))) ==
        "x.log:4:21: error: cannot read the rate of putc in bonnie++'s table");
  std::string latency = lines[4];
  latency.replace(latency.find("41234us"), 7, "41234xs");
  CHECK(bonnie_import_error(with_line(4, latency)) ==
        "x.log:5:31: error: the latency of put_block is '41234xs', not a figure bonnie++ prints");
  CHECK(bonnie_import_error(with_line(4, "Lately")) == "x.log:5: error: expected bonnie++'s Latency line");
  CHECK(bonnie_import_error(join_lines({lines.begin(), lines.begin() + 2})) ==
        "x.log:1: error: bonnie++'s table ends early");
  CHECK(bonnie_import_error(join_lines({lines.begin(), lines.begin() + 3})) ==
        "x.log:4: error: cannot read bonnie++'s table row: no size or file count ends at column 19");
  std::string csv = lines[10];
  csv.replace(csv.find(",45,"), 4, ",46,");
  CHECK(bonnie_import_error(join_lines({lines.begin(), lines.begin() + 10}) + csv + "\n") ==
        "x.log:11: error: the table and the CSV line disagree on put_block (2345678 45 41234us against 2345678 46 "
        "41234us)");
}
