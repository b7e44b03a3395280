// The aggregate stage of the generic reports.
#include <algorithm>
#include <cstdlib>
#include <limits>
#include <map>
#include <optional>

#include <fmt/format.h>

#include "runtime/analysis/indices.hpp"
#include "runtime/analysis/stability.hpp"
#include "runtime/analysis/statistics.hpp"
#include "runtime/report/report.hpp"

namespace hwbench::runtime::report {

namespace {

// A figure the source printed, in the report's unit. An aggregate outside the unit (cv, a
// fraction, and count) has nothing to convert; every other one scales like its samples.
std::optional<double> printed_value(const std::string& name, const model::Figure& figure, const analysis::Unit& unit) {
  const analysis::Unit* from = analysis::find_unit(figure.unit);
  if (from == nullptr || from->measure != unit.measure) return std::nullopt;
  if (const analysis::Aggregate* a = analysis::find_aggregate(name); a != nullptr && !a->in_unit) return figure.value;
  return figure.value * from->factor / unit.factor;
}

// The back ends of a series' samples (a kernel defined in the recipe), each with the longest
// compile time it took: "interpreted, compiled in 0.0123 ms".
std::string backend_note(const model::Series& series) {
  std::map<std::string, std::int64_t> compile_ns;
  for (const auto& set : series.param_sets) {
    const auto backend = set.params.find("backend");
    if (backend == set.params.end()) continue;
    auto& ns = compile_ns[backend->second];
    if (const auto c = set.params.find("compile_ns"); c != set.params.end())
      ns = std::max<std::int64_t>(ns, std::strtoll(c->second.c_str(), nullptr, 10));
  }
  std::string out;
  for (const auto& [backend, ns] : compile_ns)
    out += fmt::format("{}{}, compiled in {} ms", out.empty() ? "" : "; ", backend,
                       format_figure(static_cast<double>(ns) / 1e6));
  return out;
}

}  // namespace

ReportData build_report_data(const model::Result& result, const model::ReportSpec& spec,
                             const analysis::RunDrift& drift) {
  ReportData data;
  data.spec = spec;
  const analysis::Unit* unit = analysis::find_unit(spec.unit);
  // The checker refuses unknown units; should one slip through, the report still shows its
  // series, with no figures, rather than inventing a conversion.
  data.unit = unit != nullptr ? *unit : analysis::Unit{spec.unit, analysis::Measure::byte_rate, 1, "unknown unit"};
  for (const auto& series : result.series) {
    SeriesFigures figures;
    figures.label = series.label;
    figures.converged = series.converged;
    figures.ci_target_pct = series.ci_target_pct;
    std::vector<std::uint32_t> blocks;
    if (unit != nullptr) figures.values = analysis::sample_values(series, *unit, &blocks);
    figures.interval = analysis::block_interval(figures.values, blocks, drift,
                                                unit != nullptr ? analysis::figure_resolution(series, *unit) : 0);
    // The run's drift may widen an interval past the `until ci` target the run met.
    if (!figures.values.empty())
      figures.converged = figures.converged && analysis::drift_keeps_target(figures.ci_target_pct, figures.interval,
                                                                            analysis::mean(figures.values));
    // A series whose samples all lack this measure (an op-only kernel in an MB/s report) is
    // not part of the report: a column of dashes or zeros would only mislead.
    bool has_printed_figure = false;
    for (const auto& name : spec.aggregates) has_printed_figure |= series.printed.count(name) != 0;
    if (unit != nullptr && figures.values.empty() && !series.samples.empty() && !has_printed_figure) continue;
    for (const auto& name : spec.aggregates) {
      // ci95 takes the samples' blocks into account: a drift between them widens it.
      auto value = name == "ci95"    ? std::optional(figures.interval.half)
                   : unit != nullptr ? analysis::series_aggregate(series, unit->name, name, figures.values)
                                     : analysis::aggregate(name, figures.values);
      figures.aggregates.emplace_back(name, value.value_or(std::numeric_limits<double>::quiet_NaN()));
      std::optional<double> printed;
      if (const auto it = series.printed.find(name); it != series.printed.end() && unit != nullptr) {
        printed = printed_value(name, it->second, *unit);
      }
      figures.printed.emplace_back(name, printed);
    }
    figures.backend = backend_note(series);
    figures.drift = analysis::drifts(figures.values);
    figures.outliers = analysis::count_outliers(figures.values);
    data.series.push_back(std::move(figures));
  }
  return data;
}

}  // namespace hwbench::runtime::report
