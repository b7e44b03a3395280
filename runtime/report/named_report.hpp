#pragma once
// Report styles with a layout of their own: `report nbench`, `report openssl`, `report stream`…
// Each style reproduces what the original tool printed. It computes its figures from the
// Result (aggregate) and formats them (render) in its own file pair; this table only names them.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

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
using IndexCharts = std::function<std::vector<IndexChart>(const model::Result& result, const model::RenderedReport& report)>;

/// One named report style, registered once (named_report.cpp): its catalogue entry
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
};

/// Every named style, in the order `hwbench list` shows them: one for each entry of the catalogue,
/// each with its renderer (a catalogue entry without one, or a registration the catalogue does
/// not know, throws std::logic_error on the first call).
const std::vector<NamedStyle>& named_styles();

/// The style called `name`, or nullptr.
const NamedStyle* find_named_style(std::string_view name);

}  // namespace hwbench::runtime::report
