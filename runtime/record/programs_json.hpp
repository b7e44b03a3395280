#pragma once
// The result file's "programs" array (docs/result-format.md, "Programs"): the runs of external
// programs a run kept with what they printed (command steps' first and failed runs).
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "runtime/model/result.hpp"
#include "runtime/record/json_reader.hpp"

namespace hwbench::runtime::record {

/// `programs` as the result file's "programs" array.
nlohmann::json programs_to_json(const std::vector<model::ProgramOutput>& programs);

/// The "programs" array at `where`, read with `in` (its first error kept there).
std::vector<model::ProgramOutput> programs_from_json(JsonReader& in, const nlohmann::json& parent,
                                                     const std::string& where);

}  // namespace hwbench::runtime::record
