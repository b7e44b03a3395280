#pragma once
// The result file's "settle" object (docs/result-format.md, "Settle"): what the recipe's
// `settle` statement did before the first timed statement.
#include <string>

#include <nlohmann/json.hpp>

#include "runtime/model/settle.hpp"
#include "runtime/record/json_reader.hpp"

namespace hwbench::runtime::record {

/// `settle` as the result file's "settle" object.
nlohmann::json settle_to_json(const model::SettleRecord& settle);

/// The "settle" object at `where`, read with `in` (its first error kept there).
model::SettleRecord settle_from_json(JsonReader& in, const nlohmann::json& object, const std::string& where);

}  // namespace hwbench::runtime::record
