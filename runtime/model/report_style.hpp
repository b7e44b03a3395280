#pragma once
// The catalogue of report styles with a layout of their own (`report nbench`, `report openssl`…):
// names, help and options, which the checker, the published-file reader and `hwbench list` need
// without rendering anything. runtime/report/named_report.hpp pairs each with its renderer.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hwbench::runtime {

/// One named report style, as data.
struct StyleInfo {
  std::string name;  ///< the word after `report`
  std::string help;  ///< one line for `hwbench list`
  /// Options the style accepts after its name, each `WORD VALUE` (e.g. `layout 4.1`), or a bare
  /// WORD when the value list holds only "": name -> accepted values (empty: any value).
  std::vector<std::pair<std::string, std::vector<std::string>>> options;
};

/// Every named style, in the order `hwbench list` shows them.
const std::vector<StyleInfo>& style_catalogue();

/// The named style called `name`, or nullptr.
const StyleInfo* find_style_info(std::string_view name);

}  // namespace hwbench::runtime
