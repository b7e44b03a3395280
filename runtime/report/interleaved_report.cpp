// The `compare` of an `interleave` block: each series' mean, its ratio to the block's first
// series with the 95% interval of the paired rounds (analysis::compare_paired), and a verdict
// (docs/language.md, "Interleaved comparisons").
#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

#include <fmt/format.h>

#include "base/support/human_units.hpp"
#include "runtime/analysis/compare.hpp"
#include "runtime/analysis/statistics.hpp"
#include "runtime/analysis/verdict.hpp"
#include "runtime/record/result_file.hpp"
#include "runtime/report/grid.hpp"

namespace hwbench::runtime::report {

namespace {

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

/// One series of the block, its figures in the comparison's unit.
struct PairedRow {
  std::string label;
  std::vector<double> values;              ///< per sample
  std::map<std::uint32_t, double> rounds;  ///< round -> the mean of its samples
  double resolution = 0;                   ///< its printed figures' step (analysis::figure_resolution)
  double mean = kNone;
  analysis::RatioVerdict verdict;  ///< against the first series; no_spread for the first
  bool found = false;              ///< the result has the series, with samples in the unit
};

/// The means of the rounds `a` and `b` both have, in round order.
std::pair<std::vector<double>, std::vector<double>> paired_rounds(const PairedRow& a, const PairedRow& b) {
  std::pair<std::vector<double>, std::vector<double>> out;
  for (const auto& [round, mean] : a.rounds)
    if (auto it = b.rounds.find(round); it != b.rounds.end()) {
      out.first.push_back(mean);
      out.second.push_back(it->second);
    }
  return out;
}

/// What pairs a sample with the other series': its block, the block's round; in reruns joined
/// into one result, whose blocks are the runs, one round of one run (model::Sample::round).
std::vector<std::uint32_t> pairing_keys(std::vector<std::uint32_t> blocks, const std::vector<std::uint32_t>& rounds) {
  const auto small = [](std::uint32_t v) { return v < 65536; };
  const bool joined = std::any_of(rounds.begin(), rounds.end(), [](std::uint32_t r) { return r != 0; });
  if (!joined || !std::all_of(blocks.begin(), blocks.end(), small) || !std::all_of(rounds.begin(), rounds.end(), small))
    return blocks;
  for (std::size_t i = 0; i < blocks.size(); ++i) blocks[i] = blocks[i] << 16 | rounds[i];
  return blocks;
}

PairedRow paired_row(const model::Result& result, const std::string& label, const analysis::Unit& unit) {
  PairedRow row;
  row.label = label;
  const model::Series* series = record::series_labelled(result, label);
  if (series == nullptr) return row;
  std::vector<std::uint32_t> blocks, rounds;
  row.values = analysis::sample_values(*series, unit, &blocks, &rounds);
  if (row.values.empty()) return row;
  row.found = true;
  row.mean = analysis::mean(row.values);
  row.rounds = analysis::block_means(row.values, pairing_keys(std::move(blocks), rounds));
  row.resolution = analysis::figure_resolution(*series, unit);
  return row;
}

/// The unit the block is compared in: the option's, else the first series' natural one.
const analysis::Unit& compared_unit(const model::Result& result, const model::ReportSpec& spec,
                                    const analysis::CompareOptions& options) {
  if (const analysis::Unit* unit = analysis::find_unit(options.unit)) return *unit;
  for (const auto& s : result.series)
    if (!spec.series.empty() && s.label == spec.series.front()) return analysis::natural_unit(s);
  return *analysis::find_unit("ops/s");
}

std::string ratio_cell(double ratio, const analysis::CompareOptions& options) {
  if (std::isnan(ratio)) return "-";
  const double scale = std::pow(10.0, options.digits);
  const double shown =
      options.ratio == analysis::CompareOptions::Ratio::truncate ? std::trunc(ratio * scale) / scale : ratio;
  return fmt::format("{:.{}f}{}", shown, options.digits, options.suffix);
}

/// A verdict names its series: "B is 3.2% faster (…)" already does; the others are prefixed.
std::string verdict_line(const analysis::RatioVerdict& v, const std::string& label, bool speed, bool lower_is_faster,
                         double effect) {
  std::string text = analysis::verdict_text(v, label, speed, lower_is_faster, effect);
  const bool named = v.kind == analysis::RatioVerdict::Kind::higher || v.kind == analysis::RatioVerdict::Kind::lower;
  return named ? text : label + ": " + text;
}

Grid paired_grid(const std::vector<PairedRow>& rows, const analysis::Unit& unit,
                 const analysis::CompareOptions& options, Format format) {
  const bool csv = format == Format::csv;
  const bool speed = unit.measure == analysis::Measure::byte_rate || unit.measure == analysis::Measure::op_rate ||
                     unit.measure == analysis::Measure::time;
  const bool lower_is_faster = unit.measure == analysis::Measure::time;
  Grid grid;
  grid.header = {"series", "rounds", "mean", "unit", "ratio", csv ? "ratio low" : "95% CI of ratio"};
  if (csv) grid.header.insert(grid.header.end(), {"ratio high", "verdict"});
  grid.align = std::vector<Align>(grid.header.size(), Align::right);
  grid.align[0] = grid.align[3] = Align::left;
  if (csv) grid.align.back() = Align::left;
  // Text and Markdown scale the means for people (2.896 G ops/s), as `report summary` does.
  const analysis::ScaledUnit scaled = csv || rows.empty() || std::isnan(rows.front().mean)
                                          ? analysis::ScaledUnit{unit.name, 1}
                                          : analysis::scaled_unit(unit, rows.front().mean);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const PairedRow& row = rows[i];
    const auto& v = row.verdict;
    const bool spread = v.kind != analysis::RatioVerdict::Kind::no_spread;
    std::vector<std::string> cells = {row.label, std::to_string(row.rounds.size()),
                                      std::isnan(row.mean) ? figure_cell(kNone, format)
                                      : csv                ? figure_cell(row.mean, format)
                                                           : support::human_number(row.mean / scaled.divisor),
                                      scaled.name, i == 0 ? ratio_cell(1, options) : ratio_cell(v.ratio, options)};
    std::string text = i == 0 || !row.found ? std::string()
                       : spread             ? verdict_line(v, row.label, speed, lower_is_faster, options.effect)
                                            : row.label + ": no spread known (under two paired rounds)";
    if (csv) {
      cells.push_back(spread ? fmt::format("{:.6g}", v.lo) : "");
      cells.push_back(spread ? fmt::format("{:.6g}", v.hi) : "");
      cells.push_back(text);
    } else {
      cells.push_back(spread ? fmt::format("{} – {}", ratio_cell(v.lo, options), ratio_cell(v.hi, options)) : "-");
      if (!text.empty()) grid.after.push_back(std::move(text));
    }
    grid.rows.push_back(std::move(cells));
  }
  if (!csv && !rows.empty())
    grid.before.push_back(
        fmt::format("ratios to {}, from the rounds each pair of series ran side by side:", rows.front().label));
  return grid;
}

}  // namespace

model::RenderedReport render_interleaved_report(const model::Result& result, const model::ReportSpec& spec,
                                                Format format, std::size_t width) {
  analysis::CompareOptions options;
  options.digits = 3;
  for (const auto& [name, value] : spec.options) analysis::set_compare_option(options, name, value);
  const analysis::Unit& unit = compared_unit(result, spec, options);
  std::vector<PairedRow> rows;
  for (const auto& label : spec.series) rows.push_back(paired_row(result, label, unit));
  for (std::size_t i = 1; i < rows.size(); ++i) {
    if (!rows.front().found || !rows[i].found) continue;
    const auto [a, b] = paired_rounds(rows.front(), rows[i]);
    const auto relative = [](const PairedRow& r) { return r.mean != 0 ? r.resolution / std::fabs(r.mean) : 0; };
    rows[i].verdict = analysis::compare_paired(a, b, options.effect, relative(rows.front()), relative(rows[i]),
                                               unit.measure == analysis::Measure::time);
  }
  std::ostringstream text;
  write_grid(paired_grid(rows, unit, options, format), format, text, width);
  model::RenderedReport record;
  record.spec = spec;
  record.text = text.str();
  for (const auto& row : rows) {
    const auto& v = row.verdict;
    record.figures.push_back(model::ReportFigures{row.label,
                                                  row.values,
                                                  {{"mean", row.mean},
                                                   {"rounds", static_cast<double>(row.rounds.size())},
                                                   {"ratio", &row == &rows.front() ? 1.0 : v.ratio},
                                                   {"ratio_low", v.lo},
                                                   {"ratio_high", v.hi}},
                                                  true,
                                                  unit.name});
  }
  return record;
}

}  // namespace hwbench::runtime::report
