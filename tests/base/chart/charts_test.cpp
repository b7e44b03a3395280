// The charts' SVG: one mark per figure with its exact figure in a <title>, hollow marks for
// published figures, histograms in place of points, bars around an origin, lines that keep to
// the plot's width; and the text every chart is made of, escaped.
#include <cmath>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "base/chart/bar_chart.hpp"
#include "base/chart/distribution_chart.hpp"
#include "base/chart/line_chart.hpp"
#include "base/chart/svg.hpp"

namespace chart = hwbench::chart;

namespace {

std::size_t count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

// The value of the first `name="…"` after `from` in `svg`.
std::string attribute_after(const std::string& svg, const std::string& from, const std::string& name) {
  const auto at = svg.find(from);
  REQUIRE(at != std::string::npos);
  const auto start = svg.find(name + "=\"", at) + name.size() + 2;
  return svg.substr(start, svg.find('"', start) - start);
}

}  // namespace

TEST_CASE("chart svg text: escaped, one-decimal coordinates, exact figures, the Okabe-Ito palette") {
  CHECK(chart::escape_xml("a<b & \"c\" 'd' > 倍") == "a&lt;b &amp; &quot;c&quot; &#39;d&#39; &gt; 倍");
  CHECK(chart::coordinate(12.345) == "12.3");
  CHECK(chart::coordinate(-0.04) == "0.0");
  CHECK(chart::exact(0.1) == "0.1");
  CHECK(chart::exact(71.69000000000001) == "71.69000000000001");
  CHECK(chart::palette_size() == 7);
  CHECK(chart::palette_colour(0) == "#0072B2");
  CHECK(chart::palette_colour(1) == "#E69F00");
  CHECK(chart::palette_colour(7) == "#0072B2");
}

TEST_CASE("chart distribution: a point per sample, the mean, its interval and the median, each titled") {
  chart::DistributionChart c;
  c.label = "copies <fast>";
  c.unit = "MB/s";
  chart::DistributionRow measured;
  measured.label = "read";
  measured.values = {70, 72.5, 71, 69.5, 73};
  measured.mean = 71.2;
  measured.ci95 = 1.75;
  measured.median = 71;
  chart::DistributionRow published;
  published.label = "read (article)";
  published.values = {63.4, 74.1};
  published.mean = 68.75;
  published.median = 68.75;
  published.hollow = true;
  published.colour = 1;
  c.rows = {measured, published};
  const std::string svg = chart::distribution_svg(c);
  CHECK(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 760.0 ", 0) == 0);
  CHECK(svg.find("aria-label=\"copies &lt;fast&gt;\"") != std::string::npos);
  CHECK(count(svg, "class=\"sample\"") == 5);
  CHECK(count(svg, "class=\"sample published\"") == 2);
  CHECK(svg.find("<title>read #2: 72.5 MB/s</title>") != std::string::npos);
  CHECK(svg.find("<title>read (article) #1: 63.4 MB/s (published)</title>") != std::string::npos);
  CHECK(svg.find("<title>read: mean 71.2 MB/s</title>") != std::string::npos);
  CHECK(svg.find("<title>read: 95% CI of the mean 69.45 to 72.95 MB/s (± 1.75)</title>") != std::string::npos);
  CHECK(svg.find("<title>read: median 71 MB/s</title>") != std::string::npos);
  // No interval without one (NaN), and no box or histogram unless given.
  CHECK(count(svg, "class=\"ci\"") == 1 + 1);  // the legend's key and the measured row's
  CHECK(svg.find("class=\"bin\"") == std::string::npos);
  CHECK(count(svg, "<g class=\"box\">") == 0);
  // The points are drawn with the rows' palette colours: filled, or rings.
  CHECK(count(svg, "fill=\"#0072B2\"") == 5);
  CHECK(count(svg, "fill=\"none\" stroke=\"#E69F00\"") == 2);
  // The axis: 60 to 75 in steps of 5, the unit under it.
  CHECK(svg.find(">60</text>") != std::string::npos);
  CHECK(svg.find(">65</text>") != std::string::npos);
  CHECK(svg.find(">75</text>") != std::string::npos);
  CHECK(svg.find(">80</text>") == std::string::npos);
  CHECK(svg.find("class=\"caption\">MB/s</text>") != std::string::npos);
}

TEST_CASE("chart distribution: a box above the points, a histogram in place of them, long labels cut") {
  chart::DistributionChart c;
  c.unit = "MB/s";
  chart::DistributionRow boxed;
  boxed.label = std::string(60, 'x');
  boxed.values = std::vector<double>(25, 5.0);
  boxed.box = chart::Box{4, 5, 6, 3, 7};
  chart::DistributionRow binned;
  binned.label = "many";
  binned.bins = chart::Bins{0, 0.5, {3, 0, 9}};
  c.rows = {boxed, binned};
  const std::string svg = chart::distribution_svg(c);
  CHECK(count(svg, "<g class=\"box\">") == 1);
  CHECK(svg.find(std::string(60, 'x') + ": quartiles 4, 5, 6 MB/s; whiskers 3 to 7 MB/s") != std::string::npos);
  CHECK(count(svg, "class=\"sample\"") == 25);
  // Empty bins are not drawn; each bin says its count and its edges.
  CHECK(count(svg, "class=\"bin\"") == 2);
  CHECK(svg.find("data-count=\"9\"") != std::string::npos);
  CHECK(svg.find("<title>many: 3 samples from 0 to 0.5 MB/s</title>") != std::string::npos);
  CHECK(svg.find("<title>many: 9 samples from 1 to 1.5 MB/s</title>") != std::string::npos);
  // The 60-column label is cut to the margin, and whole in its tooltip.
  CHECK(svg.find("xxx…<title>" + std::string(60, 'x') + "</title></text>") != std::string::npos);
}

TEST_CASE("chart distribution: figures three decades apart go on a log axis") {
  chart::DistributionChart c;
  c.unit = "iter/s";
  c.rows.push_back({"NUMERIC SORT", {244.96}, 244.96, NAN, 244.96, {}, {}, 0, true});
  c.rows.push_back({"BITFIELD", {85102000}, 85102000, NAN, 85102000, {}, {}, 1, true});
  const std::string svg = chart::distribution_svg(c);
  CHECK(svg.find("class=\"caption\">iter/s (log scale)</text>") != std::string::npos);
  CHECK(svg.find(">100M</text>") != std::string::npos);
  CHECK(svg.find(">100</text>") != std::string::npos);
}

TEST_CASE("chart bars: from 0, or around 1 on a log axis, with their text, hollow when published") {
  chart::BarChart linear;
  linear.unit = "MB/s";
  linear.groups.push_back({"read 10MB",
                           {{"article", 71.7, "71.7 MB/s", "read 10MB, article: 71.7", 0, true},
                            {"box", 174.7, "174.7 MB/s  2.44倍", "read 10MB, box: 174.7", 1, false}}});
  const std::string a = chart::bar_svg(linear);
  CHECK(count(a, "class=\"bar published\"") == 1);
  CHECK(count(a, "class=\"bar\"") == 1);
  CHECK(a.find(">174.7 MB/s  2.44倍</text>") != std::string::npos);
  CHECK(a.find("<title>read 10MB, box: 174.7</title>") != std::string::npos);
  // A bar starts at the origin (0 on the axis), where the origin line stands.
  CHECK(attribute_after(a, "class=\"bar published\"", "x") == attribute_after(a, "class=\"origin\"", "x1"));

  chart::BarChart ratios;
  ratios.scale = chart::ScaleKind::log;
  ratios.origin = 1;
  ratios.unit = "ratio";
  ratios.groups.push_back({"slower", {{"", 0.5, "0.50", "0.5", 0, false}}});
  ratios.groups.push_back({"faster", {{"", 2, "2.00", "2", 0, false}}});
  ratios.groups.push_back({"not divided", {{"", NAN, "!", "units differ", 0, false}}});
  ratios.references.push_back({1.25, "", "geometric mean 1.25"});
  const std::string b = chart::bar_svg(ratios);
  CHECK(count(b, "class=\"bar\"") == 2);
  CHECK(b.find(">!</text>") != std::string::npos);
  CHECK(b.find("<title>geometric mean 1.25</title>") != std::string::npos);
  // 0.5 and 2 lie as far left and right of 1 on a log axis: the two bars are as wide.
  const auto first = b.find("class=\"bar\"");
  const auto second = b.find("class=\"bar\"", first + 1);
  const auto width_at = [&](std::size_t at) {
    const auto start = b.find("width=\"", at) + 7;
    return std::stod(b.substr(start, b.find('"', start) - start));
  };
  CHECK(width_at(first) == doctest::Approx(width_at(second)).epsilon(0.01));
}

TEST_CASE("chart bars: a ratio's 95% interval as a whisker across the bar's end, within the axis") {
  chart::BarChart ratios;
  ratios.scale = chart::ScaleKind::log;
  ratios.origin = 1;
  ratios.unit = "ratio";
  chart::Bar sure{"", 1.5, "1.50", "B is 50% faster", 0, false};
  sure.lo = 1.25;
  sure.hi = 2;
  ratios.groups.push_back({"sure", {sure}});
  ratios.groups.push_back({"published", {{"", 1.2, "1.20", "no spread known", 0, false}}});
  const std::string svg = chart::bar_svg(ratios);
  CHECK(count(svg, "class=\"interval\"") == 1);
  // The whisker runs from lo to hi: 2 is the axis' top, so its right end is the bar's longest reach.
  const std::string d = attribute_after(svg, "class=\"interval\"", "d");
  const auto bar_x = std::stod(attribute_after(svg, "class=\"bar\"", "x"));
  const auto bar_width = std::stod(attribute_after(svg, "class=\"bar\"", "width"));
  const double start = std::stod(d.substr(1, d.find(' ') - 1));
  const double end = std::stod(d.substr(d.find('H') + 1, d.find('M', 1) - d.find('H') - 1));
  CHECK(start > bar_x);  // lo = 1.25 lies inside the bar from 1 to 1.5
  CHECK(start < bar_x + bar_width);
  CHECK(end > bar_x + bar_width);  // hi = 2 beyond its end
}

TEST_CASE("chart lines: run order with a point per sample, or a range per column past 2000 samples") {
  chart::LineChart c;
  c.unit = "MB/s";
  c.series.push_back({"copy", {100, 101, 60, 102}, 0});
  c.series.push_back({"move", {90, 91, 92}, 1});
  const std::string svg = chart::line_svg(c);
  CHECK(count(svg, "class=\"run-sample\"") == 7);
  CHECK(svg.find("<title>copy #3: 60 MB/s</title>") != std::string::npos);
  CHECK(svg.find("<title>copy: 4 samples in run order</title>") != std::string::npos);
  CHECK(svg.find("class=\"caption\">sample, in run order</text>") != std::string::npos);

  chart::LineChart many;
  many.unit = "MB/s";
  std::vector<double> values;
  for (int i = 0; i < 100000; ++i) values.push_back(100 + i % 7);
  many.series.push_back({"copy", values, 0});
  const std::string big = chart::line_svg(many);
  CHECK(count(big, "class=\"run-sample\"") == 0);
  CHECK(big.size() < 40000);
  CHECK(big.find("<title>copy: 100000 samples in run order, each column of the plot drawn from its lowest to its "
                 "highest sample</title>") != std::string::npos);
}
