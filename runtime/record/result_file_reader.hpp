#pragma once
// Reading result files (schema "hwbench-result/1", docs/result-format.md): a JSON document is
// checked field by field against the schema and becomes a Result; the first bad field is named
// by its path. runtime/record/result_file.hpp writes them (and includes this header).
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "runtime/model/result.hpp"

namespace hwbench::runtime::record {

/// The Result in `document`; std::nullopt and a one-line `error` when it is not a result of
/// this schema or a field is missing or of the wrong type (`series[0].samples[2].wall_ns: …`).
std::optional<model::Result> result_from_json(const nlohmann::json& document, std::string& error);

/// Reads and checks the result file at `path`; errors start with the path
/// (`cannot read x.json: No such file or directory`, `x.json is not JSON (byte 12): …`,
/// `x.json: unsupported schema "…" (this hwbench reads "hwbench-result/1")`).
std::optional<model::Result> load_result(const std::string& path, std::string& error);

/// As load_result, from the file's `content` already read; `path` names it in messages.
std::optional<model::Result> parse_result(const std::string& content, const std::string& path, std::string& error);

}  // namespace hwbench::runtime::record
