#include "runtime/tools/openssl/openssl_build.hpp"

#include <utility>

namespace hwbench::runtime::tools::openssl {

namespace {

/// The text fields with their JSON keys, in one table for both directions.
const std::pair<const char*, std::optional<std::string> OpensslBuild::*> kTextFields[] = {
    {"version", &OpensslBuild::version},
    {"built_on", &OpensslBuild::built_on},
    {"options", &OpensslBuild::options},
    {"compiler", &OpensslBuild::compiler},
    {"timing_options", &OpensslBuild::timing_options},
    {"timing_function", &OpensslBuild::timing_function},
    {"cpuinfo", &OpensslBuild::cpuinfo},
};

}  // namespace

bool OpensslBuild::empty() const {
  for (const auto& [key, field] : kTextFields)
    if (this->*field) return false;
  return multi <= 0 && heading && row_names.empty();
}

void to_json(nlohmann::json& json, const OpensslBuild& build) {
  if (build.version_only) {
    json = build.version.value_or("");
    return;
  }
  json = nlohmann::json::object();
  for (const auto& [key, field] : kTextFields)
    if (build.*field) json[key] = *(build.*field);
  if (build.multi > 0) json["multi"] = build.multi;
  if (!build.heading) json["heading"] = false;
  if (!build.row_names.empty()) json["row_names"] = build.row_names;
}

void from_json(const nlohmann::json& json, OpensslBuild& build) {
  build = OpensslBuild{};
  if (json.is_string()) {
    build.version = json.get<std::string>();
    build.version_only = true;
    return;
  }
  if (!json.is_object()) return;
  for (const auto& [key, field] : kTextFields)
    if (const auto it = json.find(key); it != json.end() && it->is_string()) build.*field = it->get<std::string>();
  if (const auto it = json.find("multi"); it != json.end() && it->is_number_integer()) build.multi = it->get<int>();
  if (const auto it = json.find("heading"); it != json.end() && it->is_boolean()) build.heading = it->get<bool>();
  if (const auto it = json.find("row_names"); it != json.end() && it->is_object())
    for (const auto& [row, printed] : it->items())
      if (printed.is_string()) build.row_names[row] = printed.get<std::string>();
}

std::optional<OpensslBuild> read_build(const model::Result& result) {
  const auto it = result.environment.find(environment_key);
  if (it == result.environment.end()) return std::nullopt;
  return it->get<OpensslBuild>();
}

std::string printed_row(const std::optional<OpensslBuild>& build, const std::string& row) {
  if (!build) return row;
  const auto it = build->row_names.find(row);
  return it == build->row_names.end() ? row : it->second;
}

}  // namespace hwbench::runtime::tools::openssl
