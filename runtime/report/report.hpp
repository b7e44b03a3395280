#pragma once
// aggregate -> render. build_report_data computes every figure a report shows;
// render_report only formats them.
#include <ostream>
#include <string>
#include <vector>

#include "runtime/result.hpp"
#include "runtime/units.hpp"

namespace hwbench::runtime {

/// Output formats for the generic reports.
enum class Format { text, csv, markdown };

/// One series' figures in the report's unit.
struct SeriesFigures {
  std::string label;
  std::vector<double> values;  ///< per sample, in order; samples without a figure are skipped
  std::vector<std::pair<std::string, double>> aggregates;  ///< in the spec's order
  bool converged = true;
  double ci_target_pct = 0;
};

/// Everything one report prints, already computed.
struct ReportData {
  ReportSpec spec;
  Unit unit;
  std::vector<SeriesFigures> series;
};

/// The aggregate stage: converts every sample to the unit and computes the aggregates.
ReportData build_report_data(const Result& result, const ReportSpec& spec);

/// Formats a report: `lines` prints one line per series, `table` runs as rows and series as columns.
void render_report(const ReportData& data, Format format, std::ostream& out);

/// Formats a figure the way every generic report does: `%.1f` when |v| >= 10, otherwise three
/// significant digits (9.87, 0.123, 0.00123); NaN prints `-`.
std::string format_figure(double value);

}  // namespace hwbench::runtime
