#pragma once
// The result file's "conditions" object (docs/result-format.md, "Conditions"): the system's
// counters before and after a run and around each timed statement. A counter this machine does
// not show is left out, never written as 0.
#include <string>

#include <nlohmann/json.hpp>

#include "runtime/model/conditions.hpp"
#include "runtime/record/json_reader.hpp"

namespace hwbench::runtime::record {

/// `conditions` as the result file's "conditions" object.
nlohmann::json conditions_to_json(const model::RunConditions& conditions);

/// The "conditions" object at `where`, read with `in` (its first error kept there).
model::RunConditions conditions_from_json(JsonReader& in, const nlohmann::json& object, const std::string& where);

}  // namespace hwbench::runtime::record
