#include "runtime/record/result_file.hpp"

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "runtime/platform/atomic_file.hpp"
#include "runtime/record/conditions_json.hpp"

namespace hwbench::runtime::record {

using model::Baseline;
using model::Figure;
using model::IndexValue;
using model::ReportFigures;
using model::ReportSpec;
using model::Result;
using model::RunStatus;
using model::Sample;
using model::to_text;
using platform::write_file_atomically;

namespace {

using nlohmann::json;

// JSON has no NaN or infinity; nlohmann would write them as null and lose them.
json number_to_json(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  return value;
}

json strings_to_json(const std::map<std::string, std::string>& map) {
  json out = json::object();
  for (const auto& [key, value] : map) out[key] = value;
  return out;
}

json spec_to_json(const ReportSpec& spec) {
  json out = {{"style", std::string(to_text(spec.style))}, {"unit", spec.unit}, {"aggregates", spec.aggregates}};
  if (!spec.options.empty()) out["options"] = strings_to_json(spec.options);
  if (!spec.section.empty()) {
    out["section"] = spec.section;
    out["series"] = spec.series;
  }
  return out;
}

json baseline_to_json(const Baseline& b) {
  json figures = json::array();
  for (const auto& [label, f] : b.figures) figures.push_back({{"label", label}, {"value", number_to_json(f.value)}, {"unit", f.unit}});
  return {{"name", b.name}, {"machine", b.machine}, {"source", b.source}, {"file", b.file}, {"figures", std::move(figures)}};
}

json index_to_json(const IndexValue& i) {
  json ratios = json::array();
  for (const auto& [label, r] : i.ratios) ratios.push_back({{"label", label}, {"ratio", number_to_json(r)}});
  json out = {{"label", i.spec.label},     {"series", i.spec.series}, {"baseline", i.spec.baseline},
              {"scale", number_to_json(i.spec.scale)}, {"value", number_to_json(i.value)}, {"ratios", std::move(ratios)}};
  if (i.printed) out["printed"] = number_to_json(*i.printed);
  if (i.spec.aggregate != "mean") out["aggregate"] = i.spec.aggregate;
  return out;
}

json figure_to_json(const Figure& figure) {
  return {{"value", number_to_json(figure.value)}, {"unit", figure.unit}};
}

json numbers_to_json(const std::vector<double>& values) {
  json out = json::array();
  for (double value : values) out.push_back(number_to_json(value));
  return out;
}

json figures_to_json(const std::vector<ReportFigures>& figures) {
  json out = json::array();
  for (const auto& f : figures) {
    json aggregates = json::object();
    for (const auto& [name, value] : f.aggregates) aggregates[name] = number_to_json(value);
    json item = {{"label", f.label},
                 {"values", numbers_to_json(f.values)},
                 {"aggregates", std::move(aggregates)},
                 {"converged", f.converged}};
    if (!f.unit.empty()) item["unit"] = f.unit;
    out.push_back(std::move(item));
  }
  return out;
}

json sample_to_json(const Sample& sample) {
  json out = {
      {"kernel", sample.kernel},
      {"params", strings_to_json(sample.params)},
      {"iteration", sample.iteration},
      {"units", sample.units},
      {"bytes", sample.bytes},
      {"ops", sample.ops},
      {"wall_ns", sample.wall_ns},
      {"cpu",
       {{"usr_ns", sample.cpu.usr_ns},
        {"sys_ns", sample.cpu.sys_ns},
        {"cusr_ns", sample.cpu.cusr_ns},
        {"csys_ns", sample.cpu.csys_ns}}},
      {"start_unix_ns", sample.start_unix_ns},
      {"cold", sample.cold},
  };
  if (sample.cpu_timed) out["cpu_timed"] = true;
  if (sample.max_latency_ns != 0) out["max_latency_ns"] = sample.max_latency_ns;
  if (sample.figure) out["figure"] = figure_to_json(*sample.figure);
  return out;
}

}  // namespace

nlohmann::json to_json(const Result& result) {
  json locations = json::array();
  for (const auto& location : result.locations) {
    locations.push_back({{"name", location.name},
                         {"path", location.path},
                         {"fstype", location.fstype},
                         {"free_bytes", location.free_bytes},
                         {"builtin", location.builtin}});
  }
  json series = json::array();
  for (const auto& s : result.series) {
    json samples = json::array();
    for (const auto& sample : s.samples) samples.push_back(sample_to_json(sample));
    json printed = json::object();
    for (const auto& [name, figure] : s.printed) printed[name] = figure_to_json(figure);
    series.push_back({{"label", s.label},
                      {"converged", s.converged},
                      {"ci_target_pct", number_to_json(s.ci_target_pct)},
                      {"samples", std::move(samples)},
                      {"printed", std::move(printed)}});
    if (!s.unavailable.empty()) series.back()["unavailable"] = s.unavailable;
  }
  json baselines = json::array();
  for (const auto& b : result.baselines) baselines.push_back(baseline_to_json(b));
  json indices = json::array();
  for (const auto& i : result.indices) indices.push_back(index_to_json(i));
  json reports = json::array();
  for (const auto& spec : result.reports) reports.push_back(spec_to_json(spec));
  json rendered = json::array();
  for (const auto& report : result.rendered) {
    rendered.push_back(
        {{"spec", spec_to_json(report.spec)}, {"text", report.text}, {"figures", figures_to_json(report.figures)}});
  }
  json out = {
      {"schema", result_schema},
      {"kind", std::string(to_text(result.kind))},
      {"status", std::string(to_text(result.status))},
      {"complete", result.status == RunStatus::complete},
      {"error", result.error},
      {"recipe_file", result.recipe_file},
      {"recipe_text", result.recipe_text},
      {"recipe_sha256", result.recipe_sha256},
      {"meta", strings_to_json(result.meta)},
      {"command_line", result.command_line},
      {"started_utc", result.started_utc},
      {"finished_utc", result.finished_utc},
      {"machine", result.machine},
      {"environment", result.environment},
      {"locations", std::move(locations)},
      {"series", std::move(series)},
      {"reports", std::move(reports)},
      {"rendered", std::move(rendered)},
  };
  // Only recipes with baselines have them; files without stay as they were.
  if (!baselines.empty()) out["baselines"] = std::move(baselines);
  if (!indices.empty()) out["indices"] = std::move(indices);
  if (!result.parameters.empty()) out["parameters"] = strings_to_json(result.parameters);
  if (result.conditions) out["conditions"] = conditions_to_json(*result.conditions);
  return out;
}

bool save_result(const Result& result, const std::string& path, std::string& error) {
  // Invalid UTF-8 (say, from a recipe's bytes) would make dump() throw; U+FFFD stands in for it.
  const std::string text = to_json(result).dump(2, ' ', false, json::error_handler_t::replace) + "\n";
  return write_file_atomically(path, text, error);
}

}  // namespace hwbench::runtime::record
