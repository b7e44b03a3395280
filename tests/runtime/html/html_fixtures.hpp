#pragma once
// What the HTML report's tests render: the shipped published files, three results to compare
// (the cp article's published figures and two measured boxes), a recipe run for real, and a
// result of 10^5 samples.
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "runtime/cli/cli.hpp"
#include "runtime/model/result.hpp"
#include "runtime/record/result_file.hpp"
#include "tests/support/golden.hpp"
#include "tests/support/temp_dir.hpp"

namespace hwbench::test {

/// What a command line printed.
struct HtmlCli {
  int code = 0;
  std::string out;
  std::string err;
};

/// Runs `hwbench ARGS…` in this process.
inline HtmlCli html_cli(std::vector<std::string> args) {
  args.insert(args.begin(), "hwbench");
  std::ostringstream out, err;
  HtmlCli r;
  r.code = runtime::cli::run_cli(args, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

/// The published results hwbench ships, as paths in the source tree.
inline std::vector<std::string> shipped_published_files() {
  return {source_path("specs/published/linux-raid1-esata.bonnie.toml"),
          source_path("specs/published/linux-raid1-esata.cp.toml"),
          source_path("specs/published/thinkpad-x20-p3-600mhz.nbench.toml"),
          source_path("specs/published/thinkpad-x20-p3-600mhz.openssl.toml")};
}

/// A measured box's copies: `label` with one sample per rate (MB/s), each 10 MB copied.
inline runtime::model::Series measured_copies(const std::string& label, const std::vector<double>& rates) {
  runtime::model::Series series;
  series.label = label;
  std::uint32_t i = 0;
  for (double rate : rates) {
    runtime::model::Sample s;
    s.iteration = ++i;
    s.units = 1;
    s.bytes = 10'000'000;
    s.wall_ns = static_cast<std::int64_t>(10e6 / (rate * 1e6) * 1e9);
    series.add(s, {"cp", {{"method", "readwrite"}}});
  }
  return series;
}

/// A measured result of the cp article's four series on a box called `cpu`, with `factor` times
/// the article's rates; without "write 100MB" when `partial`.
inline runtime::model::Result measured_box(const std::string& cpu, double factor, bool partial) {
  runtime::model::Result r;
  r.recipe_file = "specs/cp-ramdisk.bench";
  r.meta = {{"title", "cp to a RAM disk on " + cpu}, {"source", "a run of specs/cp-ramdisk.bench"}};
  r.environment = {{"cpu", {{"model", cpu}}},
                   {"cores", {{"logical", 4}, {"physical", 2}}},
                   {"kernel", {{"sysname", "Linux"}, {"release", "6.1.0-13-amd64"}, {"machine", "x86_64"}}}};
  const auto scaled = [&](std::vector<double> rates) {
    for (double& rate : rates) rate *= factor;
    return rates;
  };
  r.series.push_back(measured_copies("read 10MB", scaled({180.5, 176.25, 181.0, 179.75, 150.5, 180.0})));
  r.series.push_back(measured_copies("read 100MB", scaled({190.0, 188.5, 191.25, 189.0, 187.75, 190.5})));
  r.series.push_back(measured_copies("write 10MB", scaled({420.0, 415.5, 418.25, 421.0, 419.5, 300.25})));
  if (!partial) r.series.push_back(measured_copies("write 100MB", scaled({400.5, 398.0, 402.25, 399.5, 401.0, 400.0})));
  return r;
}

/// Three result files to compare in `dir`: the article's published figures, then box-b.json and
/// box-c.json (which has no "write 100MB"); their paths.
inline std::vector<std::string> three_results(const TempDir& dir) {
  std::vector<std::string> paths{source_path("specs/published/linux-raid1-esata.cp.toml"), dir / "box-b.json",
                                 dir / "box-c.json"};
  std::string error;
  runtime::record::save_result(measured_box("Intel(R) Core(TM) i5-7500", 1, false), paths[1], error);
  runtime::record::save_result(measured_box("AMD Ryzen 5 5600X", 1.5, true), paths[2], error);
  return paths;
}

/// A result with one series of `n` samples of 1 MB each, their rates spread between about
/// 800 and 1200 MB/s, and the default report.
inline runtime::model::Result many_samples(std::size_t n) {
  runtime::model::Result r;
  r.meta = {{"title", "many samples"}};
  runtime::model::Series series;
  series.label = "copy 1MB";
  std::uint64_t state = 12345;
  for (std::size_t i = 0; i < n; ++i) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;  // a fixed sequence, no clock
    runtime::model::Sample s;
    s.iteration = static_cast<std::uint32_t>(i + 1);
    s.units = 1;
    s.bytes = 1'000'000;
    s.wall_ns = 833'000 + static_cast<std::int64_t>((state >> 33) % 417'000);
    series.add(s, {"cp", {}});
  }
  r.series.push_back(std::move(series));
  return r;
}

/// A recipe that runs in well under a second: copies in a RAM disk, in a table, in lines and summed up.
inline std::string quick_recipe() {
  return "title \"copies in a RAM disk\"\n"
         "source \"the HTML report's browser test\"\n"
         "note \"two 1 MB files, copied five times each way\"\n"
         "setup { repeat 2 write ramdisk:/h_$i size 1MB random }\n"
         "series \"copy 1\" repeat 5 cp ramdisk:/h_1 -> ramdisk:/h_c1\n"
         "series \"copy 2\" repeat 5 cp ramdisk:/h_2 -> ramdisk:/h_c2\n"
         "report table MB/s with mean, median\n"
         "report MB/s mean, ci95, median\n"
         "report summary\n"
         "teardown { rm ramdisk:/h_* }\n";
}

}  // namespace hwbench::test
