#pragma once
// The catalogue of report styles with a layout of their own (`report nbench`, `report openssl`…):
// names, help and options, which the checker, the published-file reader and `hwbench list` need
// without rendering anything. runtime/report/named_report.hpp pairs each with its renderer.
// Also the type of a report's style: a generic layout or one of those named styles.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hwbench::runtime::model {

/// One named report style, as data.
struct StyleInfo {
  std::string name;  ///< the word after `report`
  std::string help;  ///< one line for `hwbench list`
  /// Options the style accepts after its name, each `WORD VALUE` (e.g. `layout 4.1`), or a bare
  /// WORD when the value list holds only "": name -> accepted values (empty: any value).
  std::vector<std::pair<std::string, std::vector<std::string>>> options;
  /// The options whose value names a baseline the recipe declares (nbench's `old p90`).
  std::vector<std::string> baseline_options;
};

/// Every named style, in the order `hwbench list` shows them.
const std::vector<StyleInfo>& style_catalogue();

/// The named style called `name`, or nullptr.
const StyleInfo* find_style_info(std::string_view name);

/// The layout a report prints in: one of the generic layouts, or a named style's own.
enum class ReportLayout {
  lines,        ///< `report UNIT AGG, …`: one line per series
  table,        ///< `report table UNIT with AGG…`: one row per aggregate, one column per series
  compare,      ///< `compare with FILE`: this run against a result file
  summary,      ///< `report summary`: one line per series, each in its natural unit
  named,        ///< a style of style_catalogue(), which prints the original tool's layout
  interleaved,  ///< `compare` inside `interleave`: each series' ratio to the first, from the paired rounds
};

/// The style of a report: a generic layout, or a reference into the catalogue of named styles.
struct ReportStyle {
  ReportLayout layout = ReportLayout::lines;
  const StyleInfo* named = nullptr;  ///< the catalogue entry when layout is named, else nullptr

  /// Two styles are equal when they have the same layout and name the same catalogue entry.
  bool operator==(const ReportStyle&) const = default;
};

/// The style of the catalogue entry `info` (an element of style_catalogue()).
ReportStyle named_report_style(const StyleInfo& info);

/// The word for `style` in recipes and files: "lines", "table", "compare", "summary" or the named style's name.
std::string_view to_text(const ReportStyle& style);
/// The style spelt `text` (a generic layout or a name in the catalogue), or std::nullopt.
std::optional<ReportStyle> report_style_from_text(std::string_view text);

}  // namespace hwbench::runtime::model
