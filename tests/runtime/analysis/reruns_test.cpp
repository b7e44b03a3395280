// Reruns joined into one side of a comparison: each run's samples in a block of their own, the
// refusals, and verdicts that see the drift between runs where one run against one does not.
#include "runtime/analysis/reruns.hpp"

#include <filesystem>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/analysis/compare.hpp"
#include "runtime/record/comparable.hpp"
#include "runtime/record/result_file.hpp"
#include "runtime/report/compare_report.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/temp_dir.hpp"

namespace rt = hwbench::runtime;
namespace test = hwbench::test;

namespace {

/// A series of samples of `ops` operations in one second each.
rt::model::Series steady_series(const std::string& label, std::vector<std::uint64_t> ops) {
  rt::model::Series s;
  s.label = label;
  for (std::size_t i = 0; i < ops.size(); ++i) {
    rt::model::Sample sample;
    sample.iteration = static_cast<std::uint32_t>(i + 1);
    sample.ops = sample.units = ops[i];
    sample.wall_ns = 1'000'000'000;
    s.add(sample, rt::model::ParamSet{"nop", {}});
  }
  return s;
}

/// One run of a recipe whose "x" and "y" went at `x` and `y` ops/s, steady within the run.
rt::model::Result one_run(std::uint64_t x, std::uint64_t y) {
  rt::model::Result r;
  r.recipe_sha256 = "5e1f";
  r.series = {steady_series("x", {x - 1, x + 1, x, x}), steady_series("y", {y - 2, y + 2, y, y})};
  return r;
}

std::vector<rt::model::Sample> joined_samples(const rt::model::Series& s) {
  return {s.samples.begin(), s.samples.end()};
}

/// The verdict lines of a comparison of `a` and `b`, named A and B.
std::string verdict_lines(const rt::model::Result& a, const rt::model::Result& b, const std::string& na = "A",
                          const std::string& nb = "B") {
  const std::string text = rt::report::format_comparison(rt::analysis::compare_results({&a, &b}, {na, nb}, {}), {});
  return text.substr(text.find("\nverdicts:"));
}

}  // namespace

TEST_CASE("reruns: joined, each run's samples in the block of its run, series matched by label") {
  std::vector<rt::model::Result> runs = {one_run(1000, 500), one_run(1040, 520), one_run(960, 480)};
  runs[0].conditions = rt::model::RunConditions{};
  runs[1].series.push_back(steady_series("late", {7, 7}));
  rt::model::Series gone = steady_series("gone", {});
  gone.unavailable = "not on this machine";
  runs[0].series.push_back(gone);
  runs[2].series.push_back(steady_series("gone", {3}));
  std::string error;
  auto joined = rt::analysis::join_reruns(runs, {"r1.json", "r2.json", "r3.json"}, error);
  REQUIRE_MESSAGE(joined, error);
  CHECK(joined->reruns == 3);
  CHECK_FALSE(joined->conditions.has_value());
  REQUIRE(joined->series.size() == 4);
  CHECK(joined->series[0].label == "x");
  CHECK(joined->series[2].label == "gone");
  CHECK(joined->series[3].label == "late");
  const auto x = joined_samples(joined->series[0]);
  REQUIRE(x.size() == 12);
  for (std::size_t i = 0; i < x.size(); ++i) {
    CHECK(x[i].block == i / 4 + 1);
    CHECK(x[i].iteration == i + 1);
  }
  CHECK(x[4].ops == 1039);
  CHECK(joined->series[0].param_sets.size() == 1);
  // Unavailable in one run, taken in another: available.
  CHECK(joined->series[2].unavailable.empty());
  CHECK(joined_samples(joined->series[2]).front().block == 3);
  CHECK(joined_samples(joined->series[3]).front().block == 2);
}

TEST_CASE("reruns: the files each run's rm left that appeared during it are the joined result's, each once") {
  std::vector<rt::model::Result> runs = {one_run(1000, 500), one_run(1040, 520), one_run(960, 480)};
  runs[0].unclaimed = {{"r.bench:4:12: rm disk:/out_*", {"/d/out_1", "/d/out_2"}}};
  runs[2].unclaimed = {{"r.bench:5:12: rm disk:/log_*", {"/d/log_1"}},
                       {"r.bench:4:12: rm disk:/out_*", {"/d/out_2", "/d/out_3"}}};
  std::string error;
  const auto joined = rt::analysis::join_reruns(runs, {"r1.json", "r2.json", "r3.json"}, error);
  REQUIRE_MESSAGE(joined, error);
  REQUIRE(joined->unclaimed.size() == 2);
  CHECK(joined->unclaimed[0].statement == "r.bench:4:12: rm disk:/out_*");
  CHECK(joined->unclaimed[0].paths == std::vector<std::string>{"/d/out_1", "/d/out_2", "/d/out_3"});
  CHECK(joined->unclaimed[1].statement == "r.bench:5:12: rm disk:/log_*");
  CHECK(joined->unclaimed[1].paths == std::vector<std::string>{"/d/log_1"});
}

TEST_CASE("reruns: a published result, an unfinished run and another recipe are refused, each by name") {
  std::string error;
  std::vector<rt::model::Result> runs = {one_run(1000, 500), one_run(1040, 520)};
  runs[1].kind = rt::model::ResultKind::published;
  CHECK_FALSE(rt::analysis::join_reruns(runs, {"a.json", "b.toml"}, error));
  CHECK(error == "b.toml: a published result has no samples to join; join the results of `hwbench run` only");
  runs[1] = one_run(1040, 520);
  runs[1].status = rt::model::RunStatus::interrupted;
  CHECK_FALSE(rt::analysis::join_reruns(runs, {"a.json", "b.json"}, error));
  CHECK(error == "b.json: this run is interrupted; join complete runs only");
  runs[1] = one_run(1040, 520);
  runs[1].recipe_sha256 = "0ther";
  CHECK_FALSE(rt::analysis::join_reruns(runs, {"a.json", "b.json"}, error));
  CHECK(error ==
        "b.json ran another recipe than a.json (their SHA-256 differ); reruns joined with + are runs of one "
        "recipe");
  // The same recipe with other --set values is another procedure: md5 of 64-byte blocks against
  // 16 KiB ones would make one series.
  runs[1] = one_run(1040, 520);
  runs[1].parameters = {{"b", "16384"}};
  CHECK_FALSE(rt::analysis::join_reruns(runs, {"a.json", "b.json"}, error));
  CHECK(error ==
        "b.json ran with other --set values than a.json (b=16384 against none); reruns joined with + are runs of "
        "one recipe with the same settings");
}

TEST_CASE("reruns: one run named twice is refused, however its files are named") {
  std::vector<rt::model::Result> runs = {one_run(1000, 500), one_run(1040, 520), one_run(1000, 500)};
  const auto stamp = [](rt::model::Result& r, std::int64_t start, const std::string& utc) {
    r.started_utc = r.finished_utc = utc;
    auto& s = r.series[0];
    rt::model::Sample first = s.samples.front();
    first.start_unix_ns = start;
    s.samples.replace(0, first);
  };
  stamp(runs[0], 1'796'665'615'842'538'447, "2026-12-07T17:57:54Z");
  stamp(runs[1], 1'796'665'617'000'000'000, "2026-12-07T17:57:56Z");
  stamp(runs[2], 1'796'665'615'842'538'447, "2026-12-07T17:57:54Z");
  std::string error;
  CHECK_FALSE(rt::analysis::join_reruns(runs, {"a.json", "b.json", "copy-of-a.json"}, error));
  CHECK(error == "a.json and copy-of-a.json are one run (it started at 2026-12-07T17:57:54Z); join each run once");
  runs.pop_back();
  CHECK(rt::analysis::join_reruns(runs, {"a.json", "b.json"}, error));
}

TEST_CASE("reruns: one run against one claims the drift between runs as a difference, joined reruns do not") {
  // Runs of one machine at 1000, 1040 and 960 ops/s against runs of another at 1030, 990 and
  // 1050 ("y" twice as fast), each steady within itself.
  const std::vector<rt::model::Result> a = {one_run(1000, 1000), one_run(1040, 1040), one_run(960, 960)};
  const std::vector<rt::model::Result> b = {one_run(1030, 2000), one_run(990, 2080), one_run(1050, 1920)};
  CHECK(verdict_lines(a[0], b[0]) ==
        "\nverdicts: 95% CI of each ratio (Welch's t); minimum effect 1%\n"
        "x  B/A  B is 3.0% faster (+2.9% to +3.1%)\n"
        "y  B/A  B is 2.00× as fast (2.00× to 2.00×)\n");
  std::string error;
  const auto ja = rt::analysis::join_reruns(a, {"a1.json", "a2.json", "a3.json"}, error);
  const auto jb = rt::analysis::join_reruns(b, {"b1.json", "b2.json", "b3.json"}, error);
  REQUIRE(ja);
  REQUIRE(jb);
  CHECK(verdict_lines(*ja, *jb, "A ×3", "B ×3") ==
        "\nverdicts: 95% CI of each ratio (Welch's t); minimum effect 1%\n"
        "reruns' spread (sd of run means): A ×3 ±4.0%, B ×3 ±3.5%\n"
        "x  B ×3/A ×3  no difference detected (-4.8% to +10.1%)\n"
        "y  B ×3/A ×3  B ×3 is 2.00× as fast (1.80× to 2.22×)\n");
}

TEST_CASE("reruns: compare joins the files an argument names with +, titled by the first and the count") {
  test::TempDir dir;
  std::string error;
  const std::vector<std::pair<std::string, rt::model::Result>> files = {
      {"a1", one_run(1000, 1000)}, {"a2", one_run(1040, 1040)}, {"a3", one_run(960, 960)},
      {"b1", one_run(1030, 2000)}, {"b2", one_run(990, 2080)},  {"b3", one_run(1050, 1920)}};
  for (const auto& [name, result] : files) REQUIRE(rt::record::save_result(result, dir / (name + ".json"), error));
  const auto path = [&](const std::string& name) { return dir / (name + ".json"); };
  CHECK(rt::record::rerun_paths(path("a1") + "+" + path("a2")) == std::vector<std::string>{path("a1"), path("a2")});
  auto joined = test::cli(
      {"compare", path("a1") + "+" + path("a2") + "+" + path("a3"), path("b1") + "+" + path("b2") + "+" + path("b3")});
  REQUIRE_MESSAGE(joined.code == 0, joined.err);
  CHECK(joined.err.empty());
  CHECK(
      joined.out.starts_with("series                 a1 ×3         b1 ×3  b1 ×3/a1 ×3\n"
                             "x               1000.0 ops/s  1023.3 ops/s         1.02\n"));
  CHECK(joined.out.find("x  b1 ×3/a1 ×3  no difference detected (-4.8% to +10.1%)\n") != std::string::npos);
  // One run a side: the table as before, and a note on what its verdicts cannot know.
  auto single = test::cli({"compare", path("a1"), path("b1")});
  CHECK(single.code == 0);
  CHECK(single.err ==
        "hwbench: note: one run a side: the verdicts know the drift within each run, not between runs; join "
        "reruns with + (a1.json+a2.json+a3.json; `hwbench run --reruns 3` makes them) for verdicts that do\n");
  // A file whose name has a + is one file.
  REQUIRE(rt::record::save_result(one_run(1, 1), dir / "x+y.json", error));
  CHECK(rt::record::rerun_paths(dir / "x+y.json") == std::vector<std::string>{dir / "x+y.json"});
  // Files with a + in their names join too, split where every part is a file.
  std::filesystem::create_directories(dir / "r+1");
  REQUIRE(rt::record::save_result(one_run(2, 2), dir / "r+1/y+.json", error));
  CHECK(rt::record::rerun_paths(dir / "x+y.json+" + path("a1") + "+" + dir / "r+1/y+.json") ==
        std::vector<std::string>{dir / "x+y.json", path("a1"), dir / "r+1/y+.json"});
  CHECK(rt::record::rerun_paths(path("a1") + "+" + dir / "r+1/y+.json+" + dir / "x+y.json") ==
        std::vector<std::string>{path("a1"), dir / "r+1/y+.json", dir / "x+y.json"});
  // No split into files: split at every +, and the parts that are no file say so.
  CHECK(rt::record::rerun_paths(path("a1") + "+none+" + dir / "x+y.json") ==
        std::vector<std::string>{path("a1"), "none", dir / "x", "y.json"});
  auto gap = test::cli({"compare", path("a1") + "++" + path("a2"), path("b1")});
  CHECK(gap.code == 2);
  CHECK(gap.err == "hwbench: " + path("a1") + "++" + path("a2") +
                       ": an empty file name between the +'s (reruns are joined as a1.json+a2.json)\n");
  auto missing = test::cli({"compare", path("a1") + "+" + dir / "none.json", path("b1")});
  CHECK(missing.code == 2);
  CHECK(missing.err.find("none.json") != std::string::npos);
}

TEST_CASE("reruns: report joins them too, its intervals from the runs' means") {
  test::TempDir dir;
  std::string error;
  std::vector<std::string> paths;
  for (const auto& [name, x] :
       std::vector<std::pair<std::string, std::uint64_t>>{{"r1", 1000}, {"r2", 1040}, {"r3", 960}}) {
    rt::model::Result r = one_run(x, x);
    rt::model::ReportSpec summary;
    summary.style = rt::model::report_style_from_text("summary").value();
    r.reports.push_back(summary);
    paths.push_back(dir / (name + ".json"));
    REQUIRE(rt::record::save_result(r, paths.back(), error));
  }
  const std::string joined = paths[0] + "+" + paths[1] + "+" + paths[2];
  auto shown = test::cli({"report", joined});
  REQUIRE_MESSAGE(shown.code == 0, shown.err);
  // t(0.975, 2) · 40 / √3 = ±9.9% of 1000: the runs 1000, 1040 and 960 disagree beyond their samples.
  CHECK(shown.out ==
        "3 reruns joined: each run is one block, and the intervals come from the runs' means\n\n"
        "series   n    mean  unit   95% CI  median   blocks\n"
        "x !     12  1000.0  ops/s   ±9.9%  1000.0  3 means\n"
        "y !     12  1000.0  ops/s   ±9.9%  1000.0  3 means\n"
        "blocks: samples in N blocks over the run; \"N means\": CI from the block means\n"
        "! x: unstable, its 3 block means spread 8.0%\n"
        "! y: unstable, its 3 block means spread 8.0%\n");
  auto json = test::cli({"report", joined, "--format", "json"});
  CHECK(json.code == 2);
  CHECK(json.err ==
        "hwbench: reruns joined with + are not one run's result file; report them as text, csv, md or html\n");
}
