#pragma once
// What a report style with a layout of its own (`report nbench`, `report openssl`, `report
// stream`…) provides: each reproduces what the original tool printed, computing its figures from
// the Result and formatting them in its tool's folder (runtime/tools/<tool>/), and registers once
// in runtime/tools/tools.cpp.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/analysis/compare.hpp"
#include "runtime/model/result.hpp"

namespace hwbench::runtime::report {

/// Computes and formats a report: the text as the original tool printed it, and the figures.
using Renderer = std::function<model::RenderedReport(const model::Result& result, const model::ReportSpec& spec)>;

/// A bar chart of index figures that a named style's page shows beside its text (UnixBench's
/// index per test and its score): the figures only; runtime/html draws it.
struct IndexChart {
  std::string title;          ///< the chart's own label, e.g. "UnixBench index, 1 copy"
  std::string caption;        ///< what the chart shows, above it
  std::string table_caption;  ///< the caption of its table of figures
  std::string unit;           ///< the bars' unit, e.g. "index (George = 10)"
  /// One test: its figure in its unit, the baseline's figure and the index.
  struct Bar {
    std::string label;
    double figure = 0;
    std::string unit;
    double baseline = 0;
    double index = 0;
  };
  std::vector<Bar> bars;
  std::string score_label;  ///< the score's bar, e.g. "Index Score"
  std::string score_row;    ///< the score's row in the table, e.g. "System Benchmarks Index Score"
  double score = 0;
};

/// The index charts of one rendered report of a named style.
using IndexCharts =
    std::function<std::vector<IndexChart>(const model::Result& result, const model::RenderedReport& report)>;

/// The lines a tool says under a comparison of results in its layout (analysis::Comparison::notes),
/// from the rows' labels and cells: which of its table's columns a result has none of.
using CompareNotes = std::function<std::vector<std::string>(const analysis::Comparison& comparison)>;

/// One named report style, registered once (runtime/tools/tools.cpp): its catalogue entry
/// (runtime/model/report_style.hpp), its renderer and the charts its page shows.
struct NamedStyle {
  std::string name;  ///< the word after `report`
  std::string help;  ///< one line for `hwbench list`
  /// Options the style accepts after its name, each `WORD VALUE` (e.g. `layout 4.1`), or a bare
  /// WORD when the value list holds only "": name -> accepted values (empty: any value).
  std::vector<std::pair<std::string, std::vector<std::string>>> options;
  /// Computes and formats the report.
  Renderer render;
  /// Its index charts; empty for a style whose page shows the generic charts only.
  IndexCharts charts;
  /// Its notes under a comparison; empty for a style with none to add.
  CompareNotes compare_notes;
};

}  // namespace hwbench::runtime::report
