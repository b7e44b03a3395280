// `hwbench report` and `hwbench compare`: render results without running anything.
#include "runtime/cli/commands.hpp"

#include <filesystem>
#include <sstream>

#include <fmt/format.h>

#include "runtime/analysis/compare.hpp"
#include "runtime/analysis/conditions.hpp"
#include "runtime/analysis/indices.hpp"
#include "runtime/analysis/units.hpp"
#include "runtime/cli/cli.hpp"
#include "runtime/html/compare_page.hpp"
#include "runtime/html/result_page.hpp"
#include "runtime/plan/plan_printer.hpp"
#include "runtime/record/comparable.hpp"
#include "runtime/record/result_file.hpp"
#include "runtime/report/compare_report.hpp"
#include "runtime/report/settle_note.hpp"
#include "base/support/text_columns.hpp"

namespace hwbench::runtime::cli {

using analysis::CompareOptions;
using analysis::Measure;
using analysis::compare_results;
using analysis::compute_indices;
using analysis::find_unit;
using analysis::set_compare_option;
using model::RenderedReport;
using model::ReportLayout;
using model::ReportSpec;
using model::Result;
using model::RunStatus;
using model::to_text;
using record::load_comparable;
using record::result_text;
using report::Format;
using report::format_comparison;
using report::render_to_record;

namespace {

/// A report for results that declare none: every series in its natural unit.
ReportSpec default_report(const Result& r) {
  ReportSpec spec;
  spec.unit = "ops/s";
  const auto byte_rate = [](const model::Series& s) {
    const model::IntColumn& bytes = s.samples.column(model::Samples::Field::bytes);
    bool any = false;
    if (!bytes.empty() && bytes.constant()) any = bytes[0] > 0;
    else bytes.for_each([&any](std::uint64_t b) { any = any || b > 0; });
    if (any || !s.samples.has_figures()) return any;
    for (const auto& sample : s.samples)
      if (sample.figure && find_unit(sample.figure->unit) && find_unit(sample.figure->unit)->measure == Measure::byte_rate)
        return true;
    return false;
  };
  if (std::any_of(r.series.begin(), r.series.end(), byte_rate)) spec.unit = "MB/s";
  spec.aggregates = {"mean", "median", "stdev", "min", "max"};
  return spec;
}

}  // namespace

Format parse_format(const std::string& f) {
  if (f == "csv") return Format::csv;
  if (f == "md" || f == "markdown") return Format::markdown;
  return Format::text;
}

std::vector<ReportSpec> report_specs(const Result& result) {
  std::vector<ReportSpec> specs = result.reports;
  if (specs.empty()) specs.push_back(default_report(result));
  return specs;
}

report::ComparedResults read_compared(const Result& result) {
  report::ComparedResults compared;
  for (const auto& spec : report_specs(result)) {
    if (spec.style.layout != ReportLayout::compare) continue;
    const std::string path = report::compared_path(spec);
    if (compared.results.count(path) || compared.errors.count(path)) continue;
    // `compare with section "TITLE"`: that section's part of this very result.
    if (auto section = spec.options.find("section"); section != spec.options.end()) {
      ReportSpec view;
      view.section = section->second;
      compared.results.emplace(path, report::section_view(result, view));
      continue;
    }
    std::string error;
    if (auto other = load_comparable(path, error)) compared.results.emplace(path, std::move(*other));
    else compared.errors.emplace(path, error);
  }
  return compared;
}

void render_all(const Result& result, Format format, std::size_t width, std::ostream& out,
                std::vector<RenderedReport>* keep) {
  // Every file a `compare` report names is read first: rendering reads nothing.
  render_all(result, read_compared(result), format, width, out, keep);
}

void render_all(const Result& result, const report::ComparedResults& compared, Format format, std::size_t width,
                std::ostream& out, std::vector<RenderedReport>* keep) {
  const std::vector<ReportSpec> specs = report_specs(result);
  bool first = true;
  const std::string* section = nullptr;  // the section of the report printed last
  for (const auto& spec : specs) {
    RenderedReport record = render_to_record(result, spec, format, compared, width);
    if (!first) out << "\n";
    first = false;
    if (!spec.section.empty() && (section == nullptr || *section != spec.section)) out << report::section_heading(spec.section, format);
    section = &spec.section;
    out << record.text;
    if (keep) keep->push_back(std::move(record));
  }
  // After the reports, never inside them: the original tools' layouts stay as they were.
  if (const std::string notes = report_notes(result, format, width); !notes.empty()) out << "\n" << notes;
}

std::string report_notes(const Result& result, Format format, std::size_t width) {
  if (format == Format::csv) return "";
  // In text, wrapped to the width like the reports.
  const auto fitted = [&](const std::string& line) {
    return (format == Format::text ? support::wrap_words(line, width, "  ") : line) + "\n";
  };
  std::string notes;
  if (const auto verdict = analysis::result_verdict(result)) notes += fitted(*verdict);
  if (const auto settled = report::settle_note(result)) notes += fitted(*settled);
  return notes;
}

std::string result_html(const Result& result, std::size_t width) {
  const report::ComparedResults compared = read_compared(result);
  std::vector<RenderedReport> reports;
  std::ostringstream text;
  render_all(result, compared, Format::text, width, text, &reports);
  return html::result_page(result, reports, report_notes(result, Format::text, width), compared);
}

int cmd_report(const std::string& file, const std::string& format, std::size_t width, std::ostream& out, std::ostream& err) {
  std::string error;
  std::optional<Result> result = load_comparable(file, error);
  if (!result) {
    err << "hwbench: " << error << "\n";
    return exit_usage;
  }
  // Indices are always recomputed from the figures, never trusted from the file.
  compute_indices(*result);
  if (format == "json") {
    out << result_text(*result);
    return exit_ok;
  }
  if (format == "html") {
    out << result_html(*result, width);
    return exit_ok;
  }
  if (result->status != RunStatus::complete && result->status != RunStatus::published)
    err << fmt::format("hwbench: note: this run is {}: {}\n", to_text(result->status), result->error);
  if (!result->parameters.empty() && format == "text") out << plan::parameters_line(result->parameters) << "\n\n";
  render_all(*result, parse_format(format), width, out, nullptr);
  return exit_ok;
}

int cmd_compare(const std::vector<std::string>& files, const std::vector<std::pair<std::string, std::string>>& settings,
                const std::string& format, std::ostream& out, std::ostream& err) {
  if (files.size() < 2) {
    err << "hwbench: compare needs at least two files (result .json or published .toml)\n";
    return exit_usage;
  }
  CompareOptions options;
  for (const auto& [name, value] : settings) {
    if (auto why = set_compare_option(options, name, value); !why.empty()) {
      err << fmt::format("hwbench: --{}: {}\n", name, why);
      return exit_usage;
    }
  }
  std::vector<Result> results;
  std::vector<std::string> names;
  for (const auto& f : files) {
    std::string error;
    auto r = load_comparable(f, error);
    if (!r) {
      err << "hwbench: " << error << "\n";
      return exit_usage;
    }
    results.push_back(std::move(*r));
    names.push_back(std::filesystem::path(f).stem().string());
  }
  print_comparison(results, names, options, format, out);
  return exit_ok;
}

void print_comparison(const std::vector<Result>& results, const std::vector<std::string>& names,
                      const CompareOptions& options, const std::string& format, std::ostream& out) {
  std::vector<const Result*> pointers;
  for (const auto& r : results) pointers.push_back(&r);
  const auto comparison = compare_results(pointers, names, options);
  if (format == "html") out << html::comparison_page(pointers, comparison, options);
  else out << format_comparison(comparison, options);
}

}  // namespace hwbench::runtime::cli
