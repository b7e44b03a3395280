#include "runtime/record/result_file_reader.hpp"

#include <limits>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "base/platform/whole_file.hpp"
#include "lang/common/diagnostics.hpp"
#include "lang/common/source.hpp"
#include "runtime/analysis/units.hpp"
#include "runtime/record/conditions_json.hpp"
#include "runtime/record/json_reader.hpp"
#include "runtime/record/programs_json.hpp"
#include "runtime/record/result_file.hpp"
#include "runtime/record/sample_columns_reader.hpp"
#include "runtime/record/settle_json.hpp"

namespace hwbench::runtime::record {

using nlohmann::json;

model::Figure read_figure(JsonReader& in, const json& object, const std::string& where) {
  model::Figure figure;
  figure.value = in.number(object, where, "value");
  figure.unit = in.text(object, where, "unit");
  // Absent in files written before it, and where the printed digits were not known.
  if (in.member(object, where, "resolution", /*optional=*/true))
    figure.resolution = in.number(object, where, "resolution");
  return figure;
}

namespace {

model::ReportSpec read_spec(JsonReader& in, const json& object, const std::string& where) {
  model::ReportSpec spec;
  const std::string style = in.text(object, where, "style");
  if (const auto known = model::report_style_from_text(style)) {
    spec.style = *known;
  } else if (!in.failed()) {
    in.fail(JsonReader::join(where, "style"),
            "expected \"lines\", \"table\", \"compare\", \"summary\", \"interleaved\" or a named style, got \"" +
                style + "\"");
  }
  spec.unit = in.text(object, where, "unit");
  spec.aggregates = in.string_list(object, where, "aggregates");
  if (in.member(object, where, "options", /*optional=*/true)) spec.options = in.strings(object, where, "options");
  // Sections came with issue 18; a report without one covers every series.
  if (in.member(object, where, "section", /*optional=*/true)) spec.section = in.text(object, where, "section");
  if (in.member(object, where, "series", /*optional=*/spec.section.empty()))
    spec.series = in.string_list(object, where, "series");
  return spec;
}

// A hwbench-result/1 sample: one object with every field, its kernel and parameters too.
model::Sample read_sample(JsonReader& in, const json& object, const std::string& where, model::ParamSet& set) {
  model::Sample sample;
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
  if (in.member(object, where, "cpu_timed", /*optional=*/true))
    sample.cpu_timed = in.boolean(object, where, "cpu_timed");
  if (in.member(object, where, "max_latency_ns", /*optional=*/true))
    sample.max_latency_ns = in.signed_integer(object, where, "max_latency_ns");
  const json* figure = in.member(object, where, "figure", /*optional=*/true);
  if (figure != nullptr && !figure->is_null()) {
    const auto path = JsonReader::join(where, "figure");
    if (in.expect(*figure, path, figure->is_object(), "an object or null"))
      sample.figure = read_figure(in, *figure, path);
  }
  return sample;
}

// Series::printed: aggregate name -> {value, unit}.
std::map<std::string, model::Figure> read_printed(JsonReader& in, const json& object, const std::string& where) {
  std::map<std::string, model::Figure> printed;
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
std::vector<model::ReportFigures> read_figures(JsonReader& in, const json& object, const std::string& where,
                                               const model::ReportSpec& spec, const model::Result& result) {
  std::vector<model::ReportFigures> figures;
  in.each_object(object, where, "figures", [&](const json& item, const std::string& path) {
    model::ReportFigures f;
    f.label = in.text(item, path, "label");
    if (in.member(item, path, "unit", /*optional=*/true)) f.unit = in.text(item, path, "unit");
    const json* values = in.member(item, path, "values");
    if (values != nullptr && values->is_string() && *values == figures_from_samples) {
      // The series' per-sample figures in the report's unit (a summary's: the series' own),
      // computed as the writer checked.
      const std::string unit_name = f.unit.empty() ? spec.unit : f.unit;
      const analysis::Unit* unit = analysis::find_unit(unit_name);
      const model::Series* series = series_labelled(result, f.label);
      if (unit == nullptr)
        in.fail(JsonReader::join(path, "values"), "\"samples\", but \"" + unit_name + "\" is no unit");
      else if (series == nullptr)
        in.fail(JsonReader::join(path, "values"), "\"samples\", but no series is labelled \"" + f.label + "\"");
      else
        f.values = analysis::sample_values(*series, *unit);
    } else {
      f.values = in.number_list(item, path, "values");
    }
    if (const json* aggregates = in.object(item, path, "aggregates")) {
      const auto aggregates_path = JsonReader::join(path, "aggregates");
      // A summary or an interleaved comparison names no aggregates in its spec: its figures
      // carry their own.
      if (spec.style.layout == model::ReportLayout::summary || spec.style.layout == model::ReportLayout::interleaved) {
        for (const auto& [name, value] : aggregates->items())
          f.aggregates.emplace_back(name, in.number(*aggregates, aggregates_path, name));
      }
      for (const auto& name : spec.aggregates)
        f.aggregates.emplace_back(name, in.number(*aggregates, aggregates_path, name));
    }
    f.converged = in.boolean(item, path, "converged");
    if (in.member(item, path, "interval", /*optional=*/true) != nullptr) {
      const json* interval = in.object(item, path, "interval");
      if (interval == nullptr) return;
      const auto interval_path = JsonReader::join(path, "interval");
      f.blocks = static_cast<std::uint32_t>(
          in.unsigned_integer(*interval, interval_path, "blocks", std::numeric_limits<std::uint32_t>::max()));
      f.estimate = in.text(*interval, interval_path, "estimate");
      if (in.member(*interval, interval_path, "unstable_spread", /*optional=*/true) != nullptr)
        f.unstable_spread = in.number(*interval, interval_path, "unstable_spread");
    }
    figures.push_back(std::move(f));
  });
  return figures;
}

// Whether `document` is a result of schema 1 (its samples as objects) or of the current schema
// (its samples as columns); nothing, with `error` set, when it is no result this hwbench reads.
std::optional<bool> result_schema_is_1(const nlohmann::json& document, std::string& error) {
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
  return schema_1;
}

// The run as a whole: its kind and status (which must agree with "complete"), the recipe, the
// command line, the times, the machine and its environment.
void read_result_header(JsonReader& in, const json& document, model::Result& result) {
  const std::string top;
  const std::string kind = in.text(document, top, "kind");
  if (const auto known = model::result_kind_from_text(kind)) {
    result.kind = *known;
  } else if (!in.failed()) {
    in.fail("kind", "expected \"run\" or \"published\", got \"" + kind + "\"");
  }
  const std::string status = in.text(document, top, "status");
  if (const auto known = model::run_status_from_text(status)) {
    result.status = *known;
  } else if (!in.failed()) {
    in.fail("status", "expected \"complete\", \"interrupted\", \"failed\" or \"published\", got \"" + status + "\"");
  }
  const bool complete = in.boolean(document, top, "complete");
  if (!in.failed() && complete != (result.status == model::RunStatus::complete)) {
    in.fail("complete", std::string(complete ? "true" : "false") + " but status is \"" + status + "\"");
  }
  result.error = in.text(document, top, "error");
  result.recipe_file = in.text(document, top, "recipe_file");
  result.recipe_text = in.text(document, top, "recipe_text");
  result.recipe_sha256 = in.text(document, top, "recipe_sha256");
  result.meta = in.strings(document, top, "meta");
  if (in.member(document, top, "parameters", /*optional=*/true))
    result.parameters = in.strings(document, top, "parameters");
  result.command_line = in.string_list(document, top, "command_line");
  result.started_utc = in.text(document, top, "started_utc");
  result.finished_utc = in.text(document, top, "finished_utc");
  result.machine = in.text(document, top, "machine");
  if (const json* environment = in.object(document, top, "environment")) result.environment = *environment;
}

// The locations the run used, and its series: their samples as objects (schema 1) or as columns.
void read_result_series(JsonReader& in, const json& document, bool schema_1, Captured* captured,
                        model::Result& result) {
  const std::string top;
  in.each_object(document, top, "locations", [&](const json& object, const std::string& where) {
    model::LocationInfo location;
    location.name = in.text(object, where, "name");
    location.path = in.text(object, where, "path");
    location.fstype = in.text(object, where, "fstype");
    location.free_bytes = in.unsigned_integer(object, where, "free_bytes");
    location.builtin = in.boolean(object, where, "builtin");
    result.locations.push_back(std::move(location));
  });
  in.each_object(document, top, "series", [&](const json& object, const std::string& where) {
    model::Series series;
    series.label = in.text(object, where, "label");
    if (in.member(object, where, "section", /*optional=*/true)) series.section = in.text(object, where, "section");
    series.converged = in.boolean(object, where, "converged");
    series.ci_target_pct = in.number(object, where, "ci_target_pct");
    if (schema_1) {
      in.each_object(object, where, "samples", [&](const json& sample, const std::string& path) {
        model::ParamSet set;
        model::Sample read = read_sample(in, sample, path, set);
        series.add(std::move(read), set);
      });
    } else {
      read_columns(in, object, where, series, captured);
    }
    series.printed = read_printed(in, object, where);
    if (in.member(object, where, "unavailable", /*optional=*/true))
      series.unavailable = in.text(object, where, "unavailable");
    result.series.push_back(std::move(series));
  });
}

// Baselines and indices came with the suites; older files have neither.
void read_result_indices(JsonReader& in, const json& document, model::Result& result) {
  const std::string top;
  if (in.member(document, top, "baselines", /*optional=*/true)) {
    in.each_object(document, top, "baselines", [&](const json& object, const std::string& where) {
      model::Baseline b;
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
  if (!in.member(document, top, "indices", /*optional=*/true)) return;
  in.each_object(document, top, "indices", [&](const json& object, const std::string& where) {
    model::IndexValue i;
    i.spec.label = in.text(object, where, "label");
    i.spec.series = in.string_list(object, where, "series");
    i.spec.baseline = in.text(object, where, "baseline");
    i.spec.scale = in.number(object, where, "scale");
    if (in.member(object, where, "aggregate", /*optional=*/true))
      i.spec.aggregate = in.text(object, where, "aggregate");
    i.value = in.number(object, where, "value");
    in.each_object(object, where, "ratios", [&](const json& r, const std::string& path) {
      i.ratios.emplace_back(in.text(r, path, "label"), in.number(r, path, "ratio"));
    });
    if (in.member(object, where, "printed", /*optional=*/true)) i.printed = in.number(object, where, "printed");
    result.indices.push_back(std::move(i));
  });
}

// The reports the recipe asked for, and those the run rendered with their figures.
void read_result_reports(JsonReader& in, const json& document, model::Result& result) {
  const std::string top;
  in.each_object(document, top, "reports", [&](const json& object, const std::string& where) {
    result.reports.push_back(read_spec(in, object, where));
  });
  in.each_object(document, top, "rendered", [&](const json& object, const std::string& where) {
    model::RenderedReport report;
    if (const json* spec = in.object(object, where, "spec")) {
      report.spec = read_spec(in, *spec, JsonReader::join(where, "spec"));
    }
    report.text = in.text(object, where, "text");
    report.figures = read_figures(in, object, where, report.spec, result);
    result.rendered.push_back(std::move(report));
  });
}

// What only some runs have: the conditions, the settle, the programs, the files rm left and the sections'
// environments.
void read_result_extras(JsonReader& in, const json& document, model::Result& result) {
  const std::string top;
  // Conditions came with issue 18; older files and published results have none.
  if (const json* conditions = in.member(document, top, "conditions", /*optional=*/true))
    result.conditions = conditions_from_json(in, *conditions, "conditions");
  // Only recipes with a `settle` statement have it.
  if (const json* settle = in.member(document, top, "settle", /*optional=*/true))
    result.settle = settle_from_json(in, *settle, "settle");
  // Only runs whose blocks took turns on the CPUs have it.
  if (const json* cpus = in.member(document, top, "turn_cpus", /*optional=*/true);
      cpus && in.expect(*cpus, "turn_cpus", cpus->is_array(), "an array"))
    for (std::size_t i = 0; i < cpus->size(); ++i)
      result.turn_cpus.push_back(
          static_cast<int>(in.unsigned_value((*cpus)[i], JsonReader::at("turn_cpus", i), 1 << 20)));
  // Only runs with command steps have it.
  if (in.member(document, top, "programs", /*optional=*/true)) result.programs = programs_from_json(in, document, top);
  // Only runs whose `rm` left files that appeared during the run have it.
  if (in.member(document, top, "unclaimed", /*optional=*/true))
    in.each_object(document, top, "unclaimed", [&](const json& o, const std::string& path) {
      result.unclaimed.push_back({in.text(o, path, "statement"), in.string_list(o, path, "paths")});
    });
  if (const json* sections = in.member(document, top, "section_environment", /*optional=*/true)) {
    if (in.expect(*sections, "section_environment", sections->is_object(), "an object"))
      for (const auto& [title, env] : sections->items()) result.section_environment[title] = env;
  }
}

// result_from_json, the sample columns that parse_result captured in `captured` (nullptr: none).
std::optional<model::Result> read_result(const nlohmann::json& document, Captured* captured, std::string& error) {
  const auto schema_1 = result_schema_is_1(document, error);
  if (!schema_1) return std::nullopt;
  JsonReader in;
  model::Result result;
  read_result_header(in, document, result);
  read_result_series(in, document, *schema_1, captured, result);
  read_result_indices(in, document, result);
  read_result_reports(in, document, result);
  read_result_extras(in, document, result);
  if (in.failed()) {
    error = in.error();
    return std::nullopt;
  }
  return result;
}

}  // namespace

std::optional<model::Result> result_from_json(const nlohmann::json& document, std::string& error) {
  return read_result(document, nullptr, error);
}

std::optional<model::Result> load_result(const std::string& path, std::string& error) {
  const auto content = platform::read_whole_file(path, error);
  if (!content) return std::nullopt;
  return parse_result(*content, path, error);
}

std::optional<model::Result> parse_result(const std::string& content, const std::string& path, std::string& error) {
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
