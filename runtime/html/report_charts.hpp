#pragma once
// The charts of a result's page, each with its table. They draw the figures the report stage
// computed (model::RenderedReport's figures, report::build_unixbench_report, the result's
// indices), taking from the analysis stage only what a report did not print: the 95% interval
// (the one its ci95 would print, from the blocks) or the median where a report shows other
// aggregates, the quartiles of a box plot, the counts of a histogram.
#include <cstddef>
#include <vector>

#include "runtime/html/page.hpp"
#include "runtime/model/result.hpp"
#include "runtime/report/compare_report.hpp"

namespace hwbench::runtime::html {

/// From this many samples on, a series gets a box plot above its points.
inline constexpr std::size_t box_plot_from = 20;
/// Past this many samples, a series is drawn as a histogram instead of points.
inline constexpr std::size_t histogram_past = 2000;
/// A histogram's bins: about this many across the series' range, each a round width.
inline constexpr std::size_t histogram_bins = 40;

/// The charts of one report: its series' samples, one chart per unit (every sample a point,
/// the mean, its 95% interval and the median); `report table`'s samples in run order;
/// UnixBench's index per block; a `compare` report's comparison (compare_page.hpp) with the file
/// in `compared`.
std::vector<ChartFigure> report_charts(const model::Result& result, const model::RenderedReport& report,
                                       const report::ComparedResults& compared);

/// The series of `result` that no report drew (a named style that prints other figures, such as
/// bonnie++'s CPU and latency lines or openssl's algorithms it has no row for, or nbench's tests,
/// whose report prints their means only): their samples in their natural unit, as
/// `report summary` computes them (report::build_summary), one chart per unit.
std::vector<ChartFigure> other_series_charts(const model::Result& result,
                                             const std::vector<model::RenderedReport>& reports);

/// The result's indices (`index` statements, nbench's): one bar per index, then per index the
/// ratios to its baseline that make it up, on a log scale around 1.
std::vector<ChartFigure> index_charts(const std::vector<model::IndexValue>& indices);

}  // namespace hwbench::runtime::html
