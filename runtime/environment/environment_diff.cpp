#include "runtime/environment/environment_diff.hpp"

#include <cctype>
#include <set>
#include <string_view>

#include <fmt/format.h>

#include "base/support/system_text.hpp"
#include "base/support/text_columns.hpp"

namespace hwbench::runtime::environment {

namespace {

std::string shown_at(const nlohmann::json& environment, const char* pointer) {
  const nlohmann::json::json_pointer at(pointer);
  if (!environment.is_object() || !environment.contains(at)) return "";
  const auto& v = environment.at(at);
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number() || v.is_boolean()) return v.dump();
  return "";
}

std::string cores_text(const nlohmann::json& env) {
  const std::string logical = shown_at(env, "/cores/logical");
  const std::string physical = shown_at(env, "/cores/physical");
  return support::join_nonempty(
      {logical.empty() ? "" : logical + " logical", physical.empty() ? "" : physical + " physical"}, ", ");
}

std::string memory_text(const nlohmann::json& env) {
  const nlohmann::json::json_pointer at("/memory/total_bytes");
  if (!env.is_object() || !env.contains(at) || !env.at(at).is_number()) return "";
  return fmt::format("{:.1f} GiB", env.at(at).get<double>() / (1024.0 * 1024.0 * 1024.0));
}

std::string compiler_text(const nlohmann::json& env) {
  const std::string id = shown_at(env, "/compiler/id");
  const std::string version = shown_at(env, "/compiler/version");
  std::string lower;
  for (char c : version) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  // clang's version text names it already ("Debian Clang 14.0.6"); gcc's is bare.
  const bool named = !id.empty() && lower.find(id) != std::string::npos;
  return support::join_nonempty({named ? "" : id, version, shown_at(env, "/compiler/flags")}, " ");
}

std::string filesystems_text(const model::Result& result) {
  std::vector<std::string> parts;
  for (const auto& l : result.locations) parts.push_back(l.name + " " + (l.fstype.empty() ? "?" : l.fstype));
  return support::join_nonempty(parts, ", ");
}

}  // namespace

void set_fact(nlohmann::json& environment, const char* pointer, const std::string& value) {
  const nlohmann::json::json_pointer at(pointer);
  if (value.empty() || !environment.is_object() || environment.contains(at)) return;
  environment[at] = value;
}

std::vector<EnvironmentRow> diff_environments(const std::vector<const model::Result*>& results) {
  struct Fact {
    const char* label;
    std::string (*value)(const model::Result&);
  };
  static const Fact facts[] = {
      {"machine", [](const model::Result& r) { return r.machine; }},
      {"CPU", [](const model::Result& r) { return shown_at(r.environment, "/cpu/model"); }},
      {"cores", [](const model::Result& r) { return cores_text(r.environment); }},
      {"memory", [](const model::Result& r) { return memory_text(r.environment); }},
      {"kernel",
       [](const model::Result& r) {
         return support::join_nonempty(
             {shown_at(r.environment, "/kernel/sysname"), shown_at(r.environment, "/kernel/release"),
              shown_at(r.environment, "/kernel/machine")},
             " ");
       }},
      {"OS", [](const model::Result& r) { return shown_at(r.environment, "/distribution"); }},
      {"compiler", [](const model::Result& r) { return compiler_text(r.environment); }},
      {"filesystems", filesystems_text},
  };
  std::vector<EnvironmentRow> rows;
  for (const auto& fact : facts) {
    EnvironmentRow row;
    row.label = fact.label;
    std::set<std::string> known;
    for (const model::Result* r : results) {
      row.values.push_back(fact.value(*r));
      if (!row.values.back().empty()) known.insert(row.values.back());
    }
    if (known.empty()) continue;
    row.differs = known.size() > 1;
    rows.push_back(std::move(row));
  }
  return rows;
}

std::string format_environment_diff(const std::vector<EnvironmentRow>& rows, const std::vector<std::string>& names) {
  std::vector<std::vector<std::string>> env;
  std::vector<std::string> env_header{"  environment"};
  env_header.insert(env_header.end(), names.begin(), names.end());
  env.push_back(env_header);
  bool any_differs = false;
  for (const auto& row : rows) {
    std::vector<std::string> line{(row.differs ? "* " : "  ") + row.label};
    for (const auto& v : row.values) line.push_back(v.empty() ? "-" : v);
    env.push_back(line);
    any_differs = any_differs || row.differs;
  }
  std::string out = support::write_columns(env, false);
  if (any_differs) out += "* marks a fact that differs between the machines\n";
  return out;
}

}  // namespace hwbench::runtime::environment
