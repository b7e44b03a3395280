#include "runtime/run/command_runs.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "kernels/command/command.hpp"

namespace hwbench::runtime::run {

std::string CommandRuns::hook(const plan::Step& step, const char* what, const std::string& line) const {
  if (line.empty()) return "";
  platform::ChildSpec spec;
  spec.argv = {std::string(kernels::command::shell_path), "-c", line};
  spec.tree_accounting = false;
  spec.interrupted = interrupted_;
  const std::string cwd = step.kernel.call.text(std::string(kernels::command::option::cwd));
  spec.dir = cwd;
  try {
    const platform::ChildOutcome out = platform::run_child(spec);
    if (out.interrupted || (out.signal == 0 && out.exit_code == 0)) return "";
    return fmt::format("{} \"{}\" {}{}", what, line, out.describe(), kernels::command::failure_tail(out));
  } catch (const platform::ChildError& e) {
    return fmt::format("{} \"{}\": {}", what, line, e.what());
  }
}

FigureReadings CommandRuns::after_run(const plan::Step& step, const kernels::Kernel& k, const std::string& series,
                                      std::uint32_t iteration) {
  const platform::ChildOutcome* out = k.last_program();
  if (out == nullptr) return {};
  if (std::find(seen_.begin(), seen_.end(), &step) == seen_.end()) {
    seen_.push_back(&step);
    keep(step, *out, series, iteration);
  }
  if (step.kernel.figures.empty()) return {};
  return read_figures(step.kernel.figures, *out);
}

void CommandRuns::failed(const plan::Step& step, const kernels::Kernel& k, const std::string& series) {
  if (const platform::ChildOutcome* out = k.last_program()) keep(step, *out, series, 0);
}

void CommandRuns::keep(const plan::Step& step, const platform::ChildOutcome& out, const std::string& series,
                       std::uint32_t iteration) {
  model::ProgramOutput p;
  p.series = series;
  p.iteration = iteration;
  p.statement = fmt::format("{}:{}:{}: {}", recipe_file_, step.loc.line, step.loc.column, step.kernel.text);
  p.argv = kernels::command::argv_of(*step.kernel.spec, step.kernel.call);
  p.ended = out.describe();
  p.exit_code = out.exit_code;
  p.signal = out.signal;
  p.timed_out = out.timed_out;
  p.wall_ns = out.wall_ns;
  p.usr_ns = out.tree ? out.tree->usr_ns : out.usr_ns;
  p.sys_ns = out.tree ? out.tree->sys_ns : out.sys_ns;
  p.max_rss_kb = out.max_rss_kb;
  if (out.tree) p.tree_peak_memory_bytes = out.tree->peak_memory_bytes;
  p.cpu_source = out.tree ? fmt::format("cgroup v2 {}", out.tree->cgroup) : "wait4";
  p.stdout_text = out.out.text;
  p.stderr_text = out.err.text;
  p.stdout_bytes = out.out.total;
  p.stderr_bytes = out.err.total;
  p.stdout_cut = out.out.cut;
  p.stderr_cut = out.err.cut;
  kept_.push_back(std::move(p));
}

}  // namespace hwbench::runtime::run
