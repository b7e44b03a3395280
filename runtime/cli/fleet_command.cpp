// `hwbench run RECIPE --host DEST… | --hosts FLEET.toml`: the fleet run (runtime/pipeline/fleet.hpp),
// then each host's reports and the comparison of the hosts (docs/remote.md).
#include <fmt/format.h>

#include "kernels/builtin/builtin.hpp"
#include "runtime/cli/cli.hpp"
#include "runtime/cli/commands.hpp"
#include "runtime/pipeline/fleet.hpp"
#include "runtime/pipeline/render.hpp"

namespace hwbench::runtime::cli {

namespace {

/// The heading of one block of the output: a host's reports or the comparison.
std::string block_heading(const std::string& title, const std::string& format) {
  if (format == "md" || format == "markdown") return fmt::format("# {}\n\n", title);
  return fmt::format("{}\n{}\n\n", title, std::string(title.size(), '='));
}

}  // namespace

int run_on_hosts(const Common& c, const HostsOptions& options, const std::string& format, std::size_t width,
                 const RunDisplay& display, HostResults& results, std::ostream& out, std::ostream& err) {
  const auto registry = kernels::builtin::builtin_registry();
  pipeline::FleetRequest request{c,  options.destinations, options.fleet_file, options.serial,   options.dist,
                                 {}, display.quiet,        &registry,          hwbench_version()};
  request.display_words = {"--width", std::to_string(width), "--format", format};
  if (display.quiet) request.display_words.push_back("-q");
  if (display.verbose) request.display_words.push_back("-v");
  const auto fleet = pipeline::run_fleet(request, err);
  if (!fleet) return exit_usage;

  // Each host that ran the recipe through: its reports.
  for (const auto& host : fleet->hosts) {
    if (!host.result) continue;
    if (!results.results.empty()) out << "\n";
    out << block_heading(fmt::format("{} ({})", host.name, host.machine), format) << host.reports;
    results.results.push_back(*host.result);
    results.names.push_back(host.name);
  }
  results.hosts = fleet->hosts.size();
  if (fleet->interrupted) return exit_interrupted;
  return fleet->all_complete ? exit_ok : exit_failure;
}

int cmd_run_hosts(const Common& c, const HostsOptions& options, const std::string& format, std::size_t width,
                  const RunDisplay& display, std::ostream& out, std::ostream& err) {
  HostResults results;
  const int code = run_on_hosts(c, options, format, width, display, results, out, err);
  const auto& complete = results.results;
  const auto& names = results.names;
  if (complete.size() >= 2) {
    out << "\n" << block_heading(fmt::format("Comparison: {} (the base) and the others", names.front()), format);
    out << pipeline::render_comparison(complete, names, {}, false);
  } else if (results.hosts >= 2) {
    err << fmt::format("hwbench: no comparison: {} of the {} hosts ran the recipe through\n", complete.size(),
                       results.hosts);
  }
  return code;
}

}  // namespace hwbench::runtime::cli
