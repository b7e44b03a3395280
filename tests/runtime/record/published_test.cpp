#include "runtime/record/published.hpp"

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/record/result_file.hpp"

#ifndef HWBENCH_SOURCE_DIR
#error "HWBENCH_SOURCE_DIR must name the source tree (CMake defines it for the test target)"
#endif

namespace rt = hwbench::runtime;

namespace {

// A temporary directory for one test, removed with everything in it.
class PublishedDir {
 public:
  PublishedDir() {
    std::string pattern = "/tmp/hwbench-published-XXXXXX";
    if (mkdtemp(pattern.data()) != nullptr) path_ = pattern;
  }
  ~PublishedDir() {
    for (const auto& f : files_) unlink(f.c_str());
    if (!path_.empty()) rmdir(path_.c_str());
  }
  PublishedDir(const PublishedDir&) = delete;
  PublishedDir& operator=(const PublishedDir&) = delete;

  const std::string& path() const { return path_; }
  std::string write(const std::string& name, const std::string& text) {
    const std::string file = path_ + "/" + name;
    std::ofstream(file, std::ios::binary) << text;
    files_.push_back(file);
    return file;
  }

 private:
  std::string path_;
  std::vector<std::string> files_;
};

std::string load_error(const std::string& text) {
  std::string error;
  const auto result = rt::record::parse_published(text, "x.toml", error);
  CHECK_FALSE(result.has_value());
  return error;
}

}  // namespace

TEST_CASE("published: the cp article loads with its series, samples, printed means and report") {
  std::string error;
  const auto r =
      rt::record::load_published(std::string(HWBENCH_SOURCE_DIR) + "/specs/published/linux-raid1-esata.cp.toml", error);
  REQUIRE_MESSAGE(r.has_value(), error);
  CHECK(error.empty());
  CHECK(r->kind == rt::model::ResultKind::published);
  CHECK(r->status == rt::model::RunStatus::published);
  CHECK(r->machine == "Ubuntu 9.04 server, RAID1 box over eSATA (/st1) <-> /dev/shm");
  CHECK(r->meta.at("title") == "cp read/write, 10 MB and 100 MB files, RAID box <-> RAM disk");
  REQUIRE(r->series.size() == 4);
  CHECK(r->series[0].label == "read 10MB");
  CHECK(r->series[1].label == "read 100MB");
  CHECK(r->series[2].label == "write 10MB");
  CHECK(r->series[3].label == "write 100MB");
  const auto& w100 = r->series[3];
  REQUIRE(w100.samples.size() == 10);
  CHECK(w100.samples[0].iteration == 1);
  CHECK(w100.samples[9].iteration == 10);
  CHECK(w100.samples[3].figure->value == 69.6);
  CHECK(w100.samples[3].figure->unit == "MB/s");
  CHECK(w100.params_of(w100.samples[3]).kernel == "published");
  CHECK(w100.samples[3].wall_ns == 0);
  CHECK(w100.printed.at("mean").value == 99.8);
  CHECK(w100.printed.at("mean").unit == "MB/s");
  REQUIRE(r->reports.size() == 1);
  CHECK(r->reports[0].style.layout == rt::model::ReportLayout::table);
  CHECK(r->reports[0].unit == "MB/s");
  CHECK(r->reports[0].aggregates == std::vector<std::string>{"mean"});
}

TEST_CASE("published: an unknown unit names the file, the series and the closest unit") {
  PublishedDir dir;
  REQUIRE(!dir.path().empty());
  const std::string file = dir.write("bad.toml",
                                     "schema = \"hwbench-published/1\"\n"
                                     "machine = \"test box\"\n"
                                     "\n"
                                     "[[series]]\n"
                                     "label = \"read 10MB\"\n"
                                     "unit = \"MB/sec\"\n"
                                     "samples = [63.4, 74.1]\n");
  std::string error;
  CHECK_FALSE(rt::record::load_published(file, error).has_value());
  CHECK(error == file +
                     ":6:8: error: series \"read 10MB\": unknown unit 'MB/sec'; did you mean 'MB/s'?\n"
                     "    6 | unit = \"MB/sec\"\n"
                     "      |        ^");
}

TEST_CASE("published: a missing file") {
  PublishedDir dir;
  std::string error;
  CHECK_FALSE(rt::record::load_published(dir.path() + "/none.toml", error).has_value());
  CHECK(error == dir.path() + "/none.toml: error: cannot open: No such file or directory");
}

TEST_CASE("published: a TOML syntax error gives the file, the line and toml11's excerpt") {
  const auto error = load_error("schema = \"hwbench-published/1\"\nmachine = box\n");
  CHECK(error ==
        "x.toml:2: error: bad format: unknown value appeared\n"
        "   |\n"
        " 2 | machine = box\n"
        "   |           ^--- here");
}

TEST_CASE("published: every problem at once, in file order") {
  const auto error = load_error(
      "schema = \"hwbench-published/2\"\n"
      "machin = \"box\"\n"
      "[[series]]\n"
      "unit = \"furlongs\"\n"
      "samples = [1, \"two\"]\n"
      "[series.printed]\n"
      "average = 1.5\n"
      "[[series]]\n"
      "label = \"a\"\n"
      "unit = \"s\"\n"
      "[[series]]\n"
      "label = \"a\"\n"
      "unit = \"ms\"\n"
      "sampels = [1]\n"
      "[[report]]\n"
      "style = \"tabel\"\n"
      "unit = \"MB/s\"\n"
      "aggregates = [\"means\"]\n");
  CHECK(error ==
        "x.toml: error: missing key 'machine' (the machine's description)\n"
        "x.toml:1:10: error: unsupported schema \"hwbench-published/2\" (expected \"hwbench-published/1\")\n"
        "    1 | schema = \"hwbench-published/2\"\n"
        "      |          ^\n"
        "x.toml:2:1: error: unknown key 'machin'; did you mean 'machine'?\n"
        "    2 | machin = \"box\"\n"
        "      | ^~~~~~\n"
        "x.toml:3:1: error: series 1: missing key 'label'\n"
        "    3 | [[series]]\n"
        "      | ^\n"
        "x.toml:4:8: error: series 1: unknown unit 'furlongs'; known: B/s, KB/s, KiB/s, MB/s, MiB/s, GB/s, GiB/s, k, "
        "ops/s, iter/s, lps, lpm, MWIPS, s, ms, us, ns, B, KB, MB, GB, KiB, MiB, GiB, ops, %CP\n"
        "    4 | unit = \"furlongs\"\n"
        "      |        ^\n"
        "x.toml:5:15: error: series 1: sample 2 is not a finite number\n"
        "    5 | samples = [1, \"two\"]\n"
        "      |               ^\n"
        "x.toml:7:1: error: series 1: printed unknown aggregate 'average'; known: mean, median, min, max, stdev, cv, "
        "ci95, geomean, sum, count, unixbench\n"
        "    7 | average = 1.5\n"
        "      | ^~~~~~~\n"
        "x.toml:12:9: error: series \"a\": the label is used twice\n"
        "   12 | label = \"a\"\n"
        "      |         ^\n"
        "x.toml:14:1: error: unknown key 'sampels' in series \"a\"; did you mean 'samples'?\n"
        "   14 | sampels = [1]\n"
        "      | ^~~~~~~\n"
        "x.toml:16:9: error: report 1: unknown style 'tabel'; did you mean 'table'?\n"
        "   16 | style = \"tabel\"\n"
        "      |         ^\n"
        "x.toml:18:15: error: report 1: unknown aggregate 'means'; did you mean 'mean'?\n"
        "   18 | aggregates = [\"means\"]\n"
        "      |               ^");
}

TEST_CASE("published: samples and printed figures are optional, integers are numbers") {
  std::string error;
  const auto r = rt::record::parse_published(
      "schema = \"hwbench-published/1\"\n"
      "machine = \"box\"\n"
      "source = \"https://example.org/article\"\n"
      "[[series]]\n"
      "label = \"Dhrystone 2\"\n"
      "unit = \"lps\"\n"
      "samples = [100, 250.5]\n"
      "[[series]]\n"
      "label = \"only a mean\"\n"
      "unit = \"lpm\"\n"
      "[series.printed]\n"
      "mean = 3000\n",
      "y.toml", error);
  REQUIRE_MESSAGE(r.has_value(), error);
  CHECK(r->meta.at("source") == "https://example.org/article");
  CHECK(r->meta.count("title") == 0);
  REQUIRE(r->series.size() == 2);
  REQUIRE(r->series[0].samples.size() == 2);
  CHECK(r->series[0].samples[0].figure->value == 100);
  CHECK(r->series[0].samples[1].figure->value == 250.5);
  CHECK(r->series[1].samples.empty());
  CHECK(r->series[1].printed.at("mean").value == 3000);
  CHECK(r->series[1].printed.at("mean").unit == "lpm");
  CHECK(r->reports.empty());
  CHECK(r->recipe_file == "y.toml");
}

TEST_CASE("published: the cp article keeps its printed means through the result file") {
  std::string error;
  const auto r =
      rt::record::load_published(std::string(HWBENCH_SOURCE_DIR) + "/specs/published/linux-raid1-esata.cp.toml", error);
  REQUIRE_MESSAGE(r.has_value(), error);
  const auto json = rt::record::to_json(*r);
  CHECK(json["series"][2]["printed"] == nlohmann::json{{"mean", {{"unit", "MB/s"}, {"value", 104.9}}}});
  const auto back = rt::record::result_from_json(json, error);
  REQUIRE_MESSAGE(back.has_value(), error);
  REQUIRE(back->series.size() == 4);
  const std::vector<double> printed = {71.7, 75.6, 104.9, 99.8};
  for (std::size_t i = 0; i < 4; ++i) {
    CAPTURE(i);
    REQUIRE(back->series[i].printed.size() == 1);
    CHECK(back->series[i].printed.at("mean").value == printed[i]);
    CHECK(back->series[i].printed.at("mean").unit == "MB/s");
  }
}
