#include "runtime/record/settle_json.hpp"

namespace hwbench::runtime::record {

using nlohmann::json;

json settle_to_json(const model::SettleRecord& settle) {
  json out = {{"mode", model::to_text(settle.mode)},
              {"seconds", settle.seconds},
              {"took_ns", settle.took_ns},
              {"outcome", model::to_text(settle.outcome)}};
  if (settle.mode == model::SettleMode::until_stable) {
    json probes = json::array();
    for (const auto& p : settle.probes)
      probes.push_back({{"offset", p.offset}, {"bytes", p.bytes}, {"wall_ns", p.wall_ns}, {"start_ns", p.start_ns}});
    out["file"] = settle.file;
    out["probes"] = std::move(probes);
  }
  return out;
}

model::SettleRecord settle_from_json(JsonReader& in, const json& object, const std::string& where) {
  model::SettleRecord settle;
  if (!in.expect(object, where, object.is_object(), "an object")) return settle;
  const std::string mode = in.text(object, where, "mode");
  if (auto m = model::settle_mode_from_text(mode))
    settle.mode = *m;
  else if (!in.failed())
    in.fail(JsonReader::join(where, "mode"), "expected \"wait\" or \"until stable\", got \"" + mode + "\"");
  settle.seconds = in.number(object, where, "seconds");
  settle.took_ns = in.signed_integer(object, where, "took_ns");
  const std::string outcome = in.text(object, where, "outcome");
  if (auto o = model::settle_outcome_from_text(outcome))
    settle.outcome = *o;
  else if (!in.failed())
    in.fail(JsonReader::join(where, "outcome"),
            "expected \"waited\", \"stable\", \"not stable\" or \"interrupted\", got \"" + outcome + "\"");
  if (settle.mode != model::SettleMode::until_stable) return settle;
  settle.file = in.text(object, where, "file");
  in.each_object(object, where, "probes", [&](const json& item, const std::string& path) {
    model::SettleProbe p;
    p.offset = in.unsigned_integer(item, path, "offset");
    p.bytes = in.unsigned_integer(item, path, "bytes");
    p.wall_ns = in.signed_integer(item, path, "wall_ns");
    p.start_ns = in.signed_integer(item, path, "start_ns");
    settle.probes.push_back(p);
  });
  return settle;
}

}  // namespace hwbench::runtime::record
