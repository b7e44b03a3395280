// `hwbench run RECIPE --host DEST… | --hosts FLEET.toml | --slurm`: the launcher the command line
// picks (runtime/pipeline/launcher.hpp), then each machine's reports, the comparison of the
// machines and, with three or more, the per-node verdict (docs/remote.md).
#include <cmath>

#include <fmt/format.h>

#include "kernels/builtin/builtin.hpp"
#include "runtime/analysis/node_spread.hpp"
#include "runtime/cli/cli.hpp"
#include "runtime/cli/commands.hpp"
#include "runtime/pipeline/render.hpp"
#include "runtime/pipeline/slurm_launcher.hpp"
#include "runtime/pipeline/ssh_launcher.hpp"

namespace hwbench::runtime::cli {

namespace {

/// The heading of one block of the output: a machine's reports or the comparison.
std::string block_heading(const std::string& title, const std::string& format) {
  if (format == "md" || format == "markdown") return fmt::format("# {}\n\n", title);
  return fmt::format("{}\n{}\n\n", title, std::string(title.size(), '='));
}

/// The launcher the options name: Slurm's nodes, or the hosts over ssh.
std::unique_ptr<pipeline::Launcher> pick_launcher(const HostsOptions& options) {
  if (options.slurm) {
    remote::SlurmOptions slurm = options.slurm_options;
    slurm.exclusive = !options.slurm_shared;
    return pipeline::slurm_launcher(std::move(slurm));
  }
  return pipeline::ssh_launcher({options.destinations, options.fleet_file});
}

}  // namespace

int run_on_hosts(const Common& c, const HostsOptions& options, const std::string& format, std::size_t width,
                 const RunDisplay& display, HostResults& results, std::ostream& out, std::ostream& err) {
  const auto registry = kernels::builtin::builtin_registry();
  pipeline::LaunchRequest request;
  request.recipe = c;
  request.run_words = {"--width", std::to_string(width), "--format", format};
  if (display.quiet) request.run_words.push_back("-q");
  if (display.verbose) request.run_words.push_back("-v");
  request.run_words.insert(request.run_words.end(), options.sampling_words.begin(), options.sampling_words.end());
  request.quiet = display.quiet;
  request.registry = &registry;
  request.version = hwbench_version();
  request.serial = options.serial;
  request.dist = options.dist;
  const auto launcher = pick_launcher(options);
  results.kind = launcher->target_kind();
  const auto launched = launcher->launch(request, err);
  if (!launched) return launcher->load_failure() == pipeline::LoadFailure::recipe ? exit_recipe : exit_usage;

  // Each machine that ran the recipe through: its reports.
  for (const auto& target : launched->targets) {
    if (!target.result) continue;
    if (!results.results.empty()) out << "\n";
    out << block_heading(fmt::format("{} ({})", target.name, target.machine), format) << target.reports;
    results.results.push_back(target.result);
    results.names.push_back(target.name);
  }
  results.hosts = launched->targets.size();
  if (launched->interrupted) return exit_interrupted;
  return launched->all_complete ? exit_ok : exit_failure;
}

std::vector<const model::Result*> result_pointers(const HostResults& results) {
  std::vector<const model::Result*> pointers;
  for (const auto& r : results.results) pointers.push_back(r.get());
  return pointers;
}

void print_node_verdict(const analysis::Comparison& comparison, const std::string& kind, const HostsOptions& options,
                        const std::string& format, std::ostream& out) {
  if (comparison.names.size() < 3) return;
  const std::string verdict = analysis::format_node_spread(
      analysis::node_spread(comparison, {std::isnan(options.outlier_k) ? 3.0 : options.outlier_k, 0.02}), kind);
  if (!verdict.empty()) out << "\n" << block_heading("Per-" + kind + " verdict", format) << verdict;
}

int cmd_run_hosts(const Common& c, const HostsOptions& options, const std::string& format, std::size_t width,
                  const RunDisplay& display, std::ostream& out, std::ostream& err) {
  HostResults results;
  const int code = run_on_hosts(c, options, format, width, display, results, out, err);
  const auto& names = results.names;
  if (results.results.size() >= 2) {
    // One comparison, printed and then judged node by node.
    const auto pointers = result_pointers(results);
    const auto comparison = analysis::compare_results(pointers, names, {});
    out << "\n" << block_heading(fmt::format("Comparison: {} (the base) and the others", names.front()), format);
    out << pipeline::render_comparison(pointers, comparison, {}, false, width);
    print_node_verdict(comparison, results.kind, options, format, out);
  } else if (results.hosts >= 2) {
    err << fmt::format("hwbench: no comparison: {} of the {} {}s ran the recipe through\n", results.results.size(),
                       results.hosts, results.kind);
  }
  return code;
}

}  // namespace hwbench::runtime::cli
