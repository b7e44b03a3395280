#include "runtime/result_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "runtime/atomic_file.hpp"

namespace hwbench::runtime {

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
  json out = {{"style", spec.style}, {"unit", spec.unit}, {"aggregates", spec.aggregates}};
  if (!spec.options.empty()) out["options"] = strings_to_json(spec.options);
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
    out.push_back({{"label", f.label},
                   {"values", numbers_to_json(f.values)},
                   {"aggregates", std::move(aggregates)},
                   {"converged", f.converged}});
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

// Reads fields with a sticky first error, so that a bad document gives one message naming
// the first bad field, and reading goes on harmlessly with defaults after it.
class Reader {
 public:
  bool failed() const { return !error_.empty(); }
  const std::string& error() const { return error_; }

  void fail(const std::string& where, const std::string& what) {
    if (error_.empty()) error_ = where + ": " + what;
  }

  static std::string join(const std::string& where, const std::string& key) {
    return where.empty() ? key : where + "." + key;
  }

  static std::string at(const std::string& where, std::size_t index) {
    return where + "[" + std::to_string(index) + "]";
  }

  // The member `key` of `object`, or nullptr (with an error unless it is optional).
  const json* member(const json& object, const std::string& where, const std::string& key,
                     bool optional = false) {
    if (failed()) return nullptr;
    const auto it = object.find(key);
    if (it == object.end()) {
      if (!optional) fail(join(where, key), "missing");
      return nullptr;
    }
    return &*it;
  }

  bool expect(const json& value, const std::string& where, bool ok, const char* expected) {
    if (!ok) fail(where, std::string("expected ") + expected + ", got " + describe(value));
    return ok;
  }

  std::string text(const json& object, const std::string& where, const std::string& key) {
    const json* value = member(object, where, key);
    if (value == nullptr || !expect(*value, join(where, key), value->is_string(), "a string")) return {};
    return value->get<std::string>();
  }

  bool boolean(const json& object, const std::string& where, const std::string& key) {
    const json* value = member(object, where, key);
    if (value == nullptr || !expect(*value, join(where, key), value->is_boolean(), "true or false")) return false;
    return value->get<bool>();
  }

  std::uint64_t unsigned_integer(const json& object, const std::string& where, const std::string& key,
                                 std::uint64_t max = std::numeric_limits<std::uint64_t>::max()) {
    const json* value = member(object, where, key);
    if (value == nullptr) return 0;
    const auto path = join(where, key);
    if (!expect(*value, path, value->is_number_unsigned(), "an unsigned integer")) return 0;
    const auto n = value->get<std::uint64_t>();
    if (n > max) {
      fail(path, "out of range (at most " + std::to_string(max) + "), got " + value->dump());
      return 0;
    }
    return n;
  }

  std::int64_t signed_integer(const json& object, const std::string& where, const std::string& key) {
    const json* value = member(object, where, key);
    if (value == nullptr) return 0;
    const auto path = join(where, key);
    if (!expect(*value, path, value->is_number_integer(), "an integer")) return 0;
    if (value->is_number_unsigned()) {
      const auto n = value->get<std::uint64_t>();
      if (n > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
        fail(path, "out of range for a signed 64-bit integer, got " + value->dump());
        return 0;
      }
      return static_cast<std::int64_t>(n);
    }
    return value->get<std::int64_t>();
  }

  double number(const json& object, const std::string& where, const std::string& key) {
    const json* value = member(object, where, key);
    if (value == nullptr) return 0;
    return number_value(*value, join(where, key));
  }

  // A JSON number, or one of the strings that stand for NaN and the infinities.
  double number_value(const json& value, const std::string& path) {
    if (value.is_number()) return value.get<double>();
    if (value.is_string()) {
      const auto& s = value.get_ref<const std::string&>();
      if (s == "nan") return std::numeric_limits<double>::quiet_NaN();
      if (s == "inf") return std::numeric_limits<double>::infinity();
      if (s == "-inf") return -std::numeric_limits<double>::infinity();
    }
    expect(value, path, false, "a number (or \"nan\", \"inf\", \"-inf\")");
    return 0;
  }

  std::vector<double> number_list(const json& parent, const std::string& where, const std::string& key) {
    std::vector<double> out;
    const json* value = array(parent, where, key);
    if (value == nullptr) return out;
    const auto path = join(where, key);
    for (std::size_t i = 0; i < value->size() && !failed(); ++i) out.push_back(number_value((*value)[i], at(path, i)));
    return out;
  }

  const json* object(const json& parent, const std::string& where, const std::string& key) {
    const json* value = member(parent, where, key);
    if (value == nullptr || !expect(*value, join(where, key), value->is_object(), "an object")) return nullptr;
    return value;
  }

  const json* array(const json& parent, const std::string& where, const std::string& key) {
    const json* value = member(parent, where, key);
    if (value == nullptr || !expect(*value, join(where, key), value->is_array(), "an array")) return nullptr;
    return value;
  }

  std::map<std::string, std::string> strings(const json& parent, const std::string& where, const std::string& key) {
    std::map<std::string, std::string> out;
    const json* value = object(parent, where, key);
    if (value == nullptr) return out;
    const auto path = join(where, key);
    for (const auto& [name, item] : value->items()) {
      if (!expect(item, join(path, name), item.is_string(), "a string")) return out;
      out[name] = item.get<std::string>();
    }
    return out;
  }

  std::vector<std::string> string_list(const json& parent, const std::string& where, const std::string& key) {
    std::vector<std::string> out;
    const json* value = array(parent, where, key);
    if (value == nullptr) return out;
    const auto path = join(where, key);
    for (std::size_t i = 0; i < value->size(); ++i) {
      if (!expect((*value)[i], at(path, i), (*value)[i].is_string(), "a string")) return out;
      out.push_back((*value)[i].get<std::string>());
    }
    return out;
  }

  // Calls `read(element, path)` for each element of the array `key`, which must be objects.
  template <typename Read>
  void each_object(const json& parent, const std::string& where, const std::string& key, Read read) {
    const json* value = array(parent, where, key);
    if (value == nullptr) return;
    const auto path = join(where, key);
    for (std::size_t i = 0; i < value->size() && !failed(); ++i) {
      const auto item_path = at(path, i);
      if (expect((*value)[i], item_path, (*value)[i].is_object(), "an object")) read((*value)[i], item_path);
    }
  }

 private:
  static std::string describe(const json& value) {
    if (value.is_number()) return value.dump();
    if (value.is_boolean()) return value.dump();
    return value.type_name();
  }

  std::string error_;
};

ReportSpec read_spec(Reader& in, const json& object, const std::string& where) {
  ReportSpec spec;
  spec.style = in.text(object, where, "style");
  spec.unit = in.text(object, where, "unit");
  spec.aggregates = in.string_list(object, where, "aggregates");
  if (in.member(object, where, "options", /*optional=*/true)) spec.options = in.strings(object, where, "options");
  return spec;
}

Figure read_figure(Reader& in, const json& object, const std::string& where) {
  Figure figure;
  figure.value = in.number(object, where, "value");
  figure.unit = in.text(object, where, "unit");
  return figure;
}

Sample read_sample(Reader& in, const json& object, const std::string& where) {
  Sample sample;
  sample.kernel = in.text(object, where, "kernel");
  sample.params = in.strings(object, where, "params");
  sample.iteration = static_cast<std::uint32_t>(
      in.unsigned_integer(object, where, "iteration", std::numeric_limits<std::uint32_t>::max()));
  sample.units = in.unsigned_integer(object, where, "units");
  sample.bytes = in.unsigned_integer(object, where, "bytes");
  sample.ops = in.unsigned_integer(object, where, "ops");
  sample.wall_ns = in.signed_integer(object, where, "wall_ns");
  if (const json* cpu = in.object(object, where, "cpu")) {
    const auto path = Reader::join(where, "cpu");
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
    const auto path = Reader::join(where, "figure");
    if (in.expect(*figure, path, figure->is_object(), "an object or null")) sample.figure = read_figure(in, *figure, path);
  }
  return sample;
}

// Series::printed: aggregate name -> {value, unit}.
std::map<std::string, Figure> read_printed(Reader& in, const json& object, const std::string& where) {
  std::map<std::string, Figure> printed;
  const json* value = in.object(object, where, "printed");
  if (value == nullptr) return printed;
  const auto path = Reader::join(where, "printed");
  for (const auto& [name, item] : value->items()) {
    const auto item_path = Reader::join(path, name);
    if (!in.expect(item, item_path, item.is_object(), "an object")) break;
    printed[name] = read_figure(in, item, item_path);
  }
  return printed;
}

// RenderedReport::figures; each series' aggregates are read in the order of `spec`, which
// a JSON object does not keep.
std::vector<ReportFigures> read_figures(Reader& in, const json& object, const std::string& where,
                                        const ReportSpec& spec) {
  std::vector<ReportFigures> figures;
  in.each_object(object, where, "figures", [&](const json& item, const std::string& path) {
    ReportFigures f;
    f.label = in.text(item, path, "label");
    f.values = in.number_list(item, path, "values");
    if (const json* aggregates = in.object(item, path, "aggregates")) {
      const auto aggregates_path = Reader::join(path, "aggregates");
      for (const auto& name : spec.aggregates) f.aggregates.emplace_back(name, in.number(*aggregates, aggregates_path, name));
    }
    f.converged = in.boolean(item, path, "converged");
    figures.push_back(std::move(f));
  });
  return figures;
}

bool is_status(const std::string& status) {
  return status == "complete" || status == "interrupted" || status == "failed" || status == "published";
}

bool read_whole_file(const std::string& path, std::string& content, std::string& error) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = "cannot read " + path + ": " + std::strerror(errno);
    return false;
  }
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
      {"kind", result.kind},
      {"status", result.status},
      {"complete", result.status == "complete"},
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
  return out;
}

std::optional<Result> result_from_json(const nlohmann::json& document, std::string& error) {
  if (!document.is_object()) {
    error = std::string("not an hwbench result (expected a JSON object, got ") + document.type_name() + ")";
    return std::nullopt;
  }
  const auto schema = document.find("schema");
  if (schema == document.end()) {
    error = "not an hwbench result (no \"schema\" key)";
    return std::nullopt;
  }
  if (!schema->is_string() || schema->get_ref<const std::string&>() != result_schema) {
    error = "unsupported schema " + schema->dump() + " (this hwbench reads \"" + result_schema + "\")";
    return std::nullopt;
  }

  Reader in;
  Result result;
  const std::string top;
  result.kind = in.text(document, top, "kind");
  if (!in.failed() && result.kind != "run" && result.kind != "published") {
    in.fail("kind", "expected \"run\" or \"published\", got \"" + result.kind + "\"");
  }
  result.status = in.text(document, top, "status");
  if (!in.failed() && !is_status(result.status)) {
    in.fail("status", "expected \"complete\", \"interrupted\", \"failed\" or \"published\", got \"" +
                          result.status + "\"");
  }
  const bool complete = in.boolean(document, top, "complete");
  if (!in.failed() && complete != (result.status == "complete")) {
    in.fail("complete", std::string(complete ? "true" : "false") + " but status is \"" + result.status + "\"");
  }
  result.error = in.text(document, top, "error");
  result.recipe_file = in.text(document, top, "recipe_file");
  result.recipe_text = in.text(document, top, "recipe_text");
  result.recipe_sha256 = in.text(document, top, "recipe_sha256");
  result.meta = in.strings(document, top, "meta");
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
    in.each_object(object, where, "samples", [&](const json& sample, const std::string& path) {
      series.samples.push_back(read_sample(in, sample, path));
    });
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
      report.spec = read_spec(in, *spec, Reader::join(where, "spec"));
    }
    report.text = in.text(object, where, "text");
    report.figures = read_figures(in, object, where, report.spec);
    result.rendered.push_back(std::move(report));
  });

  if (in.failed()) {
    error = in.error();
    return std::nullopt;
  }
  return result;
}

std::optional<Result> load_result(const std::string& path, std::string& error) {
  std::string content;
  if (!read_whole_file(path, content, error)) return std::nullopt;
  json document;
  try {
    document = json::parse(content);
  } catch (const json::parse_error& e) {
    // what() is "[json.exception.parse_error.101] parse error at line …"; the tag says nothing
    // to a user.
    std::string message = e.what();
    if (const auto end = message.find("] "); message.rfind("[json.exception", 0) == 0 && end != std::string::npos) {
      message.erase(0, end + 2);
    }
    error = path + " is not JSON (byte " + std::to_string(e.byte) + "): " + message;
    return std::nullopt;
  }
  auto result = result_from_json(document, error);
  if (!result) error = path + ": " + error;
  return result;
}

bool save_result(const Result& result, const std::string& path, std::string& error) {
  // Invalid UTF-8 (say, from a recipe's bytes) would make dump() throw; U+FFFD stands in for it.
  const std::string text = to_json(result).dump(2, ' ', false, json::error_handler_t::replace) + "\n";
  return write_file_atomically(path, text, error);
}

}  // namespace hwbench::runtime
