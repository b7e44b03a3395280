#include "runtime/pipeline/render.hpp"

#include <algorithm>
#include <sstream>

#include "base/support/text_columns.hpp"
#include "runtime/analysis/conditions.hpp"
#include "runtime/analysis/indices.hpp"
#include "runtime/analysis/shell_time.hpp"
#include "runtime/analysis/units.hpp"
#include "runtime/html/compare_page.hpp"
#include "runtime/html/result_page.hpp"
#include "runtime/record/comparable.hpp"
#include "runtime/report/compare_report.hpp"
#include "runtime/report/left_files_note.hpp"
#include "runtime/report/settle_note.hpp"
#include "runtime/tools/tools.hpp"

namespace hwbench::runtime::pipeline {

namespace {

/// The unit of the default report for a series whose natural unit is `natural`: MB/s for byte
/// rates, ops/s for operation rates, else its own.
std::string default_unit(const analysis::Unit& natural) {
  if (natural.measure == analysis::Measure::byte_rate) return "MB/s";
  if (natural.measure == analysis::Measure::op_rate) return "ops/s";
  return natural.name;
}

/// The reports of a result that declares none: a table of its series with their mean, median,
/// stdev, min and max, one per measure of the series' natural units in the order the series
/// first show them (each listing its series), so that no series is left out for being of
/// another measure than the first. A series with nothing to show joins the first table.
std::vector<model::ReportSpec> default_reports(const model::Result& r) {
  const auto table = [](std::string unit) {
    model::ReportSpec spec;
    spec.unit = std::move(unit);
    spec.aggregates = {"mean", "median", "stdev", "min", "max"};
    return spec;
  };
  std::vector<std::pair<analysis::Measure, model::ReportSpec>> tables;
  std::vector<std::string> blank;
  for (const auto& series : r.series) {
    if (series.samples.empty() && series.printed.empty()) {
      blank.push_back(series.label);
      continue;
    }
    const analysis::Unit& natural = analysis::natural_unit(series);
    auto it = std::find_if(tables.begin(), tables.end(), [&](const auto& t) { return t.first == natural.measure; });
    if (it == tables.end()) it = tables.insert(tables.end(), {natural.measure, table(default_unit(natural))});
    it->second.series.push_back(series.label);
  }
  std::vector<model::ReportSpec> specs;
  for (auto& [measure, spec] : tables) specs.push_back(std::move(spec));
  if (specs.empty()) specs.push_back(table("ops/s"));
  // One table covers every series, as a recipe's own report outside a section does.
  if (specs.size() == 1)
    specs.front().series.clear();
  else
    specs.front().series.insert(specs.front().series.end(), blank.begin(), blank.end());
  return specs;
}

}  // namespace

std::vector<model::ReportSpec> report_specs(const model::Result& result) {
  return result.reports.empty() ? default_reports(result) : result.reports;
}

report::ComparedResults read_compared(const model::Result& result) {
  report::ComparedResults compared;
  compared.notes = tools::comparison_notes;
  for (const auto& spec : report_specs(result)) {
    if (spec.style.layout != model::ReportLayout::compare) continue;
    const std::string path = report::compared_path(spec);
    if (compared.results.count(path) || compared.errors.count(path)) continue;
    // `compare with section "TITLE"`: that section's part of this very result.
    if (auto section = spec.options.find("section"); section != spec.options.end()) {
      model::ReportSpec view;
      view.section = section->second;
      compared.results.emplace(path, report::section_view(result, view));
      continue;
    }
    std::string error;
    if (auto other = record::load_comparable(path, error))
      compared.results.emplace(path, std::move(*other));
    else
      compared.errors.emplace(path, error);
  }
  return compared;
}

void render_all(const model::Result& result, report::Format format, std::size_t width, std::ostream& out,
                std::vector<model::RenderedReport>* keep) {
  render_all(result, read_compared(result), format, width, out, keep);
}

void render_all(const model::Result& result, const report::ComparedResults& compared, report::Format format,
                std::size_t width, std::ostream& out, std::vector<model::RenderedReport>* keep) {
  const std::vector<model::ReportSpec> specs = report_specs(result);
  bool first = true;
  const std::string* section = nullptr;  // the section of the report printed last
  for (const auto& spec : specs) {
    const report::NamedStyle* named =
        spec.style.layout == model::ReportLayout::named ? tools::find_named_style(model::to_text(spec.style)) : nullptr;
    model::RenderedReport record = report::render_to_record(result, spec, format, compared, width, named);
    if (!first) out << "\n";
    first = false;
    if (!spec.section.empty() && (section == nullptr || *section != spec.section))
      out << report::section_heading(spec.section, format);
    section = &spec.section;
    out << record.text;
    if (keep) keep->push_back(std::move(record));
  }
  // After the reports, never inside them: the original tools' layouts stay as they were.
  if (const std::string notes = report_notes(result, format, width); !notes.empty()) out << "\n" << notes;
}

std::string report_notes(const model::Result& result, report::Format format, std::size_t width) {
  if (format == report::Format::csv) return "";
  // In text, wrapped to the width like the reports.
  const auto fitted = [&](const std::string& line) {
    return (format == report::Format::text ? support::wrap_words(line, width, "  ") : line) + "\n";
  };
  std::string notes;
  if (const auto verdict = analysis::result_verdict(result)) notes += fitted(*verdict);
  if (const auto settled = report::settle_note(result)) notes += fitted(*settled);
  for (const std::string& note : analysis::shell_notes(result)) notes += fitted(note);
  for (const std::string& note : report::left_files_notes(result)) notes += fitted(note);
  return notes;
}

RenderedResult render_result(const model::Result& result, const RenderOptions& options) {
  const report::ComparedResults compared = read_compared(result);
  RenderedResult rendered;
  std::ostringstream text;
  render_all(result, compared, options.format, options.width, text, &rendered.reports);
  rendered.text = text.str();
  if (!options.html) return rendered;
  const std::string notes = report_notes(result, report::Format::text, options.width);
  if (options.format == report::Format::text) {
    rendered.html = html::result_page(result, rendered.reports, notes, compared);
    return rendered;
  }
  // The page shows the text layouts: a run printed in CSV or Markdown renders them once more.
  std::vector<model::RenderedReport> in_text;
  std::ostringstream ignored;
  render_all(result, compared, report::Format::text, options.width, ignored, &in_text);
  rendered.html = html::result_page(result, in_text, notes, compared);
  return rendered;
}

std::string result_html(const model::Result& result, std::size_t width) {
  return render_result(result, RenderOptions{report::Format::text, width, true}).html;
}

std::optional<model::Result> load_result(const std::string& path, std::string& error) {
  auto result = record::load_compared(path, error);
  if (result) analysis::compute_indices(*result);
  return result;
}

std::optional<model::Result> load_joined(const std::vector<std::string>& paths, std::string& error) {
  auto result = record::load_reruns(paths, error);
  if (result) analysis::compute_indices(*result);
  return result;
}

std::string render_comparison(const std::vector<model::Result>& results, const std::vector<std::string>& names,
                              const analysis::CompareOptions& options, bool html, std::size_t width) {
  std::vector<const model::Result*> pointers;
  for (const auto& r : results) pointers.push_back(&r);
  return render_comparison(pointers, analysis::compare_results(pointers, names, options), options, html, width);
}

std::string render_comparison(const std::vector<const model::Result*>& results, const analysis::Comparison& comparison,
                              const analysis::CompareOptions& options, bool html, std::size_t width) {
  analysis::Comparison noted = comparison;
  noted.notes = tools::comparison_notes(comparison);
  if (html) return html::comparison_page(results, noted, options, width);
  return report::format_comparison(noted, options, width);
}

}  // namespace hwbench::runtime::pipeline
