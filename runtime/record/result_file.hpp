#pragma once
// The result file: a Result as versioned JSON (schema "hwbench-result/2", docs/result-format.md).
// This pair writes it; result_file_reader.hpp reads it back (included here, so that one header
// serves both).
#include <string>

#include <nlohmann/json.hpp>

#include "base/platform/atomic_file.hpp"
#include "runtime/model/result.hpp"
#include "runtime/record/result_file_reader.hpp"

namespace hwbench::runtime::record {

/// The schema name of the result files this hwbench writes, in their top-level "schema" key.
inline constexpr const char* result_schema = "hwbench-result/2";
/// The schema before it, one object per sample; still read.
inline constexpr const char* result_schema_1 = "hwbench-result/1";

/// `result` as the text of a result file: pretty-printed JSON (2-space indent, keys sorted),
/// each column of integers and each list of per-sample figures on one line, a trailing newline.
std::string result_text(const model::Result& result);

/// What a report's `values` hold when they are its series' per-sample figures in its unit,
/// exactly as analysis::sample_values computes them from the samples.
inline constexpr const char* figures_from_samples = "samples";

/// The first of `result`'s series labelled `label`, or nullptr.
const model::Series* series_labelled(const model::Result& result, const std::string& label);

/// result_text(result), handed to `write` in pieces of about a megabyte at most.
void write_result(const model::Result& result, const platform::FileWriter& write);

/// `result` as a result-file JSON document (snake_case keys, base figures only): result_text parsed.
nlohmann::json to_json(const model::Result& result);

/// Writes result_text(result) to `path` atomically.
/// The directory must exist. On failure `path` is untouched and `error` says why.
bool save_result(const model::Result& result, const std::string& path, std::string& error);

}  // namespace hwbench::runtime::record
