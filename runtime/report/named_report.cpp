#include "runtime/report/named_report.hpp"

#include <algorithm>
#include <stdexcept>

#include "runtime/model/report_style.hpp"

#include "runtime/report/bonnie_report.hpp"
#include "runtime/report/nbench_report.hpp"
#include "runtime/report/openssl_report.hpp"
#include "runtime/report/perl_report.hpp"
#include "runtime/report/stream_report.hpp"
#include "runtime/report/unixbench_report.hpp"

namespace hwbench::runtime::report {

using model::find_style_info;
using model::style_catalogue;

const std::vector<NamedStyle>& named_styles() {
  // The one registration of each style: its name in the catalogue, its renderer, its charts.
  struct Registration {
    std::string_view name;
    Renderer render;
    IndexCharts charts;
  };
  static const std::vector<NamedStyle> styles = [] {
    const std::vector<Registration> registrations = {
        {"nbench", render_nbench_report, {}},
        {"bonnie", render_bonnie, {}},
        {"openssl", render_openssl_report, {}},
        {"perl", render_perl, {}},
        {"stream", render_stream_report, {}},
        {"unixbench", render_unixbench_report, unixbench_index_charts},
    };
    std::vector<NamedStyle> out;
    for (const auto& info : style_catalogue()) {
      const auto it = std::find_if(registrations.begin(), registrations.end(),
                                   [&](const Registration& r) { return r.name == info.name; });
      if (it == registrations.end() || !it->render)
        throw std::logic_error("report style '" + info.name + "' has no renderer (runtime/report/named_report.cpp)");
      out.push_back({info.name, info.help, info.options, it->render, it->charts});
    }
    for (const auto& r : registrations)
      if (find_style_info(r.name) == nullptr)
        throw std::logic_error("report style '" + std::string(r.name) + "' is not in the catalogue (runtime/model/report_style.cpp)");
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
