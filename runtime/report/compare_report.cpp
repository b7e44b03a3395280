#include "runtime/report/compare_report.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include <fmt/format.h>

#include "base/support/human_units.hpp"
#include "base/support/text_columns.hpp"
#include "runtime/analysis/units.hpp"
#include "runtime/report/report.hpp"

namespace hwbench::runtime::report {

std::string figure_cell_text(const analysis::FigureCell& cell, double row_scale) {
  if (cell.state != analysis::CellState::figure || !std::isfinite(cell.value)) return "-";
  if (cell.unit.empty()) return format_figure(cell.value);
  // Scaled for people as `report summary` and the progress line do (2.896 G ops/s, 12.50 ms),
  // by the row's largest figure, so that a row's figures share their prefix.
  const analysis::Unit* unit = analysis::find_unit(cell.unit);
  const double by = std::isfinite(row_scale) ? row_scale : cell.value;
  const analysis::ScaledUnit scaled =
      unit != nullptr ? analysis::scaled_unit(*unit, by) : analysis::ScaledUnit{cell.unit, 1};
  if (scaled.divisor == 1) return format_figure(cell.value) + " " + cell.unit;
  return support::human_number(cell.value / scaled.divisor) + " " + scaled.name;
}

double row_scale(const analysis::CompareRow& row, const std::string& unit) {
  double largest = NAN;
  for (const auto& cell : row.figures)
    if (cell.state == analysis::CellState::figure && std::isfinite(cell.value) && cell.unit == unit &&
        !(std::fabs(cell.value) <= std::fabs(largest)))
      largest = cell.value;
  return largest;
}

std::string ratio_cell_text(const analysis::RatioCell& cell, const analysis::CompareOptions& options) {
  switch (cell.state) {
    case analysis::RatioState::computed:
      return format_ratio(cell.value, options);
    case analysis::RatioState::missing:
      return "-";
    case analysis::RatioState::units_differ:
    case analysis::RatioState::kernels_differ:
      return "!";
  }
  return "-";
}

std::string format_ratio(double ratio, const analysis::CompareOptions& options) {
  if (!std::isfinite(ratio)) return "-";
  const int digits = std::clamp(options.digits, 0, 12);
  double value = ratio;
  if (options.ratio == analysis::CompareOptions::Ratio::truncate) {
    const double scale = std::pow(10.0, digits);
    // A quotient meant as 1.16 may be stored as 1.15999…; allow for that representation error.
    const double scaled = std::abs(ratio) * scale * (1 + 1e-12);
    value = std::copysign(std::floor(scaled) / scale, ratio);
  }
  return fmt::format("{:.{}f}", value, digits) + options.suffix;
}

std::string format_verdicts(const analysis::Comparison& comparison, const analysis::CompareOptions& options) {
  const auto& names = comparison.names;
  bool any = false;
  for (const auto& row : comparison.rows)
    for (const auto& r : row.ratios) any |= r.verdict.kind != analysis::RatioVerdict::Kind::no_spread;
  // Published figures alone have no spread: their comparison stays the table they printed.
  if (!any) return "";
  std::vector<std::vector<std::string>> table;
  for (const auto& row : comparison.rows)
    for (std::size_t i = 0; i < row.ratios.size(); ++i) {
      const analysis::RatioCell& r = row.ratios[i];
      if (r.state != analysis::RatioState::computed) continue;
      table.push_back({row.label, names[i + 1] + "/" + names[0],
                       analysis::verdict_text(r.verdict, names[i + 1], r.speed, r.lower_is_faster, options.effect)});
    }
  // Each run's drift, which a side's spread is never less than (analysis::compare_samples).
  // A side of joined reruns: the spread of its runs' means, which its blocks are.
  std::string drifts, reruns;
  for (std::size_t i = 0; i < comparison.drifts.size() && i < names.size(); ++i) {
    if (comparison.drifts[i].df == 0) continue;
    std::string& line = i < comparison.reruns.size() && comparison.reruns[i] > 1 ? reruns : drifts;
    line += fmt::format("{}{} ±{:.1f}%", line.empty() ? "" : ", ", names[i], comparison.drifts[i].sd * 100);
  }
  if (!drifts.empty()) drifts = "run drift (sd of block means): " + drifts + "\n";
  if (!reruns.empty()) drifts += "reruns' spread (sd of run means): " + reruns + "\n";
  return fmt::format("\nverdicts: 95% CI of each ratio (Welch's t); minimum effect {:g}%\n", options.effect * 100) +
         drifts + support::write_columns(table, false);
}

namespace {

/// What the geometric mean of the ratio column `column` left out, and that it counts a time's
/// ratio as its reciprocal: the column beside it prints the time's own ratio.
void add_summary_notes(const analysis::SummaryCell& cell, const std::string& column, std::vector<std::string>& notes) {
  if (cell.used < cell.series)
    notes.push_back(fmt::format("geometric mean of {} over {} of {} series (rows with - or !{} left out)", column,
                                cell.used, cell.series,
                                cell.no_speed == 0 ? "" : fmt::format(", and {} measuring no speed,", cell.no_speed)));
  if (cell.times > 0)
    notes.push_back(fmt::format(
        "geometric mean of {}: of speeds, {}", column,
        cell.times == 1 ? "the time row's ratio counted as its reciprocal"
                        : fmt::format("the {} time rows' ratios counted as their reciprocals", cell.times)));
}

}  // namespace

std::string format_comparison(const analysis::Comparison& comparison, const analysis::CompareOptions& options,
                              std::size_t width) {
  const auto& names = comparison.names;
  const std::size_t n = names.size();
  if (n == 0) return "";

  std::vector<std::vector<std::string>> table;
  std::vector<std::string> header{"series"};
  header.insert(header.end(), names.begin(), names.end());
  for (std::size_t i = 1; i < n; ++i) header.push_back(names[i] + "/" + names[0]);
  table.push_back(header);
  std::vector<std::string> notes;
  for (const auto& row : comparison.rows) {
    std::vector<std::string> line{row.label};
    for (const auto& cell : row.figures) line.push_back(figure_cell_text(cell, row_scale(row, cell.unit)));
    for (const auto& cell : row.ratios) line.push_back(ratio_cell_text(cell, options));
    table.push_back(line);
    for (std::size_t i = 0; i < row.figures.size(); ++i)
      if (row.figures[i].state == analysis::CellState::unavailable)
        notes.push_back(fmt::format("- {}: {} unavailable: {}", row.label, names[i], row.figures[i].why));
    for (std::size_t i = 0; i < row.ratios.size(); ++i)
      if (row.ratios[i].state == analysis::RatioState::units_differ ||
          row.ratios[i].state == analysis::RatioState::kernels_differ)
        notes.push_back(
            fmt::format("! {}: {}/{} not divided: {}", row.label, names[i + 1], names[0], row.ratios[i].why));
  }
  notes.insert(notes.end(), comparison.notes.begin(), comparison.notes.end());
  if (!comparison.summary.empty()) {
    std::vector<std::string> line{"geometric mean"};
    line.resize(n + 1);
    for (const auto& cell : comparison.summary) line.push_back(format_ratio(cell.value, options));
    table.push_back(line);
    for (std::size_t i = 0; i < comparison.summary.size(); ++i)
      add_summary_notes(comparison.summary[i], names[i + 1] + "/" + names[0], notes);
  }

  std::string out = support::write_columns(table, true);
  // Wrapped like the notes under the reports (pipeline::report_notes), a marked note's
  // continuation lines under its text.
  for (const auto& note : notes) out += support::wrap_words(note, width, "  ") + "\n";
  out += format_verdicts(comparison, options);
  if (!comparison.environment.empty())
    out += "\n" + environment::format_environment_diff(comparison.environment, names);
  return out;
}

std::string compared_path(const model::ReportSpec& spec) {
  const auto with = spec.options.find("with");
  return with == spec.options.end() ? std::string() : with->second;
}

std::optional<ComparedReport> compare_report_data(const model::Result& result, const model::ReportSpec& spec,
                                                  const ComparedResults& compared) {
  const std::string path = compared_path(spec);
  const auto other = compared.results.find(path);
  if (other == compared.results.end()) return std::nullopt;
  ComparedReport data;
  for (const auto& [k, v] : spec.options)
    if (k != "with" && k != "section") analysis::set_compare_option(data.options, k, v);
  data.results = {&other->second, &result};
  // A section of this run is named by its title, and so is the section the comparison stands in.
  const auto section = spec.options.find("section");
  const std::string base =
      section != spec.options.end() ? section->second : std::filesystem::path(path).stem().string();
  const std::string self = section != spec.options.end() && !spec.section.empty() ? spec.section : "this run";
  data.comparison = analysis::compare_results(data.results, {base, self}, data.options);
  if (compared.notes) data.comparison.notes = compared.notes(data.comparison);
  // Two sections of one run ran on the same machine: no environment to set side by side.
  if (section != spec.options.end()) data.comparison.environment = {};
  return data;
}

model::RenderedReport render_compare_report(const model::Result& result, const model::ReportSpec& spec,
                                            const ComparedResults& compared, std::size_t width) {
  model::RenderedReport record;
  record.spec = spec;
  if (const auto data = compare_report_data(result, spec, compared)) {
    record.text = format_comparison(data->comparison, data->options, width);
    return record;
  }
  const std::string path = compared_path(spec);
  const auto error = compared.errors.find(path);
  record.text = fmt::format("compare: {}\n", error != compared.errors.end() ? error->second : path + " was not read");
  return record;
}

}  // namespace hwbench::runtime::report
