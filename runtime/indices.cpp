#include "runtime/indices.hpp"

#include <cmath>
#include <limits>

#include "runtime/baseline.hpp"
#include "runtime/statistics.hpp"
#include "runtime/units.hpp"

namespace hwbench::runtime {

std::optional<double> series_figure(const Series& series, const std::string& unit, const std::string& aggregate_name) {
  const Unit* u = find_unit(unit);
  if (u == nullptr || !series.unavailable.empty()) return std::nullopt;
  std::vector<double> values;
  for (const auto& s : series.samples)
    if (auto v = sample_value(s, *u)) values.push_back(*v);
  if (values.empty()) return std::nullopt;
  return aggregate(aggregate_name, values);
}

IndexValue compute_index(const Result& result, const IndexSpec& spec) {
  constexpr double nan = std::numeric_limits<double>::quiet_NaN();
  IndexValue out;
  out.spec = spec;
  const Baseline* base = nullptr;
  for (const auto& b : result.baselines)
    if (b.name == spec.baseline) base = &b;
  double log_sum = 0;
  bool complete = base != nullptr && !spec.series.empty();
  for (const auto& label : spec.series) {
    double ratio = nan;
    const Figure* ref = base ? baseline_figure(*base, label) : nullptr;
    const Series* series = nullptr;
    for (const auto& s : result.series)
      if (s.label == label) series = &s;
    if (ref != nullptr && series != nullptr) {
      if (auto fig = series_figure(*series, ref->unit, spec.aggregate)) ratio = *fig / ref->value;
    }
    if (std::isnan(ratio) || ratio <= 0) complete = false;
    else log_sum += std::log(ratio);
    out.ratios.emplace_back(label, ratio);
  }
  out.value = complete ? spec.scale * std::exp(log_sum / static_cast<double>(spec.series.size())) : nan;
  return out;
}

void compute_indices(Result& result) {
  for (auto& index : result.indices) {
    auto printed = index.printed;
    index = compute_index(result, index.spec);
    index.printed = printed;
  }
}

const IndexValue* find_index(const Result& result, const std::string& label, const std::string& baseline) {
  for (const auto& i : result.indices)
    if (i.spec.label == label && (baseline.empty() || i.spec.baseline == baseline)) return &i;
  return nullptr;
}

}  // namespace hwbench::runtime
