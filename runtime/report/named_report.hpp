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

/// One named report style: its catalogue entry (runtime/model/report_style.hpp) and renderer.
struct NamedStyle {
  std::string name;  ///< the word after `report`
  std::string help;  ///< one line for `hwbench list`
  /// Options the style accepts after its name, each `WORD VALUE` (e.g. `layout 4.1`), or a bare
  /// WORD when the value list holds only "": name -> accepted values (empty: any value).
  std::vector<std::pair<std::string, std::vector<std::string>>> options;
  /// Computes and formats the report.
  Renderer render;
};

/// Every named style, in the order `hwbench list` shows them.
const std::vector<NamedStyle>& named_styles();

/// The style called `name`, or nullptr.
const NamedStyle* find_named_style(std::string_view name);

}  // namespace hwbench::runtime::report
