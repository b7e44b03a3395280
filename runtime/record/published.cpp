#include "runtime/record/published.hpp"

#include <string>
#include <vector>

#include <fmt/format.h>

namespace hwbench::runtime::record {

namespace {

// TOML basic strings: quotes, backslashes and control characters escaped.
std::string toml_quoted(std::string_view text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    if (c == '"')
      out += "\\\"";
    else if (c == '\\')
      out += "\\\\";
    else if (c == '\n')
      out += "\\n";
    else if (c == '\t')
      out += "\\t";
    else if (c < 0x20 || c == 0x7f)
      out += fmt::format("\\u{:04X}", c);
    else
      out += static_cast<char>(c);
  }
  return out + "\"";
}

// The shortest text that reads back as the same double.
std::string toml_number(double v) { return fmt::format("{}", v); }

void write_json_value(const nlohmann::json& v, std::string& out) {
  if (v.is_string())
    out += toml_quoted(v.get<std::string>());
  else if (v.is_boolean())
    out += v.get<bool>() ? "true" : "false";
  else if (v.is_number_integer())
    out += v.dump();
  else if (v.is_number())
    out += toml_number(v.get<double>());
  else if (v.is_array()) {
    out += "[";
    bool first = true;
    for (const auto& item : v) {
      out += first ? "" : ", ";
      first = false;
      write_json_value(item, out);
    }
    out += "]";
  } else if (v.is_object()) {
    out += "{";
    bool first = true;
    for (const auto& [k, item] : v.items()) {
      out += first ? " " : ", ";
      first = false;
      out += toml_quoted(k) + " = ";
      write_json_value(item, out);
    }
    out += first ? "}" : " }";
  } else {
    out += "\"\"";
  }
}

void write_table(const nlohmann::json& object, const std::string& path, std::string& out) {
  out += "\n[" + path + "]\n";
  for (const auto& [k, v] : object.items()) {
    if (v.is_object()) continue;
    out += toml_quoted(k) + " = ";
    write_json_value(v, out);
    out += "\n";
  }
  for (const auto& [k, v] : object.items())
    if (v.is_object()) write_table(v, path + "." + toml_quoted(k), out);
}

// One `[[series]]` table. Its unit is its figures' or, for a series without any (an unavailable
// cell), the one they would have been in, so that it reads like its neighbours; its printed
// figures' when that is all it has.
void write_series(const model::Series& s, std::string& out) {
  out += fmt::format("\n[[series]]\nlabel = {}\n", toml_quoted(s.label));
  std::string unit;
  std::vector<std::string> values;
  for (const auto& sample : s.samples) {
    if (!sample.figure) continue;
    unit = sample.figure->unit;
    values.push_back(toml_number(sample.figure->value));
  }
  if (unit.empty()) unit = s.unavailable_unit;
  for (const auto& [name, f] : s.printed)
    if (unit.empty()) unit = f.unit;
  out += fmt::format("unit = {}\n", toml_quoted(unit.empty() ? "ops/s" : unit));
  if (!values.empty()) out += fmt::format("samples = [{}]\n", fmt::join(values, ", "));
  if (!s.unavailable.empty()) out += fmt::format("unavailable = {}\n", toml_quoted(s.unavailable));
  if (!s.converged) out += "converged = false\n";
  if (s.printed.empty()) return;
  out += "[series.printed]\n";
  for (const auto& [name, f] : s.printed) {
    if (f.unit == unit)
      out += fmt::format("{} = {}\n", name, toml_number(f.value));
    else
      out += fmt::format("{} = {{ value = {}, unit = {} }}\n", name, toml_number(f.value), toml_quoted(f.unit));
  }
}

}  // namespace

std::string baseline_tables(const std::vector<model::Baseline>& baselines) {
  std::string out;
  for (const auto& b : baselines) {
    out += fmt::format("\n[[baseline]]\nname = {}\nmachine = {}\nsource = {}\n", toml_quoted(b.name),
                       toml_quoted(b.machine), toml_quoted(b.source));
    const std::string unit = b.figures.empty() ? "ops/s" : b.figures.front().second.unit;
    out += fmt::format("unit = {}\n[baseline.figures]\n", toml_quoted(unit));
    for (const auto& [label, f] : b.figures) {
      if (f.unit == unit)
        out += fmt::format("{} = {}\n", toml_quoted(label), toml_number(f.value));
      else
        out += fmt::format("{} = {{ value = {}, unit = {} }}\n", toml_quoted(label), toml_number(f.value),
                           toml_quoted(f.unit));
    }
  }
  return out;
}

std::string write_baseline_file(const std::vector<model::Baseline>& baselines) {
  return "schema = \"hwbench-baseline/1\"\n" + baseline_tables(baselines);
}

std::string write_published(const model::Result& result) {
  std::string out = fmt::format("schema = {}\n", toml_quoted(published_schema));
  for (const char* key : {"title", "source", "note"}) {
    auto it = result.meta.find(key);
    if (it != result.meta.end()) out += fmt::format("{} = {}\n", key, toml_quoted(it->second));
  }
  out += fmt::format("machine = {}\n", toml_quoted(result.machine));
  if (result.environment.is_object() && !result.environment.empty())
    write_table(result.environment, "environment", out);
  for (const auto& s : result.series) write_series(s, out);
  out += baseline_tables(result.baselines);
  for (const auto& i : result.indices) {
    std::vector<std::string> labels;
    for (const auto& l : i.spec.series) labels.push_back(toml_quoted(l));
    out += fmt::format("\n[[index]]\nlabel = {}\nseries = [{}]\nbaseline = {}\n", toml_quoted(i.spec.label),
                       fmt::join(labels, ", "), toml_quoted(i.spec.baseline));
    if (i.spec.scale != 1) out += fmt::format("scale = {}\n", toml_number(i.spec.scale));
    if (i.spec.aggregate != "mean") out += fmt::format("aggregate = {}\n", toml_quoted(i.spec.aggregate));
    if (i.printed) out += fmt::format("printed = {}\n", toml_number(*i.printed));
  }
  for (const auto& r : result.reports) {
    out += fmt::format("\n[[report]]\nstyle = {}\n", toml_quoted(model::to_text(r.style)));
    if (!r.unit.empty()) out += fmt::format("unit = {}\n", toml_quoted(r.unit));
    if (!r.aggregates.empty()) {
      std::vector<std::string> aggs;
      for (const auto& a : r.aggregates) aggs.push_back(toml_quoted(a));
      out += fmt::format("aggregates = [{}]\n", fmt::join(aggs, ", "));
    }
    if (!r.options.empty()) {
      out += "[report.options]\n";
      for (const auto& [k, v] : r.options) out += fmt::format("{} = {}\n", toml_quoted(k), toml_quoted(v));
    }
  }
  return out;
}

}  // namespace hwbench::runtime::record
