// The HTML report: golden pages of a published result and of a three-way comparison, what a
// page holds (every report's text as printed, every sample a mark, UTF-8 as written), its size
// with 10^5 samples, `run --html`, and well-formed XML by xmllint.
#include "runtime/html/page.hpp"

#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/pipeline/render.hpp"
#include "tests/runtime/html/html_fixtures.hpp"
#include "tests/support/golden.hpp"
#include "tests/support/html_tools.hpp"
#include "tests/support/real_tool.hpp"
#include "tests/support/skip.hpp"
#include "tests/support/temp_dir.hpp"

namespace rt = hwbench::runtime;
namespace test = hwbench::test;

namespace {

// Every line of `text` stands in `page`, escaped as HTML text.
void check_lines_in(const std::string& text, const std::string& page) {
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    const std::string line = text.substr(start, end - start);
    INFO("line: " << line);
    CHECK(page.find(rt::html::escape(line)) != std::string::npos);
    if (end == std::string::npos) break;
    start = end + 1;
  }
}

}  // namespace

TEST_CASE("html report: the cp article's published file (golden)") {
  const std::string file = test::source_path("specs/published/linux-raid1-esata.cp.toml");
  const auto page = test::html_cli({"report", file, "--format", "html"});
  REQUIRE(page.code == 0);
  CHECK(page.err.empty());
  CHECK(page.out == test::golden("html-published-cp.html", page.out));
  // The report as the terminal prints it, in one <pre>.
  const auto text = test::html_cli({"report", file});
  REQUIRE(text.code == 0);
  const auto pres = test::pre_texts(page.out, "report");
  REQUIRE(pres.size() == 1);
  CHECK(text.out.rfind(pres[0], 0) == 0);
  // 4 series of 10 published samples: 40 hollow points, and each series in the run-order chart.
  CHECK(test::occurrences(page.out, "class=\"sample published\"") == 40);
  CHECK(test::occurrences(page.out, "class=\"run-sample\"") == 40);
  CHECK(test::occurrences(page.out, "<svg ") == 2);
  CHECK(test::occurrences(page.out, "<table class=\"figures\">") == 2);
  // Each mark's tooltip holds its figure exactly.
  CHECK(page.out.find("<title>read 10MB #1: 63.4 MB/s (published)</title>") != std::string::npos);
  CHECK(page.out.find("<title>read 10MB: mean 71.69000000000001 MB/s</title>") != std::string::npos);
}

TEST_CASE("html compare: three results, one published, ratios with 倍 (golden)") {
  test::TempDir dir;
  const auto paths = test::three_results(dir);
  const auto page = test::html_cli({"compare", paths[0], paths[1], paths[2], "--format", "html", "--suffix", "倍"});
  REQUIRE(page.code == 0);
  CHECK(page.out == test::golden("html-compare-three.html", page.out));
  const auto text = test::html_cli({"compare", paths[0], paths[1], paths[2], "--suffix", "倍"});
  REQUIRE(text.code == 0);
  const auto pres = test::pre_texts(page.out, "report");
  REQUIRE(pres.size() == 1);
  CHECK(pres[0] == text.out);
  check_lines_in(text.out, page.out);
  // UTF-8 as written, declared as such.
  CHECK(page.out.find("<meta charset=\"utf-8\"/>") != std::string::npos);
  CHECK(page.out.find("<td>2.44倍</td>") != std::string::npos);
  // Three results: the per-node verdict's table (analysis/node_spread.hpp) after the comparison.
  CHECK(page.out.find("<h2>Outliers among the results</h2>") > page.out.find("<h2>Comparison</h2>"));
  const auto verdict = test::pre_texts(page.out, "verdict");
  REQUIRE(verdict.size() == 1);
  CHECK(verdict[0].find("among the 3 results") != std::string::npos);
  // The published result's bars are hollow: one per series it has (4); the others filled.
  CHECK(test::occurrences(page.out, "class=\"bar published\"") == 4);
  // Bars per result: 4 + 4 + 3 figures, then 4 + 3 ratios and the 2 geometric means.
  CHECK(test::occurrences(page.out, "class=\"bar\"") == 4 + 3 + 4 + 3 + 2);
  // The differing facts are marked.
  CHECK(test::occurrences(page.out, "<tr class=\"differs\">") >= 1);
}

TEST_CASE("html report: nothing is fetched, and every page has both colour schemes and print styles") {
  for (const auto& file : test::shipped_published_files()) {
    const auto page = test::html_cli({"report", file, "--format", "html"});
    INFO(file);
    REQUIRE(page.code == 0);
    CHECK(page.out.rfind("<!DOCTYPE html>\n", 0) == 0);
    CHECK(page.out.find("@media (prefers-color-scheme: dark)") != std::string::npos);
    CHECK(page.out.find("@media print") != std::string::npos);
    CHECK(page.out.find("<script") == std::string::npos);
    CHECK(page.out.find(" src=") == std::string::npos);
    CHECK(page.out.find("<link") == std::string::npos);
    CHECK(page.out.find("url(") == std::string::npos);
    CHECK(page.out.find("@import") == std::string::npos);
    // The one address on the page is SVG's namespace, which names and fetches nothing.
    CHECK(test::occurrences(page.out, "http") == test::occurrences(page.out, "xmlns=\"http://www.w3.org/2000/svg\""));
  }
}

TEST_CASE("html report: 10^5 samples make histograms, not points, in a page under 2 MB") {
  const rt::model::Result result = test::many_samples(100'000);
  const std::string page = rt::pipeline::result_html(result, 80);
  MESSAGE("HTML page of 10^5 samples: " << page.size() << " bytes");
  CHECK(page.size() < 2'000'000);
  CHECK(test::occurrences(page, "class=\"sample") == 0);
  CHECK(test::sum_of_attribute(page, "data-count") == 100'000);
  CHECK(test::occurrences(page, "class=\"box\"") == 1);
}

TEST_CASE("html report: a report longer than a few screens is in the page, closed") {
  std::string short_text, long_text;
  for (std::size_t i = 0; i < rt::html::max_open_pre_lines; ++i) short_text += "row " + std::to_string(i) + "\n";
  long_text = short_text + "one more & the last\n";
  CHECK(rt::html::pre_html(short_text) == "<pre class=\"report\">\n" + short_text + "</pre>\n");
  CHECK(rt::html::pre_html(long_text) ==
        "<details>\n<summary>The report as printed: 401 lines</summary>\n<pre class=\"report\">\n" + short_text +
            "one more &amp; the last\n</pre>\n</details>\n");
}

TEST_CASE("html run: --html writes the page beside the result file") {
  test::TempDir ram("/dev/shm"), work;
  const std::string recipe = work / "copies.bench";
  test::write_text(recipe, test::quick_recipe());
  const auto run = test::html_cli(
      {"run", "-q", "-L", "ramdisk=" + ram.path(), "-o", work / "r.json", "--html", work / "r.html", recipe});
  INFO(run.err);
  REQUIRE(run.code == 0);
  const std::string page = test::read_text(work / "r.html");
  const auto again = test::html_cli({"report", work / "r.json", "--format", "html"});
  REQUIRE(again.code == 0);
  // The page the run wrote is the one its result file renders to.
  CHECK(page == again.out);
  CHECK(page.find("<h1>copies in a RAM disk</h1>") != std::string::npos);
  // Three reports, the table's samples twice as points (table, lines) and once more in the summary,
  // in run order once.
  CHECK(test::pre_texts(page, "report").size() == 3);
  CHECK(test::occurrences(page, "class=\"sample\"") == 30);
  CHECK(test::occurrences(page, "class=\"run-sample\"") == 10);
  // No temporary file is left beside it.
  CHECK(test::count_entries(work.path()) == 3);
}

TEST_CASE("html run: a page that cannot be written is an error, and nothing is left behind") {
  test::TempDir ram("/dev/shm"), work;
  const std::string recipe = work / "copies.bench";
  test::write_text(recipe, test::quick_recipe());
  // A missing directory is made, as for -o; a file where the directory should be is not replaced.
  test::write_text(work / "plain", "a file");
  const auto run = test::html_cli(
      {"run", "-q", "-L", "ramdisk=" + ram.path(), "-o", work / "r.json", "--html", work / "plain/r.html", recipe});
  CHECK(run.code == rt::cli::exit_failure);
  CHECK(run.err.find("cannot create directory " + (work / "plain")) != std::string::npos);
  CHECK(test::read_text(work / "plain") == "a file");
  CHECK(test::count_entries(work.path()) == 3);  // the recipe, the result and the file
  const auto made = test::html_cli(
      {"run", "-q", "-L", "ramdisk=" + ram.path(), "-o", work / "r.json", "--html", work / "new/r.html", recipe});
  CHECK(made.code == 0);
  CHECK(test::exists(work / "new/r.html"));
}

TEST_CASE("html report: every page is well-formed XML (xmllint)") {
  const std::string xmllint = test::find_tool("xmllint");
  if (xmllint.empty()) {
    test::skip("xmllint is not installed (apt-get install libxml2-utils)");
    return;
  }
  test::TempDir dir;
  std::vector<std::string> pages;
  for (const auto& file : test::shipped_published_files()) {
    pages.push_back(dir / ("page" + std::to_string(pages.size()) + ".html"));
    test::write_text(pages.back(), test::html_cli({"report", file, "--format", "html"}).out);
  }
  const auto paths = test::three_results(dir);
  pages.push_back(dir / "compare.html");
  test::write_text(pages.back(), test::html_cli({"compare", paths[0], paths[1], paths[2], "--format", "html"}).out);
  pages.push_back(dir / "many.html");
  test::write_text(pages.back(), rt::pipeline::result_html(test::many_samples(5000), 80));
  for (const auto& page : pages) {
    INFO(page << ": " << test::read_text(dir / "lint.err"));
    CHECK(test::run_program({xmllint, "--noout", "--nonet", page}, dir / "lint.out", dir / "lint.err") == 0);
    CHECK(test::read_text(dir / "lint.err").empty());
  }
  // A page that is not well-formed fails: the check can fail.
  test::write_text(dir / "broken.html", "<!DOCTYPE html>\n<html><body><svg><g></svg></body></html>\n");
  CHECK(test::run_program({xmllint, "--noout", "--nonet", dir / "broken.html"}, dir / "lint.out", dir / "lint.err") !=
        0);
}

TEST_CASE("html report: a recipe's `compare with` report gets the comparison's charts") {
  rt::model::Result result = test::measured_box("Intel(R) Core(TM) i5-7500", 1, false);
  rt::model::ReportSpec spec;
  spec.style.layout = rt::model::ReportLayout::compare;
  spec.options = {{"with", test::source_path("specs/published/linux-raid1-esata.cp.toml")}, {"suffix", "x"}};
  result.reports = {spec};
  const std::string page = rt::pipeline::result_html(result, 80);
  // The report's text as `hwbench report` prints it.
  std::ostringstream text;
  std::vector<rt::model::RenderedReport> reports;
  rt::pipeline::render_all(result, rt::report::Format::text, 80, text, &reports);
  REQUIRE(reports.size() == 1);
  CHECK(reports[0].text.find("this run/linux-raid1-esata.cp") != std::string::npos);
  CHECK(test::pre_texts(page, "report") == std::vector<std::string>{reports[0].text});
  // The file's four published figures hollow, this run's four filled, four ratios and their geometric mean.
  CHECK(test::occurrences(page, "class=\"bar published\"") == 4);
  CHECK(test::occurrences(page, "class=\"bar\"") == 4 + 4 + 1);
  CHECK(page.find("<td>2.44x</td>") != std::string::npos);
  // A file that cannot be read: the report says why, and there is nothing to chart.
  result.reports[0].options["with"] = "/nonexistent/run.json";
  const std::string missing = rt::pipeline::result_html(result, 80);
  CHECK(test::occurrences(missing, "class=\"bar") == 0);
  CHECK(missing.find("compare: ") != std::string::npos);
}

TEST_CASE("html report: an interleave block's comparison gets a ratio chart with its intervals") {
  test::TempDir work;
  const std::string recipe = work / "pair.bench";
  test::write_text(recipe,
                   "interleave rounds 4 {\n  series \"A\" digest sha256 block 4096 for 5ms\n"
                   "  series \"B\" digest md5 block 4096 for 5ms\n  series \"C\" digest sha1 block 4096 for 5ms\n"
                   "  compare\n}\n");
  const auto run = test::html_cli({"run", "-q", "-o", work / "r.json", "--html", work / "r.html", recipe});
  INFO(run.err);
  REQUIRE(run.code == 0);
  const std::string page = test::read_text(work / "r.html");
  CHECK(page.find("Ratios to A from the rounds they ran side by side, with 95% intervals") != std::string::npos);
  // B's and C's ratios, each with its interval across the bar's end.
  CHECK(test::occurrences(page, "class=\"interval\"") == 2);
  CHECK(page.find("B / A: ") != std::string::npos);
  CHECK(page.find("C / A: ") != std::string::npos);
}
