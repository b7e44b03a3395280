#include "runtime/tools/unixbench/unixbench_log.hpp"

namespace hwbench::runtime::tools::unixbench {

namespace {

/// The string at `key` of `json`, if it is one.
std::optional<std::string> string_at(const nlohmann::json& json, const char* key) {
  const auto it = json.find(key);
  if (it == json.end() || !it->is_string()) return std::nullopt;
  return it->get<std::string>();
}

}  // namespace

void to_json(nlohmann::json& json, const UnixbenchPrintedTest& test) {
  json = nlohmann::json::object();
  if (test.time) json["time"] = *test.time;
  if (test.samples) json["samples"] = *test.samples;
}

void from_json(const nlohmann::json& json, UnixbenchPrintedTest& test) {
  test = UnixbenchPrintedTest{};
  if (!json.is_object()) return;
  if (const auto it = json.find("time"); it != json.end() && it->is_number()) test.time = it->get<double>();
  if (const auto it = json.find("samples"); it != json.end() && it->is_number_integer()) test.samples = it->get<int>();
}

void to_json(nlohmann::json& json, const UnixbenchRunSpan& span) {
  json = {{"copies", span.copies}, {"started_utc", span.started_utc}, {"finished_utc", span.finished_utc}};
}

void from_json(const nlohmann::json& json, UnixbenchRunSpan& span) {
  span = UnixbenchRunSpan{};
  span.copies = -1;  // a span without its copies matches no block
  if (!json.is_object()) return;
  if (const auto it = json.find("copies"); it != json.end() && it->is_number_integer())
    span.copies = it->get<long long>();
  span.started_utc = string_at(json, "started_utc").value_or("");
  span.finished_utc = string_at(json, "finished_utc").value_or("");
}

void to_json(nlohmann::json& json, const UnixbenchLog& log) {
  json = nlohmann::json::object();
  json["tests"] = nlohmann::json::object();
  for (const auto& [label, test] : log.tests) json["tests"][label] = test;
  if (log.started_utc) json["started_utc"] = *log.started_utc;
  if (log.finished_utc) json["finished_utc"] = *log.finished_utc;
  if (!log.runs.empty()) json["runs"] = log.runs;
}

void from_json(const nlohmann::json& json, UnixbenchLog& log) {
  log = UnixbenchLog{};
  if (!json.is_object()) return;
  if (const auto it = json.find("tests"); it != json.end() && it->is_object())
    for (const auto& [label, test] : it->items()) log.tests[label] = test.get<UnixbenchPrintedTest>();
  log.started_utc = string_at(json, "started_utc");
  log.finished_utc = string_at(json, "finished_utc");
  if (const auto it = json.find("runs"); it != json.end() && it->is_array())
    for (const auto& span : *it) log.runs.push_back(span.get<UnixbenchRunSpan>());
}

std::optional<UnixbenchLog> read_unixbench_log(const model::Result& result) {
  const auto it = result.environment.find(environment_key);
  if (it == result.environment.end() || !it->is_object()) return std::nullopt;
  return it->get<UnixbenchLog>();
}

}  // namespace hwbench::runtime::tools::unixbench
