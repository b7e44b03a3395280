// The aggregate stage of the generic reports.
#include <limits>

#include "runtime/report/report.hpp"
#include "runtime/statistics.hpp"

namespace hwbench::runtime {

ReportData build_report_data(const Result& result, const ReportSpec& spec) {
  ReportData data;
  data.spec = spec;
  const Unit* unit = find_unit(spec.unit);
  // The checker refuses unknown units; should one slip through, the report still shows its
  // series, with no figures, rather than inventing a conversion.
  data.unit = unit != nullptr ? *unit : Unit{spec.unit, Measure::byte_rate, 1, "unknown unit"};
  for (const auto& series : result.series) {
    SeriesFigures figures;
    figures.label = series.label;
    figures.converged = series.converged;
    figures.ci_target_pct = series.ci_target_pct;
    if (unit != nullptr) {
      for (const auto& sample : series.samples) {
        if (auto value = sample_value(sample, *unit)) figures.values.push_back(*value);
      }
    }
    for (const auto& name : spec.aggregates) {
      auto value = aggregate(name, figures.values);
      figures.aggregates.emplace_back(name, value.value_or(std::numeric_limits<double>::quiet_NaN()));
    }
    data.series.push_back(std::move(figures));
  }
  return data;
}

}  // namespace hwbench::runtime
