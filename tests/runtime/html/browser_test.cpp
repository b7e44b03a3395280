// The HTML pages in a real browser: Debian's chromium, headless, with networking off (in a
// network namespace of its own where `unshare` allows one, and pointed at a closed proxy and an
// empty resolver always). For each shipped published file, a recipe run for real and a
// three-way comparison, one launch dumps the DOM and takes a screenshot; the tests assert that
// the page loaded, that the DOM holds every series label outside the reports' text and every
// report's text exactly, that there are as many sample marks as samples, and that the
// screenshot is not blank. Without chromium they say "skipped" and check nothing.
#include <cstdlib>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/analysis/indices.hpp"
#include "runtime/html/page.hpp"
#include "runtime/html/report_charts.hpp"
#include "runtime/pipeline/render.hpp"
#include "runtime/record/comparable.hpp"
#include "tests/runtime/html/html_fixtures.hpp"
#include "tests/support/html_tools.hpp"
#include "tests/support/real_tool.hpp"
#include "tests/support/skip.hpp"
#include "tests/support/temp_dir.hpp"

namespace rt = hwbench::runtime;
namespace test = hwbench::test;

namespace {

// Chromium as Debian installs it, or as $HWBENCH_CHROMIUM names it; "" when absent.
std::string chromium_program() {
  if (const char* named = std::getenv("HWBENCH_CHROMIUM"); named != nullptr && *named != '\0') return named;
  for (const char* name : {"chromium", "chromium-browser"})
    if (auto path = test::find_tool(name); !path.empty()) return path;
  return "";
}

// `unshare -rn` when this machine lets a process have a network namespace of its own (no
// interface but a loopback that is down); empty otherwise.
std::vector<std::string> network_off(const test::TempDir& dir) {
  const std::string unshare = test::find_tool("unshare");
  if (unshare.empty()) return {};
  if (test::run_program({unshare, "-rn", "true"}, dir / "unshare.out", dir / "unshare.err") != 0) return {};
  return {unshare, "-rn"};
}

// What one launch of chromium on a page gave.
struct Opened {
  int status = -1;
  std::string dom;         // the DOM after loading, serialized
  std::string screenshot;  // the PNG's path
  std::string log;         // chromium's standard error
};

Opened open_page(const std::string& chromium, const test::TempDir& dir, const std::string& page) {
  Opened opened;
  opened.screenshot = dir / "shot.png";
  std::vector<std::string> argv = network_off(dir);
  if (argv.empty()) MESSAGE("no network namespace here: chromium runs with a closed proxy and an empty resolver only");
  argv.insert(argv.end(), {"timeout",
                           "120",
                           chromium,
                           "--headless",
                           "--no-sandbox",
                           "--disable-gpu",
                           "--no-first-run",
                           "--no-default-browser-check",
                           "--disable-extensions",
                           "--disable-background-networking",
                           "--disable-component-update",
                           "--disable-sync",
                           "--disable-default-apps",
                           "--disable-dev-shm-usage",
                           "--disable-breakpad",
                           "--mute-audio",
                           "--disable-features=Translate,MediaRouter,OptimizationHints",
                           "--user-data-dir=" + dir / "profile",
                           "--proxy-server=127.0.0.1:9",
                           "--host-resolver-rules=MAP * ~NOTFOUND",
                           "--hide-scrollbars",
                           "--window-size=1000,2400",
                           "--screenshot=" + opened.screenshot,
                           "--dump-dom",
                           "file://" + page});
  opened.status = test::run_program(argv, dir / "dom.html", dir / "chromium.log");
  opened.dom = test::read_text(dir / "dom.html");
  // Its log without the complaints about the D-Bus that a headless container lacks.
  std::istringstream log(test::read_text(dir / "chromium.log"));
  for (std::string line; std::getline(log, line);)
    if (line.find("dbus") == std::string::npos) opened.log += line + "\n";
  return opened;
}

// The DOM without the reports' <pre> texts: where the charts and tables are.
std::string outside_pre(const std::string& dom) {
  std::string out;
  std::size_t at = 0;
  while (true) {
    const std::size_t open = dom.find("<pre", at);
    out += dom.substr(at, open == std::string::npos ? std::string::npos : open - at);
    if (open == std::string::npos) return out;
    at = dom.find("</pre>", open);
    if (at == std::string::npos) return out;
    at += 6;
  }
}

// The screenshot shows a drawn page: many colours, many pixels off the background, and the
// charts' saturated palette colours (text and grids are grey).
void check_not_blank(const std::string& png) {
#ifdef HWBENCH_TESTS_WITH_ZLIB
  const auto image = test::read_png(png);
  INFO(png << ": " << image.error);
  REQUIRE(image.error.empty());
  REQUIRE(image.width > 0);
  std::vector<bool> seen(std::size_t(1) << 24);  // one bit per RGB colour: quick even unoptimised
  std::size_t colours = 0, off_background = 0, saturated = 0;
  const std::uint8_t* background = image.rgb.data();
  for (std::size_t i = 0; i + 2 < image.rgb.size(); i += 3) {
    const std::uint8_t r = image.rgb[i], g = image.rgb[i + 1], b = image.rgb[i + 2];
    const std::size_t colour = (std::size_t(r) << 16) | (std::size_t(g) << 8) | b;
    if (!seen[colour]) {
      seen[colour] = true;
      ++colours;
    }
    if (r != background[0] || g != background[1] || b != background[2]) ++off_background;
    if (std::max({r, g, b}) - std::min({r, g, b}) > 80) ++saturated;
  }
  const std::size_t pixels = image.rgb.size() / 3;
  MESSAGE(png << ": " << colours << " colours, " << off_background << " of " << pixels << " pixels drawn, " << saturated
              << " in colour");
  CHECK(colours >= 16);
  CHECK(off_background * 100 >= pixels);
  CHECK(saturated >= 100);
#else
  MESSAGE("skipped the screenshot's pixels: the tests were built without zlib (apt-get install zlib1g-dev): " << png);
#endif
}

// Opens `page` (the HTML of `result`, whose reports are `reports`) and checks what it shows.
void check_result_page(const std::string& chromium, const rt::model::Result& result,
                       const std::vector<rt::model::RenderedReport>& reports, const std::string& html) {
  test::TempDir dir;
  const std::string page = dir / "page.html";
  test::write_text(page, html);
  const Opened opened = open_page(chromium, dir, page);
  INFO("chromium's log: " << opened.log);
  REQUIRE(opened.status == 0);
  REQUIRE(opened.dom.find("</html>") != std::string::npos);
  // Every report's text exactly as the terminal prints it.
  const auto pres = test::pre_texts(opened.dom, "report", false);
  REQUIRE(pres.size() == reports.size());
  std::size_t points = 0, binned = 0;
  std::set<std::string> drawn_by_reports;
  for (std::size_t i = 0; i < reports.size(); ++i) {
    CHECK(pres[i] == reports[i].text);
    for (const auto& figures : reports[i].figures) {
      (figures.values.size() > rt::html::histogram_past ? binned : points) += figures.values.size();
      if (!figures.values.empty()) drawn_by_reports.insert(figures.label);
    }
  }
  // The series no report drew, in their natural units.
  for (const auto& row : rt::report::build_summary(result))
    if (drawn_by_reports.count(row.label) == 0)
      (row.values.size() > rt::html::histogram_past ? binned : points) += row.values.size();
  // Every series label in the charts or tables, not only in the text: drawn when it has
  // samples, listed with its reason when it could not run.
  const std::string drawn = outside_pre(opened.dom);
  for (const auto& series : result.series) {
    INFO("series " << series.label);
    CHECK((!series.samples.empty() || !series.unavailable.empty()));
    CHECK(drawn.find(rt::html::escape(series.label)) != std::string::npos);
  }
  // One mark per sample.
  CHECK(test::occurrences(opened.dom, "class=\"sample") == points);
  CHECK(test::sum_of_attribute(opened.dom, "data-count") == binned);
  check_not_blank(opened.screenshot);
}

// The reports of `result` as `hwbench report` renders them, and its page.
void check_result(const std::string& chromium, const rt::model::Result& result) {
  std::vector<rt::model::RenderedReport> reports;
  std::ostringstream text;
  rt::pipeline::render_all(result, rt::report::Format::text, 80, text, &reports);
  check_result_page(chromium, result, reports, rt::pipeline::result_html(result, 80));
}

void check_published(std::size_t which) {
  const std::string chromium = chromium_program();
  if (chromium.empty()) {
    test::skip("chromium is not installed (apt-get install chromium)");
    return;
  }
  const std::string file = test::shipped_published_files()[which];
  INFO(file);
  std::string error;
  auto result = rt::record::load_comparable(file, error);
  REQUIRE(result);
  rt::analysis::compute_indices(*result);
  check_result(chromium, *result);
}

}  // namespace

TEST_CASE("html in chromium: the published bonnie++ run") { check_published(0); }
TEST_CASE("html in chromium: the published cp article") { check_published(1); }
TEST_CASE("html in chromium: the published nbench log") { check_published(2); }
TEST_CASE("html in chromium: the published openssl speed log") { check_published(3); }

TEST_CASE("html in chromium: a recipe's result, run for real") {
  const std::string chromium = chromium_program();
  if (chromium.empty()) {
    test::skip("chromium is not installed (apt-get install chromium)");
    return;
  }
  test::TempDir ram("/dev/shm"), work;
  const std::string recipe = work / "copies.bench";
  test::write_text(recipe, test::quick_recipe());
  const auto run = test::html_cli({"run", "-q", "-L", "ramdisk=" + ram.path(), "-o", work / "r.json", recipe});
  INFO(run.err);
  REQUIRE(run.code == 0);
  std::string error;
  auto result = rt::record::load_comparable(work / "r.json", error);
  REQUIRE(result);
  REQUIRE(result->series.size() == 2);
  check_result(chromium, *result);
}

TEST_CASE("html in chromium: a three-way comparison") {
  const std::string chromium = chromium_program();
  if (chromium.empty()) {
    test::skip("chromium is not installed (apt-get install chromium)");
    return;
  }
  test::TempDir dir;
  const auto paths = test::three_results(dir);
  const auto text = test::html_cli({"compare", paths[0], paths[1], paths[2], "--suffix", "倍"});
  const auto html = test::html_cli({"compare", paths[0], paths[1], paths[2], "--suffix", "倍", "--format", "html"});
  REQUIRE(html.code == 0);
  const std::string page = dir / "compare.html";
  test::write_text(page, html.out);
  const Opened opened = open_page(chromium, dir, page);
  INFO("chromium's log: " << opened.log);
  REQUIRE(opened.status == 0);
  const auto pres = test::pre_texts(opened.dom, "report", false);
  REQUIRE(pres.size() == 1);
  CHECK(pres[0] == text.out);
  const std::string drawn = outside_pre(opened.dom);
  for (const char* label : {"read 10MB", "read 100MB", "write 10MB", "write 100MB", "geometric mean"})
    CHECK(drawn.find(label) != std::string::npos);
  // 倍 as written, in the DOM the browser built from the UTF-8 file.
  CHECK(test::occurrences(drawn, "倍") >= 14);
  // One bar per figure (4 + 4 + 3), the first result's hollow; one per ratio (4 + 3) and per geometric mean (2).
  CHECK(test::occurrences(opened.dom, "class=\"bar published\"") == 4);
  CHECK(test::occurrences(opened.dom, "class=\"bar\"") == 16);
  check_not_blank(opened.screenshot);
}
