// `hwbench list`: every kernel with its parameters, the units, the aggregates and the report styles.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "kernels/builtin/builtin.hpp"
#include "runtime/analysis/statistics.hpp"
#include "runtime/analysis/units.hpp"
#include "runtime/cli/cli.hpp"
#include "runtime/cli/commands.hpp"
#include "runtime/tools/tools.hpp"

namespace hwbench::runtime::cli {

namespace {

const char* type_name(kernels::ParamType t) {
  switch (t) {
    case kernels::ParamType::size:
      return "size";
    case kernels::ParamType::count:
      return "count";
    case kernels::ParamType::duration:
      return "duration";
    case kernels::ParamType::number:
      return "number";
    case kernels::ParamType::word:
      return "word";
    case kernels::ParamType::choice:
      return "choice";
    case kernels::ParamType::flag:
      return "flag";
  }
  return "?";
}

}  // namespace

int cmd_list(std::ostream& out) {
  auto registry = kernels::builtin::builtin_registry();
  std::string family;
  for (const auto& k : registry.all()) {
    if (k.family != family) {
      family = k.family;
      out << fmt::format("family {}\n", family);
    }
    out << fmt::format("  {:<8} {}\n", k.name, k.help);
    out << fmt::format("           usage: {}\n", k.synopsis);
    if (!k.lineage.empty()) out << fmt::format("           after: {}\n", k.lineage);
    for (const auto& p : k.params) {
      std::string extra = p.type == kernels::ParamType::choice ? fmt::format(" ({})", fmt::join(p.choices, "|")) : "";
      out << fmt::format("    {:<10} {:<8} default {:<8} {}{}\n", p.name, type_name(p.type),
                         p.type == kernels::ParamType::flag ? "-"
                         : p.default_text.empty()           ? "(required)"
                                                            : p.default_text,
                         p.help, extra);
    }
  }
  out << "\nmeasurement options (every kernel): warmup N, runs N | runs MIN..MAX, for DURATION, until ci P%, cold, "
         "sync\n";
  out << "report units:";
  for (const auto& u : analysis::all_units()) out << " " << u.name;
  out << "\naggregates:";
  for (const auto& a : analysis::aggregate_names()) out << " " << a;
  out << "\n\nreport styles (docs/language.md §5):\n";
  out << "  report UNIT AGG, …                one line per series\n";
  out << "  report table UNIT with AGG, …     runs as rows, series as columns, then the aggregates\n";
  out << "  report summary                    one line per series in its natural unit\n";
  out << "  compare with \"FILE\"               this run beside another result or a published one\n";
  for (const auto& style : tools::named_styles()) {
    std::string options;
    for (const auto& [name, values] : style.options)
      options +=
          values.size() == 1 && values[0].empty() ? fmt::format(" [{}]", name) : fmt::format(" [{} VALUE]", name);
    out << fmt::format("  report {}{}\n      {}\n", style.name, options, style.help);
  }
  return exit_ok;
}

}  // namespace hwbench::runtime::cli
