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
#include "runtime/report/settle_note.hpp"
#include "runtime/tools/tools.hpp"

namespace hwbench::runtime::pipeline {

namespace {

/// Whether `s` is naturally shown as a byte rate (analysis::natural_unit).
bool moves_bytes(const model::Series& s) { return analysis::natural_unit(s).measure == analysis::Measure::byte_rate; }

/// A report for results that declare none: one table, in MB/s when a series is naturally a byte
/// rate, else in ops/s.
model::ReportSpec default_report(const model::Result& r) {
  model::ReportSpec spec;
  spec.unit = std::any_of(r.series.begin(), r.series.end(), moves_bytes) ? "MB/s" : "ops/s";
  spec.aggregates = {"mean", "median", "stdev", "min", "max"};
  return spec;
}

}  // namespace

std::vector<model::ReportSpec> report_specs(const model::Result& result) {
  std::vector<model::ReportSpec> specs = result.reports;
  if (specs.empty()) specs.push_back(default_report(result));
  return specs;
}

report::ComparedResults read_compared(const model::Result& result) {
  report::ComparedResults compared;
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
                              const analysis::CompareOptions& options, bool html) {
  std::vector<const model::Result*> pointers;
  for (const auto& r : results) pointers.push_back(&r);
  return render_comparison(pointers, analysis::compare_results(pointers, names, options), options, html);
}

std::string render_comparison(const std::vector<const model::Result*>& results, const analysis::Comparison& comparison,
                              const analysis::CompareOptions& options, bool html) {
  if (html) return html::comparison_page(results, comparison, options);
  return report::format_comparison(comparison, options);
}

}  // namespace hwbench::runtime::pipeline
