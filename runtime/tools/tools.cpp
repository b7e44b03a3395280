#include "runtime/tools/tools.hpp"

#include <algorithm>
#include <stdexcept>

#include "runtime/model/report_style.hpp"
#include "runtime/tools/bonnie/bonnie_import.hpp"
#include "runtime/tools/bonnie/bonnie_report.hpp"
#include "runtime/tools/nbench/nbench_import.hpp"
#include "runtime/tools/nbench/nbench_report.hpp"
#include "runtime/tools/openssl/openssl_compare.hpp"
#include "runtime/tools/openssl/openssl_import.hpp"
#include "runtime/tools/openssl/openssl_report.hpp"
#include "runtime/tools/perl/perl_report.hpp"
#include "runtime/tools/stream/stream_report.hpp"
#include "runtime/tools/unixbench/unixbench_import.hpp"
#include "runtime/tools/unixbench/unixbench_report.hpp"

namespace hwbench::runtime::tools {

const std::vector<Importer>& importers() {
  // Each tool's parser registers here, explicitly, one line each.
  static const std::vector<Importer> table = {
      {"nbench",
       "BYTEmark / nbench 2.x reports (indices recomputed from iterations/sec)",
       nbench::import_nbench,
       {"BYTEmark", "Iterations/sec", "NUMERIC SORT", "FP EMULATION", "INTEGER INDEX", "LU DECOMPOSITION"}},
      {"bonnie",
       "bonnie++ 1.03, 1.96/1.97 and 2.00 output: the tables, the CSV line or both, one run or several",
       bonnie::import_bonnie,
       {"Sequential Output", "Sequential Input", "Random Seeks", "Sequential Create", "K/sec %CP", "Latency"}},
      {"openssl",
       "openssl speed's summary, 0.9.8 to 3.x: header lines, the type x block-size table, the sign/verify tables",
       openssl::import_openssl,
       {"The 'numbers' are in 1000s of bytes", "sign/s", "verify/s", "OpenSSL", "16 bytes", "Doing "}},
      {"unixbench",
       "BYTE UnixBench text reports: 5.x/6.0 (every run: 1 copy, then N copies) and the 4.1 layout with FINAL SCORE",
       unixbench::import_unixbench,
       {"BYTE UNIX Benchmarks", "System Benchmarks Index", "Dhrystone 2", "Whetstone", "Execl Throughput", "lps"}},
  };
  return table;
}

const Importer* find_importer(std::string_view tool) {
  for (const auto& i : importers())
    if (i.tool == tool) return &i;
  return nullptr;
}

const std::vector<report::NamedStyle>& named_styles() {
  // The one registration of each style: its name in the catalogue, its renderer, its charts, its
  // notes under a comparison.
  struct Registration {
    std::string_view name;
    report::Renderer render;
    report::IndexCharts charts;
    report::CompareNotes compare_notes;
  };
  static const std::vector<report::NamedStyle> styles = [] {
    const std::vector<Registration> registrations = {
        {"nbench", nbench::render_nbench_report, {}, {}},
        {"bonnie", bonnie::render_bonnie, {}, {}},
        {"openssl", openssl::render_openssl_report, {}, openssl::openssl_compare_notes},
        {"perl", perl::render_perl, {}, {}},
        {"stream", stream::render_stream_report, {}, {}},
        {"unixbench", unixbench::render_unixbench_report, unixbench::unixbench_index_charts, {}},
    };
    std::vector<report::NamedStyle> out;
    for (const auto& info : model::style_catalogue()) {
      const auto it = std::find_if(registrations.begin(), registrations.end(),
                                   [&](const Registration& r) { return r.name == info.name; });
      if (it == registrations.end() || !it->render)
        throw std::logic_error("report style '" + info.name + "' has no renderer (runtime/tools/tools.cpp)");
      out.push_back({info.name, info.help, info.options, it->render, it->charts, it->compare_notes});
    }
    for (const auto& r : registrations)
      if (model::find_style_info(r.name) == nullptr)
        throw std::logic_error("report style '" + std::string(r.name) +
                               "' is not in the catalogue (runtime/model/report_style.cpp)");
    return out;
  }();
  return styles;
}

const report::NamedStyle* find_named_style(std::string_view name) {
  for (const auto& s : named_styles())
    if (s.name == name) return &s;
  return nullptr;
}

std::vector<std::string> comparison_notes(const analysis::Comparison& comparison) {
  std::vector<std::string> notes;
  for (const auto& style : named_styles()) {
    if (!style.compare_notes) continue;
    const auto lines = style.compare_notes(comparison);
    notes.insert(notes.end(), lines.begin(), lines.end());
  }
  return notes;
}

}  // namespace hwbench::runtime::tools
