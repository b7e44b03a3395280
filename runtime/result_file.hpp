#pragma once
// The result file: a Result as versioned JSON (schema "hwbench-result/1", docs/result-format.md).
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "runtime/result.hpp"

namespace hwbench::runtime {

/// The schema name every result file carries in its top-level "schema" key.
inline constexpr const char* result_schema = "hwbench-result/1";

/// `result` as a result-file JSON document (snake_case keys, base figures only).
nlohmann::json to_json(const Result& result);

/// The Result in `document`; std::nullopt and a one-line `error` when it is not a result of
/// this schema or a field is missing or of the wrong type (`series[0].samples[2].wall_ns: …`).
std::optional<Result> result_from_json(const nlohmann::json& document, std::string& error);

/// Reads and checks the result file at `path`; errors start with the path
/// (`cannot read x.json: No such file or directory`, `x.json is not JSON (byte 12): …`,
/// `x.json: unsupported schema "…" (this hwbench reads "hwbench-result/1")`).
std::optional<Result> load_result(const std::string& path, std::string& error);

/// Writes `result` to `path` atomically, pretty-printed (2-space indent) with a trailing newline.
/// The directory must exist. On failure `path` is untouched and `error` says why.
bool save_result(const Result& result, const std::string& path, std::string& error);

}  // namespace hwbench::runtime
