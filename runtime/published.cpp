#include "runtime/published.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>
#include <tuple>
#include <vector>

#include <fmt/format.h>
#include <toml.hpp>

#include "lang/diagnostics.hpp"
#include "runtime/statistics.hpp"
#include "runtime/units.hpp"

namespace hwbench::runtime {

namespace {

constexpr std::string_view schema_name = "hwbench-published/1";

const std::vector<std::string> top_keys = {"schema", "title", "source", "machine", "note", "series", "report"};
const std::vector<std::string> series_keys = {"label", "unit", "samples", "printed"};
const std::vector<std::string> report_keys = {"style", "unit", "aggregates"};
const std::vector<std::string> report_styles = {"lines", "table"};

std::string join(const std::vector<std::string>& words) {
  std::string text;
  for (const auto& w : words) text += (text.empty() ? "" : ", ") + w;
  return text;
}

// Every problem in the file, reported together and in file order.
class Problems {
 public:
  explicit Problems(std::string file) : file_(std::move(file)) {}

  void at(const toml::value& where, std::string message) {
    const auto loc = where.location();
    items_.push_back({loc.line(), loc.column(), std::move(message)});
  }
  void whole_file(std::string message) { items_.push_back({0, 0, std::move(message)}); }
  bool any() const { return !items_.empty(); }

  std::string render() const {
    auto sorted = items_;
    std::stable_sort(sorted.begin(), sorted.end(), [](const Item& a, const Item& b) {
      return std::tie(a.line, a.column) < std::tie(b.line, b.column);
    });
    std::string text;
    for (const auto& item : sorted) {
      if (!text.empty()) text += '\n';
      text += item.line == 0 ? fmt::format("{}: error: {}", file_, item.message)
                             : fmt::format("{}:{}:{}: error: {}", file_, item.line, item.column, item.message);
    }
    return text;
  }

 private:
  struct Item {
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    std::string message;
  };
  std::string file_;
  std::vector<Item> items_;
};

std::string unknown_word(std::string_view what, std::string_view word, const std::vector<std::string>& known) {
  return fmt::format("unknown {} '{}'; {}", what, word,
                     lang::did_you_mean(word, known, fmt::format("known: {}", join(known))));
}

void check_keys(const toml::value& table, const std::vector<std::string>& known, std::string_view context,
                Problems& problems) {
  for (const auto& [key, value] : table.as_table()) {
    if (std::find(known.begin(), known.end(), key) != known.end()) continue;
    problems.at(value, fmt::format("unknown key '{}'{}; {}", key, context,
                                   lang::did_you_mean(key, known, fmt::format("known keys: {}", join(known)))));
  }
}

const toml::value* find_key(const toml::value& table, const std::string& key) {
  const auto& t = table.as_table();
  auto it = t.find(key);
  return it == t.end() ? nullptr : &it->second;
}

// An optional string: nullopt when absent or (with a problem recorded) not a string.
std::optional<std::string> string_key(const toml::value& table, const std::string& key, std::string_view context,
                                      Problems& problems) {
  const toml::value* v = find_key(table, key);
  if (v == nullptr) return std::nullopt;
  if (!v->is_string()) {
    problems.at(*v, fmt::format("{}'{}' must be a string", context, key));
    return std::nullopt;
  }
  return v->as_string().str;
}

std::optional<double> number(const toml::value& v) {
  if (v.is_integer()) return static_cast<double>(v.as_integer());
  if (v.is_floating() && std::isfinite(v.as_floating())) return v.as_floating();
  return std::nullopt;
}

std::string series_context(const std::string& label, std::size_t index) {
  return label.empty() ? fmt::format("series {}", index + 1) : fmt::format("series \"{}\"", label);
}

void read_series(const toml::value& table, std::size_t index, Result& result, Problems& problems) {
  if (!table.is_table()) {
    problems.at(table, "'series' must be an array of tables ([[series]])");
    return;
  }
  Series series;
  const auto label = string_key(table, "label", fmt::format("series {}: ", index + 1), problems);
  if (label) series.label = *label;
  const std::string context = series_context(series.label, index);
  if (!find_key(table, "label")) problems.at(table, fmt::format("{}: missing key 'label'", context));
  else if (label && label->empty()) problems.at(*find_key(table, "label"), fmt::format("{}: 'label' is empty", context));
  for (const auto& other : result.series) {
    if (!series.label.empty() && other.label == series.label) {
      problems.at(*find_key(table, "label"), fmt::format("{}: the label is used twice", context));
    }
  }
  check_keys(table, series_keys, fmt::format(" in {}", context), problems);

  std::string unit;
  if (const auto u = string_key(table, "unit", context + ": ", problems)) {
    if (find_unit(*u) == nullptr) problems.at(*find_key(table, "unit"), context + ": " + unknown_word("unit", *u, unit_names()));
    else unit = *u;
  } else if (!find_key(table, "unit")) {
    problems.at(table, fmt::format("{}: missing key 'unit'", context));
  }

  if (const toml::value* samples = find_key(table, "samples")) {
    if (!samples->is_array()) {
      problems.at(*samples, fmt::format("{}: 'samples' must be an array of numbers", context));
    } else {
      std::uint32_t iteration = 0;
      for (const auto& item : samples->as_array()) {
        const auto value = number(item);
        if (!value) {
          problems.at(item, fmt::format("{}: sample {} is not a finite number", context, iteration + 1));
        }
        Sample sample;
        sample.kernel = "published";
        sample.iteration = ++iteration;
        sample.figure = Figure{value.value_or(0), unit};
        series.samples.push_back(std::move(sample));
      }
    }
  }

  if (const toml::value* printed = find_key(table, "printed")) {
    if (!printed->is_table()) {
      problems.at(*printed, fmt::format("{}: 'printed' must be a table ([series.printed])", context));
    } else {
      for (const auto& [name, item] : printed->as_table()) {
        const auto& known = aggregate_names();
        if (std::find(known.begin(), known.end(), name) == known.end()) {
          problems.at(item, context + ": printed " + unknown_word("aggregate", name, known));
          continue;
        }
        const auto value = number(item);
        if (!value) {
          problems.at(item, fmt::format("{}: printed {} is not a finite number", context, name));
          continue;
        }
        series.printed[name] = Figure{*value, unit};
      }
    }
  }
  result.series.push_back(std::move(series));
}

void read_report(const toml::value& table, std::size_t index, Result& result, Problems& problems) {
  const std::string context = fmt::format("report {}", index + 1);
  if (!table.is_table()) {
    problems.at(table, "'report' must be an array of tables ([[report]])");
    return;
  }
  check_keys(table, report_keys, " in " + context, problems);
  ReportSpec spec;
  if (const auto style = string_key(table, "style", context + ": ", problems)) {
    if (std::find(report_styles.begin(), report_styles.end(), *style) == report_styles.end()) {
      problems.at(*find_key(table, "style"), context + ": " + unknown_word("style", *style, report_styles));
    }
    spec.style = *style;
  }
  if (const auto unit = string_key(table, "unit", context + ": ", problems)) {
    if (find_unit(*unit) == nullptr) problems.at(*find_key(table, "unit"), context + ": " + unknown_word("unit", *unit, unit_names()));
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
      const auto& known = aggregate_names();
      if (!item.is_string()) {
        problems.at(item, context + ": 'aggregates' must be a non-empty array of aggregate names");
        continue;
      }
      const std::string& name = item.as_string().str;
      if (std::find(known.begin(), known.end(), name) == known.end()) {
        problems.at(item, context + ": " + unknown_word("aggregate", name, known));
      }
      spec.aggregates.push_back(name);
    }
  }
  result.reports.push_back(std::move(spec));
}

// toml11's message: "[error] summary" then " --> file" then an excerpt with a caret.
std::string toml_error(const std::string& name, const toml::exception& e) {
  std::istringstream lines(e.what());
  std::string first;
  std::getline(lines, first);
  if (first.rfind("[error] ", 0) == 0) first.erase(0, 8);
  std::string text = fmt::format("{}:{}: error: {}", name, e.location().line(), first);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind(" --> ", 0) == 0) continue;  // the file name, already given
    text += '\n' + line;
  }
  return text;
}

}  // namespace

std::optional<Result> parse_published(std::string_view text, const std::string& name, std::string& error) {
  toml::value root;
  try {
    std::istringstream in{std::string(text)};
    root = toml::parse(in, name);
  } catch (const toml::exception& e) {
    error = toml_error(name, e);
    return std::nullopt;
  } catch (const std::exception& e) {
    error = fmt::format("{}: error: {}", name, e.what());
    return std::nullopt;
  }

  Problems problems(name);
  Result result;
  result.kind = "published";
  result.status = "published";
  result.recipe_file = name;
  result.recipe_text = std::string(text);

  check_keys(root, top_keys, "", problems);
  const auto schema = string_key(root, "schema", "", problems);
  if (!find_key(root, "schema")) {
    problems.whole_file(fmt::format("missing key 'schema' (expected \"{}\")", schema_name));
  } else if (schema && *schema != schema_name) {
    problems.at(*find_key(root, "schema"),
                fmt::format("unsupported schema \"{}\" (expected \"{}\")", *schema, schema_name));
  }
  for (const char* key : {"title", "source", "note"}) {
    if (auto value = string_key(root, key, "", problems)) result.meta[key] = *value;
  }
  if (auto machine = string_key(root, "machine", "", problems)) result.machine = *machine;
  else if (!find_key(root, "machine")) problems.whole_file("missing key 'machine' (the machine's description)");

  const toml::value* series = find_key(root, "series");
  if (series == nullptr) {
    problems.whole_file("no [[series]]: a published result needs at least one");
  } else if (!series->is_array()) {
    problems.at(*series, "'series' must be an array of tables ([[series]])");
  } else {
    for (std::size_t i = 0; i < series->as_array().size(); ++i) read_series(series->as_array()[i], i, result, problems);
  }
  if (const toml::value* reports = find_key(root, "report")) {
    if (!reports->is_array()) {
      problems.at(*reports, "'report' must be an array of tables ([[report]])");
    } else {
      for (std::size_t i = 0; i < reports->as_array().size(); ++i) read_report(reports->as_array()[i], i, result, problems);
    }
  }

  if (problems.any()) {
    error = problems.render();
    return std::nullopt;
  }
  return result;
}

std::optional<Result> load_published(const std::string& path, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = fmt::format("{}: error: cannot open: {}", path, std::strerror(errno));
    return std::nullopt;
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) {
    error = fmt::format("{}: error: cannot read: {}", path, std::strerror(errno));
    return std::nullopt;
  }
  return parse_published(text.str(), path, error);
}

}  // namespace hwbench::runtime
