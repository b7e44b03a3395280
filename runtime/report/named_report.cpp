#include "runtime/report/named_report.hpp"

#include "runtime/model/report_style.hpp"

#include "runtime/report/bonnie_report.hpp"
#include "runtime/report/nbench_report.hpp"
#include "runtime/report/openssl_report.hpp"
#include "runtime/report/perl_report.hpp"
#include "runtime/report/stream_report.hpp"
#include "runtime/report/unixbench_report.hpp"

namespace hwbench::runtime::report {

using model::style_catalogue;

const std::vector<NamedStyle>& named_styles() {
  // Each style's renderer is paired with its catalogue entry here, explicitly, as kernels
  // register in kernels/builtin.
  static const std::vector<NamedStyle> styles = [] {
    const std::vector<std::pair<std::string, Renderer>> renderers = {
      {"nbench", render_nbench_report},
      {"bonnie", render_bonnie},
      {"openssl", render_openssl_report},
      {"perl", render_perl},
      {"stream", render_stream_report},
      {"unixbench", render_unixbench_report},
    };
    std::vector<NamedStyle> out;
    for (const auto& info : style_catalogue())
      for (const auto& [name, render] : renderers)
        if (name == info.name) out.push_back({info.name, info.help, info.options, render});
    return out;
  }();
  return styles;
}

const NamedStyle* find_named_style(std::string_view name) {
  for (const auto& s : named_styles())
    if (s.name == name) return &s;
  return nullptr;
}

}  // namespace hwbench::runtime::report
