#include "runtime/record/result_file_reader.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "lang/common/diagnostics.hpp"
#include "lang/common/source.hpp"
#include "runtime/analysis/units.hpp"
#include "runtime/record/conditions_json.hpp"
#include "runtime/record/settle_json.hpp"
#include "runtime/record/json_reader.hpp"
#include "runtime/record/result_file.hpp"

namespace hwbench::runtime::record {

using model::Baseline;
using model::Figure;
using model::IndexValue;
using model::LocationInfo;
using model::ParamSet;
using model::RenderedReport;
using model::ReportFigures;
using model::ReportSpec;
using model::Result;
using model::RunStatus;
using model::Sample;
using model::Series;
using model::report_style_from_text;
using model::result_kind_from_text;
using model::run_status_from_text;

namespace {

using nlohmann::json;

ReportSpec read_spec(JsonReader& in, const json& object, const std::string& where) {
  ReportSpec spec;
  const std::string style = in.text(object, where, "style");
  if (const auto known = report_style_from_text(style)) {
    spec.style = *known;
  } else if (!in.failed()) {
    in.fail(JsonReader::join(where, "style"),
            "expected \"lines\", \"table\", \"compare\" or a named style, got \"" + style + "\"");
  }
  spec.unit = in.text(object, where, "unit");
  spec.aggregates = in.string_list(object, where, "aggregates");
  if (in.member(object, where, "options", /*optional=*/true)) spec.options = in.strings(object, where, "options");
  // Sections came with issue 18; a report without one covers every series.
  if (in.member(object, where, "section", /*optional=*/true)) {
    spec.section = in.text(object, where, "section");
    spec.series = in.string_list(object, where, "series");
  }
  return spec;
}

Figure read_figure(JsonReader& in, const json& object, const std::string& where) {
  Figure figure;
  figure.value = in.number(object, where, "value");
  figure.unit = in.text(object, where, "unit");
  return figure;
}

// A hwbench-result/1 sample: one object with every field, its kernel and parameters too.
Sample read_sample(JsonReader& in, const json& object, const std::string& where, ParamSet& set) {
  Sample sample;
  set.kernel = in.text(object, where, "kernel");
  set.params = in.strings(object, where, "params");
  sample.iteration = static_cast<std::uint32_t>(
      in.unsigned_integer(object, where, "iteration", std::numeric_limits<std::uint32_t>::max()));
  sample.units = in.unsigned_integer(object, where, "units");
  sample.bytes = in.unsigned_integer(object, where, "bytes");
  sample.ops = in.unsigned_integer(object, where, "ops");
  sample.wall_ns = in.signed_integer(object, where, "wall_ns");
  if (const json* cpu = in.object(object, where, "cpu")) {
    const auto path = JsonReader::join(where, "cpu");
    sample.cpu.usr_ns = in.signed_integer(*cpu, path, "usr_ns");
    sample.cpu.sys_ns = in.signed_integer(*cpu, path, "sys_ns");
    sample.cpu.cusr_ns = in.signed_integer(*cpu, path, "cusr_ns");
    sample.cpu.csys_ns = in.signed_integer(*cpu, path, "csys_ns");
  }
  sample.start_unix_ns = in.signed_integer(object, where, "start_unix_ns");
  sample.cold = in.boolean(object, where, "cold");
  if (in.member(object, where, "cpu_timed", /*optional=*/true)) sample.cpu_timed = in.boolean(object, where, "cpu_timed");
  if (in.member(object, where, "max_latency_ns", /*optional=*/true)) sample.max_latency_ns = in.signed_integer(object, where, "max_latency_ns");
  const json* figure = in.member(object, where, "figure", /*optional=*/true);
  if (figure != nullptr && !figure->is_null()) {
    const auto path = JsonReader::join(where, "figure");
    if (in.expect(*figure, path, figure->is_object(), "an object or null")) sample.figure = read_figure(in, *figure, path);
  }
  return sample;
}

/// What a column's numbers may be.
enum class Numbers { unsigned_64, unsigned_32, signed_64 };

/// The integers of one sample column, kept as they were parsed rather than as JSON values (16
/// bytes and more each): the document holds a binary value in its place, whose subtype is the
/// column's index in the Captured list.
struct CapturedColumn {
  model::IntColumn values;            ///< as 64-bit patterns, as compact as the samples' own columns
  std::vector<bool> negative;         ///< per value, once one was negative (a signed JSON integer)
};
using Captured = std::vector<CapturedColumn>;

/// nlohmann's DOM builder, but each array of integers directly under a series' "samples" object
/// goes to a CapturedColumn. An array that turns out to hold anything else is handed to the DOM
/// after all, so that reading names its bad element as usual.
class ColumnCapture {
 public:
  using number_integer_t = json::number_integer_t;
  using number_unsigned_t = json::number_unsigned_t;
  using number_float_t = json::number_float_t;
  using string_t = json::string_t;
  using binary_t = json::binary_t;

  ColumnCapture(json& document, Captured& columns) : dom_(document), columns_(columns) {}

  bool null() { return other([&] { return dom_.null(); }); }
  bool boolean(bool value) { return other([&] { return dom_.boolean(value); }); }
  bool number_float(number_float_t value, const string_t& text) { return other([&] { return dom_.number_float(value, text); }); }
  bool string(string_t& value) { return other([&] { return dom_.string(value); }); }
  bool binary(binary_t& value) { return other([&] { return dom_.binary(value); }); }
  bool number_unsigned(number_unsigned_t value) {
    if (!capturing_) return dom_.number_unsigned(value);
    columns_.back().values.push_back(value);
    if (!columns_.back().negative.empty()) columns_.back().negative.push_back(false);
    return true;
  }
  bool number_integer(number_integer_t value) {
    if (!capturing_) return dom_.number_integer(value);
    CapturedColumn& column = columns_.back();
    if (column.negative.empty()) column.negative.resize(column.values.size(), false);
    column.values.push_back(static_cast<std::uint64_t>(value));
    column.negative.push_back(value < 0);
    return true;
  }
  bool start_object(std::size_t n) {
    return other([&] {
      path_.push_back({true, ""});
      return dom_.start_object(n);
    });
  }
  bool key(string_t& name) {
    path_.back().key = name;
    return dom_.key(name);
  }
  bool end_object() {
    path_.pop_back();
    return dom_.end_object();
  }
  bool start_array(std::size_t n) {
    if (!capturing_ && in_samples_object()) {
      capturing_ = true;
      columns_.emplace_back();
      return true;
    }
    return other([&] {
      path_.push_back({false, ""});
      return dom_.start_array(n);
    });
  }
  bool end_array() {
    if (capturing_ && !columns_.back().values.empty()) {
      capturing_ = false;
      binary_t placeholder({}, columns_.size() - 1);
      return dom_.binary(placeholder);
    }
    // An empty array stays one, whatever its column holds.
    if (capturing_) other([] { return true; });
    path_.pop_back();
    return dom_.end_array();
  }
  // The parser passes its own exception type (json::parse_error …), which the DOM builder throws.
  template <typename Exception>
  bool parse_error(std::size_t position, const std::string& token, const Exception& e) {
    return dom_.parse_error(position, token, e);
  }

 private:
  struct Level {
    bool object;
    std::string key;  ///< the member being read, in an object
  };

  // The path is root{"series"} / array / series{"samples"} / samples{column}.
  bool in_samples_object() const {
    return path_.size() == 4 && path_[0].object && path_[0].key == "series" && !path_[1].object && path_[2].object &&
           path_[2].key == "samples" && path_[3].object;
  }

  // Any event but an integer: inside a captured array, the array goes to the DOM after all.
  template <typename Event>
  bool other(Event event) {
    if (capturing_) {
      capturing_ = false;
      CapturedColumn column = std::move(columns_.back());
      columns_.pop_back();
      path_.push_back({false, ""});
      dom_.start_array(column.values.size());
      for (std::size_t i = 0; i < column.values.size(); ++i) {
        if (!column.negative.empty() && column.negative[i]) dom_.number_integer(static_cast<number_integer_t>(column.values[i]));
        else dom_.number_unsigned(column.values[i]);
      }
    }
    return event();
  }

  nlohmann::detail::json_sax_dom_parser<json> dom_;
  Captured& columns_;
  std::vector<Level> path_;
  bool capturing_ = false;
};

/// One hwbench-result/2 column as read: a value for every sample, or one for all.
struct Column {
  model::IntColumn values;  ///< one per sample, as 64-bit patterns; empty when `all` holds
  std::uint64_t all = 0;
  std::uint64_t operator[](std::size_t i) const { return values.empty() ? all : values[i]; }
};

std::uint64_t read_number(JsonReader& in, const json& value, const std::string& path, Numbers numbers) {
  switch (numbers) {
    case Numbers::unsigned_64: return in.unsigned_value(value, path);
    case Numbers::unsigned_32: return in.unsigned_value(value, path, std::numeric_limits<std::uint32_t>::max());
    case Numbers::signed_64: return static_cast<std::uint64_t>(in.signed_value(value, path));
  }
  return 0;
}

// The largest non-negative value `numbers` allows.
std::uint64_t largest(Numbers numbers) {
  switch (numbers) {
    case Numbers::unsigned_64: return std::numeric_limits<std::uint64_t>::max();
    case Numbers::unsigned_32: return std::numeric_limits<std::uint32_t>::max();
    case Numbers::signed_64: return std::numeric_limits<std::int64_t>::max();
  }
  return 0;
}

// A well-formed element's value, read without making its path.
std::optional<std::uint64_t> quick_number(const json& item, Numbers numbers) {
  if (item.is_number_unsigned()) {
    const auto n = item.get<std::uint64_t>();
    if (n <= largest(numbers)) return n;
  } else if (item.is_number_integer() && numbers == Numbers::signed_64) {
    return static_cast<std::uint64_t>(item.get<std::int64_t>());
  }
  return std::nullopt;
}

// The column `key` of a samples object: one number (every sample's) or an array of `count`.
// The path of an element is only made for an element that is wrong: a column may have millions.
Column read_column(JsonReader& in, const json& object, const std::string& where, const std::string& key,
                   std::size_t count, Numbers numbers, Captured* captured) {
  Column column;
  const json* value = in.member(object, where, key);
  if (value == nullptr) return column;
  const auto path = JsonReader::join(where, key);
  if (value->is_binary() && captured != nullptr && value->get_binary().subtype() < captured->size()) {
    CapturedColumn& parsed = (*captured)[value->get_binary().subtype()];
    if (parsed.values.size() != count) {
      in.fail(path, "expected " + std::to_string(count) + " values (samples.count), got " + std::to_string(parsed.values.size()));
      return column;
    }
    const std::uint64_t max = largest(numbers);
    for (std::size_t i = 0; i < count && !in.failed(); ++i) {
      const std::uint64_t v = parsed.values[i];
      const bool negative = !parsed.negative.empty() && parsed.negative[i];
      if (negative ? numbers == Numbers::signed_64 : v <= max) continue;
      // Out of range: read as the JSON value it was, for the reader's own message.
      read_number(in, negative ? json(static_cast<std::int64_t>(v)) : json(v), JsonReader::at(path, i), numbers);
    }
    column.values = std::move(parsed.values);
    return column;
  }
  if (!value->is_array()) {
    if (value->is_number()) column.all = read_number(in, *value, path, numbers);
    else in.expect(*value, path, false, "an integer or an array of integers");
    return column;
  }
  if (value->size() != count) {
    in.fail(path, "expected " + std::to_string(count) + " values (samples.count), got " + std::to_string(value->size()));
    return column;
  }
  for (std::size_t i = 0; i < count && !in.failed(); ++i) {
    const json& item = (*value)[i];
    if (const auto quick = quick_number(item, numbers)) column.values.push_back(*quick);
    else column.values.push_back(read_number(in, item, JsonReader::at(path, i), numbers));
  }
  return column;
}

// A column of true/false: one for all, or an array of `count`.
std::vector<bool> read_flags(JsonReader& in, const json& object, const std::string& where, const std::string& key,
                             std::size_t count) {
  const json* value = in.member(object, where, key);
  if (value == nullptr) return {};
  const auto path = JsonReader::join(where, key);
  if (value->is_boolean()) return std::vector<bool>(count, value->get<bool>());
  if (!in.expect(*value, path, value->is_array(), "true, false or an array of them")) return {};
  if (value->size() != count) {
    in.fail(path, "expected " + std::to_string(count) + " values (samples.count), got " + std::to_string(value->size()));
    return {};
  }
  std::vector<bool> flags(count);
  for (std::size_t i = 0; i < count; ++i) {
    const json& item = (*value)[i];
    if (!in.expect(item, JsonReader::at(path, i), item.is_boolean(), "true or false")) return {};
    flags[i] = item.get<bool>();
  }
  return flags;
}

// The optional figure column: an array of `count`, each a Figure or null.
std::vector<std::optional<Figure>> read_figure_column(JsonReader& in, const json& object, const std::string& where,
                                                      std::size_t count) {
  // Empty without a "figure" member: measured samples have none, and a million empty ones
  // would take 48 MB.
  std::vector<std::optional<Figure>> figures;
  if (!in.member(object, where, "figure", /*optional=*/true)) return figures;
  figures.resize(count);
  const json* value = in.array(object, where, "figure");
  const auto path = JsonReader::join(where, "figure");
  if (value == nullptr) return figures;
  if (value->size() != count) {
    in.fail(path, "expected " + std::to_string(count) + " values (samples.count), got " + std::to_string(value->size()));
    return figures;
  }
  for (std::size_t i = 0; i < count && !in.failed(); ++i) {
    const json& item = (*value)[i];
    if (item.is_null()) continue;
    const auto item_path = JsonReader::at(path, i);
    if (in.expect(item, item_path, item.is_object(), "an object or null")) figures[i] = read_figure(in, item, item_path);
  }
  return figures;
}

// A hwbench-result/2 series' samples: its parameter sets, then the object of columns.
void read_columns(JsonReader& in, const json& object, const std::string& where, Series& series,
                  Captured* captured) {
  in.each_object(object, where, "param_sets", [&](const json& item, const std::string& path) {
    ParamSet set;
    set.kernel = in.text(item, path, "kernel");
    set.params = in.strings(item, path, "params");
    series.param_sets.push_back(std::move(set));
  });
  const json* samples = in.object(object, where, "samples");
  if (samples == nullptr) return;
  const auto path = JsonReader::join(where, "samples");
  const std::size_t n = in.unsigned_integer(*samples, path, "count", std::numeric_limits<std::uint32_t>::max());
  using enum Numbers;
  const auto column = [&](const char* key, Numbers numbers) {
    return read_column(in, *samples, path, key, n, numbers, captured);
  };
  const Column param_set = column("param_set", unsigned_32);
  // Without an iteration column the samples count 1, 2, … n.
  const bool counted = in.member(*samples, path, "iteration", /*optional=*/true) == nullptr;
  const Column iteration = counted ? Column{} : column("iteration", unsigned_32);
  const Column units = column("units", unsigned_64), bytes = column("bytes", unsigned_64), ops = column("ops", unsigned_64);
  const Column wall = column("wall_ns", signed_64), usr = column("usr_ns", signed_64), sys = column("sys_ns", signed_64),
               cusr = column("cusr_ns", signed_64), csys = column("csys_ns", signed_64),
               latency = column("max_latency_ns", signed_64), start = column("start_unix_ns", signed_64);
  // Without a cpu_samples column every sample's CPU time is its own.
  const bool own_cpu = in.member(*samples, path, "cpu_samples", /*optional=*/true) == nullptr;
  const Column cpu_samples = own_cpu ? Column{{}, 1} : column("cpu_samples", unsigned_32);
  const std::vector<bool> cold = read_flags(in, *samples, path, "cold", n);
  const std::vector<bool> cpu_timed = read_flags(in, *samples, path, "cpu_timed", n);
  std::vector<std::optional<Figure>> figures = read_figure_column(in, *samples, path, n);
  for (std::size_t i = 0; i < n && !in.failed(); ++i) {
    if (param_set[i] >= series.param_sets.size()) {
      in.fail(param_set.values.empty() ? JsonReader::join(path, "param_set") : JsonReader::at(JsonReader::join(path, "param_set"), i),
              std::to_string(param_set[i]) + " names no entry of param_sets (it has " +
                  std::to_string(series.param_sets.size()) + ")");
    }
  }
  if (in.failed()) return;
  const auto as_signed = [](std::uint64_t v) { return static_cast<std::int64_t>(v); };
  std::uint64_t start_ns = 0;
  for (std::size_t i = 0; i < n; ++i) {
    Sample s;
    s.param_set = static_cast<std::uint32_t>(param_set[i]);
    s.iteration = static_cast<std::uint32_t>(counted ? i + 1 : iteration[i]);
    s.units = units[i];
    s.bytes = bytes[i];
    s.ops = ops[i];
    s.wall_ns = as_signed(wall[i]);
    s.cpu = {as_signed(usr[i]), as_signed(sys[i]), as_signed(cusr[i]), as_signed(csys[i])};
    s.cpu_samples = static_cast<std::uint32_t>(cpu_samples[i]);
    s.max_latency_ns = as_signed(latency[i]);
    // An array of start times holds the first and then each one's difference from the one before.
    start_ns = start.values.empty() ? start.all : start_ns + start.values[i];
    s.start_unix_ns = as_signed(start_ns);
    s.cold = cold[i];
    s.cpu_timed = cpu_timed[i];
    if (!figures.empty()) s.figure = std::move(figures[i]);
    series.samples.push_back(s);
  }
}

// Series::printed: aggregate name -> {value, unit}.
std::map<std::string, Figure> read_printed(JsonReader& in, const json& object, const std::string& where) {
  std::map<std::string, Figure> printed;
  const json* value = in.object(object, where, "printed");
  if (value == nullptr) return printed;
  const auto path = JsonReader::join(where, "printed");
  for (const auto& [name, item] : value->items()) {
    const auto item_path = JsonReader::join(path, name);
    if (!in.expect(item, item_path, item.is_object(), "an object")) break;
    printed[name] = read_figure(in, item, item_path);
  }
  return printed;
}

// RenderedReport::figures; each series' aggregates are read in the order of `spec`, which
// a JSON object does not keep.
std::vector<ReportFigures> read_figures(JsonReader& in, const json& object, const std::string& where,
                                        const ReportSpec& spec, const Result& result) {
  std::vector<ReportFigures> figures;
  in.each_object(object, where, "figures", [&](const json& item, const std::string& path) {
    ReportFigures f;
    f.label = in.text(item, path, "label");
    if (in.member(item, path, "unit", /*optional=*/true)) f.unit = in.text(item, path, "unit");
    const json* values = in.member(item, path, "values");
    if (values != nullptr && values->is_string() && *values == figures_from_samples) {
      // The series' per-sample figures in the report's unit (a summary's: the series' own),
      // computed as the writer checked.
      const std::string unit_name = f.unit.empty() ? spec.unit : f.unit;
      const analysis::Unit* unit = analysis::find_unit(unit_name);
      const Series* series = series_labelled(result, f.label);
      if (unit == nullptr) in.fail(JsonReader::join(path, "values"), "\"samples\", but \"" + unit_name + "\" is no unit");
      else if (series == nullptr) in.fail(JsonReader::join(path, "values"), "\"samples\", but no series is labelled \"" + f.label + "\"");
      else f.values = analysis::sample_values(*series, *unit);
    } else {
      f.values = in.number_list(item, path, "values");
    }
    if (const json* aggregates = in.object(item, path, "aggregates")) {
      const auto aggregates_path = JsonReader::join(path, "aggregates");
      // A summary names no aggregates in its spec: its figures carry their own.
      if (spec.style.layout == model::ReportLayout::summary) {
        for (const auto& [name, value] : aggregates->items()) f.aggregates.emplace_back(name, in.number(*aggregates, aggregates_path, name));
      }
      for (const auto& name : spec.aggregates) f.aggregates.emplace_back(name, in.number(*aggregates, aggregates_path, name));
    }
    f.converged = in.boolean(item, path, "converged");
    figures.push_back(std::move(f));
  });
  return figures;
}


// result_from_json, the sample columns that parse_result captured in `captured` (nullptr: none).
std::optional<Result> read_result(const nlohmann::json& document, Captured* captured, std::string& error) {
  if (!document.is_object()) {
    error = std::string("not an hwbench result (expected a JSON object, got ") + document.type_name() + ")";
    return std::nullopt;
  }
  const auto schema = document.find("schema");
  if (schema == document.end()) {
    error = "not an hwbench result (no \"schema\" key)";
    return std::nullopt;
  }
  const bool schema_1 = schema->is_string() && schema->get_ref<const std::string&>() == result_schema_1;
  if (!schema_1 && (!schema->is_string() || schema->get_ref<const std::string&>() != result_schema)) {
    error = "unsupported schema " + schema->dump() + " (this hwbench reads \"" + result_schema_1 + "\" and \"" +
            result_schema + "\")";
    return std::nullopt;
  }

  JsonReader in;
  Result result;
  const std::string top;
  const std::string kind = in.text(document, top, "kind");
  if (const auto known = result_kind_from_text(kind)) {
    result.kind = *known;
  } else if (!in.failed()) {
    in.fail("kind", "expected \"run\" or \"published\", got \"" + kind + "\"");
  }
  const std::string status = in.text(document, top, "status");
  if (const auto known = run_status_from_text(status)) {
    result.status = *known;
  } else if (!in.failed()) {
    in.fail("status", "expected \"complete\", \"interrupted\", \"failed\" or \"published\", got \"" + status + "\"");
  }
  const bool complete = in.boolean(document, top, "complete");
  if (!in.failed() && complete != (result.status == RunStatus::complete)) {
    in.fail("complete", std::string(complete ? "true" : "false") + " but status is \"" + status + "\"");
  }
  result.error = in.text(document, top, "error");
  result.recipe_file = in.text(document, top, "recipe_file");
  result.recipe_text = in.text(document, top, "recipe_text");
  result.recipe_sha256 = in.text(document, top, "recipe_sha256");
  result.meta = in.strings(document, top, "meta");
  if (in.member(document, top, "parameters", /*optional=*/true)) result.parameters = in.strings(document, top, "parameters");
  result.command_line = in.string_list(document, top, "command_line");
  result.started_utc = in.text(document, top, "started_utc");
  result.finished_utc = in.text(document, top, "finished_utc");
  result.machine = in.text(document, top, "machine");
  if (const json* environment = in.object(document, top, "environment")) result.environment = *environment;
  in.each_object(document, top, "locations", [&](const json& object, const std::string& where) {
    LocationInfo location;
    location.name = in.text(object, where, "name");
    location.path = in.text(object, where, "path");
    location.fstype = in.text(object, where, "fstype");
    location.free_bytes = in.unsigned_integer(object, where, "free_bytes");
    location.builtin = in.boolean(object, where, "builtin");
    result.locations.push_back(std::move(location));
  });
  in.each_object(document, top, "series", [&](const json& object, const std::string& where) {
    Series series;
    series.label = in.text(object, where, "label");
    series.converged = in.boolean(object, where, "converged");
    series.ci_target_pct = in.number(object, where, "ci_target_pct");
    if (schema_1) {
      in.each_object(object, where, "samples", [&](const json& sample, const std::string& path) {
        ParamSet set;
        Sample read = read_sample(in, sample, path, set);
        series.add(std::move(read), set);
      });
    } else {
      read_columns(in, object, where, series, captured);
    }
    series.printed = read_printed(in, object, where);
    if (in.member(object, where, "unavailable", /*optional=*/true)) series.unavailable = in.text(object, where, "unavailable");
    result.series.push_back(std::move(series));
  });
  // Baselines and indices came with the suites; older files have neither.
  if (in.member(document, top, "baselines", /*optional=*/true)) {
    in.each_object(document, top, "baselines", [&](const json& object, const std::string& where) {
      Baseline b;
      b.name = in.text(object, where, "name");
      b.machine = in.text(object, where, "machine");
      b.source = in.text(object, where, "source");
      b.file = in.text(object, where, "file");
      in.each_object(object, where, "figures", [&](const json& f, const std::string& path) {
        b.figures.emplace_back(in.text(f, path, "label"), read_figure(in, f, path));
      });
      result.baselines.push_back(std::move(b));
    });
  }
  if (in.member(document, top, "indices", /*optional=*/true)) {
    in.each_object(document, top, "indices", [&](const json& object, const std::string& where) {
      IndexValue i;
      i.spec.label = in.text(object, where, "label");
      i.spec.series = in.string_list(object, where, "series");
      i.spec.baseline = in.text(object, where, "baseline");
      i.spec.scale = in.number(object, where, "scale");
      if (in.member(object, where, "aggregate", /*optional=*/true)) i.spec.aggregate = in.text(object, where, "aggregate");
      i.value = in.number(object, where, "value");
      in.each_object(object, where, "ratios", [&](const json& r, const std::string& path) {
        i.ratios.emplace_back(in.text(r, path, "label"), in.number(r, path, "ratio"));
      });
      if (in.member(object, where, "printed", /*optional=*/true)) i.printed = in.number(object, where, "printed");
      result.indices.push_back(std::move(i));
    });
  }
  in.each_object(document, top, "reports", [&](const json& object, const std::string& where) {
    result.reports.push_back(read_spec(in, object, where));
  });
  in.each_object(document, top, "rendered", [&](const json& object, const std::string& where) {
    RenderedReport report;
    if (const json* spec = in.object(object, where, "spec")) {
      report.spec = read_spec(in, *spec, JsonReader::join(where, "spec"));
    }
    report.text = in.text(object, where, "text");
    report.figures = read_figures(in, object, where, report.spec, result);
    result.rendered.push_back(std::move(report));
  });
  // Conditions came with issue 18; older files and published results have none.
  if (const json* conditions = in.member(document, top, "conditions", /*optional=*/true))
    result.conditions = conditions_from_json(in, *conditions, "conditions");
  // Only recipes with a `settle` statement have it.
  if (const json* settle = in.member(document, top, "settle", /*optional=*/true))
    result.settle = settle_from_json(in, *settle, "settle");

  if (in.failed()) {
    error = in.error();
    return std::nullopt;
  }
  return result;
}

}  // namespace

std::optional<Result> result_from_json(const nlohmann::json& document, std::string& error) {
  return read_result(document, nullptr, error);
}

bool read_whole_file(const std::string& path, std::string& content, std::string& error) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = "cannot read " + path + ": " + std::strerror(errno);
    return false;
  }
  struct stat st {};
  if (::fstat(fd, &st) == 0 && st.st_size > 0) content.reserve(content.size() + static_cast<std::size_t>(st.st_size));
  char buffer[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      error = "cannot read " + path + ": " + std::strerror(errno);
      ::close(fd);
      return false;
    }
    if (n == 0) break;
    content.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return true;
}


std::optional<Result> load_result(const std::string& path, std::string& error) {
  std::string content;
  if (!read_whole_file(path, content, error)) return std::nullopt;
  return parse_result(content, path, error);
}

std::optional<Result> parse_result(const std::string& content, const std::string& path, std::string& error) {
  json document;
  Captured columns;
  try {
    ColumnCapture capture(document, columns);
    json::sax_parse(content, &capture);
  } catch (const json::parse_error& e) {
    // what() is "[json.exception.parse_error.101] parse error at line L, column C: WHAT"; the
    // tag says nothing to a user, and the place goes where every file problem puts it.
    std::string message = e.what();
    if (const auto end = message.find(": "); message.starts_with("[json.exception") && end != std::string::npos) {
      message.erase(0, end + 2);
    }
    // e.byte counts from 1 and is the last byte read.
    const lang::Source source{path, content};
    lang::Diagnostics problems;
    problems.error(source.locate(e.byte == 0 ? 0 : e.byte - 1), "not JSON: " + message);
    error = lang::render_brief(problems, path);
    return std::nullopt;
  }
  auto result = read_result(document, &columns, error);
  if (!result) {
    lang::Diagnostics problems;
    problems.error({}, error);
    error = lang::render_brief(problems, path);
  }
  return result;
}

}  // namespace hwbench::runtime::record
