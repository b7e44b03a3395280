#include "runtime/run/command_runs.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "kernels/command/command.hpp"
#include "runtime/run/interpreter_internal.hpp"

namespace hwbench::runtime::run {

std::string CommandRuns::hook(const plan::Step& step, const char* what, const std::string& line) const {
  if (line.empty()) return "";
  // Where and as the statement's program runs: its directory, its variables, its timeout.
  platform::ChildSpec spec = kernels::command::program_spec(step.kernel.call);
  spec.argv = {std::string(kernels::command::shell_path), "-c", line};
  spec.tree_accounting = false;
  spec.interrupted = interrupted_;
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
  FigureReadings r = step.kernel.figures.empty() ? FigureReadings{} : read_figures(step.kernel.figures, *out);
  // A run without its series' optional figure makes no sample there, nor one whose figure is
  // missing, which fails (the interpreter's read_run).
  if (r.lacks(series) || !r.error.empty()) iteration = 0;
  const bool first = std::find(seen_.begin(), seen_.end(), &step) == seen_.end();
  if (first) seen_.push_back(&step);
  // A failed run that `ignore-failure` made a sample of is kept as any failed run is.
  if (first || !r.error.empty() || !kernels::command::succeeded(step.kernel.call, *out))
    keep(step, *out, series, iteration);
  return r;
}

void CommandRuns::warmed_up(const plan::Step& step, const kernels::Kernel& k, const std::string& series) {
  const platform::ChildOutcome* out = k.last_program();
  // One that Ctrl-C ended did not fail: the run stops there.
  if (out != nullptr && !out->interrupted && !kernels::command::succeeded(step.kernel.call, *out))
    keep(step, *out, series, 0);
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

namespace detail {

void Interpreter::hook(const plan::Step& step, const char* what, const std::string& line) {
  const std::string error = commands_.hook(step, what, line);
  if (!error.empty()) throw StepFailed{fmt::format("{}: {}", where(step), error)};
}

void Interpreter::clear_figure_files(const plan::Step& step) {
  for (const auto& rule : step.kernel.figures) {
    // The checker has the file among the statement's `writes`, which claim() made the run's own;
    // a file the run does not own is never removed.
    if (rule.from != plan::FigureRule::Stream::file || owned_.count(rule.file) == 0) continue;
    // Nor one reached through a directory swapped for a symlink since the run made it.
    if (const std::string why = ctx_.place_problem(rule.file); !why.empty())
      throw StepFailed{fmt::format("{}: {}", where(step), why)};
    if (::unlink(rule.file.c_str()) != 0 && errno != ENOENT)
      throw StepFailed{fmt::format("{}: cannot remove {}, the file the figure is read from, before the run: {}",
                                   where(step), rule.file, std::strerror(errno))};
  }
}

FigureReadings Interpreter::read_run(const plan::Step& step, const kernels::Kernel& k, const model::Series& series,
                                     model::Sample& sample) {
  FigureReadings r = commands_.after_run(step, k, step.series, static_cast<std::uint32_t>(series.samples.size() + 1));
  if (!r.error.empty()) throw StepFailed{fmt::format("{}: {}", where(step), r.error)};
  for (const auto& f : r.figures)
    if (f.label.empty() || f.label == step.series) sample.figure = f.figure;
  return r;
}

void Interpreter::keep_readings(const plan::Step& step, FigureReadings& r, const model::Sample& base,
                                const model::ParamSet& params) {
  auto add = [&](model::Series& target, const model::Figure& figure) {
    model::Sample s = base;
    s.figure = figure;
    s.iteration = static_cast<std::uint32_t>(target.samples.size() + 1);
    target.add(s, params);
    if (opts_.observer) opts_.observer->sample_taken(step, target);
  };
  for (const auto& f : r.figures)
    if (!f.label.empty() && f.label != step.series) add(outcome_.series[index_.at(f.label)], f.figure);
  const std::string section = importer_section(step);
  for (auto& imported : r.imported) {
    model::Series& target = imported_series(section, imported.label);
    if (std::find(step_imports_.begin(), step_imports_.end(), &target) == step_imports_.end())
      step_imports_.push_back(&target);
    if (target.unavailable.empty()) target.unavailable = imported.unavailable;
    for (const auto& sample : imported.samples)
      if (sample.figure) add(target, *sample.figure);
  }
  for (auto& b : r.baselines) model::add_once(outcome_.imported_baselines, std::move(b));
  for (auto& i : r.indices) model::add_once(outcome_.imported_indices, std::move(i));
  nlohmann::json& env = outcome_.imported_environment[section];
  for (auto& [key, value] : r.environment.items())
    if (!env.contains(key)) env[key] = value;
}

std::string Interpreter::importer_section(const plan::Step& step) {
  for (const auto& rule : step.kernel.figures)
    if (rule.kind == plan::FigureRule::Kind::importer) return rule.section;
  return "";
}

model::Series& Interpreter::imported_series(const std::string& section, const std::string& label) {
  // A series of the same label in another section stays apart (hwbench's own kernels there).
  auto it = index_.find(label);
  if (it != index_.end() && outcome_.series[it->second].section == section) return outcome_.series[it->second];
  const std::string key = section + '\n' + label;
  auto known = imported_.find(key);
  if (known != imported_.end()) return known->second;
  outcome_.imported_series.emplace_back(label, section);
  model::Series& s = imported_[key];
  s.label = label;
  s.section = section;
  return s;
}

}  // namespace detail

}  // namespace hwbench::runtime::run
