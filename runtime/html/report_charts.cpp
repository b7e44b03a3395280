#include "runtime/html/report_charts.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <set>
#include <span>
#include <vector>

#include <fmt/format.h>

#include "base/chart/bar_chart.hpp"
#include "base/chart/distribution_chart.hpp"
#include "base/chart/line_chart.hpp"
#include "base/chart/scale.hpp"
#include "base/chart/svg.hpp"
#include "runtime/analysis/blocks.hpp"
#include "runtime/analysis/distribution.hpp"
#include "runtime/analysis/statistics.hpp"
#include "runtime/analysis/units.hpp"
#include "runtime/html/compare_page.hpp"
#include "runtime/record/result_file.hpp"
#include "runtime/report/report.hpp"
#include "runtime/tools/tools.hpp"

namespace hwbench::runtime::html {

namespace {

// A figure of `figures`: the report's own when it printed that aggregate, otherwise the
// analysis stage's over the same values.
double report_or_analysis(const model::ReportFigures& figures, std::string_view name) {
  for (const auto& [aggregate_name, value] : figures.aggregates)
    if (aggregate_name == name) return value;
  return analysis::aggregate(name, figures.values).value_or(std::nan(""));
}

std::string unit_of(const model::RenderedReport& report, const model::ReportFigures& figures) {
  return figures.unit.empty() ? report.spec.unit : figures.unit;
}

// The 95% half-interval of `figures`' mean where the report printed none: the one its `ci95`
// would print (report::build_report_data), from the series' blocks and never narrower than the
// run's `drift` or the printed digits allow, so that the page says what the text does. The
// blocks and digits count only where the figures are the series' samples in `unit_name`.
double report_interval(const model::Result& seen, const model::ReportFigures& figures, const std::string& unit_name,
                       const analysis::RunDrift& drift) {
  for (const auto& [aggregate_name, value] : figures.aggregates)
    if (aggregate_name == "ci95") return value;
  std::vector<std::uint32_t> blocks;
  double resolution = 0;
  const model::Series* series = record::series_labelled(seen, figures.label);
  const analysis::Unit* unit = analysis::find_unit(unit_name);
  if (series != nullptr && unit != nullptr) {
    if (analysis::sample_values(*series, *unit, &blocks).size() == figures.values.size())
      resolution = analysis::figure_resolution(*series, *unit);
    else
      blocks.clear();
  }
  return analysis::block_interval(figures.values, blocks, drift, resolution).half;
}

// Published figures have no spread: drawn hollow. A program's printed figures (a command step's)
// have one, as measured samples do.
bool published_series(const model::Result& result, const model::ReportFigures& figures) {
  if (const model::Series* series = record::series_labelled(result, figures.label)) return series->published();
  return result.kind == model::ResultKind::published;
}

// The histogram of `values`' finite figures: about histogram_bins bins of a round width from a
// round figure. An inf or nan has no bin, and would make the bins' span (and their count) one.
chart::Bins bins_of(std::span<const double> all) {
  std::vector<double> values;
  std::copy_if(all.begin(), all.end(), std::back_inserter(values), [](double v) { return std::isfinite(v); });
  const double low = analysis::min(values), high = analysis::max(values);
  const double span = high > low ? high - low : std::max(std::fabs(low), 1.0);
  const double width = chart::nice_number(span / static_cast<double>(histogram_bins), true);
  chart::Bins bins;
  bins.low = std::floor(low / width) * width;
  bins.width = width;
  const auto count = static_cast<std::size_t>(std::floor((high - bins.low) / width)) + 1;
  bins.counts = analysis::histogram(values, bins.low, width, count);
  return bins;
}

// One chart per unit, in the order the units first appear, of the series of `seen` (the
// report's section of a result whose run drifted by `drift`).
std::vector<ChartFigure> sample_charts(const model::Result& seen, const model::RenderedReport& report,
                                       const analysis::RunDrift& drift) {
  std::vector<std::string> units;
  for (const auto& figures : report.figures)
    if (!figures.values.empty() && std::find(units.begin(), units.end(), unit_of(report, figures)) == units.end())
      units.push_back(unit_of(report, figures));
  std::vector<ChartFigure> out;
  for (const auto& unit : units) {
    chart::DistributionChart chart;
    chart.unit = unit;
    ChartFigure figure;
    figure.table.header = {"series", "samples", "mean", "± 95% CI", "median", "min", "max"};
    std::vector<std::string> labels, no_bin;
    for (std::size_t i = 0; i < report.figures.size(); ++i) {
      const model::ReportFigures& figures = report.figures[i];
      if (figures.values.empty() || unit_of(report, figures) != unit) continue;
      chart::DistributionRow row;
      row.label = figures.label;
      row.colour = i;
      row.mean = report_or_analysis(figures, "mean");
      row.ci95 = report_interval(seen, figures, unit, drift);
      row.median = report_or_analysis(figures, "median");
      row.hollow = published_series(seen, figures);
      if (figures.values.size() >= box_plot_from) {
        const auto box = analysis::box_summary(figures.values);
        row.box = chart::Box{box.q1, box.median, box.q3, box.whisker_low, box.whisker_high};
      }
      const auto finite = static_cast<std::size_t>(
          std::count_if(figures.values.begin(), figures.values.end(), [](double v) { return std::isfinite(v); }));
      if (figures.values.size() > histogram_past && finite > 0) {
        row.bins = bins_of(figures.values);
        if (finite < figures.values.size())
          no_bin.push_back(fmt::format("{} of {}", figures.values.size() - finite, figures.label));
      } else {
        row.values = figures.values;
      }
      figure.table.rows.push_back({figures.label, fmt::format("{}", figures.values.size()),
                                   report::format_figure(row.mean), report::format_figure(row.ci95),
                                   report::format_figure(row.median),
                                   report::format_figure(report_or_analysis(figures, "min")),
                                   report::format_figure(report_or_analysis(figures, "max"))});
      labels.push_back(figures.label);
      chart.rows.push_back(std::move(row));
    }
    const bool any_histogram =
        std::any_of(chart.rows.begin(), chart.rows.end(), [](const auto& r) { return r.bins.has_value(); });
    figure.caption = any_histogram
                         ? fmt::format("Samples in {}: a histogram where a series has more than {}, points elsewhere",
                                       unit, histogram_past)
                         : fmt::format("Samples in {}: each sample a point", unit);
    // The samples a histogram leaves out, which its counts alone would hide.
    if (!no_bin.empty()) figure.caption += fmt::format("; inf or nan, in no bin: {}", fmt::join(no_bin, ", "));
    chart.label = fmt::format("Samples in {} of {}", unit, fmt::join(labels, ", "));
    figure.table.caption = fmt::format("The figures of the chart, in {}", unit);
    figure.svg = chart::distribution_svg(chart);
    out.push_back(std::move(figure));
  }
  return out;
}

// `report table`: the samples in the order they ran, one line per series.
ChartFigure run_order_chart(const model::RenderedReport& report) {
  chart::LineChart chart;
  chart.unit = report.spec.unit;
  std::size_t longest = 0;
  ChartFigure figure;
  figure.table.header = {"sample"};
  for (std::size_t i = 0; i < report.figures.size(); ++i) {
    const model::ReportFigures& figures = report.figures[i];
    if (figures.values.empty()) continue;
    chart.series.push_back({figures.label, figures.values, i});
    longest = std::max(longest, figures.values.size());
    figure.table.header.push_back(figures.label);
  }
  std::vector<std::string> labels(figure.table.header.begin() + 1, figure.table.header.end());
  chart.label = fmt::format("Samples in run order, in {}: {}", chart.unit, fmt::join(labels, ", "));
  figure.caption = fmt::format("Samples in run order ({})", chart.unit);
  figure.table.caption = fmt::format("Each sample in {}, in run order", chart.unit);
  if (longest <= chart::marked_points) {
    for (std::size_t k = 0; k < longest; ++k) {
      std::vector<std::string> row{fmt::format("{}", k + 1)};
      for (const auto& series : chart.series)
        row.push_back(k < series.values.size() ? report::format_figure(series.values[k]) : "");
      figure.table.rows.push_back(std::move(row));
    }
  } else {
    // Too many samples to list: each series' first and last, and its range.
    figure.table.header = {"series", "samples", "first", "last", "min", "max"};
    figure.table.caption = fmt::format("The samples in {}, in run order: their range", chart.unit);
    for (const auto& series : chart.series)
      figure.table.rows.push_back(
          {series.label, fmt::format("{}", series.values.size()), report::format_figure(series.values.front()),
           report::format_figure(series.values.back()), report::format_figure(analysis::min(series.values)),
           report::format_figure(analysis::max(series.values))});
  }
  figure.svg = chart::line_svg(chart);
  return figure;
}

/// A named style's index chart (report::IndexChart): a bar per test, then the score's bar.
ChartFigure index_chart_figure(const model::Result& result, const report::IndexChart& index_chart) {
  const bool published = result.kind == model::ResultKind::published;
  chart::BarChart chart;
  chart.unit = index_chart.unit;
  ChartFigure figure;
  figure.table.header = {"test", "figure", "unit", "baseline", "index"};
  for (const auto& bar : index_chart.bars) {
    chart.groups.push_back(
        {bar.label,
         {chart::Bar{"", bar.index, fmt::format("{:.1f}", bar.index),
                     fmt::format("{}: index {} ({} {} against {})", bar.label, chart::exact(bar.index),
                                 chart::exact(bar.figure), bar.unit, chart::exact(bar.baseline)),
                     0, published}}});
    figure.table.rows.push_back({bar.label, fmt::format("{:.1f}", bar.figure), bar.unit,
                                 fmt::format("{:.1f}", bar.baseline), fmt::format("{:.1f}", bar.index)});
  }
  const std::string score = fmt::format("{:.1f}", index_chart.score);
  chart.groups.push_back({index_chart.score_label,
                          {chart::Bar{"", index_chart.score, score,
                                      fmt::format("score {}", chart::exact(index_chart.score)), 1, published}}});
  figure.table.rows.push_back({index_chart.score_row, "", "", "", score});
  chart.label = index_chart.title;
  figure.caption = index_chart.caption;
  figure.table.caption = index_chart.table_caption;
  figure.svg = chart::bar_svg(chart);
  return figure;
}

std::string index_title(const model::IndexValue& index) {
  return fmt::format("{} (vs {})", index.spec.label, index.spec.baseline);
}

/// An interleave block's comparison: each later statement's ratio to the first, its 95% interval
/// from the paired rounds across the bar's end (report::render_interleaved_report's figures).
ChartFigure interleaved_ratio_chart(const model::RenderedReport& report) {
  const std::string base = report.figures.front().label;
  chart::BarChart chart;
  chart.scale = chart::ScaleKind::log;
  chart.origin = 1;
  chart.unit = fmt::format("ratio to {} (log scale)", base);
  chart.references.push_back({1, "1.0", fmt::format("1.0: as {}", base)});
  ChartFigure figure;
  figure.caption = fmt::format("Ratios to {} from the rounds they ran side by side, with 95% intervals", base);
  figure.table.caption = figure.caption;
  figure.table.header = {"series", "ratio", "95% low", "95% high"};
  for (std::size_t i = 1; i < report.figures.size(); ++i) {
    const model::ReportFigures& f = report.figures[i];
    const double ratio = report_or_analysis(f, "ratio");
    const double lo = report_or_analysis(f, "ratio_low"), hi = report_or_analysis(f, "ratio_high");
    chart::Bar bar{"", ratio, std::isfinite(ratio) ? fmt::format("{:.3f}", ratio) : "-", "", 1, false, lo, hi};
    bar.title = std::isfinite(lo) ? fmt::format("{} / {}: {} (95% interval {} – {})", f.label, base,
                                                chart::exact(ratio), chart::exact(lo), chart::exact(hi))
                                  : fmt::format("{} / {}: {} (no spread known)", f.label, base, chart::exact(ratio));
    chart.groups.push_back({f.label, {std::move(bar)}});
    auto cell = [](double v) { return std::isfinite(v) ? fmt::format("{:.4f}", v) : std::string("-"); };
    figure.table.rows.push_back({f.label, cell(ratio), cell(lo), cell(hi)});
  }
  chart.label = figure.caption;
  figure.svg = chart::bar_svg(chart);
  return figure;
}

}  // namespace

std::vector<ChartFigure> report_charts(const model::Result& result, const model::RenderedReport& report,
                                       const report::ComparedResults& compared) {
  // The result as the report saw it (its section's series), the run's drift from the whole run,
  // as report::render_to_record computes them.
  const model::Result seen = report::section_view(result, report.spec);
  std::vector<ChartFigure> out = sample_charts(seen, report, analysis::run_drift(result));
  if (report.spec.style.layout == model::ReportLayout::compare) {
    // The comparison the report printed.
    if (const auto data = report::compare_report_data(seen, report.spec, compared)) {
      std::vector<bool> published;
      for (const model::Result* r : data->results) published.push_back(r->kind == model::ResultKind::published);
      auto charts = comparison_charts(data->comparison, data->options, published);
      out.insert(out.end(), std::make_move_iterator(charts.begin()), std::make_move_iterator(charts.end()));
    }
  }
  const bool has_values =
      std::any_of(report.figures.begin(), report.figures.end(), [](const auto& f) { return !f.values.empty(); });
  if (report.spec.style.layout == model::ReportLayout::table && has_values) out.push_back(run_order_chart(report));
  if (report.spec.style.layout == model::ReportLayout::interleaved && report.figures.size() >= 2)
    out.push_back(interleaved_ratio_chart(report));
  if (report.spec.style.layout == model::ReportLayout::named && report.spec.style.named != nullptr) {
    const report::NamedStyle* style = tools::find_named_style(report.spec.style.named->name);
    if (style != nullptr && style->charts)
      for (const auto& chart : style->charts(result, report)) out.push_back(index_chart_figure(result, chart));
  }
  return out;
}

std::vector<ChartFigure> other_series_charts(const model::Result& result,
                                             const std::vector<model::RenderedReport>& reports) {
  std::set<std::string> drawn;
  for (const auto& report : reports)
    for (const auto& figures : report.figures)
      if (!figures.values.empty()) drawn.insert(figures.label);
  // The figures `report summary` would record for the rest.
  model::RenderedReport others;
  const analysis::RunDrift drift = analysis::run_drift(result);
  for (const auto& row : report::build_summary(result, drift)) {
    if (drawn.count(row.label) != 0 || row.values.empty()) continue;
    others.figures.push_back(model::ReportFigures{row.label,
                                                  row.values,
                                                  {{"mean", row.mean}, {"ci95", row.ci95}, {"median", row.median}},
                                                  row.converged,
                                                  row.unit});
  }
  return sample_charts(result, others, drift);
}

std::vector<ChartFigure> index_charts(const std::vector<model::IndexValue>& indices) {
  std::vector<ChartFigure> out;
  if (indices.empty()) return out;
  chart::BarChart values;
  values.unit = "index";
  ChartFigure figure;
  figure.caption = "Indices";
  figure.table.caption = "Each index: the geometric mean of its ratios to the baseline, times its scale";
  figure.table.header = {"index", "baseline", "scale", "value"};
  for (std::size_t i = 0; i < indices.size(); ++i) {
    const model::IndexValue& index = indices[i];
    values.groups.push_back(
        {index_title(index),
         {chart::Bar{"", index.value, report::format_figure(index.value),
                     fmt::format("{}: {}", index_title(index), chart::exact(index.value)), i, false}}});
    figure.table.rows.push_back(
        {index.spec.label, index.spec.baseline, chart::exact(index.spec.scale), report::format_figure(index.value)});
  }
  values.label = "Indices";
  figure.svg = chart::bar_svg(values);
  out.push_back(std::move(figure));
  for (std::size_t i = 0; i < indices.size(); ++i) {
    const model::IndexValue& index = indices[i];
    chart::BarChart ratios;
    ratios.scale = chart::ScaleKind::log;
    ratios.origin = 1;
    ratios.unit = fmt::format("ratio to {} (log scale)", index.spec.baseline);
    ratios.references.push_back({1, "1", fmt::format("as fast as {}", index.spec.baseline)});
    ChartFigure parts;
    parts.caption = fmt::format("{}: the ratios it is made of", index_title(index));
    parts.table.caption = fmt::format("The ratios of {} to {}", index.spec.label, index.spec.baseline);
    parts.table.header = {"series", "ratio"};
    for (const auto& [series, ratio] : index.ratios) {
      ratios.groups.push_back(
          {series,
           {chart::Bar{"", ratio, report::format_figure(ratio),
                       fmt::format("{} / {}: {}", series, index.spec.baseline, chart::exact(ratio)), i, false}}});
      parts.table.rows.push_back({series, report::format_figure(ratio)});
    }
    ratios.label = parts.caption;
    parts.svg = chart::bar_svg(ratios);
    out.push_back(std::move(parts));
  }
  return out;
}

}  // namespace hwbench::runtime::html
