#include "runtime/record/baseline.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "base/support/suggestions.hpp"
#include "runtime/analysis/units.hpp"
#include "runtime/record/toml_reader.hpp"

namespace hwbench::runtime::record {

using analysis::find_unit;

namespace {

constexpr std::string_view schema_name = "hwbench-baseline/1";
const std::vector<std::string> top_keys = {"schema", "baseline"};
const std::vector<std::string> baseline_keys = {"name", "machine", "source", "unit", "figures"};

std::optional<std::string> unit_key(const toml::value& table, const std::string& context, Problems& problems) {
  auto u = string_key(table, "unit", context, problems);
  if (u && find_unit(*u) == nullptr) {
    problems.at(*find_key(table, "unit"), context + support::unknown_word("unit", *u, analysis::unit_names()));
    return std::nullopt;
  }
  return u;
}

}  // namespace

/// Reads one [[baseline]] table; shared with the published-result format.
std::optional<model::Baseline> read_baseline(const toml::value& table, std::size_t index, Problems& problems) {
  if (!table.is_table()) {
    problems.at(table, "'baseline' must be an array of tables ([[baseline]])");
    return std::nullopt;
  }
  model::Baseline b;
  std::string context = fmt::format("baseline {}: ", index + 1);
  check_keys(table, baseline_keys, fmt::format(" in baseline {}", index + 1), problems);
  for (const char* key : {"name", "machine", "source"}) {
    auto v = string_key(table, key, context, problems);
    if (!find_key(table, key)) problems.at(table, fmt::format("{}missing key '{}'", context, key));
    if (!v) continue;
    if (std::string_view(key) == "name")
      b.name = *v;
    else if (std::string_view(key) == "machine")
      b.machine = *v;
    else
      b.source = *v;
  }
  if (!b.name.empty()) context = fmt::format("baseline \"{}\": ", b.name);
  const auto unit = unit_key(table, context, problems);
  if (!find_key(table, "unit")) problems.at(table, context + "missing key 'unit' (the unit of its figures)");
  const toml::value* figures = find_key(table, "figures");
  if (figures == nullptr || !figures->is_table() || figures->as_table().empty()) {
    problems.at(figures ? *figures : table,
                context + "needs a non-empty [baseline.figures] table (series label = figure)");
    return std::nullopt;
  }
  for (const auto& [label, value] : figures->as_table()) {
    model::Figure f;
    f.unit = unit.value_or("");
    if (value.is_table()) {
      check_keys(value, {"value", "unit"}, fmt::format(" in the figure for \"{}\"", label), problems);
      if (auto u = unit_key(value, context, problems)) f.unit = *u;
      const toml::value* v = find_key(value, "value");
      auto n = v ? number(*v) : std::nullopt;
      if (!n) {
        problems.at(v ? *v : value,
                    fmt::format("{}the figure for \"{}\" needs a finite number 'value'", context, label));
        continue;
      }
      f.value = *n;
    } else if (auto n = number(value)) {
      f.value = *n;
    } else {
      problems.at(value, fmt::format("{}the figure for \"{}\" must be a finite number", context, label));
      continue;
    }
    if (f.value <= 0) {
      problems.at(value, fmt::format("{}the figure for \"{}\" must be positive: indices divide by it", context, label));
      continue;
    }
    b.figures.emplace_back(label, f);
  }
  return b;
}

std::optional<std::vector<model::Baseline>> parse_baselines(std::string_view text, const std::string& name,
                                                            std::string& error) {
  const auto root = parse_toml(text, name, error);
  if (!root) return std::nullopt;
  Problems problems(name, std::string(text));
  check_keys(*root, top_keys, "", problems);
  const auto schema = string_key(*root, "schema", "", problems);
  if (!find_key(*root, "schema"))
    problems.whole_file(fmt::format("missing key 'schema' (expected \"{}\")", schema_name));
  else if (schema && *schema != schema_name)
    problems.at(*find_key(*root, "schema"),
                fmt::format("unsupported schema \"{}\" (expected \"{}\")", *schema, schema_name));
  std::vector<model::Baseline> out;
  const toml::value* list = find_key(*root, "baseline");
  if (list == nullptr || !list->is_array() || list->as_array().empty()) {
    problems.whole_file("no [[baseline]] tables");
  } else {
    for (std::size_t i = 0; i < list->as_array().size(); ++i) {
      auto b = read_baseline(list->as_array()[i], i, problems);
      if (!b) continue;
      for (const auto& other : out)
        if (other.name == b->name)
          problems.at(list->as_array()[i], fmt::format("baseline \"{}\" is defined twice", b->name));
      b->file = name;
      out.push_back(std::move(*b));
    }
  }
  if (problems.any()) {
    error = problems.render();
    return std::nullopt;
  }
  return out;
}

std::optional<std::vector<model::Baseline>> load_baselines(const std::string& path, std::string& error) {
  const auto text = read_text_file(path, error);
  if (!text) return std::nullopt;
  return parse_baselines(*text, path, error);
}

}  // namespace hwbench::runtime::record
