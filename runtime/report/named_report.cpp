#include "runtime/report/named_report.hpp"

namespace hwbench::runtime {

const std::vector<NamedStyle>& named_styles() {
  // Each style registers here, explicitly, as kernels do in registry.cpp.
  static const std::vector<NamedStyle> styles = {};
  return styles;
}

const NamedStyle* find_named_style(std::string_view name) {
  for (const auto& s : named_styles())
    if (s.name == name) return &s;
  return nullptr;
}

}  // namespace hwbench::runtime
