#include "runtime/html/compare_page.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/chart/bar_chart.hpp"
#include "base/chart/svg.hpp"
#include "runtime/analysis/node_spread.hpp"
#include "runtime/report/compare_report.hpp"

namespace hwbench::runtime::html {

namespace {

// The units of the rows' figures, in the order they first appear; "" (indices) last.
std::vector<std::string> comparison_units(const analysis::Comparison& comparison) {
  std::vector<std::string> units;
  bool indices = false;
  for (const auto& row : comparison.rows)
    for (const auto& cell : row.figures) {
      if (cell.state != analysis::CellState::figure) continue;
      if (cell.unit.empty())
        indices = true;
      else if (std::find(units.begin(), units.end(), cell.unit) == units.end())
        units.push_back(cell.unit);
    }
  if (indices) units.emplace_back();
  return units;
}

// The bar of result i in `row`: its figure, and after it its ratio to the first result.
chart::Bar figure_bar(const analysis::Comparison& comparison, const analysis::CompareRow& row, std::size_t i,
                      const analysis::CompareOptions& options, const std::vector<bool>& published) {
  const auto& cell = row.figures[i];
  chart::Bar bar;
  bar.label = comparison.names[i];
  bar.colour = i;
  bar.hollow = i < published.size() && published[i];
  bar.value = cell.value;
  bar.value_text = report::figure_cell_text(cell, report::row_scale(row, cell.unit));
  if (i > 0) bar.value_text += "  " + report::ratio_cell_text(row.ratios[i - 1], options);
  bar.title = fmt::format("{}, {}: {}{}{}", row.label, bar.label, chart::exact(cell.value),
                          cell.unit.empty() ? "" : " ", cell.unit);
  if (i > 0 && row.ratios[i - 1].state == analysis::RatioState::computed)
    bar.title += fmt::format("; {}/{} = {}", bar.label, comparison.names[0], chart::exact(row.ratios[i - 1].value));
  return bar;
}

ChartFigure unit_chart(const analysis::Comparison& comparison, const std::string& unit,
                       const analysis::CompareOptions& options, const std::vector<bool>& published) {
  chart::BarChart chart;
  chart.unit = unit.empty() ? "index" : unit;
  ChartFigure figure;
  figure.caption = unit.empty() ? "Indices, one bar per result" : fmt::format("Series in {}, one bar per result", unit);
  figure.table.caption = unit.empty() ? "The indices" : fmt::format("The figures in {}", unit);
  figure.table.header = {"series"};
  figure.table.header.insert(figure.table.header.end(), comparison.names.begin(), comparison.names.end());
  for (std::size_t i = 1; i < comparison.names.size(); ++i)
    figure.table.header.push_back(comparison.names[i] + "/" + comparison.names[0]);
  for (const auto& row : comparison.rows) {
    chart::BarGroup group{row.label, {}};
    std::vector<std::string> line{row.label};
    for (std::size_t i = 0; i < row.figures.size(); ++i) {
      const bool here = row.figures[i].state == analysis::CellState::figure && row.figures[i].unit == unit;
      if (here) group.bars.push_back(figure_bar(comparison, row, i, options, published));
      line.push_back(here ? report::figure_cell_text(row.figures[i], report::row_scale(row, row.figures[i].unit))
                          : "-");
    }
    if (group.bars.empty()) continue;
    for (const auto& ratio : row.ratios) line.push_back(report::ratio_cell_text(ratio, options));
    chart.groups.push_back(std::move(group));
    figure.table.rows.push_back(std::move(line));
  }
  chart.label = figure.caption;
  figure.svg = chart::bar_svg(chart);
  return figure;
}

// The bar of one ratio cell in `row`, named `name` (B/A). A time's is drawn as its speed, the
// reciprocal, so that a faster B stands above 1 in every row, as in the geometric mean of the
// speeds drawn with them; its text says the time's own ratio, which the table above prints.
chart::Bar ratio_bar(const analysis::CompareRow& row, const analysis::RatioCell& ratio, const std::string& name,
                     const std::string& b, std::size_t colour, const analysis::CompareOptions& options) {
  chart::Bar bar{name, std::nan(""), report::ratio_cell_text(ratio, options), "", colour, false};
  if (ratio.state != analysis::RatioState::computed) {
    bar.title = fmt::format("{}, {}: {}", row.label, name, ratio.why.empty() ? "no ratio" : ratio.why);
    return bar;
  }
  const bool time = ratio.lower_is_faster;
  bar.value = time ? analysis::speed_ratio(ratio) : ratio.value;
  bar.title = fmt::format("{}, {}: {}", row.label, name, chart::exact(ratio.value));
  if (time) {
    bar.value_text = fmt::format("{} (1/{})", report::format_ratio(bar.value, options), bar.value_text);
    bar.title += fmt::format(" (a time; as a speed {})", chart::exact(bar.value));
  }
  // What the samples say: the ratio's 95% interval across the bar's end, the verdict in its tooltip.
  if (ratio.verdict.kind != analysis::RatioVerdict::Kind::no_spread) {
    const analysis::RatioVerdict drawn = time ? analysis::as_speeds(ratio.verdict) : ratio.verdict;
    bar.lo = drawn.lo;
    bar.hi = drawn.hi;
  }
  bar.title += "; " + analysis::verdict_text(ratio.verdict, b, ratio.speed, time, options.effect);
  return bar;
}

ChartFigure ratio_chart(const analysis::Comparison& comparison, const analysis::CompareOptions& options) {
  chart::BarChart chart;
  chart.scale = chart::ScaleKind::log;
  chart.origin = 1;
  chart.unit = fmt::format("ratio to {} (log scale)", comparison.names[0]);
  chart.references.push_back({1, "1.0", fmt::format("1.0: as {}", comparison.names[0])});
  ChartFigure figure;
  figure.caption = fmt::format(
      "Ratios to {} (a time's as its reciprocal: faster is above 1), "
      "with the geometric means of the speeds",
      comparison.names[0]);
  figure.table.caption = figure.caption;
  figure.table.header = {"series"};
  for (std::size_t i = 1; i < comparison.names.size(); ++i)
    figure.table.header.push_back(comparison.names[i] + "/" + comparison.names[0]);
  for (const auto& row : comparison.rows) {
    if (row.index) continue;
    chart::BarGroup group{row.label, {}};
    std::vector<std::string> line{row.label};
    for (std::size_t i = 0; i < row.ratios.size(); ++i) {
      const std::string name = comparison.names[i + 1] + "/" + comparison.names[0];
      group.bars.push_back(ratio_bar(row, row.ratios[i], name, comparison.names[i + 1], i + 1, options));
      line.push_back(group.bars.back().value_text);
    }
    chart.groups.push_back(std::move(group));
    figure.table.rows.push_back(std::move(line));
  }
  chart::BarGroup means{"geometric mean", {}};
  std::vector<std::string> line{"geometric mean"};
  for (std::size_t i = 0; i < comparison.summary.size(); ++i) {
    const auto& cell = comparison.summary[i];
    const std::string name = comparison.names[i + 1] + "/" + comparison.names[0];
    const std::string what = fmt::format("geometric mean of {} as speeds over {} of {} series: {}", name, cell.used,
                                         cell.series, chart::exact(cell.value));
    means.bars.push_back(chart::Bar{name, cell.value, report::format_ratio(cell.value, options), what, i + 1, false});
    if (std::isfinite(cell.value)) chart.references.push_back({cell.value, "", what});
    line.push_back(report::format_ratio(cell.value, options));
  }
  chart.groups.push_back(std::move(means));
  figure.table.rows.push_back(std::move(line));
  chart.label = figure.caption;
  figure.svg = chart::bar_svg(chart);
  return figure;
}

std::string results_table(const std::vector<const model::Result*>& results, const std::vector<std::string>& names) {
  Table table;
  table.caption = "The results compared; the first is the reference of every ratio";
  table.header = {"name", "title", "source", "kind"};
  table.css_class = "environment";
  for (std::size_t i = 0; i < results.size(); ++i) {
    const model::Result& r = *results[i];
    const auto at = [&](const char* key) {
      const auto it = r.meta.find(key);
      return it == r.meta.end() ? std::string() : it->second;
    };
    table.rows.push_back({i < names.size() ? names[i] : "", at("title"), at("source"),
                          r.kind == model::ResultKind::published ? "published (drawn hollow)" : "measured"});
  }
  return table_html(table);
}

}  // namespace

std::vector<ChartFigure> comparison_charts(const analysis::Comparison& comparison,
                                           const analysis::CompareOptions& options,
                                           const std::vector<bool>& published) {
  std::vector<ChartFigure> out;
  if (comparison.names.empty()) return out;
  for (const auto& unit : comparison_units(comparison)) out.push_back(unit_chart(comparison, unit, options, published));
  if (comparison.names.size() > 1) out.push_back(ratio_chart(comparison, options));
  return out;
}

namespace {

/// The per-node verdict of three results or more (analysis/node_spread.hpp) as a table, the
/// outliers' rows marked, then a line per outlier.
std::string spread_section(const analysis::NodeSpread& spread) {
  if (spread.rows.empty()) return "";
  Table table;
  table.caption = fmt::format(
      "Each result's figure / the median of the {}; * an outlier: beyond the median ± {:g} spreads (the MAD × {:g}) "
      "and {:g}% from it",
      spread.names.size(), spread.options.k, analysis::mad_scale, spread.options.min_effect * 100);
  table.header = {"series", "unit", "median", "spread"};
  table.header.insert(table.header.end(), spread.names.begin(), spread.names.end());
  for (const auto& row : spread.rows) {
    std::vector<std::string> line{row.label, row.unit.empty() ? "index" : row.unit, fmt::format("{:.4g}", row.median),
                                  fmt::format("{:.3g}", row.spread)};
    bool any = false;
    for (std::size_t m = 0; m < row.ratios.size(); ++m) {
      line.push_back(row.ratios[m] ? fmt::format("{}{:.2f}", row.outlier[m] ? "*" : "", *row.ratios[m]) : "-");
      any = any || row.outlier[m];
    }
    table.rows.push_back(std::move(line));
    table.marked.push_back(any);
  }
  std::string out = "<section id=\"spread\">\n<h2>Outliers among the results</h2>\n" + table_html(table);
  std::string lines;
  for (const auto& o : spread.outliers) lines += fmt::format("{}: {} {:.2f} of the median\n", o.name, o.label, o.ratio);
  if (spread.outliers.empty()) lines = fmt::format("no outliers among the {} results\n", spread.names.size());
  return out + pre_html(lines, "verdict") + "</section>\n";
}

}  // namespace

std::string comparison_page(const std::vector<const model::Result*>& results, const analysis::Comparison& comparison,
                            const analysis::CompareOptions& options, std::size_t width) {
  const std::string names = fmt::format("{}", fmt::join(comparison.names, ", "));
  std::string out = page_start("Comparison: " + names + " · hwbench");
  out += fmt::format("<header>\n<h1>Comparison: {}</h1>\n</header>\n", escape(names));
  out += "<section id=\"results\">\n<h2>Results</h2>\n" + results_table(results, comparison.names) + "</section>\n";
  if (!comparison.environment.empty()) {
    Table environment;
    environment.caption = "The machines; * marks a fact that differs between them";
    environment.css_class = "environment";
    environment.header = {"fact"};
    environment.header.insert(environment.header.end(), comparison.names.begin(), comparison.names.end());
    for (const auto& row : comparison.environment) {
      std::vector<std::string> line{row.label};
      for (const auto& value : row.values) line.push_back(value.empty() ? "-" : value);
      environment.rows.push_back(std::move(line));
      environment.marked.push_back(row.differs);
    }
    out += "<section id=\"environment\">\n<h2>Environment</h2>\n" + table_html(environment) + "</section>\n";
  }
  out += "<section class=\"report\" id=\"comparison\">\n<h2>Comparison</h2>\n" +
         pre_html(report::format_comparison(comparison, options, width));
  std::vector<bool> published;
  for (const model::Result* r : results) published.push_back(r->kind == model::ResultKind::published);
  for (const auto& figure : comparison_charts(comparison, options, published)) out += figure_html(figure);
  out += "</section>\n";
  if (comparison.names.size() >= 3) out += spread_section(analysis::node_spread(comparison, {}));
  return out + page_end();
}

}  // namespace hwbench::runtime::html
