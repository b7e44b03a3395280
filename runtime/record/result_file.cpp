#include "runtime/record/result_file.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "base/platform/atomic_file.hpp"
#include "runtime/analysis/units.hpp"
#include "runtime/record/conditions_json.hpp"
#include "runtime/record/programs_json.hpp"
#include "runtime/record/settle_json.hpp"

namespace hwbench::runtime::record {

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

json spec_to_json(const model::ReportSpec& spec) {
  json out = {{"style", std::string(model::to_text(spec.style))}, {"unit", spec.unit}, {"aggregates", spec.aggregates}};
  if (!spec.options.empty()) out["options"] = strings_to_json(spec.options);
  if (!spec.section.empty()) out["section"] = spec.section;
  // A section's reports cover its series; an interleaved comparison, its block's.
  if (!spec.section.empty() || !spec.series.empty()) out["series"] = spec.series;
  return out;
}

json baseline_to_json(const model::Baseline& b) {
  json figures = json::array();
  for (const auto& [label, f] : b.figures)
    figures.push_back({{"label", label}, {"value", number_to_json(f.value)}, {"unit", f.unit}});
  return {{"name", b.name},
          {"machine", b.machine},
          {"source", b.source},
          {"file", b.file},
          {"figures", std::move(figures)}};
}

json index_to_json(const model::IndexValue& i) {
  json ratios = json::array();
  for (const auto& [label, r] : i.ratios) ratios.push_back({{"label", label}, {"ratio", number_to_json(r)}});
  json out = {{"label", i.spec.label},
              {"series", i.spec.series},
              {"baseline", i.spec.baseline},
              {"scale", number_to_json(i.spec.scale)},
              {"value", number_to_json(i.value)},
              {"ratios", std::move(ratios)}};
  if (i.printed) out["printed"] = number_to_json(*i.printed);
  if (i.spec.aggregate != "mean") out["aggregate"] = i.spec.aggregate;
  return out;
}

json figure_to_json(const model::Figure& figure) {
  json out = {{"value", number_to_json(figure.value)}, {"unit", figure.unit}};
  if (figure.resolution > 0) out["resolution"] = number_to_json(figure.resolution);
  return out;
}

// The file's text on its way out: handed on a megabyte at a time, so that a file of millions
// of samples is never whole in memory.
struct Text {
  std::string buffer;
  const platform::FileWriter& write;

  void flush_if_full() {
    if (buffer.size() < (1U << 20)) return;
    write(buffer);
    buffer.clear();
  }
};

// The big arrays (a series' sample columns, a report's per-sample figures) are not built as
// JSON values, which take 16 bytes and more per number: the document holds a placeholder for
// each, a binary value whose subtype numbers the function that writes its text in place.
class Placeholders {
 public:
  using Writer = std::function<void(Text&)>;
  json add(Writer writer) {
    writers_.push_back(std::move(writer));
    return json::binary({}, writers_.size() - 1);
  }
  void write(const json& placeholder, Text& out) const { writers_.at(placeholder.get_binary().subtype())(out); }

 private:
  std::vector<Writer> writers_;
};

void append_integer(std::string& out, std::uint64_t value, bool is_signed) {
  char buffer[24];
  const auto end = is_signed ? std::to_chars(buffer, buffer + sizeof buffer, static_cast<std::int64_t>(value)).ptr
                             : std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
  out.append(buffer, end);
}

// One Samples column: one number when every sample has the same value (and there is at
// least one sample), else an array on one line. `deltas` writes each value after the first as
// its difference from the one before (start times a few microseconds apart).
json column_to_json(Placeholders& placeholders, const model::IntColumn& column, bool is_signed, bool deltas = false) {
  if (column.size() > 0 && column.constant()) {
    if (is_signed) return static_cast<std::int64_t>(column[0]);
    return column[0];
  }
  return placeholders.add([&column, is_signed, deltas](Text& out) {
    out.buffer += '[';
    std::uint64_t before = 0;
    bool first = true;
    column.for_each([&](std::uint64_t v) {
      if (!first) out.buffer += ',';
      first = false;
      // Unsigned differences wrap, so that any two 64-bit values give back the second exactly.
      append_integer(out.buffer, deltas ? v - before : v, is_signed);
      before = v;
      out.flush_if_full();
    });
    out.buffer += ']';
  });
}

json samples_to_json(Placeholders& placeholders, const model::Samples& samples) {
  using Field = model::Samples::Field;
  const auto column = [&](Field field, bool is_signed) {
    return column_to_json(placeholders, samples.column(field), is_signed);
  };
  json out = {{"count", samples.size()}, {"param_set", column(Field::param_set, false)}};
  const model::IntColumn& iteration = samples.column(Field::iteration);
  bool counted = true;
  std::uint64_t expected = 1;
  iteration.for_each([&](std::uint64_t v) { counted = counted && v == expected++; });
  if (!counted) out["iteration"] = column(Field::iteration, false);
  out["units"] = column(Field::units, false);
  out["bytes"] = column(Field::bytes, false);
  out["ops"] = column(Field::ops, false);
  out["wall_ns"] = column(Field::wall_ns, true);
  out["usr_ns"] = column(Field::usr_ns, true);
  out["sys_ns"] = column(Field::sys_ns, true);
  out["cusr_ns"] = column(Field::cusr_ns, true);
  out["csys_ns"] = column(Field::csys_ns, true);
  // Written only where a sample's CPU time is not its own alone (CPU spans); absent, it is 1.
  const model::IntColumn& cpu_samples = samples.column(Field::cpu_samples);
  if (!cpu_samples.constant() || (cpu_samples.size() > 0 && cpu_samples[0] != 1))
    out["cpu_samples"] = column(Field::cpu_samples, false);
  out["max_latency_ns"] = column(Field::max_latency_ns, true);
  // Written only for command steps' samples, whose programs' peak memory it is; absent, 0.
  const model::IntColumn& rss = samples.column(Field::max_rss_kb);
  if (!rss.constant() || (rss.size() > 0 && rss[0] != 0)) out["max_rss_kb"] = column(Field::max_rss_kb, true);
  // Written only where samples were taken in blocks spread over the run; absent, 0.
  const model::IntColumn& block = samples.column(Field::block);
  if (!block.constant() || (block.size() > 0 && block[0] != 0)) out["block"] = column(Field::block, false);
  out["start_unix_ns"] = column_to_json(placeholders, samples.column(Field::start_unix_ns), true, /*deltas=*/true);
  const model::IntColumn& flags = samples.column(Field::flags);
  for (const auto& [key, bit] : {std::pair{"cold", 1U}, std::pair{"cpu_timed", 2U}}) {
    std::vector<bool> set;
    const unsigned mask = bit;  // clang 14 cannot capture a structured binding
    flags.for_each([&set, mask](std::uint64_t f) { set.push_back((f & mask) != 0); });
    const bool constant = !set.empty() && std::all_of(set.begin(), set.end(), [&](bool f) { return f == set.front(); });
    out[key] = constant ? json(set.front()) : json(set);
  }
  if (samples.has_figures()) {
    json figures = json::array();
    for (const model::Sample& s : samples) figures.push_back(s.figure ? figure_to_json(*s.figure) : json(nullptr));
    out["figure"] = std::move(figures);
  }
  return out;
}

json param_sets_to_json(const model::Series& series) {
  // Samples whose index names no set (made without one) read back as model::Series::params_of
  // shows them: with an empty set.
  std::size_t sets = series.param_sets.size();
  series.samples.column(model::Samples::Field::param_set).for_each([&sets](std::uint64_t set) {
    sets = std::max<std::size_t>(sets, static_cast<std::size_t>(set) + 1);
  });
  json out = json::array();
  for (std::size_t i = 0; i < sets; ++i) {
    const model::ParamSet set = i < series.param_sets.size() ? series.param_sets[i] : model::ParamSet{};
    out.push_back({{"kernel", set.kernel}, {"params", strings_to_json(set.params)}});
  }
  return out;
}

// Whether `values` are, bit for bit, the per-sample figures of `series` in `unit`
// (analysis::sample_values): the file then says "samples" instead of repeating them.
bool from_samples(const std::vector<double>& values, const model::Series* series, const analysis::Unit* unit) {
  if (series == nullptr || unit == nullptr || values.empty()) return false;
  std::size_t k = 0;
  for (const model::Sample& sample : series->samples) {
    const auto value = analysis::sample_value(sample, *unit);
    if (!value) continue;
    if (k >= values.size() || std::memcmp(&*value, &values[k], sizeof(double)) != 0) return false;
    ++k;
  }
  return k == values.size();
}

json figures_to_json(Placeholders& placeholders, const model::Result& result, const model::RenderedReport& report) {
  json out = json::array();
  for (const auto& f : report.figures) {
    // A summary gives each series its own unit; the other reports, the report's.
    const analysis::Unit* unit = analysis::find_unit(f.unit.empty() ? report.spec.unit : f.unit);
    json aggregates = json::object();
    for (const auto& [name, value] : f.aggregates) aggregates[name] = number_to_json(value);
    json values = f.values.empty() ? json::array()
                  : from_samples(f.values, series_labelled(result, f.label), unit)
                      ? json(figures_from_samples)
                      : placeholders.add([&f](Text& out) {
                          out.buffer += '[';
                          for (std::size_t i = 0; i < f.values.size(); ++i) {
                            if (i > 0) out.buffer += ',';
                            out.buffer += number_to_json(f.values[i]).dump();
                            out.flush_if_full();
                          }
                          out.buffer += ']';
                        });
    json item = {{"label", f.label},
                 {"values", std::move(values)},
                 {"aggregates", std::move(aggregates)},
                 {"converged", f.converged}};
    if (!f.unit.empty()) item["unit"] = f.unit;
    if (!f.estimate.empty()) {
      item["interval"] = {{"blocks", f.blocks}, {"estimate", f.estimate}};
      if (f.unstable_spread) item["interval"]["unstable_spread"] = number_to_json(*f.unstable_spread);
    }
    out.push_back(std::move(item));
  }
  return out;
}

// nlohmann's dump(2) layout, but with each placeholder's text written where it stands.
void write_pretty(const json& value, const Placeholders& placeholders, Text& out, int indent) {
  const std::string inner(static_cast<std::size_t>(indent + 2), ' ');
  if (value.is_binary()) {
    placeholders.write(value, out);
  } else if (value.is_object() && !value.empty()) {
    out.buffer += "{\n";
    bool first = true;
    for (const auto& [key, item] : value.items()) {
      out.buffer += first ? "" : ",\n";
      first = false;
      out.buffer += inner + json(key).dump(-1, ' ', false, json::error_handler_t::replace) + ": ";
      write_pretty(item, placeholders, out, indent + 2);
    }
    out.buffer += "\n" + std::string(static_cast<std::size_t>(indent), ' ') + "}";
  } else if (value.is_array() && !value.empty()) {
    out.buffer += "[\n";
    for (std::size_t i = 0; i < value.size(); ++i) {
      out.buffer += i == 0 ? "" : ",\n";
      out.buffer += inner;
      write_pretty(value[i], placeholders, out, indent + 2);
    }
    out.buffer += "\n" + std::string(static_cast<std::size_t>(indent), ' ') + "]";
  } else {
    // Invalid UTF-8 (say, from a recipe's bytes) would make dump() throw; U+FFFD stands in for it.
    out.buffer += value.dump(-1, ' ', false, json::error_handler_t::replace);
  }
  out.flush_if_full();
}

json document_of(const model::Result& result, Placeholders& placeholders) {
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
    json printed = json::object();
    for (const auto& [name, figure] : s.printed) printed[name] = figure_to_json(figure);
    series.push_back({{"label", s.label},
                      {"converged", s.converged},
                      {"ci_target_pct", number_to_json(s.ci_target_pct)},
                      {"param_sets", param_sets_to_json(s)},
                      {"samples", samples_to_json(placeholders, s.samples)},
                      {"printed", std::move(printed)}});
    if (!s.unavailable.empty()) series.back()["unavailable"] = s.unavailable;
    if (!s.section.empty()) series.back()["section"] = s.section;
  }
  json baselines = json::array();
  for (const auto& b : result.baselines) baselines.push_back(baseline_to_json(b));
  json indices = json::array();
  for (const auto& i : result.indices) indices.push_back(index_to_json(i));
  json reports = json::array();
  for (const auto& spec : result.reports) reports.push_back(spec_to_json(spec));
  json rendered = json::array();
  for (const auto& report : result.rendered) {
    rendered.push_back({{"spec", spec_to_json(report.spec)},
                        {"text", report.text},
                        {"figures", figures_to_json(placeholders, result, report)}});
  }
  json out = {
      {"schema", result_schema},
      {"kind", std::string(model::to_text(result.kind))},
      {"status", std::string(model::to_text(result.status))},
      {"complete", result.status == model::RunStatus::complete},
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
  if (result.settle) out["settle"] = settle_to_json(*result.settle);
  if (!result.turn_cpus.empty()) out["turn_cpus"] = result.turn_cpus;
  if (!result.programs.empty()) out["programs"] = programs_to_json(result.programs);
  for (const auto& left : result.unclaimed)
    out["unclaimed"].push_back({{"statement", left.statement}, {"paths", left.paths}});
  if (!result.section_environment.empty()) out["section_environment"] = result.section_environment;
  return out;
}

}  // namespace

void write_result(const model::Result& result, const platform::FileWriter& write) {
  Placeholders placeholders;
  const json document = document_of(result, placeholders);
  Text out{{}, write};
  write_pretty(document, placeholders, out, 0);
  out.buffer += "\n";
  write(out.buffer);
}

std::string result_text(const model::Result& result) {
  std::string text;
  write_result(result, [&text](std::string_view piece) { text += piece; });
  return text;
}

nlohmann::json to_json(const model::Result& result) { return json::parse(result_text(result)); }

const model::Series* series_labelled(const model::Result& result, const std::string& label) {
  for (const auto& series : result.series)
    if (series.label == label) return &series;
  return nullptr;
}

bool save_result(const model::Result& result, const std::string& path, std::string& error) {
  return platform::write_file_atomically(
      path, [&result](const platform::FileWriter& write) { write_result(result, write); }, error);
}

}  // namespace hwbench::runtime::record
