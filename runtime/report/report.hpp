#pragma once
// aggregate -> render. build_report_data computes every figure a report shows;
// render_report only formats them.
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "runtime/analysis/blocks.hpp"
#include "runtime/analysis/units.hpp"
#include "runtime/model/result.hpp"
#include "runtime/report/compare_report.hpp"
#include "runtime/report/named_report.hpp"

namespace hwbench::runtime::report {

/// Output formats for the generic reports.
enum class Format { text, csv, markdown };

/// The columns a text report may take when the terminal's width is not known.
inline constexpr std::size_t kDefaultWidth = 80;

/// One series' figures in the report's unit.
struct SeriesFigures {
  std::string label;
  std::vector<double> values;  ///< per sample, in order; samples without a figure are skipped
  std::vector<std::pair<std::string, double>> aggregates;  ///< in the spec's order
  bool converged = true;
  double ci_target_pct = 0;
  /// The source's printed aggregates (Series::printed) converted to the report's unit, one per
  /// spec aggregate in the spec's order; std::nullopt where the source printed none or printed
  /// it in a unit of another measure. Shown beside the computed figures, never used in them.
  std::vector<std::pair<std::string, std::optional<double>>> printed;
  /// How a kernel defined in the recipe ran: its samples' back ends and compile times
  /// ("interpreted, compiled in 0.01 ms"); "" for every other kernel. Printed under the report.
  std::string backend;
  /// The samples drift: their first and second halves differ beyond their 95% intervals (analysis::drifts).
  bool drift = false;
  /// How many samples are outliers (analysis::count_outliers).
  std::size_t outliers = 0;
  /// The mean's 95% interval from the samples' blocks (analysis::block_interval): what `ci95` is.
  analysis::BlockInterval interval;
};

/// Everything one report prints, already computed.
struct ReportData {
  model::ReportSpec spec;
  analysis::Unit unit;
  std::vector<SeriesFigures> series;
};

/// The aggregate stage: converts every sample to the unit and computes the aggregates; each
/// ci95 is at least what the run's `drift` gives it (analysis::block_interval).
ReportData build_report_data(const model::Result& result, const model::ReportSpec& spec,
                             const analysis::RunDrift& drift = {});

/// The `compare` inside an `interleave` block (ReportLayout::interleaved): each of `spec.series`'s
/// mean in one unit (the `unit` option's, else the first series' natural one), its ratio to the
/// first series and that ratio's 95% interval from the rounds the two ran side by side
/// (analysis::compare_paired), and a verdict under the table (CSV: in a column). The figures
/// keep each series' samples and its mean, rounds, ratio, ratio_low and ratio_high.
model::RenderedReport render_interleaved_report(const model::Result& result, const model::ReportSpec& spec,
                                                Format format, std::size_t width);

/// One series as `report summary` shows it: its samples in its natural unit, and what they make.
struct SummaryRow {
  std::string label;
  std::string unit;            ///< the series' natural unit (analysis::natural_unit)
  std::vector<double> values;  ///< per sample, in `unit`; samples without a figure are skipped
  double mean = 0;             ///< NaN without samples
  double ci95 = 0;             ///< the 95% half-interval, in `unit`; NaN under two samples
  double median = 0;           ///< NaN without samples
  bool converged = true;
  analysis::BlockInterval interval;  ///< how ci95 was estimated, from the samples' blocks
};

/// The aggregate stage of `report summary`: every series of `result`, in the result's order,
/// each in its natural unit (analysis::natural_unit), each ci95 at least what the run's `drift`
/// gives it (analysis::block_interval; analysis::run_drift of the whole result).
std::vector<SummaryRow> build_summary(const model::Result& result, const analysis::RunDrift& drift = {});

/// Formats `report summary`: one line per series with n, mean, unit, the 95% CI in % of the
/// mean and the median. In text, labels longer than the other columns leave room for within
/// `width` (0: no limit) are cut with "…", so that the summary stays one line per series.
void render_summary(const std::vector<SummaryRow>& rows, Format format, std::ostream& out,
                    std::size_t width = kDefaultWidth);

/// Formats a report: `lines` prints one line per series, `table` runs as rows and series as columns.
/// An aggregate that some series has a printed figure for gets a `<agg> (printed)` row (table)
/// or column (lines) after the computed ones. Text stays within `width` columns (0: no limit):
/// a wider table comes in blocks of columns, each led by its first column.
void render_report(const ReportData& data, Format format, std::ostream& out, std::size_t width = kDefaultWidth);

/// Whether any series has a printed figure for the spec's aggregate number `index`.
bool has_printed(const ReportData& data, std::size_t index);

/// build_report_data then render_report: what the result file keeps of one report, its text
/// in `format` and every figure computed for it. A report of a section (ReportSpec::section)
/// sees only the section's series, whatever its style. A `compare` report takes the other result from
/// `compared`, read beforehand. The generic styles' text stays within `width` columns (0: no
/// limit); the original tools' layouts are printed as the tools print them, whatever the width.
/// A named style's report is rendered by `named`, its registration (tools::find_named_style);
/// without one it throws std::logic_error.
model::RenderedReport render_to_record(const model::Result& result, const model::ReportSpec& spec, Format format,
                                       const ComparedResults& compared, std::size_t width = kDefaultWidth,
                                       const NamedStyle* named = nullptr);

/// The result as a report of a section sees it (ReportSpec::section): the section's series alone,
/// in the result's order; for a report outside any section, the series it lists (a default
/// report's), or the whole result when it lists none.
model::Result section_view(const model::Result& result, const model::ReportSpec& spec);

/// What leads the first report of section `title`: `== TITLE ==` and a blank line in text,
/// `## TITLE` and a blank line in Markdown; nothing in CSV (figures only) or for "".
std::string section_heading(std::string_view title, Format format);

/// Formats a figure the way every generic report does: `%.1f` when |v| >= 10, otherwise three
/// significant digits (9.87, 0.123, 0.00123); NaN prints `-`.
std::string format_figure(double value);

}  // namespace hwbench::runtime::report
