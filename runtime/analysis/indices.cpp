#include "runtime/analysis/indices.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include "runtime/analysis/statistics.hpp"
#include "runtime/analysis/units.hpp"

namespace hwbench::runtime::analysis {

std::vector<UnixbenchPass> unixbench_kept_passes(const model::Series& series, const std::string& unit) {
  const Unit* u = find_unit(unit);
  if (u == nullptr || !series.unavailable.empty()) return {};
  const bool counted = u->name == "lps" || u->name == "lpm";
  std::vector<std::pair<double, UnixbenchPass>> passes;  // each pass's raw count, the pass
  for (const auto& s : series.samples)
    if (auto v = sample_value(s, *u))
      passes.push_back(
          {counted && s.ops > 0 ? static_cast<double>(s.ops) : *v, {*v, static_cast<double>(s.wall_ns) / 1e9}});
  std::stable_sort(passes.begin(), passes.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<UnixbenchPass> kept;
  for (std::size_t i = passes.size() - unixbench_kept(passes.size()); i < passes.size(); ++i)
    kept.push_back(passes[i].second);
  return kept;
}

std::optional<double> series_aggregate(const model::Series& series, const std::string& unit,
                                       const std::string& aggregate_name, std::span<const double> values) {
  if (aggregate_name != "unixbench") return aggregate(aggregate_name, values);
  // By the passes' counts: the aggregate alone sees only the figures, which it sorts by rate.
  std::vector<double> kept;
  for (const auto& p : unixbench_kept_passes(series, unit)) kept.push_back(p.value);
  if (kept.empty()) return std::nullopt;
  return geomean(kept);
}

std::optional<double> series_figure(const model::Series& series, const std::string& unit,
                                    const std::string& aggregate_name) {
  const Unit* u = find_unit(unit);
  if (u == nullptr || !series.unavailable.empty()) return std::nullopt;
  const std::vector<double> values = sample_values(series, *u);
  if (values.empty()) return std::nullopt;
  return series_aggregate(series, unit, aggregate_name, values);
}

model::IndexValue compute_index(const model::Result& result, const model::IndexSpec& spec) {
  constexpr double nan = std::numeric_limits<double>::quiet_NaN();
  model::IndexValue out;
  out.spec = spec;
  const model::Baseline* base = nullptr;
  for (const auto& b : result.baselines)
    if (b.name == spec.baseline) base = &b;
  double log_sum = 0;
  bool complete = base != nullptr && !spec.series.empty();
  for (const auto& label : spec.series) {
    double ratio = nan;
    const model::Figure* ref = base ? baseline_figure(*base, label) : nullptr;
    const model::Series* series = nullptr;
    for (const auto& s : result.series)
      if (s.label == label) series = &s;
    if (ref != nullptr && series != nullptr) {
      if (auto fig = series_figure(*series, ref->unit, spec.aggregate)) ratio = *fig / ref->value;
    }
    if (std::isnan(ratio) || ratio <= 0)
      complete = false;
    else
      log_sum += std::log(ratio);
    out.ratios.emplace_back(label, ratio);
  }
  out.value = complete ? spec.scale * std::exp(log_sum / static_cast<double>(spec.series.size())) : nan;
  return out;
}

void compute_indices(model::Result& result) {
  for (auto& index : result.indices) {
    auto printed = index.printed;
    index = compute_index(result, index.spec);
    index.printed = printed;
  }
}

const model::IndexValue* find_index(const model::Result& result, const std::string& label,
                                    const std::string& baseline) {
  for (const auto& i : result.indices)
    if (i.spec.label == label && (baseline.empty() || i.spec.baseline == baseline)) return &i;
  return nullptr;
}

std::pair<std::string, long long> split_copies_label(const std::string& label) {
  // "LABEL (N copies)" or "LABEL (N copy)", N a whole number from 1.
  for (const std::string_view tail : {std::string_view(" copies)"), std::string_view(" copy)")}) {
    if (label.size() <= tail.size() || label.compare(label.size() - tail.size(), tail.size(), tail) != 0) continue;
    const std::size_t open = label.rfind(" (");
    if (open == std::string::npos) continue;
    const std::string digits = label.substr(open + 2, label.size() - tail.size() - open - 2);
    if (digits.empty() || digits.size() > 6 || digits.find_first_not_of("0123456789") != std::string::npos) continue;
    const long long n = std::stoll(digits);
    if (n >= 1) return {label.substr(0, open), n};
  }
  return {label, 0};
}

const model::Figure* baseline_figure(const model::Baseline& baseline, const std::string& label) {
  for (const auto& [l, f] : baseline.figures)
    if (l == label) return &f;
  // UnixBench's N-copy pass is scored against the same figures as its 1-copy pass.
  if (const auto [single, copies] = split_copies_label(label); copies > 0)
    for (const auto& [l, f] : baseline.figures)
      if (l == single) return &f;
  return nullptr;
}

}  // namespace hwbench::runtime::analysis
