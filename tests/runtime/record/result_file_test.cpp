#include "runtime/record/result_file.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <string>

#include <doctest/doctest.h>

#include "runtime/analysis/units.hpp"
#include "runtime/report/report.hpp"

namespace {

namespace fs = std::filesystem;
namespace platform = hwbench::platform;
namespace model = hwbench::runtime::model;
using nlohmann::json;

struct ResultDir {
  std::string path;
  ResultDir() {
    std::string templ = "/tmp/hwbench-result-XXXXXX";
    REQUIRE(::mkdtemp(templ.data()) != nullptr);
    path = templ;
  }
  ~ResultDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  ResultDir(const ResultDir&) = delete;
  ResultDir& operator=(const ResultDir&) = delete;
};

std::string result_slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void result_spit(const std::string& path, const std::string& content) {
  std::ofstream(path, std::ios::binary) << content;
}

// Same bits: tells -0.0 from 0.0 and accepts NaN == NaN.
bool same_double(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

model::Result populated() {
  model::Result r;
  r.kind = model::ResultKind::run;
  r.status = model::RunStatus::interrupted;
  r.error = "interrupted by signal 2";
  r.recipe_file = "specs/bonnie.bench";
  r.recipe_text = "bench \"x\"\n  write 10m to ram:/f\n\ttab \"quoted\" \\ é\n";
  r.recipe_sha256 = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
  r.meta = {{"title", "Bonnie"}, {"source", "bonnie 1.4"}, {"note", ""}};
  r.command_line = {"hwbench", "run", "specs/bonnie.bench", "-L", "ram=/dev/shm/x"};
  r.started_utc = "2024-05-01T12:00:00.123Z";
  r.finished_utc = "2024-05-01T12:01:02.5Z";
  r.machine = "";
  r.environment = {{"cpu", {{"model", "AMD EPYC"}, {"flags", {"sse2", "avx2"}}, {"mhz", 2596.144}}},
                   {"cores", {{"logical", 2}, {"physical", nullptr}}}};
  r.locations = {model::LocationInfo{"ram", "/dev/shm/x", "tmpfs", 25275002880ULL, true},
                 model::LocationInfo{"st1", "/mnt/raid/test", "ext4", 0, false}};

  model::Series a;
  a.label = "write 10m";
  a.converged = false;
  a.ci_target_pct = 1.0 / 3.0;
  model::Sample s1;
  s1.iteration = std::numeric_limits<std::uint32_t>::max();
  s1.units = std::numeric_limits<std::uint64_t>::max();
  s1.bytes = (1ULL << 53) + 1;  // not representable as a double: must stay an integer
  s1.ops = 7;
  s1.wall_ns = std::numeric_limits<std::int64_t>::max();
  s1.cpu = platform::CpuTimes{1, 2, 3, -4};
  s1.start_unix_ns = 1714564800123456789LL;
  s1.cold = true;
  s1.max_latency_ns = std::numeric_limits<std::int64_t>::min();
  model::Sample s2;
  s2.iteration = 2;
  s2.cpu_timed = true;
  s2.wall_ns = std::numeric_limits<std::int64_t>::min();
  s2.figure = model::Figure{0.1 + 0.2, "MB/s", 0.01};  // a program printed "0.30"
  model::Sample s3;
  s3.figure = model::Figure{std::numeric_limits<double>::quiet_NaN(), "k"};
  // Three parameter sets in one series, the first used again by the last sample.
  a.add(s1, {"files.write", {{"size", "10m"}, {"block", "4k"}}});
  a.add(s2, {"time", {}});
  a.add(s3, {"parallel", {{"workers", "2"}}});
  s1.iteration = 4;
  a.add(s1, {"files.write", {{"size", "10m"}, {"block", "4k"}}});

  a.printed = {{"mean", model::Figure{71.7, "MB/s"}},
               {"cv", model::Figure{std::numeric_limits<double>::quiet_NaN(), "MB/s"}},
               {"max", model::Figure{-std::numeric_limits<double>::infinity(), "ops/s"}}};

  model::Series b;
  b.label = "empty";
  b.ci_target_pct = -0.0;
  model::Series c;
  c.label = "inf";
  c.ci_target_pct = std::numeric_limits<double>::infinity();
  model::Sample tiny;
  tiny.figure = model::Figure{4.9e-324, "ops/s"};
  c.add(tiny, model::published_params());
  model::Series d;
  d.label = "-inf";
  d.ci_target_pct = -std::numeric_limits<double>::infinity();
  r.series = {a, b, c, d};

  r.reports = {model::ReportSpec{{model::ReportLayout::lines}, "MB/s", {"mean", "ci95"}, {}, "", {}},
               model::ReportSpec{{model::ReportLayout::table}, "ms", {}, {}, "", {}}};
  // Aggregates in the spec's order, which is not alphabetical: the file keeps them in an object.
  r.rendered = {model::RenderedReport{
                    r.reports[0],
                    "write 10m  1.00 MB/s\n",
                    {model::ReportFigures{"write 10m",
                                          {0.30000000000000004, -0.0, 1e300},
                                          {{"mean", 0.1 + 0.2}, {"ci95", std::numeric_limits<double>::quiet_NaN()}},
                                          false,
                                          ""},
                     model::ReportFigures{"empty",
                                          {},
                                          {{"mean", std::numeric_limits<double>::infinity()},
                                           {"ci95", -std::numeric_limits<double>::infinity()}},
                                          true,
                                          ""}}},
                model::RenderedReport{r.reports[1], "", {}}};
  return r;
}

void check_same(const model::Result& a, const model::Result& b) {
  CHECK(a.kind == b.kind);
  CHECK(a.status == b.status);
  CHECK(a.error == b.error);
  CHECK(a.recipe_file == b.recipe_file);
  CHECK(a.recipe_text == b.recipe_text);
  CHECK(a.recipe_sha256 == b.recipe_sha256);
  CHECK(a.meta == b.meta);
  CHECK(a.command_line == b.command_line);
  CHECK(a.started_utc == b.started_utc);
  CHECK(a.finished_utc == b.finished_utc);
  CHECK(a.machine == b.machine);
  CHECK(a.environment == b.environment);
  REQUIRE(a.locations.size() == b.locations.size());
  for (std::size_t i = 0; i < a.locations.size(); ++i) {
    CHECK(a.locations[i].name == b.locations[i].name);
    CHECK(a.locations[i].path == b.locations[i].path);
    CHECK(a.locations[i].fstype == b.locations[i].fstype);
    CHECK(a.locations[i].free_bytes == b.locations[i].free_bytes);
    CHECK(a.locations[i].builtin == b.locations[i].builtin);
  }
  REQUIRE(a.series.size() == b.series.size());
  for (std::size_t i = 0; i < a.series.size(); ++i) {
    const model::Series& x = a.series[i];
    const model::Series& y = b.series[i];
    CHECK(x.label == y.label);
    CHECK(x.converged == y.converged);
    CHECK(same_double(x.ci_target_pct, y.ci_target_pct));
    CHECK(x.param_sets == y.param_sets);
    REQUIRE(x.samples.size() == y.samples.size());
    for (std::size_t j = 0; j < x.samples.size(); ++j) {
      const model::Sample& p = x.samples[j];
      const model::Sample& q = y.samples[j];
      CHECK(p.param_set == q.param_set);
      CHECK(x.params_of(p) == y.params_of(q));
      CHECK(p.iteration == q.iteration);
      CHECK(p.units == q.units);
      CHECK(p.bytes == q.bytes);
      CHECK(p.ops == q.ops);
      CHECK(p.wall_ns == q.wall_ns);
      CHECK(p.cpu.usr_ns == q.cpu.usr_ns);
      CHECK(p.cpu.sys_ns == q.cpu.sys_ns);
      CHECK(p.cpu.cusr_ns == q.cpu.cusr_ns);
      CHECK(p.cpu.csys_ns == q.cpu.csys_ns);
      CHECK(p.start_unix_ns == q.start_unix_ns);
      CHECK(p.cold == q.cold);
      CHECK(p.cpu_timed == q.cpu_timed);
      CHECK(p.cpu_samples == q.cpu_samples);
      CHECK(p.max_latency_ns == q.max_latency_ns);
      CHECK(p.block == q.block);
      REQUIRE(p.figure.has_value() == q.figure.has_value());
      if (p.figure) {
        CHECK(same_double(p.figure->value, q.figure->value));
        CHECK(p.figure->unit == q.figure->unit);
        CHECK(same_double(p.figure->resolution, q.figure->resolution));
      }
    }
    REQUIRE(x.printed.size() == y.printed.size());
    for (auto p = x.printed.begin(), q = y.printed.begin(); p != x.printed.end(); ++p, ++q) {
      CHECK(p->first == q->first);
      CHECK(same_double(p->second.value, q->second.value));
      CHECK(p->second.unit == q->second.unit);
    }
  }
  REQUIRE(a.reports.size() == b.reports.size());
  for (std::size_t i = 0; i < a.reports.size(); ++i) {
    CHECK(a.reports[i].style == b.reports[i].style);
    CHECK(a.reports[i].unit == b.reports[i].unit);
    CHECK(a.reports[i].aggregates == b.reports[i].aggregates);
  }
  REQUIRE(a.rendered.size() == b.rendered.size());
  for (std::size_t i = 0; i < a.rendered.size(); ++i) {
    CHECK(a.rendered[i].spec.style == b.rendered[i].spec.style);
    CHECK(a.rendered[i].spec.unit == b.rendered[i].spec.unit);
    CHECK(a.rendered[i].spec.aggregates == b.rendered[i].spec.aggregates);
    CHECK(a.rendered[i].text == b.rendered[i].text);
    REQUIRE(a.rendered[i].figures.size() == b.rendered[i].figures.size());
    for (std::size_t j = 0; j < a.rendered[i].figures.size(); ++j) {
      const model::ReportFigures& f = a.rendered[i].figures[j];
      const model::ReportFigures& g = b.rendered[i].figures[j];
      CHECK(f.label == g.label);
      REQUIRE(f.values.size() == g.values.size());
      for (std::size_t k = 0; k < f.values.size(); ++k) CHECK(same_double(f.values[k], g.values[k]));
      REQUIRE(f.aggregates.size() == g.aggregates.size());
      for (std::size_t k = 0; k < f.aggregates.size(); ++k) {
        CHECK(f.aggregates[k].first == g.aggregates[k].first);
        CHECK(same_double(f.aggregates[k].second, g.aggregates[k].second));
      }
      CHECK(f.converged == g.converged);
      CHECK(f.blocks == g.blocks);
      CHECK(f.estimate == g.estimate);
      CHECK(f.unstable_spread == g.unstable_spread);
    }
  }
}

std::string from_json_error(const json& document) {
  std::string error;
  const auto result = hwbench::runtime::record::result_from_json(document, error);
  CHECK_FALSE(result.has_value());
  return error;
}

}  // namespace

TEST_CASE("result_file: a populated Result round-trips through JSON field by field") {
  const model::Result original = populated();
  std::string error;
  const auto back = hwbench::runtime::record::result_from_json(hwbench::runtime::record::to_json(original), error);
  REQUIRE_MESSAGE(back.has_value(), error);
  check_same(original, *back);
}

TEST_CASE("result_file: a populated Result round-trips through a file") {
  ResultDir dir;
  const std::string path = dir.path + "/run.json";
  const model::Result original = populated();
  std::string error;
  REQUIRE_MESSAGE(hwbench::runtime::record::save_result(original, path, error), error);
  const std::string text = result_slurp(path);
  CHECK(text.back() == '\n');
  CHECK(text.rfind("{\n  \"command_line\": [\n    \"hwbench\",", 0) == 0);
  // Integers stay integers, however large.
  CHECK(text.find("\"bytes\": [9007199254740993,0,0,9007199254740993],") != std::string::npos);
  CHECK(text.find("\"wall_ns\": [9223372036854775807,-9223372036854775808,0,9223372036854775807]\n") !=
        std::string::npos);
  CHECK(text.find("\"value\": 0.30000000000000004\n") != std::string::npos);
  CHECK(text.find("\"ci_target_pct\": \"inf\",") != std::string::npos);
  // Every aggregate a report computed, NaN included, and the printed figures.
  CHECK(text.find("\"aggregates\": {\n            \"ci95\": \"nan\",\n            \"mean\": 0.30000000000000004\n") !=
        std::string::npos);
  CHECK(text.find("\"mean\": {\n          \"unit\": \"MB/s\",\n          \"value\": 71.7\n") != std::string::npos);
  const auto back = hwbench::runtime::record::load_result(path, error);
  REQUIRE_MESSAGE(back.has_value(), error);
  check_same(original, *back);
}

TEST_CASE("result_file: the file layout of a small complete run") {
  ResultDir dir;
  model::Result r;
  r.recipe_file = "a.bench";
  r.command_line = {"hwbench", "run", "a.bench"};
  model::Series s;
  s.label = "copy";
  model::Sample sample;
  sample.iteration = 1;
  sample.units = 1;
  sample.bytes = 1048576;
  sample.wall_ns = 1500000;
  sample.cpu = platform::CpuTimes{1000000, 400000, 0, 0};
  sample.start_unix_ns = 1700000000000000000LL;
  s.add(sample, {"files.copy", {{"size", "1m"}}});
  r.series = {s};
  r.reports = {model::ReportSpec{{model::ReportLayout::lines}, "MB/s", {"mean"}, {}, "", {}}};
  r.rendered = {model::RenderedReport{
      r.reports[0], "copy 699.05 MB/s\n", {model::ReportFigures{"copy", {699.05}, {{"mean", 699.05}}, true, ""}}}};
  const std::string path = dir.path + "/small.json";
  std::string error;
  REQUIRE(hwbench::runtime::record::save_result(r, path, error));
  CHECK(result_slurp(path) == R"({
  "command_line": [
    "hwbench",
    "run",
    "a.bench"
  ],
  "complete": true,
  "environment": {},
  "error": "",
  "finished_utc": "",
  "kind": "run",
  "locations": [],
  "machine": "",
  "meta": {},
  "recipe_file": "a.bench",
  "recipe_sha256": "",
  "recipe_text": "",
  "rendered": [
    {
      "figures": [
        {
          "aggregates": {
            "mean": 699.05
          },
          "converged": true,
          "label": "copy",
          "values": [699.05]
        }
      ],
      "spec": {
        "aggregates": [
          "mean"
        ],
        "style": "lines",
        "unit": "MB/s"
      },
      "text": "copy 699.05 MB/s\n"
    }
  ],
  "reports": [
    {
      "aggregates": [
        "mean"
      ],
      "style": "lines",
      "unit": "MB/s"
    }
  ],
  "schema": "hwbench-result/2",
  "series": [
    {
      "ci_target_pct": 0.0,
      "converged": true,
      "label": "copy",
      "param_sets": [
        {
          "kernel": "files.copy",
          "params": {
            "size": "1m"
          }
        }
      ],
      "printed": {},
      "samples": {
        "bytes": 1048576,
        "cold": false,
        "count": 1,
        "cpu_timed": false,
        "csys_ns": 0,
        "cusr_ns": 0,
        "max_latency_ns": 0,
        "ops": 0,
        "param_set": 0,
        "start_unix_ns": 1700000000000000000,
        "sys_ns": 400000,
        "units": 1,
        "usr_ns": 1000000,
        "wall_ns": 1500000
      }
    }
  ],
  "started_utc": "",
  "status": "complete"
}
)");
}

TEST_CASE("result_file: complete is true only for status complete") {
  model::Result r;
  using model::RunStatus;
  for (RunStatus status : {RunStatus::interrupted, RunStatus::failed, RunStatus::published}) {
    r.status = status;
    CHECK(hwbench::runtime::record::to_json(r)["complete"] == false);
  }
  r.status = RunStatus::complete;
  CHECK(hwbench::runtime::record::to_json(r)["complete"] == true);
}

TEST_CASE("result_file: load errors name the file and the problem") {
  ResultDir dir;
  std::string error;
  const std::string missing = dir.path + "/none.json";
  CHECK_FALSE(hwbench::runtime::record::load_result(missing, error).has_value());
  CHECK(error == "cannot read " + missing + ": No such file or directory");

  CHECK_FALSE(hwbench::runtime::record::load_result(dir.path, error).has_value());
  CHECK(error == "cannot read " + dir.path + ": Is a directory");

  const std::string other = dir.path + "/other.json";
  json document = hwbench::runtime::record::to_json(model::Result{});
  document["schema"] = "hwbench-result/3";
  result_spit(other, document.dump());
  CHECK_FALSE(hwbench::runtime::record::load_result(other, error).has_value());
  CHECK(error == other +
                     ": error: unsupported schema \"hwbench-result/3\" (this hwbench reads \"hwbench-result/1\" and "
                     "\"hwbench-result/2\")");

  const std::string bare = dir.path + "/bare.json";
  result_spit(bare, "{\"series\": []}\n");
  CHECK_FALSE(hwbench::runtime::record::load_result(bare, error).has_value());
  CHECK(error == bare + ": error: not an hwbench result (no \"schema\" key)");

  const std::string list = dir.path + "/list.json";
  result_spit(list, "[1, 2]");
  CHECK_FALSE(hwbench::runtime::record::load_result(list, error).has_value());
  CHECK(error == list + ": error: not an hwbench result (expected a JSON object, got array)");

  const std::string cut = dir.path + "/cut.json";
  result_spit(cut, "{\"schema\": \"hwbench-result/2\",\n \"kind\": \"ru");
  CHECK_FALSE(hwbench::runtime::record::load_result(cut, error).has_value());
  CHECK(error == cut +
                     ":2:13: error: not JSON: syntax error while parsing "
                     "value - invalid string: missing closing quote; last read: '\"ru'");

  const std::string empty = dir.path + "/empty.json";
  result_spit(empty, "");
  CHECK_FALSE(hwbench::runtime::record::load_result(empty, error).has_value());
  CHECK(error == empty +
                     ":1:1: error: not JSON: syntax error while parsing "
                     "value - unexpected end of input; expected '[', '{', or a literal");
}

TEST_CASE("result_file: a truncated result file is refused") {
  ResultDir dir;
  const std::string path = dir.path + "/run.json";
  std::string error;
  REQUIRE(hwbench::runtime::record::save_result(populated(), path, error));
  const std::string text = result_slurp(path);
  for (const std::size_t keep : {text.size() - 2, text.size() / 2, std::size_t{1}}) {
    CAPTURE(keep);
    result_spit(path, text.substr(0, keep));
    CHECK_FALSE(hwbench::runtime::record::load_result(path, error).has_value());
    // The input ends early: the place is the end of what is left.
    const auto lines = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(keep), '\n');
    CHECK(error.rfind(path + ":" + std::to_string(lines) + ":", 0) == 0);
    CHECK(error.find(": error: not JSON: syntax error while parsing ") != std::string::npos);
  }
}

TEST_CASE("result_file: fields of the wrong type or value are named exactly") {
  const json good = hwbench::runtime::record::to_json(populated());

  json doc = good;
  doc["series"][0]["samples"]["wall_ns"][1] = "12";
  CHECK(from_json_error(doc) == "series[0].samples.wall_ns[1]: expected an integer, got string");

  doc = good;
  doc["series"][0]["samples"]["bytes"][0] = -1;
  CHECK(from_json_error(doc) == "series[0].samples.bytes[0]: expected an unsigned integer, got -1");

  doc = good;
  doc["series"][0]["samples"]["iteration"][0] = 4294967296ULL;
  CHECK(from_json_error(doc) == "series[0].samples.iteration[0]: out of range (at most 4294967295), got 4294967296");

  doc = good;
  doc["series"][0]["samples"]["start_unix_ns"][0] = 9223372036854775808ULL;
  CHECK(from_json_error(doc) ==
        "series[0].samples.start_unix_ns[0]: out of range for a signed 64-bit integer, got 9223372036854775808");

  doc = good;
  doc["series"][0]["samples"]["sys_ns"][0] = 1.5;
  CHECK(from_json_error(doc) == "series[0].samples.sys_ns[0]: expected an integer, got 1.5");

  doc = good;
  doc["series"][1].erase("label");
  CHECK(from_json_error(doc) == "series[1].label: missing");

  doc = good;
  doc["series"][0]["samples"]["figure"][1]["value"] = "fast";
  CHECK(from_json_error(doc) ==
        "series[0].samples.figure[1].value: expected a number (or \"nan\", \"inf\", \"-inf\"), got string");

  doc = good;
  doc["meta"]["title"] = 3;
  CHECK(from_json_error(doc) == "meta.title: expected a string, got 3");

  doc = good;
  doc["rendered"][0]["spec"]["aggregates"][1] = nullptr;
  CHECK(from_json_error(doc) == "rendered[0].spec.aggregates[1]: expected a string, got null");

  doc = good;
  doc["locations"] = json::object();
  CHECK(from_json_error(doc) == "locations: expected an array, got object");

  doc = good;
  doc["status"] = "done";
  CHECK(from_json_error(doc) ==
        "status: expected \"complete\", \"interrupted\", \"failed\" or \"published\", got \"done\"");

  doc = good;
  doc["complete"] = true;
  CHECK(from_json_error(doc) == "complete: true but status is \"interrupted\"");

  doc = good;
  doc["kind"] = "guess";
  CHECK(from_json_error(doc) == "kind: expected \"run\" or \"published\", got \"guess\"");

  doc = good;
  doc["series"][0].erase("printed");
  CHECK(from_json_error(doc) == "series[0].printed: missing");

  doc = good;
  doc["series"][0]["printed"]["mean"]["value"] = "lots";
  CHECK(from_json_error(doc) ==
        "series[0].printed.mean.value: expected a number (or \"nan\", \"inf\", \"-inf\"), got string");

  doc = good;
  doc["series"][0]["printed"]["cv"] = 0.05;
  CHECK(from_json_error(doc) == "series[0].printed.cv: expected an object, got 0.05");

  doc = good;
  doc["rendered"][0].erase("figures");
  CHECK(from_json_error(doc) == "rendered[0].figures: missing");

  doc = good;
  doc["rendered"][0]["figures"][0]["values"][1] = true;
  CHECK(from_json_error(doc) ==
        "rendered[0].figures[0].values[1]: expected a number (or \"nan\", \"inf\", \"-inf\"), got true");

  doc = good;
  doc["rendered"][0]["figures"][1]["aggregates"].erase("ci95");
  CHECK(from_json_error(doc) == "rendered[0].figures[1].aggregates.ci95: missing");

  doc = good;
  doc["rendered"][0]["figures"][0]["converged"] = "no";
  CHECK(from_json_error(doc) == "rendered[0].figures[0].converged: expected true or false, got string");

  doc = good;
  doc["schema"] = 1;
  CHECK(from_json_error(doc) ==
        "unsupported schema 1 (this hwbench reads \"hwbench-result/1\" and \"hwbench-result/2\")");
}

TEST_CASE("result_file: malformed sample columns are named exactly") {
  const json good = hwbench::runtime::record::to_json(populated());
  REQUIRE(good["series"][0]["samples"]["count"] == 4);

  json doc = good;
  doc["series"][0]["samples"]["ops"] = json::array({7, 0, 0});
  CHECK(from_json_error(doc) == "series[0].samples.ops: expected 4 values (samples.count), got 3");

  doc = good;
  doc["series"][0]["samples"]["count"] = 5U;
  CHECK(from_json_error(doc) == "series[0].samples.param_set: expected 5 values (samples.count), got 4");

  doc = good;
  doc["series"][0]["samples"].erase("count");
  CHECK(from_json_error(doc) == "series[0].samples.count: missing");

  doc = good;
  doc["series"][0]["samples"]["units"] = "7";
  CHECK(from_json_error(doc) == "series[0].samples.units: expected an integer or an array of integers, got string");

  doc = good;
  doc["series"][0]["samples"]["csys_ns"] = -1.5;
  CHECK(from_json_error(doc) == "series[0].samples.csys_ns: expected an integer, got -1.5");

  doc = good;
  doc["series"][0]["samples"]["param_set"][2] = 3U;
  CHECK(from_json_error(doc) == "series[0].samples.param_set[2]: 3 names no entry of param_sets (it has 3)");

  doc = good;
  doc["series"][2]["samples"]["param_set"] = 1U;
  CHECK(from_json_error(doc) == "series[2].samples.param_set: 1 names no entry of param_sets (it has 1)");

  doc = good;
  doc["series"][0]["samples"]["cold"] = json::array({true, 1, false, true});
  CHECK(from_json_error(doc) == "series[0].samples.cold[1]: expected true or false, got 1");

  doc = good;
  doc["series"][0]["samples"]["cpu_timed"] = json::array({true});
  CHECK(from_json_error(doc) == "series[0].samples.cpu_timed: expected 4 values (samples.count), got 1");

  doc = good;
  doc["series"][0]["samples"]["figure"] = json::array();
  CHECK(from_json_error(doc) == "series[0].samples.figure: expected 4 values (samples.count), got 0");

  doc = good;
  doc["series"][0]["param_sets"][1].erase("kernel");
  CHECK(from_json_error(doc) == "series[0].param_sets[1].kernel: missing");

  doc = good;
  doc["series"][0].erase("param_sets");
  CHECK(from_json_error(doc) == "series[0].param_sets: missing");

  doc = good;
  doc["series"][0]["samples"] = json::array();
  CHECK(from_json_error(doc) == "series[0].samples: expected an object, got array");

  doc = good;
  doc["rendered"][0]["figures"][1]["values"] = "samples";
  doc["rendered"][0]["figures"][1]["label"] = "nowhere";
  CHECK(from_json_error(doc) == "rendered[0].figures[1].values: \"samples\", but no series is labelled \"nowhere\"");

  doc = good;
  doc["rendered"][0]["figures"][0]["values"] = "samples";
  doc["rendered"][0]["spec"]["unit"] = "furlongs";
  CHECK(from_json_error(doc) == "rendered[0].figures[0].values: \"samples\", but \"furlongs\" is no unit");

  doc = good;
  doc["rendered"][0]["figures"][0]["values"] = "all";
  CHECK(from_json_error(doc) == "rendered[0].figures[0].values: expected an array, got string");
}

TEST_CASE("result_file: columns read from a file's text are checked as strictly as any field") {
  const json good = hwbench::runtime::record::to_json(populated());
  const auto file_error = [](const json& doc) {
    std::string error;
    CHECK_FALSE(hwbench::runtime::record::parse_result(doc.dump(), "r.json", error).has_value());
    return error;
  };
  std::string error;
  const auto back = hwbench::runtime::record::parse_result(good.dump(), "r.json", error);
  REQUIRE_MESSAGE(back.has_value(), error);
  check_same(populated(), *back);

  json doc = good;
  doc["series"][0]["samples"]["wall_ns"][1] = 1.5;
  CHECK(file_error(doc) == "r.json: error: series[0].samples.wall_ns[1]: expected an integer, got 1.5");

  doc = good;
  doc["series"][0]["samples"]["wall_ns"][0] = "x";
  CHECK(file_error(doc) == "r.json: error: series[0].samples.wall_ns[0]: expected an integer, got string");

  doc = good;
  doc["series"][0]["samples"]["bytes"][2] = -3;
  CHECK(file_error(doc) == "r.json: error: series[0].samples.bytes[2]: expected an unsigned integer, got -3");

  doc = good;
  doc["series"][0]["samples"]["param_set"][1] = 4294967296ULL;
  CHECK(file_error(doc) ==
        "r.json: error: series[0].samples.param_set[1]: out of range (at most 4294967295), got 4294967296");

  doc = good;
  doc["series"][0]["samples"]["start_unix_ns"][3] = 9223372036854775808ULL;
  CHECK(file_error(doc) ==
        "r.json: error: series[0].samples.start_unix_ns[3]: out of range for a signed 64-bit "
        "integer, got 9223372036854775808");

  doc = good;
  doc["series"][0]["samples"]["ops"].push_back(1U);
  CHECK(file_error(doc) == "r.json: error: series[0].samples.ops: expected 4 values (samples.count), got 5");
}

TEST_CASE("result_file: columns keep every integer exact and store what repeats once") {
  model::Result r;
  model::Series s;
  s.label = "edges";
  const std::int64_t lo = std::numeric_limits<std::int64_t>::min(), hi = std::numeric_limits<std::int64_t>::max();
  const std::uint64_t top = std::numeric_limits<std::uint64_t>::max();
  // Around 2^53 (where a double loses digits), the extremes, and jumps that overflow a difference.
  const std::vector<std::uint64_t> counts = {(1ULL << 53) + 1, top, 0, (1ULL << 63) + 7, 1, top - 1};
  const std::vector<std::int64_t> times = {hi, lo, 0, -1, (1LL << 53) + 3, hi - 1};
  for (std::size_t i = 0; i < counts.size(); ++i) {
    model::Sample sample;
    sample.iteration = static_cast<std::uint32_t>(i + 1);
    sample.units = 1;
    sample.bytes = counts[i];
    sample.ops = counts[counts.size() - 1 - i];
    sample.wall_ns = times[i];
    sample.cpu = platform::CpuTimes{times[(i + 1) % 6], times[(i + 2) % 6], 0, times[(i + 3) % 6]};
    sample.start_unix_ns = times[(i + 4) % 6];
    s.add(sample, {"nop", {{"n", i % 2 == 0 ? "even" : "odd"}}});
  }
  r.series = {s};
  const std::string text = hwbench::runtime::record::result_text(r);
  // Constant columns are one number, 1..n is left out, the rest one array on one line.
  CHECK(text.find("\"units\": 1,\n") != std::string::npos);
  CHECK(text.find("\"cusr_ns\": 0,\n") != std::string::npos);
  CHECK(text.find("\"iteration\"") == std::string::npos);
  CHECK(text.find("\"param_set\": [0,1,0,1,0,1],\n") != std::string::npos);
  CHECK(
      text.find("\"bytes\": [9007199254740993,18446744073709551615,0,9223372036854775815,1,18446744073709551614],\n") !=
      std::string::npos);
  CHECK(text.find(
            "\"wall_ns\": [9223372036854775807,-9223372036854775808,0,-1,9007199254740995,9223372036854775806]\n") !=
        std::string::npos);
  // Start times as differences, with 64-bit wrap-around: starts 2^53+3, max-1, max, min, 0, -1.
  CHECK(text.find("\"start_unix_ns\": [9007199254740995,9214364837600034811,1,1,-9223372036854775808,-1],\n") !=
        std::string::npos);
  std::string error;
  const auto back = hwbench::runtime::record::parse_result(text, "edges.json", error);
  REQUIRE_MESSAGE(back.has_value(), error);
  check_same(r, *back);
  REQUIRE(back->series[0].param_sets.size() == 2);
  CHECK(back->series[0].param_sets[1].params.at("n") == "odd");
}

TEST_CASE("result_file: 200000 short samples take under 20 bytes each, in the file and in memory") {
  // Samples as a million `nop` runs give them: under a microsecond of wall time, CPU time in
  // whole microseconds, starts 7 to 9 µs apart. Each of the four columns that vary writes at
  // most four digits and a comma a sample; every other column is one number.
  constexpr std::size_t n = 200000;
  model::Result r;
  model::Series s;
  s.label = "n";
  std::uint64_t seed = 12345;
  const auto next = [&seed](std::uint64_t bound) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<std::int64_t>((seed >> 33) % bound);
  };
  std::int64_t start = 1'700'000'000'000'000'000;
  const model::ParamSet nop{"nop", {}};
  for (std::size_t i = 0; i < n; ++i) {
    model::Sample sample;
    sample.iteration = static_cast<std::uint32_t>(i + 1);
    sample.units = 1;
    sample.ops = 1;
    sample.wall_ns = 60 + next(900);
    sample.cpu = platform::CpuTimes{1000 * next(4), 1000 * next(3), 0, 0};
    start += 7000 + next(2000);
    sample.start_unix_ns = start;
    s.add(sample, nop);
  }
  // In memory: four columns of 32-bit residuals, the others constant; at most twice that while
  // a vector grows.
  CHECK(s.samples.memory_bytes() <= 2 * 4 * 4 * n);
  r.series = {s};
  // A report's per-sample figures that are the samples' own rates are not written again.
  const auto* ops = hwbench::runtime::analysis::find_unit("ops/s");
  REQUIRE(ops != nullptr);
  const model::ReportSpec spec{{model::ReportLayout::lines}, "ops/s", {"mean"}, {}, "", {}};
  r.rendered = {model::RenderedReport{
      spec,
      "n\n",
      {model::ReportFigures{"n", hwbench::runtime::analysis::sample_values(s, *ops), {{"mean", 1}}, true, ""}}}};
  const std::string text = hwbench::runtime::record::result_text(r);
  CHECK(text.size() <= 20 * n);
  CHECK(text.size() >= 8 * n);  // every sample is there: two characters at least in each of four columns
  std::string error;
  const auto back = hwbench::runtime::record::parse_result(text, "many.json", error);
  REQUIRE_MESSAGE(back.has_value(), error);
  REQUIRE(back->series[0].samples.size() == n);
  for (const std::size_t i : {std::size_t{0}, n / 2, n - 1}) {
    const model::Sample p = s.samples[i];
    const model::Sample q = back->series[0].samples[i];
    CHECK(p.wall_ns == q.wall_ns);
    CHECK(p.cpu.usr_ns == q.cpu.usr_ns);
    CHECK(p.cpu.sys_ns == q.cpu.sys_ns);
    CHECK(p.start_unix_ns == q.start_unix_ns);
    CHECK(q.iteration == i + 1);
  }
  CHECK(back->series[0].samples.back().start_unix_ns == start);
  CHECK(text.find("\"values\": \"samples\"") != std::string::npos);
  REQUIRE(back->rendered.size() == 1);
  CHECK(back->rendered[0].figures.at(0).values == r.rendered[0].figures[0].values);
}

TEST_CASE("result_file: a hwbench-result/1 file is still read, one sample object at a time") {
  const std::string old = R"({
  "command_line": ["hwbench", "run", "a.bench"],
  "complete": true, "environment": {}, "error": "", "finished_utc": "", "kind": "run",
  "locations": [], "machine": "", "meta": {}, "recipe_file": "a.bench", "recipe_sha256": "",
  "recipe_text": "", "rendered": [], "reports": [], "schema": "hwbench-result/1", "started_utc": "",
  "status": "complete",
  "series": [
    {
      "ci_target_pct": 0.0, "converged": true, "label": "copy", "printed": {},
      "samples": [
        {"bytes": 9007199254740993, "cold": false,
         "cpu": {"csys_ns": 0, "cusr_ns": 0, "sys_ns": 400000, "usr_ns": 1000000},
         "iteration": 1, "kernel": "files.copy", "ops": 0, "params": {"size": "1m"},
         "start_unix_ns": 1700000000000000000, "units": 1, "wall_ns": 1500000},
        {"bytes": 1048576, "cold": true, "cpu": {"csys_ns": 1, "cusr_ns": 2, "sys_ns": 3, "usr_ns": 4},
         "iteration": 2, "kernel": "files.copy", "ops": 0, "params": {"size": "2m"}, "cpu_timed": true,
         "max_latency_ns": 77, "start_unix_ns": 1700000000000000001, "units": 1, "wall_ns": 9223372036854775807},
        {"bytes": 0, "cold": false, "cpu": {"csys_ns": 0, "cusr_ns": 0, "sys_ns": 0, "usr_ns": 0},
         "iteration": 3, "kernel": "files.copy", "ops": 0, "params": {"size": "1m"},
         "figure": {"value": 71.7, "unit": "MB/s"}, "start_unix_ns": 0, "units": 0, "wall_ns": 0}
      ]
    }
  ]
})";
  std::string error;
  const auto r = hwbench::runtime::record::parse_result(old, "old.json", error);
  REQUIRE_MESSAGE(r.has_value(), error);
  const model::Series& copy = r->series.at(0);
  REQUIRE(copy.samples.size() == 3);
  REQUIRE(copy.param_sets.size() == 2);
  CHECK(copy.param_sets[0] == model::ParamSet{"files.copy", {{"size", "1m"}}});
  CHECK(copy.param_sets[1] == model::ParamSet{"files.copy", {{"size", "2m"}}});
  CHECK(copy.samples[0].param_set == 0);
  CHECK(copy.samples[1].param_set == 1);
  CHECK(copy.samples[2].param_set == 0);
  CHECK(copy.samples[0].bytes == 9007199254740993ULL);
  CHECK(copy.samples[0].cpu.usr_ns == 1000000);
  CHECK(copy.samples[1].wall_ns == std::numeric_limits<std::int64_t>::max());
  CHECK(copy.samples[1].cold);
  CHECK(copy.samples[1].cpu_timed);
  CHECK(copy.samples[1].max_latency_ns == 77);
  CHECK(copy.samples[1].cpu.csys_ns == 1);
  CHECK(copy.samples[1].start_unix_ns == 1700000000000000001LL);
  CHECK(copy.samples[2].iteration == 3);
  REQUIRE(copy.samples[2].figure.has_value());
  CHECK(copy.samples[2].figure->value == 71.7);
  // Written again, it is a /2 file that reads back the same.
  const std::string text = hwbench::runtime::record::result_text(*r);
  CHECK(text.find("\"schema\": \"hwbench-result/2\"") != std::string::npos);
  const auto again = hwbench::runtime::record::parse_result(text, "new.json", error);
  REQUIRE_MESSAGE(again.has_value(), error);
  check_same(*r, *again);

  // Its errors still name the sample by its place in the array.
  json doc = json::parse(old);
  doc["series"][0]["samples"][1]["wall_ns"] = "12";
  CHECK(from_json_error(doc) == "series[0].samples[1].wall_ns: expected an integer, got string");
}

TEST_CASE("result_file: a report style must be a generic layout or a named style") {
  const json good = hwbench::runtime::record::to_json(populated());
  json doc = good;
  doc["reports"][1]["style"] = "tabel";
  CHECK(from_json_error(doc) ==
        "reports[1].style: expected \"lines\", \"table\", \"compare\", \"summary\", \"interleaved\" or a named style, "
        "got \"tabel\"");

  doc = good;
  doc["rendered"][0]["spec"]["style"] = "named";
  CHECK(from_json_error(doc) ==
        "rendered[0].spec.style: expected \"lines\", \"table\", \"compare\", \"summary\", \"interleaved\" or a named "
        "style, got \"named\"");

  for (const char* style : {"compare", "unixbench"}) {
    doc = good;
    doc["reports"][1]["style"] = style;
    std::string error;
    const auto loaded = hwbench::runtime::record::result_from_json(doc, error);
    REQUIRE_MESSAGE(loaded.has_value(), error);
    CHECK(model::to_text(loaded->reports[1].style) == style);
  }
}

TEST_CASE("result_file: optional figure may be absent or null, unknown keys are ignored") {
  json doc = hwbench::runtime::record::to_json(populated());
  doc["series"][0]["samples"]["figure"][1] = nullptr;
  doc["added_later"] = {1, 2};
  std::string error;
  const auto r = hwbench::runtime::record::result_from_json(doc, error);
  REQUIRE_MESSAGE(r.has_value(), error);
  CHECK_FALSE(r->series[0].samples[1].figure.has_value());
  CHECK_FALSE(r->series[0].samples[0].figure.has_value());
  CHECK(r->series[0].samples[2].figure.has_value());

  doc.erase("added_later");
  doc["series"][0]["samples"].erase("figure");
  const auto without = hwbench::runtime::record::result_from_json(doc, error);
  REQUIRE_MESSAGE(without.has_value(), error);
  CHECK_FALSE(without->series[0].samples[2].figure.has_value());
}

TEST_CASE("result_file: save_result replaces invalid UTF-8 and reports write failures") {
  ResultDir dir;
  model::Result r;
  r.recipe_text =
      "a\xff"
      "b";
  std::string error;
  const std::string path = dir.path + "/u.json";
  REQUIRE(hwbench::runtime::record::save_result(r, path, error));
  const auto back = hwbench::runtime::record::load_result(path, error);
  REQUIRE(back.has_value());
  CHECK(back->recipe_text ==
        "a\xEF\xBF\xBD"
        "b");

  const std::string nowhere = dir.path + "/no/such/dir/r.json";
  CHECK_FALSE(hwbench::runtime::record::save_result(r, nowhere, error));
  CHECK(error == "cannot write " + nowhere + ": No such file or directory");
}

TEST_CASE("result_file: a CPU span's column is written only where a sample's CPU time is not its own") {
  model::Result r;
  model::Series spans;
  spans.label = "spans";
  model::Series own;
  own.label = "own";
  for (std::uint32_t i = 0; i < 4; ++i) {
    model::Sample sample;
    sample.iteration = i + 1;
    sample.units = 1;
    sample.wall_ns = 100;
    own.add(sample, {"nop", {}});
    sample.cpu_samples = i == 3 ? 3 : (i == 0 ? 1 : 0);
    sample.cpu.usr_ns = i == 3 ? 2000 : 0;
    spans.add(sample, {"nop", {}});
  }
  r.series = {spans, own};
  const std::string text = hwbench::runtime::record::result_text(r);
  CHECK(text.find("\"cpu_samples\": [1,0,0,3],\n") != std::string::npos);
  // Once only: the series whose samples read their own has no such column.
  CHECK(text.find("\"cpu_samples\"") == text.rfind("\"cpu_samples\""));
  std::string error;
  const auto back = hwbench::runtime::record::parse_result(text, "spans.json", error);
  REQUIRE_MESSAGE(back.has_value(), error);
  check_same(r, *back);
  CHECK(back->series[0].samples[3].cpu_samples == 3);
  CHECK(back->series[1].samples[2].cpu_samples == 1);
}

namespace {

/// Two series of six samples and a `lines` report of their ops/s: "blocked", in three blocks,
/// each steady and apart from the others (100, 110, 120 ops: ±9% block to block), and "plain",
/// back to back, of no operations or (`plain_ops`) of 100 and 101 in turn (±1% of its own).
model::Result blocked_beside_plain(bool plain_ops) {
  model::Result r;
  model::Series blocked;
  blocked.label = "blocked";
  model::Series plain;
  plain.label = "plain";
  for (std::uint32_t i = 0; i < 6; ++i) {
    model::Sample sample;
    sample.iteration = i + 1;
    sample.units = 1;
    sample.wall_ns = 100;
    if (plain_ops) sample.ops = 100 + i % 2;
    plain.add(sample, {"nop", {}});
    sample.block = i / 2 + 1;
    sample.ops = i < 2 ? 100 : i < 4 ? 110 : 120;
    blocked.add(sample, {"nop", {}});
  }
  r.series = {blocked, plain};
  model::ReportSpec lines;
  lines.style.layout = model::ReportLayout::lines;
  lines.unit = "ops/s";
  lines.aggregates = {"mean", "ci95"};
  r.rendered.push_back(
      hwbench::runtime::report::render_to_record(r, lines, hwbench::runtime::report::Format::text, {}));
  return r;
}

}  // namespace

TEST_CASE("result_file: samples' blocks and how a report's interval used them are kept, only where there are blocks") {
  model::Result r = blocked_beside_plain(/*plain_ops=*/false);
  const auto& figures = r.rendered[0].figures;
  REQUIRE(figures.size() == 2);
  CHECK(figures[0].blocks == 3);
  CHECK(figures[0].estimate == "blocks");
  REQUIRE(figures[0].unstable_spread.has_value());
  CHECK(*figures[0].unstable_spread == doctest::Approx(20.0 / 110));
  CHECK(figures[1].blocks == 0);
  const std::string text = hwbench::runtime::record::result_text(r);
  CHECK(text.find("\"block\": [1,1,2,2,3,3],\n") != std::string::npos);
  CHECK(text.find("\"block\"") == text.rfind("\"block\""));  // the plain series has none
  CHECK(text.find("\"interval\": {") == text.rfind("\"interval\": {"));
  std::string error;
  const auto back = hwbench::runtime::record::parse_result(text, "blocks.json", error);
  REQUIRE_MESSAGE(back.has_value(), error);
  check_same(r, *back);
  CHECK(back->series[0].samples[5].block == 3);
  CHECK(back->rendered[0].figures[0].estimate == "blocks");
}

TEST_CASE("result_file: a series taken back to back keeps that its ci95 came from the run's drift") {
  model::Result r = blocked_beside_plain(/*plain_ops=*/true);
  const auto& figures = r.rendered[0].figures;
  REQUIRE(figures.size() == 2);
  CHECK(figures[1].blocks == 0);
  CHECK(figures[1].estimate == "run");
  CHECK_FALSE(figures[1].unstable_spread.has_value());
  // t(0.975, 2) · the block means' sd of ±9.05% · the mean of 1.005e9 ops/s
  CHECK(figures[1].aggregates[1].second == doctest::Approx(4.302653 * (10 / 110.0) * 1.005e9).epsilon(1e-5));
  const std::string text = hwbench::runtime::record::result_text(r);
  CHECK(text.find("\"estimate\": \"run\"") != std::string::npos);
  std::string error;
  const auto back = hwbench::runtime::record::parse_result(text, "drift.json", error);
  REQUIRE_MESSAGE(back.has_value(), error);
  check_same(r, *back);
  CHECK(back->rendered[0].figures[1].estimate == "run");
}
