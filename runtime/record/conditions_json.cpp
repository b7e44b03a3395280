#include "runtime/record/conditions_json.hpp"

#include <cmath>

namespace hwbench::runtime::record {

using model::ConditionsWindow;
using model::RunConditions;
using platform::ConditionsSnapshot;
using platform::Pressure;
using platform::PressureLine;

namespace {

using nlohmann::json;

/// The snapshot's counters that are written as unsigned integers, by key.
constexpr std::pair<const char*, std::optional<std::uint64_t> ConditionsSnapshot::*> counters[] = {
    {"cpus", &ConditionsSnapshot::cpus},
    {"cpu_ticks", &ConditionsSnapshot::cpu_ticks},
    {"steal_ticks", &ConditionsSnapshot::steal_ticks},
    {"procs_running", &ConditionsSnapshot::procs_running},
    {"swap_in", &ConditionsSnapshot::swap_in},
    {"swap_out", &ConditionsSnapshot::swap_out},
    {"freq_min_khz", &ConditionsSnapshot::freq_min_khz},
    {"freq_max_khz", &ConditionsSnapshot::freq_max_khz},
    {"core_throttles", &ConditionsSnapshot::core_throttles},
    {"package_throttles", &ConditionsSnapshot::package_throttles},
};

/// The load averages, by key.
constexpr std::pair<const char*, std::optional<double> ConditionsSnapshot::*> loads[] = {
    {"load1", &ConditionsSnapshot::load1},
    {"load5", &ConditionsSnapshot::load5},
    {"load15", &ConditionsSnapshot::load15},
};

/// The pressure files, by key.
constexpr std::pair<const char*, std::optional<Pressure> ConditionsSnapshot::*> pressures[] = {
    {"cpu", &ConditionsSnapshot::pressure_cpu},
    {"memory", &ConditionsSnapshot::pressure_memory},
    {"io", &ConditionsSnapshot::pressure_io},
};

json line_to_json(const PressureLine& line) { return {{"avg10", line.avg10}, {"total_us", line.total_us}}; }

json snapshot_to_json(const ConditionsSnapshot& s) {
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

PressureLine line_from_json(JsonReader& in, const json& object, const std::string& where) {
  return {in.number(object, where, "avg10"), in.unsigned_integer(object, where, "total_us")};
}

ConditionsSnapshot snapshot_from_json(JsonReader& in, const json& object, const std::string& where) {
  ConditionsSnapshot s;
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
        Pressure value;
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
ConditionsSnapshot snapshot_member(JsonReader& in, const json& object, const std::string& where, const char* key) {
  const json* value = in.object(object, where, key);
  return value ? snapshot_from_json(in, *value, JsonReader::join(where, key)) : ConditionsSnapshot{};
}

}  // namespace

json conditions_to_json(const RunConditions& conditions) {
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

RunConditions conditions_from_json(JsonReader& in, const json& object, const std::string& where) {
  RunConditions conditions;
  if (!in.expect(object, where, object.is_object(), "an object")) return conditions;
  conditions.before = snapshot_member(in, object, where, "before");
  conditions.after = snapshot_member(in, object, where, "after");
  in.each_object(object, where, "windows", [&](const json& item, const std::string& path) {
    ConditionsWindow w;
    w.label = in.text(item, path, "label");
    w.workers = static_cast<std::uint32_t>(in.unsigned_integer(item, path, "workers", UINT32_MAX));
    w.start = snapshot_member(in, item, path, "start");
    w.end = snapshot_member(in, item, path, "end");
    conditions.windows.push_back(std::move(w));
  });
  return conditions;
}

}  // namespace hwbench::runtime::record
