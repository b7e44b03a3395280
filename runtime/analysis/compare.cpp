#include "runtime/analysis/compare.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include <fmt/format.h>

#include "base/support/suggestions.hpp"
#include "runtime/analysis/indices.hpp"
#include "runtime/analysis/statistics.hpp"
#include "runtime/analysis/units.hpp"

namespace hwbench::runtime::analysis {

namespace {

constexpr double nan = std::numeric_limits<double>::quiet_NaN();

// Sample parameters that select an implementation of the same kernel; samples that differ in
// one of them were measured by different code, so their figures are not divided.
const std::vector<std::string> implementation_params = {"version", "backend", "method", "engine", "provider"};

const model::Series* find_series(const model::Result& result, const std::string& label) {
  for (const auto& s : result.series)
    if (s.label == label) return &s;
  return nullptr;
}

// The series' figure in `unit`: the mean of its samples, or, for a published series that
// printed a mean without per-sample figures, that mean converted.
std::optional<double> figure_in(const model::Series& series, const std::string& unit) {
  if (auto v = series_figure(series, unit)) return v;
  const auto printed = series.printed.find("mean");
  const Unit* to = find_unit(unit);
  if (printed == series.printed.end() || to == nullptr || !series.unavailable.empty()) return std::nullopt;
  for (const auto& s : series.samples)
    if (s.figure || s.wall_ns > 0) return std::nullopt;  // it has figures, just not in this measure
  const Unit* from = find_unit(printed->second.unit);
  if (from == nullptr || from->measure != to->measure) return std::nullopt;
  return printed->second.value * from->factor / to->factor;
}

// The measures a series' figures are naturally in: each sample's published figure's, a byte
// rate for samples that moved bytes, an op rate for those that counted operations; a time only
// for samples that did neither (every timed sample has a time, but a rate is what it measured).
std::set<Measure> natural_measures(const model::Series& series) {
  std::set<Measure> measures;
  bool timed = false;
  auto add = [&](const std::string& unit) {
    if (const Unit* u = find_unit(unit)) measures.insert(u->measure);
  };
  for (const auto& s : series.samples) {
    if (s.figure) add(s.figure->unit);
    if (!s.figure && s.bytes > 0) measures.insert(Measure::byte_rate);
    if (!s.figure && s.ops > 0) measures.insert(Measure::op_rate);
    timed = timed || s.wall_ns > 0;
  }
  if (const auto printed = series.printed.find("mean"); measures.empty() && printed != series.printed.end())
    add(printed->second.unit);
  if (measures.empty() && timed) measures.insert(Measure::time);
  return measures;
}

// Whether a row may show `series` in `unit`: the unit is of one of its natural measures (or
// is the unit the user asked for) and the series has a figure in it.
bool can_show(const model::Series& series, const std::string& unit, const CompareOptions& options) {
  const Unit* u = find_unit(unit);
  if (u == nullptr || !figure_in(series, unit)) return false;
  return unit == options.unit || natural_measures(series).count(u->measure) > 0;
}

std::string measure_name(const std::string& unit) {
  const Unit* u = find_unit(unit);
  if (u == nullptr) return "an unknown measure";
  switch (u->measure) {
    case Measure::byte_rate:
      return "a byte rate";
    case Measure::op_rate:
      return "an op rate";
    case Measure::time:
      return "a time";
    case Measure::bytes:
      return "a byte count";
    case Measure::ops:
      return "an op count";
    case Measure::cpu_share:
      return "a CPU share";
  }
  return "an unknown measure";
}

// What code measured a series: its kernels with their implementation parameters, e.g.
// "cp method=sendfile"; "" for published figures, which do not say, and for a program's own
// figures (a command step's), which say what they measured as a tool's log does.
std::string kernel_identity(const model::Series& series) {
  if (series.samples.has_figures()) return "";
  std::set<std::string> kinds;
  for (const auto& s : series.param_sets) {
    if (s.kernel == "published" || s.kernel.empty()) continue;
    std::string kind = s.kernel;
    for (const auto& p : implementation_params)
      if (auto it = s.params.find(p); it != s.params.end()) kind += " " + p + "=" + it->second;
    kinds.insert(kind);
  }
  std::string out;
  for (const auto& k : kinds) out += (out.empty() ? "" : ", ") + k;
  return out;
}

/// The verdict of a computed ratio from the two series' samples in `unit`: none for published
/// figures, whose spread is not known; a program's printed figures (a command step's) have one.
void judge(RatioCell& ratio, const model::Series& a, const model::Series& b, const std::string& unit_name,
           const CompareOptions& options, const RunDrift& drift_a, const RunDrift& drift_b) {
  const Unit* unit = find_unit(unit_name);
  if (unit == nullptr) return;
  ratio.speed =
      unit->measure == Measure::byte_rate || unit->measure == Measure::op_rate || unit->measure == Measure::time;
  ratio.lower_is_faster = unit->measure == Measure::time;
  if (a.published() || b.published()) return;
  std::vector<std::uint32_t> blocks_a, blocks_b;
  const std::vector<double> va = sample_values(a, *unit, &blocks_a);
  const std::vector<double> vb = sample_values(b, *unit, &blocks_b);
  ratio.verdict = compare_samples(va, blocks_a, vb, blocks_b, options.effect, drift_a, drift_b,
                                  figure_resolution(a, *unit), figure_resolution(b, *unit), ratio.lower_is_faster);
}

bool usable(const FigureCell& cell) {
  return cell.state == CellState::figure && std::isfinite(cell.value) && cell.value > 0;
}

/// The unit the first result gives each measure in its rows: the natural unit most of its series
/// with a figure have (an openssl log's `k`, a run's MB/s), the first of them on a tie.
std::map<Measure, std::string> base_units(const model::Result& base) {
  std::map<std::string, std::size_t> counts;
  std::vector<std::string> order;
  for (const auto& s : base.series) {
    const std::string unit = natural_unit(s).name;
    if (!s.unavailable.empty() || !figure_in(s, unit)) continue;
    if (counts[unit]++ == 0) order.push_back(unit);
  }
  std::map<Measure, std::string> units;
  for (const auto& unit : order) {
    const auto [it, added] = units.emplace(find_unit(unit)->measure, unit);
    if (!added && counts[unit] > counts[it->second]) it->second = unit;
  }
  return units;
}

/// The row's unit: of the candidates, the one most results can be shown in, preferring one the
/// first result can be shown in (every ratio divides by it); earlier candidates win ties. In a
/// row the first result has no figure in (a log's 0.00, a column it never printed), the unit it
/// gives the same measure in its other rows comes first, so that the row reads like the rows
/// around it: an openssl log's `k` rather than the run's natural MB/s.
std::string row_unit(const std::vector<const model::Series*>& found, const std::vector<std::string>& natural,
                     const CompareOptions& options, const std::map<Measure, std::string>& base) {
  const std::size_t n = found.size();
  std::vector<std::string> candidates;
  if (!options.unit.empty()) candidates.push_back(options.unit);
  if (found[0] == nullptr) {
    for (std::size_t i = 0; i < n; ++i) {
      const Unit* own = found[i] != nullptr ? find_unit(natural[i]) : nullptr;
      if (own == nullptr) continue;
      if (const auto it = base.find(own->measure); it != base.end()) candidates.push_back(it->second);
    }
  }
  for (std::size_t i = 0; i < n; ++i)
    if (found[i] != nullptr) candidates.push_back(natural[i]);
  std::string unit;
  std::size_t best = 0;
  for (const auto& c : candidates) {
    std::size_t score = 0;
    for (std::size_t i = 0; i < n; ++i)
      if (found[i] != nullptr && can_show(*found[i], c, options)) score += i == 0 ? n + 1 : 1;
    if (score > best) {
      best = score;
      unit = c;
    }
  }
  return unit;
}

CompareRow series_row(const std::string& label, const std::vector<const model::Result*>& results,
                      const std::vector<std::string>& names, const CompareOptions& options,
                      const std::vector<RunDrift>& drifts, const std::map<Measure, std::string>& base) {
  const std::size_t n = results.size();
  CompareRow row;
  row.label = label;
  row.figures.resize(n);
  std::vector<const model::Series*> found(n, nullptr);  // available series with a figure
  std::vector<std::string> natural(n);
  for (std::size_t i = 0; i < n; ++i) {
    const model::Series* s = find_series(*results[i], label);
    FigureCell& cell = row.figures[i];
    if (s == nullptr) continue;
    if (!s->unavailable.empty()) {
      cell.state = CellState::unavailable;
      cell.why = s->unavailable;
      continue;
    }
    natural[i] = natural_unit(*s).name;
    if (!figure_in(*s, natural[i])) {
      cell.state = CellState::no_figure;
      continue;
    }
    found[i] = s;
  }

  const std::string unit = row_unit(found, natural, options, base);
  for (std::size_t i = 0; i < n; ++i) {
    if (found[i] == nullptr) continue;
    FigureCell& cell = row.figures[i];
    cell.state = CellState::figure;
    const bool in_row_unit = can_show(*found[i], unit, options);
    cell.unit = in_row_unit ? unit : natural[i];
    cell.value = *figure_in(*found[i], cell.unit);
  }

  const std::string base_kernel = found[0] != nullptr ? kernel_identity(*found[0]) : "";
  for (std::size_t i = 1; i < n; ++i) {
    RatioCell ratio;
    const FigureCell& a = row.figures[0];
    const FigureCell& b = row.figures[i];
    const std::string kernel = found[i] != nullptr ? kernel_identity(*found[i]) : "";
    if (!usable(a) || !usable(b)) {
      ratio.state = RatioState::missing;
    } else if (a.unit != b.unit) {
      ratio.state = RatioState::units_differ;
      ratio.why = fmt::format("{} {} ({}) against {} {} ({})", names[0], a.unit, measure_name(a.unit), names[i], b.unit,
                              measure_name(b.unit));
    } else if (!base_kernel.empty() && !kernel.empty() && kernel != base_kernel) {
      ratio.state = RatioState::kernels_differ;
      ratio.why =
          fmt::format("measured by different kernels ({}: {}; {}: {})", names[0], base_kernel, names[i], kernel);
    } else {
      ratio.state = RatioState::computed;
      ratio.value = b.value / a.value;
      judge(ratio, *found[0], *found[i], a.unit, options, drifts[0], drifts[i]);
    }
    row.ratios.push_back(ratio);
  }
  return row;
}

// An index's figure: recomputed from the result's own series and baselines; what the source
// printed only when it cannot be (a published log without the per-test figures).
std::optional<double> index_figure(const model::Result& result, const std::string& label, const std::string& baseline) {
  const model::IndexValue* stored = find_index(result, label, baseline);
  if (stored == nullptr) return std::nullopt;
  const double value = compute_index(result, stored->spec).value;
  if (std::isfinite(value)) return value;
  if (stored->printed) return *stored->printed;
  return nan;
}

CompareRow index_row(const std::string& label, const std::string& baseline,
                     const std::vector<const model::Result*>& results) {
  CompareRow row;
  row.label = fmt::format("{} (vs {})", label, baseline);
  row.index = true;
  for (const model::Result* r : results) {
    FigureCell cell;
    if (auto v = index_figure(*r, label, baseline)) {
      cell.state = CellState::figure;
      cell.value = *v;
    }
    row.figures.push_back(cell);
  }
  for (std::size_t i = 1; i < results.size(); ++i) {
    RatioCell ratio;
    if (usable(row.figures[0]) && usable(row.figures[i])) {
      ratio.state = RatioState::computed;
      ratio.value = row.figures[i].value / row.figures[0].value;
    }
    row.ratios.push_back(ratio);
  }
  return row;
}

}  // namespace

Comparison compare_results(const std::vector<const model::Result*>& results, const std::vector<std::string>& names,
                           const CompareOptions& options) {
  Comparison c;
  for (std::size_t i = 0; i < results.size(); ++i)
    c.names.push_back(i < names.size() && !names[i].empty() ? names[i]
                                                            : std::string(1, static_cast<char>('A' + i % 26)));
  if (results.empty()) return c;

  std::vector<std::string> labels;
  std::vector<std::pair<std::string, std::string>> indices;
  for (const model::Result* r : results) {
    for (const auto& s : r->series)
      if (std::find(labels.begin(), labels.end(), s.label) == labels.end()) labels.push_back(s.label);
    for (const auto& i : r->indices) {
      std::pair<std::string, std::string> key{i.spec.label, i.spec.baseline};
      if (std::find(indices.begin(), indices.end(), key) == indices.end()) indices.push_back(key);
    }
  }
  // How far each run drifted, which widens its back-to-back series' spread in the verdicts.
  for (const model::Result* r : results) {
    c.drifts.push_back(run_drift(*r));
    c.reruns.push_back(r->reruns);
  }
  const auto base = base_units(*results[0]);
  for (const auto& label : labels) c.rows.push_back(series_row(label, results, c.names, options, c.drifts, base));
  for (const auto& [label, baseline] : indices) c.rows.push_back(index_row(label, baseline, results));

  // Index rows stay out of the summary: each is already a geometric mean of the series above.
  // Speeds only, so that a time 0.3 of A's and a rate 3 times A's both say "about 3 times as fast"
  // rather than cancel out; a count or a CPU share says nothing of speed.
  for (std::size_t i = 0; i + 1 < results.size(); ++i) {
    SummaryCell cell;
    std::vector<double> ratios;
    for (const auto& row : c.rows) {
      if (row.index) continue;
      ++cell.series;
      const RatioCell& ratio = row.ratios[i];
      if (ratio.state != RatioState::computed) continue;
      if (!ratio.speed) {
        ++cell.no_speed;
        continue;
      }
      ratios.push_back(speed_ratio(ratio));
      cell.times += ratio.lower_is_faster ? 1 : 0;
    }
    cell.used = ratios.size();
    cell.value = ratios.empty() ? nan : geomean(ratios);
    c.summary.push_back(cell);
  }
  c.environment = environment::diff_environments(results);
  return c;
}

double speed_ratio(const RatioCell& ratio) {
  if (ratio.state != RatioState::computed || !ratio.speed) return nan;
  return ratio.lower_is_faster ? 1 / ratio.value : ratio.value;
}

std::string set_compare_option(CompareOptions& options, std::string_view name, std::string_view value) {
  if (name == "ratio") {
    if (value == "truncate")
      options.ratio = CompareOptions::Ratio::truncate;
    else if (value == "round")
      options.ratio = CompareOptions::Ratio::round;
    else
      return support::unknown_word("ratio rule", value, {"truncate", "round"});
    return "";
  }
  if (name == "digits") {
    int digits = -1;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), digits);
    if (ec != std::errc() || end != value.data() + value.size() || digits < 0 || digits > 12)
      return fmt::format("digits must be a whole number from 0 to 12, not '{}'", value);
    options.digits = digits;
    return "";
  }
  if (name == "suffix") {
    options.suffix = std::string(value);
    return "";
  }
  if (name == "unit") {
    if (find_unit(value) == nullptr) return support::unknown_word("unit", value, unit_names());
    options.unit = std::string(value);
    return "";
  }
  if (name == "effect") {
    std::string_view number = value;
    if (!number.empty() && number.back() == '%') number.remove_suffix(1);
    double pct = -1;
    const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), pct);
    if (ec != std::errc() || end != number.data() + number.size() || !(pct >= 0 && pct <= 100))
      return fmt::format("effect must be a percentage from 0 to 100, not '{}'", value);
    options.effect = pct / 100;
    return "";
  }
  return support::unknown_word("compare option", name, {"ratio", "digits", "suffix", "unit", "effect"});
}

}  // namespace hwbench::runtime::analysis
