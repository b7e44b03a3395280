#pragma once
// The result file: a Result as versioned JSON (schema "hwbench-result/1", docs/result-format.md).
// This pair writes it; result_file_reader.hpp reads it back (included here, so that one header
// serves both).
#include <string>

#include <nlohmann/json.hpp>

#include "runtime/model/result.hpp"
#include "runtime/record/result_file_reader.hpp"

namespace hwbench::runtime::record {

/// The schema name every result file carries in its top-level "schema" key.
inline constexpr const char* result_schema = "hwbench-result/1";

/// `result` as a result-file JSON document (snake_case keys, base figures only).
nlohmann::json to_json(const model::Result& result);

/// Writes `result` to `path` atomically, pretty-printed (2-space indent) with a trailing newline.
/// The directory must exist. On failure `path` is untouched and `error` says why.
bool save_result(const model::Result& result, const std::string& path, std::string& error);

}  // namespace hwbench::runtime::record
