#include "runtime/record/conditions_json.hpp"

#include <cmath>

namespace hwbench::runtime::record {

namespace {

using nlohmann::json;

/// The snapshot's counters that are written as unsigned integers, by key.
constexpr std::pair<const char*, std::optional<std::uint64_t> platform::ConditionsSnapshot::*> counters[] = {
    {"cpus", &platform::ConditionsSnapshot::cpus},
    {"cpu_ticks", &platform::ConditionsSnapshot::cpu_ticks},
    {"steal_ticks", &platform::ConditionsSnapshot::steal_ticks},
    {"procs_running", &platform::ConditionsSnapshot::procs_running},
    {"swap_in", &platform::ConditionsSnapshot::swap_in},
    {"swap_out", &platform::ConditionsSnapshot::swap_out},
    {"freq_min_khz", &platform::ConditionsSnapshot::freq_min_khz},
    {"freq_max_khz", &platform::ConditionsSnapshot::freq_max_khz},
    {"core_throttles", &platform::ConditionsSnapshot::core_throttles},
    {"package_throttles", &platform::ConditionsSnapshot::package_throttles},
};

/// The load averages, by key.
constexpr std::pair<const char*, std::optional<double> platform::ConditionsSnapshot::*> loads[] = {
    {"load1", &platform::ConditionsSnapshot::load1},
    {"load5", &platform::ConditionsSnapshot::load5},
    {"load15", &platform::ConditionsSnapshot::load15},
};

/// The pressure files, by key.
constexpr std::pair<const char*, std::optional<platform::Pressure> platform::ConditionsSnapshot::*> pressures[] = {
    {"cpu", &platform::ConditionsSnapshot::pressure_cpu},
    {"memory", &platform::ConditionsSnapshot::pressure_memory},
    {"io", &platform::ConditionsSnapshot::pressure_io},
};

json line_to_json(const platform::PressureLine& line) { return {{"avg10", line.avg10}, {"total_us", line.total_us}}; }

json snapshot_to_json(const platform::ConditionsSnapshot& s) {
  json out = {{"time_ns", s.time_ns}};
  for (const auto& [key, field] : counters)
    if (s.*field) out[key] = *(s.*field);
  for (const auto& [key, field] : loads)
    if (s.*field && std::isfinite(*(s.*field))) out[key] = *(s.*field);
  json pressure = json::object();
  for (const auto& [key, field] : pressures) {
    const auto& p = s.*field;
    if (!p) continue;
    pressure[key] = {{"some", line_to_json(p->some)}};
    if (p->full) pressure[key]["full"] = line_to_json(*p->full);
  }
  if (!pressure.empty()) out["pressure"] = std::move(pressure);
  if (!s.governors.empty()) out["governors"] = s.governors;
  return out;
}

platform::PressureLine line_from_json(JsonReader& in, const json& object, const std::string& where) {
  return {in.number(object, where, "avg10"), in.unsigned_integer(object, where, "total_us")};
}

platform::ConditionsSnapshot snapshot_from_json(JsonReader& in, const json& object, const std::string& where) {
  platform::ConditionsSnapshot s;
  s.time_ns = in.signed_integer(object, where, "time_ns");
  for (const auto& [key, field] : counters)
    if (in.member(object, where, key, /*optional=*/true)) s.*field = in.unsigned_integer(object, where, key);
  for (const auto& [key, field] : loads)
    if (in.member(object, where, key, /*optional=*/true)) s.*field = in.number(object, where, key);
  if (in.member(object, where, "pressure", /*optional=*/true)) {
    if (const json* pressure = in.object(object, where, "pressure")) {
      const auto path = JsonReader::join(where, "pressure");
      for (const auto& [key, field] : pressures) {
        if (!in.member(*pressure, path, key, /*optional=*/true)) continue;
        const json* p = in.object(*pressure, path, key);
        if (p == nullptr) continue;
        const auto p_path = JsonReader::join(path, key);
        platform::Pressure value;
        if (const json* some = in.object(*p, p_path, "some"))
          value.some = line_from_json(in, *some, JsonReader::join(p_path, "some"));
        if (in.member(*p, p_path, "full", /*optional=*/true))
          if (const json* full = in.object(*p, p_path, "full"))
            value.full = line_from_json(in, *full, JsonReader::join(p_path, "full"));
        s.*field = value;
      }
    }
  }
  if (in.member(object, where, "governors", /*optional=*/true))
    s.governors = in.string_list(object, where, "governors");
  return s;
}

// The snapshot member `key` of `object`.
platform::ConditionsSnapshot snapshot_member(JsonReader& in, const json& object, const std::string& where,
                                             const char* key) {
  const json* value = in.object(object, where, key);
  return value ? snapshot_from_json(in, *value, JsonReader::join(where, key)) : platform::ConditionsSnapshot{};
}

}  // namespace

json conditions_to_json(const model::RunConditions& conditions) {
  json windows = json::array();
  for (const auto& w : conditions.windows) {
    windows.push_back({{"label", w.label},
                       {"workers", w.workers},
                       {"start", snapshot_to_json(w.start)},
                       {"end", snapshot_to_json(w.end)}});
  }
  return {{"before", snapshot_to_json(conditions.before)},
          {"after", snapshot_to_json(conditions.after)},
          {"windows", std::move(windows)}};
}

model::RunConditions conditions_from_json(JsonReader& in, const json& object, const std::string& where) {
  model::RunConditions conditions;
  if (!in.expect(object, where, object.is_object(), "an object")) return conditions;
  conditions.before = snapshot_member(in, object, where, "before");
  conditions.after = snapshot_member(in, object, where, "after");
  in.each_object(object, where, "windows", [&](const json& item, const std::string& path) {
    model::ConditionsWindow w;
    w.label = in.text(item, path, "label");
    w.workers = static_cast<std::uint32_t>(in.unsigned_integer(item, path, "workers", UINT32_MAX));
    w.start = snapshot_member(in, item, path, "start");
    w.end = snapshot_member(in, item, path, "end");
    conditions.windows.push_back(std::move(w));
  });
  return conditions;
}

}  // namespace hwbench::runtime::record
