#include "runtime/record/published_reader.hpp"

#include <string>
#include <vector>

#include <fmt/format.h>
#include <toml.hpp>

#include "base/support/suggestions.hpp"
#include "lang/common/diagnostics.hpp"
#include "runtime/analysis/statistics.hpp"
#include "runtime/analysis/units.hpp"
#include "runtime/model/report_style.hpp"
#include "runtime/record/published.hpp"
#include "runtime/record/toml_reader.hpp"

namespace hwbench::runtime::record {

namespace {

const std::vector<std::string> published_keys = {"schema", "title",       "source",   "machine", "note",
                                                 "series", "environment", "baseline", "index",   "report"};
const std::vector<std::string> series_keys = {"label", "unit", "samples", "printed", "unavailable", "converged"};
const std::vector<std::string> report_keys = {"style", "unit", "aggregates", "options"};
const std::vector<std::string> index_keys = {"label", "series", "baseline", "scale", "aggregate", "printed"};

// The styles a published file may give: the generic layouts except compare and interleaved
// (which need a run's samples), then the catalogue's, as the "unknown style" message lists them.
std::vector<std::string> report_styles() {
  std::vector<std::string> styles;
  for (const model::ReportLayout layout :
       {model::ReportLayout::lines, model::ReportLayout::table, model::ReportLayout::summary})
    styles.emplace_back(model::to_text(model::ReportStyle{layout, nullptr}));
  for (const auto& s : model::style_catalogue()) styles.push_back(s.name);
  return styles;
}

// A published file's style, or std::nullopt for one it may not give.
std::optional<model::ReportStyle> published_style(std::string_view text) {
  const auto style = model::report_style_from_text(text);
  if (!style || style->layout == model::ReportLayout::compare || style->layout == model::ReportLayout::interleaved)
    return std::nullopt;
  return style;
}

// [environment] as JSON, the way a run's environment capture stores it.
nlohmann::json toml_to_json(const toml::value& v) {
  if (v.is_table()) {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& [k, item] : v.as_table()) out[k] = toml_to_json(item);
    return out;
  }
  if (v.is_array()) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& item : v.as_array()) out.push_back(toml_to_json(item));
    return out;
  }
  if (v.is_string()) return v.as_string().str;
  if (v.is_integer()) return v.as_integer();
  if (v.is_floating()) return v.as_floating();
  if (v.is_boolean()) return v.as_boolean();
  return toml::format(v);
}

void read_index(const toml::value& table, std::size_t index, model::Result& result, Problems& problems) {
  const std::string context = fmt::format("index {}", index + 1);
  if (!table.is_table()) {
    problems.at(table, "'index' must be an array of tables ([[index]])");
    return;
  }
  check_keys(table, index_keys, " in " + context, problems);
  model::IndexValue value;
  if (auto label = string_key(table, "label", context + ": ", problems))
    value.spec.label = *label;
  else if (!find_key(table, "label"))
    problems.at(table, context + ": missing key 'label'");
  if (auto base = string_key(table, "baseline", context + ": ", problems)) {
    value.spec.baseline = *base;
    bool known = false;
    for (const auto& b : result.baselines) known = known || b.name == *base;
    if (!known)
      problems.at(*find_key(table, "baseline"),
                  fmt::format("{}: no [[baseline]] called '{}' before it", context, *base));
  } else if (!find_key(table, "baseline")) {
    problems.at(table, context + ": missing key 'baseline'");
  }
  const toml::value* series = find_key(table, "series");
  if (series == nullptr || !series->is_array() || series->as_array().empty()) {
    problems.at(series ? *series : table, context + ": 'series' must be a non-empty array of series labels");
  } else {
    for (const auto& item : series->as_array()) {
      if (!item.is_string()) {
        problems.at(item, context + ": 'series' must be a non-empty array of series labels");
        continue;
      }
      const std::string& label = item.as_string().str;
      bool found = false;
      for (const auto& s : result.series) found = found || s.label == label;
      if (!found) problems.at(item, fmt::format("{}: no [[series]] labelled \"{}\"", context, label));
      value.spec.series.push_back(label);
    }
  }
  if (const toml::value* scale = find_key(table, "scale")) {
    auto n = number(*scale);
    if (!n || *n <= 0)
      problems.at(*scale, context + ": 'scale' must be a positive number");
    else
      value.spec.scale = *n;
  }
  if (auto agg = string_key(table, "aggregate", context + ": ", problems)) {
    if (analysis::find_aggregate(*agg) == nullptr)
      problems.at(*find_key(table, "aggregate"),
                  context + ": " + support::unknown_word("aggregate", *agg, analysis::aggregate_names()));
    else
      value.spec.aggregate = *agg;
  }
  if (const toml::value* printed = find_key(table, "printed")) {
    auto n = number(*printed);
    if (!n)
      problems.at(*printed, context + ": 'printed' must be a finite number");
    else
      value.printed = *n;
  }
  result.indices.push_back(std::move(value));
}

std::string series_context(const std::string& label, std::size_t index) {
  return label.empty() ? fmt::format("series {}", index + 1) : fmt::format("series \"{}\"", label);
}

// A series' `samples`: one published sample per number, in the series' unit.
void read_published_samples(const toml::value& samples, const std::string& context, const std::string& unit,
                            model::Series& series, Problems& problems) {
  if (!samples.is_array()) {
    problems.at(samples, fmt::format("{}: 'samples' must be an array of numbers", context));
    return;
  }
  std::uint32_t iteration = 0;
  for (const auto& item : samples.as_array()) {
    const auto value = number(item);
    if (!value) {
      problems.at(item, fmt::format("{}: sample {} is not a finite number", context, iteration + 1));
    }
    model::Sample sample;
    sample.iteration = ++iteration;
    sample.figure = model::Figure{value.value_or(0), unit};
    series.add(std::move(sample), model::published_params());
  }
}

// A series' `[series.printed]`: the aggregates its source printed, each in the series' unit or its own.
void read_published_printed(const toml::value& printed, const std::string& context, const std::string& unit,
                            model::Series& series, Problems& problems) {
  if (!printed.is_table()) {
    problems.at(printed, fmt::format("{}: 'printed' must be a table ([series.printed])", context));
    return;
  }
  for (const auto& [name, item] : printed.as_table()) {
    if (analysis::find_aggregate(name) == nullptr) {
      problems.at_key(item, name,
                      context + ": printed " + support::unknown_word("aggregate", name, analysis::aggregate_names()));
      continue;
    }
    // `mean = 0.0843` is in the series' unit; `mean = { value = 0.0843, unit = "s" }` in its own.
    std::string figure_unit = unit;
    const toml::value* number_item = &item;
    if (item.is_table()) {
      check_keys(item, {"value", "unit"}, fmt::format(" in printed {} of {}", name, context), problems);
      if (auto u = string_key(item, "unit", context + ": printed " + name + ": ", problems)) {
        if (analysis::find_unit(*u) == nullptr)
          problems.at(*find_key(item, "unit"),
                      context + ": " + support::unknown_word("unit", *u, analysis::unit_names()));
        else
          figure_unit = *u;
      }
      number_item = find_key(item, "value");
    }
    const auto value = number_item ? number(*number_item) : std::nullopt;
    if (!value) {
      problems.at(item, fmt::format("{}: printed {} is not a finite number", context, name));
      continue;
    }
    series.printed[name] = model::Figure{*value, figure_unit};
  }
}

void read_series(const toml::value& table, std::size_t index, model::Result& result, Problems& problems) {
  if (!table.is_table()) {
    problems.at(table, "'series' must be an array of tables ([[series]])");
    return;
  }
  model::Series series;
  const auto label = string_key(table, "label", fmt::format("series {}: ", index + 1), problems);
  if (label) series.label = *label;
  const std::string context = series_context(series.label, index);
  if (!find_key(table, "label"))
    problems.at(table, fmt::format("{}: missing key 'label'", context));
  else if (label && label->empty())
    problems.at(*find_key(table, "label"), fmt::format("{}: 'label' is empty", context));
  for (const auto& other : result.series) {
    if (!series.label.empty() && other.label == series.label) {
      problems.at(*find_key(table, "label"), fmt::format("{}: the label is used twice", context));
    }
  }
  check_keys(table, series_keys, fmt::format(" in {}", context), problems);

  std::string unit;
  if (const auto u = string_key(table, "unit", context + ": ", problems)) {
    if (analysis::find_unit(*u) == nullptr)
      problems.at(*find_key(table, "unit"), context + ": " + support::unknown_word("unit", *u, analysis::unit_names()));
    else
      unit = *u;
  } else if (!find_key(table, "unit")) {
    problems.at(table, fmt::format("{}: missing key 'unit'", context));
  }

  if (const toml::value* samples = find_key(table, "samples"))
    read_published_samples(*samples, context, unit, series, problems);
  if (const toml::value* printed = find_key(table, "printed"))
    read_published_printed(*printed, context, unit, series, problems);
  if (auto why = string_key(table, "unavailable", context + ": ", problems)) {
    series.unavailable = *why;
    series.unavailable_unit = unit;
  }
  if (const toml::value* converged = find_key(table, "converged")) {
    // The source said its figure missed its confidence target (nbench's warning lines).
    if (!converged->is_boolean())
      problems.at(*converged, context + ": 'converged' must be true or false");
    else
      series.converged = converged->as_boolean();
  }
  result.series.push_back(std::move(series));
}

void read_report(const toml::value& table, std::size_t index, model::Result& result, Problems& problems) {
  const std::string context = fmt::format("report {}", index + 1);
  if (!table.is_table()) {
    problems.at(table, "'report' must be an array of tables ([[report]])");
    return;
  }
  check_keys(table, report_keys, " in " + context, problems);
  model::ReportSpec spec;
  if (const auto style = string_key(table, "style", context + ": ", problems)) {
    if (const auto known = published_style(*style))
      spec.style = *known;
    else
      problems.at(*find_key(table, "style"), context + ": " + support::unknown_word("style", *style, report_styles()));
  }
  if (const toml::value* options = find_key(table, "options")) {
    if (!options->is_table()) {
      problems.at(*options, context + ": 'options' must be a table of strings");
    } else {
      for (const auto& [k, v] : options->as_table()) {
        if (!v.is_string())
          problems.at(v, context + ": 'options' must be a table of strings");
        else
          spec.options[k] = v.as_string().str;
      }
    }
  }
  if (spec.style.layout == model::ReportLayout::named || spec.style.layout == model::ReportLayout::summary) {
    // A named style prints its own layout, a summary each series' natural unit: no unit or
    // aggregates to give.
    result.reports.push_back(std::move(spec));
    return;
  }
  if (const auto unit = string_key(table, "unit", context + ": ", problems)) {
    if (analysis::find_unit(*unit) == nullptr)
      problems.at(*find_key(table, "unit"),
                  context + ": " + support::unknown_word("unit", *unit, analysis::unit_names()));
    spec.unit = *unit;
  } else if (!find_key(table, "unit")) {
    problems.at(table, context + ": missing key 'unit'");
  }
  const toml::value* aggregates = find_key(table, "aggregates");
  if (aggregates == nullptr) {
    problems.at(table, context + ": missing key 'aggregates'");
  } else if (!aggregates->is_array() || aggregates->as_array().empty()) {
    problems.at(*aggregates, context + ": 'aggregates' must be a non-empty array of aggregate names");
  } else {
    for (const auto& item : aggregates->as_array()) {
      if (!item.is_string()) {
        problems.at(item, context + ": 'aggregates' must be a non-empty array of aggregate names");
        continue;
      }
      const std::string& name = item.as_string().str;
      if (analysis::find_aggregate(name) == nullptr) {
        problems.at(item, context + ": " + support::unknown_word("aggregate", name, analysis::aggregate_names()));
      }
      spec.aggregates.push_back(name);
    }
  }
  result.reports.push_back(std::move(spec));
}

}  // namespace

std::optional<model::Result> parse_published(std::string_view text, const std::string& name, std::string& error) {
  const auto parsed = parse_toml(text, name, error);
  if (!parsed) return std::nullopt;
  const toml::value& root = *parsed;

  Problems problems(name, std::string(text));
  model::Result result;
  result.kind = model::ResultKind::published;
  result.status = model::RunStatus::published;
  result.recipe_file = name;
  result.recipe_text = std::string(text);

  check_keys(root, published_keys, "", problems);
  const auto schema = string_key(root, "schema", "", problems);
  if (!find_key(root, "schema")) {
    problems.whole_file(fmt::format("missing key 'schema' (expected \"{}\")", published_schema));
  } else if (schema && *schema != published_schema) {
    problems.at(*find_key(root, "schema"),
                fmt::format("unsupported schema \"{}\" (expected \"{}\")", *schema, published_schema));
  }
  for (const char* key : {"title", "source", "note"}) {
    if (auto value = string_key(root, key, "", problems)) result.meta[key] = *value;
  }
  if (auto machine = string_key(root, "machine", "", problems))
    result.machine = *machine;
  else if (!find_key(root, "machine"))
    problems.whole_file("missing key 'machine' (the machine's description)");

  const toml::value* series = find_key(root, "series");
  if (series == nullptr) {
    problems.whole_file("no [[series]]: a published result needs at least one");
  } else if (!series->is_array()) {
    problems.at(*series, "'series' must be an array of tables ([[series]])");
  } else {
    for (std::size_t i = 0; i < series->as_array().size(); ++i) read_series(series->as_array()[i], i, result, problems);
  }
  if (const toml::value* environment = find_key(root, "environment")) {
    if (!environment->is_table())
      problems.at(*environment, "'environment' must be a table ([environment])");
    else
      result.environment = toml_to_json(*environment);
  }
  if (const toml::value* baselines = find_key(root, "baseline")) {
    if (!baselines->is_array()) {
      problems.at(*baselines, "'baseline' must be an array of tables ([[baseline]])");
    } else {
      for (std::size_t i = 0; i < baselines->as_array().size(); ++i)
        if (auto b = read_baseline(baselines->as_array()[i], i, problems)) {
          b->file = name;
          result.baselines.push_back(std::move(*b));
        }
    }
  }
  if (const toml::value* indices = find_key(root, "index")) {
    if (!indices->is_array()) {
      problems.at(*indices, "'index' must be an array of tables ([[index]])");
    } else {
      for (std::size_t i = 0; i < indices->as_array().size(); ++i)
        read_index(indices->as_array()[i], i, result, problems);
    }
  }
  if (const toml::value* reports = find_key(root, "report")) {
    if (!reports->is_array()) {
      problems.at(*reports, "'report' must be an array of tables ([[report]])");
    } else {
      for (std::size_t i = 0; i < reports->as_array().size(); ++i)
        read_report(reports->as_array()[i], i, result, problems);
    }
  }

  if (problems.any()) {
    error = problems.render();
    return std::nullopt;
  }
  return result;
}

std::optional<model::Result> load_published(const std::string& path, std::string& error) {
  const auto text = read_text_file(path, error);
  if (!text) return std::nullopt;
  return parse_published(*text, path, error);
}

}  // namespace hwbench::runtime::record
