// `hwbench import TOOL LOG`: a tool's printed log as a published result.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/support/suggestions.hpp"
#include "runtime/cli/cli.hpp"
#include "runtime/cli/commands.hpp"
#include "runtime/record/published.hpp"
#include "runtime/record/toml_reader.hpp"
#include "runtime/tools/tools.hpp"

namespace hwbench::runtime::cli {

int cmd_import(const std::string& tool, const std::string& log, const std::string& output, const std::string& machine,
               std::ostream& out, std::ostream& err) {
  const tools::Importer* importer = tools::find_importer(tool);
  if (importer == nullptr) {
    std::vector<std::string> tools;
    for (const auto& i : tools::importers()) tools.push_back(i.tool);
    err << fmt::format("hwbench: no importer for '{}'; {}\n", tool,
                       support::did_you_mean(tool, tools, fmt::format("importers: {}", fmt::join(tools, ", "))));
    return exit_usage;
  }
  if (const std::string why = output_problem(log, "log", output, ""); !why.empty()) {
    err << "hwbench: " << why << "\n";
    return exit_usage;
  }
  std::string error;
  const auto text = record::read_text_file(log, error);
  if (!text) {
    err << error << "\n";
    return exit_usage;
  }
  auto result = importer->parse(*text, log, error);
  if (!result) {
    err << error << "\n";
    return exit_recipe;
  }
  // A log rarely names its machine; the one who imports it can.
  if (!machine.empty()) result->machine = machine;
  const std::string toml = record::write_published(*result);
  // What is written must read back: a file that hwbench report refuses would be worse than none.
  if (!record::parse_published(toml, output.empty() ? "<stdout>" : output, error)) {
    err << "hwbench: internal error: the imported result does not read back:\n" << error << "\n";
    return exit_failure;
  }
  if (output.empty()) {
    out << toml;
    return exit_ok;
  }
  if (!write_whole_file(output, toml, err)) return exit_failure;
  err << fmt::format("published result: {} ({} series)\n", output, result->series.size());
  return exit_ok;
}

}  // namespace hwbench::runtime::cli
