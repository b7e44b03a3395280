#include "runtime/tools/nbench/nbench_log.hpp"

#include <utility>

#include "runtime/record/one_or_many.hpp"

namespace hwbench::runtime::tools::nbench {

namespace {

/// The system lines with their JSON keys, in one table for both directions.
const std::pair<const char*, std::optional<std::string> NbenchSystem::*> kSystemLines[] = {
    {"cpu", &NbenchSystem::cpu},           {"l2_cache", &NbenchSystem::l2_cache}, {"os", &NbenchSystem::os},
    {"compiler", &NbenchSystem::compiler}, {"libc", &NbenchSystem::libc},
};

}  // namespace

void to_json(nlohmann::json& json, const NbenchSystem& system) {
  json = nlohmann::json::object();
  for (const auto& [key, field] : kSystemLines)
    if (system.*field) json[key] = *(system.*field);
  if (system.not_converged) json["not_converged"] = *system.not_converged;
}

void from_json(const nlohmann::json& json, NbenchSystem& system) {
  system = NbenchSystem{};
  if (!json.is_object()) return;
  for (const auto& [key, field] : kSystemLines)
    if (const auto it = json.find(key); it != json.end() && it->is_string()) system.*field = it->get<std::string>();
  if (const auto it = json.find("not_converged"); it != json.end() && it->is_array()) {
    system.not_converged.emplace();
    for (const auto& label : *it)
      if (label.is_string()) system.not_converged->push_back(label.get<std::string>());
  }
}

void to_json(nlohmann::json& json, const NbenchLog& log) { record::one_or_many_to_json(json, log.runs); }

void from_json(const nlohmann::json& json, NbenchLog& log) {
  log.runs = record::one_or_many_from_json<NbenchSystem>(json);
}

std::optional<NbenchLog> read_nbench_log(const model::Result& result) {
  const auto it = result.environment.find(environment_key);
  if (it == result.environment.end()) return std::nullopt;
  return it->get<NbenchLog>();
}

void write_nbench_log(model::Result& result, const NbenchLog& log) { result.environment[environment_key] = log; }

}  // namespace hwbench::runtime::tools::nbench
