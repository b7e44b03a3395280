#include "runtime/report/report.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "runtime/report/compare_report.hpp"
#include "runtime/report/grid.hpp"
#include "runtime/report/named_report.hpp"

namespace hwbench::runtime::report {

void render_report(const ReportData& data, Format format, std::ostream& out, std::size_t width) {
  Grid grid =
      data.spec.style.layout == model::ReportLayout::table ? table_grid(data, format) : lines_grid(data, format);
  for (const auto& series : data.series)
    if (!series.backend.empty()) grid.after.push_back("back end: " + series.label + ": " + series.backend);
  write_grid(grid, format, out, width);
}

bool has_printed(const ReportData& data, std::size_t index) {
  return std::any_of(data.series.begin(), data.series.end(), [&](const SeriesFigures& series) {
    return index < series.printed.size() && series.printed[index].second.has_value();
  });
}

model::Result section_view(const model::Result& result, const model::ReportSpec& spec) {
  model::Result narrowed = result;
  if (spec.section.empty()) {
    // A default report lists the series of its measure (pipeline::report_specs).
    if (!spec.series.empty())
      std::erase_if(narrowed.series, [&](const model::Series& series) {
        return std::find(spec.series.begin(), spec.series.end(), series.label) == spec.series.end();
      });
    return narrowed;
  }
  // Series that say their section are kept by it (two sections may share a label); a file from
  // before series said so, by the labels the report lists.
  const bool by_section = std::any_of(result.series.begin(), result.series.end(),
                                      [](const model::Series& series) { return !series.section.empty(); });
  if (auto env = result.section_environment.find(spec.section); env != result.section_environment.end())
    for (const auto& [key, value] : env->second.items()) narrowed.environment[key] = value;
  std::erase_if(narrowed.series, [&](const model::Series& series) {
    if (by_section) return series.section != spec.section;
    return std::find(spec.series.begin(), spec.series.end(), series.label) == spec.series.end();
  });
  return narrowed;
}

std::string section_heading(std::string_view title, Format format) {
  if (title.empty()) return {};
  switch (format) {
    case Format::text:
      return fmt::format("== {} ==\n\n", title);
    case Format::markdown:
      return fmt::format("## {}\n\n", title);
    case Format::csv:
      break;
  }
  return {};
}

namespace {

/// What the result file keeps of how a series' ci95 was estimated from its blocks, the run's
/// drift or its printed digits.
void note_interval(model::ReportFigures& figures, const analysis::BlockInterval& interval) {
  if (interval.blocks < 2 && interval.estimate == analysis::IntervalEstimate::samples) return;
  figures.blocks = static_cast<std::uint32_t>(interval.blocks);
  figures.estimate = analysis::estimate_word(interval.estimate);
  if (interval.unstable) figures.unstable_spread = interval.spread;
}

}  // namespace

model::RenderedReport render_to_record(const model::Result& whole, const model::ReportSpec& spec, Format format,
                                       const ComparedResults& compared, std::size_t width, const NamedStyle* named) {
  std::optional<model::Result> narrowed;
  const bool listed = !spec.series.empty() && (spec.style.layout == model::ReportLayout::lines ||
                                               spec.style.layout == model::ReportLayout::table);
  if (!spec.section.empty() || listed) narrowed = section_view(whole, spec);
  const model::Result& result = narrowed ? *narrowed : whole;
  switch (spec.style.layout) {
    case model::ReportLayout::named:
      // A named style prints the original tool's own layout, whatever the format.
      if (named == nullptr || !named->render)
        throw std::logic_error("report style '" + std::string(model::to_text(spec.style)) +
                               "' rendered without its renderer");
      return named->render(result, spec);
    case model::ReportLayout::compare:
      // Its text is the same in every format; its notes are wrapped in text only, as CSV and
      // Markdown are never cut.
      return render_compare_report(result, spec, compared, format == Format::text ? width : 0);
    case model::ReportLayout::interleaved:
      return render_interleaved_report(result, spec, format, width);
    case model::ReportLayout::summary: {
      const auto rows = build_summary(result, analysis::run_drift(whole));
      std::ostringstream text;
      render_summary(rows, format, text, width);
      model::RenderedReport record;
      record.spec = spec;
      record.text = text.str();
      for (const auto& row : rows) {
        record.figures.push_back(model::ReportFigures{row.label,
                                                      row.values,
                                                      {{"mean", row.mean}, {"ci95", row.ci95}, {"median", row.median}},
                                                      row.converged,
                                                      row.unit});
        note_interval(record.figures.back(), row.interval);
      }
      return record;
    }
    case model::ReportLayout::lines:
    case model::ReportLayout::table:
      break;
  }
  const ReportData data = build_report_data(result, spec, analysis::run_drift(whole));
  std::ostringstream text;
  render_report(data, format, text, width);
  model::RenderedReport record;
  record.spec = spec;
  record.text = text.str();
  for (const auto& series : data.series) {
    record.figures.push_back(
        model::ReportFigures{series.label, series.values, series.aggregates, series.converged, ""});
    note_interval(record.figures.back(), series.interval);
  }
  return record;
}

std::string format_figure(double value) {
  if (std::isnan(value)) return "-";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  if (value == 0) return "0.00";
  const double magnitude = std::fabs(value);
  if (magnitude >= 10) return fmt::format("{:.1f}", value);
  // The decimal exponent, corrected where log10 lands just beside an exact power of ten.
  int exponent = static_cast<int>(std::floor(std::log10(magnitude)));
  if (std::pow(10.0, exponent + 1) <= magnitude) ++exponent;
  if (std::pow(10.0, exponent) > magnitude) --exponent;
  int decimals = 2 - exponent;
  std::string text = fmt::format("{:.{}f}", value, decimals);
  // Rounding can carry into a new leading digit (0.09996 -> 0.1000); one decimal fewer
  // keeps three significant digits, and 9.996 becomes 10.0 like every figure above 10.
  if (std::fabs(std::stod(text)) >= std::pow(10.0, exponent + 1)) {
    text = fmt::format("{:.{}f}", value, std::max(decimals - 1, 1));
  }
  return text;
}

}  // namespace hwbench::runtime::report
