#include "runtime/tools/nbench/nbench_report.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>
#include <fmt/printf.h>

#include "kernels/nbench/nbench.hpp"
#include "runtime/analysis/indices.hpp"
#include "runtime/record/baseline.hpp"
#include "runtime/tools/nbench/nbench_import.hpp"
#include "runtime/tools/nbench/nbench_log.hpp"

namespace hwbench::runtime::tools::nbench {

namespace {

std::string nbench_option(const model::ReportSpec& spec, const std::string& name, const std::string& fallback) {
  auto it = spec.options.find(name);
  return it == spec.options.end() || it->second.empty() ? fallback : it->second;
}

const model::Baseline* find_baseline(const model::Result& result, const std::string& name) {
  for (const auto& b : result.baselines)
    if (b.name == name) return &b;
  return nullptr;
}

std::optional<double> ratio(const model::Baseline* base, const std::string& label, double mean) {
  if (base == nullptr) return std::nullopt;
  const model::Figure* f = analysis::baseline_figure(*base, label);
  if (f == nullptr) return std::nullopt;
  return mean / f->value;
}

std::string text_at(const nlohmann::json& object, const char* key) {
  if (!object.is_object()) return {};
  auto it = object.find(key);
  return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

/// nbench's CPU line: "Dual" for two processors, "<n> CPU" for more, then vendor, model and MHz.
std::string cpu_line(const nlohmann::json& env) {
  const auto& cpu = env.contains("cpu") ? env["cpu"] : nlohmann::json();
  std::vector<std::string> words;
  if (env.contains("cores") && env["cores"].is_object() && env["cores"]["logical"].is_number_integer()) {
    const auto n = env["cores"]["logical"].get<long long>();
    if (n == 2)
      words.push_back("Dual");
    else if (n > 2)
      words.push_back(fmt::format("{} CPU", n));
  }
  for (const char* key : {"vendor", "model"})
    if (auto w = text_at(cpu, key); !w.empty()) words.push_back(w);
  if (cpu.is_object() && cpu.contains("mhz") && cpu["mhz"].is_number())
    words.push_back(fmt::format("{}MHz", std::lround(cpu["mhz"].get<double>())));
  return fmt::format("{}", fmt::join(words, " "));
}

void system_lines(const model::Result& result, NbenchReport& out) {
  const auto& env = result.environment;
  if (const auto log = read_nbench_log(result); log && log->runs.size() == 1) {
    const NbenchSystem& system = log->runs.front();
    out.cpu = system.cpu.value_or("");
    out.l2_cache = system.l2_cache.value_or("");
    out.os = system.os.value_or("");
    out.compiler = system.compiler.value_or("");
    out.libc = system.libc.value_or("");
    return;
  }
  if (!env.is_object()) return;
  out.cpu = cpu_line(env);
  if (env.contains("cpu")) out.l2_cache = text_at(env["cpu"], "cache_size");
  if (env.contains("kernel") && env["kernel"].is_object())
    out.os = fmt::format("{} {}", text_at(env["kernel"], "sysname"), text_at(env["kernel"], "release"));
  if (env.contains("compiler") && env["compiler"].is_object())
    out.compiler = fmt::format("{} version {}", text_at(env["compiler"], "id"), text_at(env["compiler"], "version"));
  if (env.contains("libc") && env["libc"].is_string()) out.libc = "glibc " + env["libc"].get<std::string>();
}

// Run `i` of a log of several runs: its samples, its system lines, its warnings, and the indices
// recomputed from its figures.
model::Result nbench_run(const model::Result& result, const NbenchSystem& system, std::size_t i) {
  model::Result run = result;
  write_nbench_log(run, NbenchLog{{system}});
  const std::vector<std::string> not_converged = system.not_converged.value_or(std::vector<std::string>{});
  for (auto& series : run.series) {
    const model::Series all = std::move(series);
    series = all;
    series.samples = {};
    series.param_sets.clear();
    for (const model::Sample& sample : all.samples)
      if (sample.iteration == i + 1) series.add(sample, all.params_of(sample));
    series.converged = std::find(not_converged.begin(), not_converged.end(), series.label) == not_converged.end();
  }
  for (auto& index : run.indices) index.printed.reset();
  analysis::compute_indices(run);
  return run;
}

// nbench raises its product of ratios to literal constants, not to exactly 1/n: 0.142857 and
// 0.33333 for the original indices, 0.3333333333 and 0.25 for the Linux ones. 0.33333 moves the
// third decimal of an index in the hundreds (253.672 where 1/3 gives 253.686).
double nbench_exponent(bool original, const std::string& label) {
  if (label == "INTEGER INDEX") return original ? 0.142857 : 0.25;
  return original && label == "FLOATING-POINT INDEX" ? 0.33333 : 0.3333333333;
}

// The index line's figure as nbench computes it, when the index is nbench's own (its tests, a
// scale of 1); any other index as the result computed it.
double nbench_index_value(const model::IndexValue& index, bool original) {
  const std::string role = original ? "p90" : "k6";
  std::vector<std::string> series = index.spec.series;
  std::sort(series.begin(), series.end());
  for (model::IndexSpec nbench : nbench_index_specs()) {
    std::sort(nbench.series.begin(), nbench.series.end());
    if (nbench.label != index.spec.label || nbench.baseline != role || nbench.series != series) continue;
    if (index.spec.scale != 1 || index.ratios.size() != series.size() || std::isnan(index.value)) break;
    double product = 1;
    for (const auto& [label, ratio] : index.ratios) product *= ratio;
    return std::pow(product, nbench_exponent(original, index.spec.label));
  }
  return index.value;
}

std::string figure(double v, const char* format) { return std::isnan(v) ? "-" : fmt::sprintf(format, v); }

std::string column(const std::optional<double>& v) { return v ? fmt::sprintf("%9.2f", *v) : fmt::format("{:>9}", "-"); }

}  // namespace

NbenchReport build_nbench_report(const model::Result& result, const model::ReportSpec& spec) {
  NbenchReport out;
  const std::string old_name = nbench_option(spec, "old", "p90");
  const std::string new_name = nbench_option(spec, "new", "k6");
  const model::Baseline* old_base = find_baseline(result, old_name);
  const model::Baseline* new_base = find_baseline(result, new_name);
  for (const auto& test : kernels::nbench::tests()) {
    for (const auto& s : result.series) {
      if (s.label != test.label) continue;
      auto mean = analysis::series_figure(s, "iter/s");
      if (!mean) continue;
      out.rows.push_back(
          {test.label, *mean, ratio(old_base, test.label, *mean), ratio(new_base, test.label, *mean), s.converged});
    }
  }
  for (const char* label : {"INTEGER INDEX", "FLOATING-POINT INDEX"})
    if (const model::IndexValue* i = analysis::find_index(result, label, old_name))
      out.original.push_back({label, nbench_index_value(*i, true)});
  for (const char* label : {"MEMORY INDEX", "INTEGER INDEX", "FLOATING-POINT INDEX"})
    if (const model::IndexValue* i = analysis::find_index(result, label, new_name))
      out.linux.push_back({label, nbench_index_value(*i, false)});
  system_lines(result, out);
  return out;
}

std::string format_nbench_report(const NbenchReport& r) {
  std::string out;
  out += "\nBYTEmark* Native Mode Benchmark ver. 2 (10/95)\n";
  out += "Index-split by Andrew D. Balsa (11/97)\n";
  out += "Linux/Unix* port by Uwe F. Mayer (12/96,11/97)\n";
  out += "\nTEST                : Iterations/sec.  : Old Index   : New Index\n";
  out += "                    :                  : Pentium 90* : AMD K6/233*\n";
  out += "--------------------:------------------:-------------:------------\n";
  for (const auto& row : r.rows) {
    out += fmt::format("{:<16}    :", row.label);
    if (!row.converged) {
      out += "\n** WARNING: The current test result is NOT 95 % statistically certain.\n";
      out += "** WARNING: The variation among the individual results is too large.\n";
      out += "                    :";
    }
    out += fmt::format(" {}  :  {}  :  {}\n", fmt::sprintf("%15.5g", row.mean), column(row.old_index),
                       column(row.new_index));
  }
  auto index_lines = [&](const std::vector<NbenchIndexLine>& lines) {
    for (const auto& l : lines) out += fmt::format("{:<20}: {}\n", l.label, figure(l.value, "%.3f"));
  };
  out += "==========================ORIGINAL BYTEMARK RESULTS==========================\n";
  index_lines(r.original);
  out += "Baseline (MSDOS*)   : Pentium* 90, 256 KB L2-cache, Watcom* compiler 10.0\n";
  out += "==============================LINUX DATA BELOW===============================\n";
  out += fmt::format("CPU                 : {}\n", r.cpu);
  out += fmt::format("L2 Cache            : {}\n", r.l2_cache);
  out += fmt::format("OS                  : {}\n", r.os);
  out += fmt::format("C compiler          : {}\n", r.compiler);
  out += fmt::format("libc                : {}\n", r.libc);
  index_lines(r.linux);
  out += "Baseline (LINUX)    : AMD K6/233*, 512 KB L2-cache, gcc 2.7.2.3, libc-5.4.38\n";
  out += "* Trademarks are property of their respective holder.\n";
  return out;
}

model::RenderedReport render_nbench_report(const model::Result& result, const model::ReportSpec& spec) {
  const NbenchReport data = build_nbench_report(result, spec);
  model::RenderedReport record;
  record.spec = spec;
  if (const auto log = read_nbench_log(result); log && log->runs.size() > 1) {
    // An imported log of several runs: each printed as nbench printed it, from its own figures.
    for (std::size_t i = 0; i < log->runs.size(); ++i)
      record.text += format_nbench_report(build_nbench_report(nbench_run(result, log->runs[i], i), spec));
  } else {
    record.text = format_nbench_report(data);
  }
  for (const auto& row : data.rows) {
    model::ReportFigures f;
    f.label = row.label;
    f.aggregates = {{"mean", row.mean}};
    const double nan = std::numeric_limits<double>::quiet_NaN();
    f.aggregates.emplace_back("old index", row.old_index.value_or(nan));
    f.aggregates.emplace_back("new index", row.new_index.value_or(nan));
    f.converged = row.converged;
    record.figures.push_back(std::move(f));
  }
  return record;
}

}  // namespace hwbench::runtime::tools::nbench
