#pragma once
// Reading published-result files (TOML, schema "hwbench-published/1"; the format is in
// published.hpp and docs/published-format.md): every problem of the file is reported at once,
// with its place, and unknown keys are errors with a did-you-mean.
//
// The Result: kind = status = "published"; machine; meta title/source/note when given;
// recipe_file = the path and recipe_text = the file's text; one Series per [[series]] in
// file order, each sample with kernel "published", iteration 1..N, no raw totals and a
// Figure{value, unit}; Series::printed holds [series.printed] as Figures in the series'
// unit (reports show them beside the recomputed aggregates, never compute with them);
// Result::reports holds the [[report]] tables.
#include <optional>
#include <string>
#include <string_view>

#include "runtime/model/result.hpp"

namespace hwbench::runtime::record {

/// Reads the published-result file at `path`. On failure returns std::nullopt and sets
/// `error` to one line per problem, `FILE:LINE:COL: error: …` (or `FILE: error: …` when the
/// problem has no place in the file); a TOML syntax error is followed by toml11's excerpt.
std::optional<model::Result> load_published(const std::string& path, std::string& error);

/// As load_published, from `text` already read; `name` is the file name used in messages.
std::optional<model::Result> parse_published(std::string_view text, const std::string& name, std::string& error);

}  // namespace hwbench::runtime::record
