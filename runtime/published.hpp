#pragma once
// Published results: figures transcribed from an article or a tool's log, with the
// machine's description, loaded as a Result that renders and compares like a run's.
//
// File format (TOML, schema "hwbench-published/1"; see docs/published-format.md):
//
//   schema = "hwbench-published/1"   # required, exactly this string
//   title = "…"                      # optional
//   source = "…"                     # optional: article URL or citation
//   machine = "…"                    # required: the machine's description
//   note = "…"                       # optional
//
//   [[series]]                       # one or more
//   label = "read 10MB"              # required, unique within the file
//   unit = "MB/s"                    # required: a unit name from units.hpp
//   samples = [63.4, 74.1]           # optional: per-sample figures in `unit`
//   [series.printed]                 # optional: aggregates as the source printed them, in `unit`
//   mean = 71.7                      #   keys: aggregate names from statistics.hpp
//
//   [[report]]                       # optional, any number: how the source presented it
//   style = "table"                  # "lines" (default) or "table"
//   unit = "MB/s"                    # required: a unit name
//   aggregates = ["mean"]            # required, non-empty: aggregate names
//
// Imported files also carry [environment], per-series `converged` and `unavailable`, printed
// figures in a unit of their own (`mean = { value = 0.08, unit = "s" }`), [[baseline]] tables,
// [[index]] entries (label, series, baseline, scale, printed) and [report.options]; see
// docs/published-format.md.
//
// Numbers may be written as integers or floats; NaN and infinities are refused. Unknown
// keys are errors (with a did-you-mean), so a misspelt key never silently drops figures.
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

#include "runtime/result.hpp"

namespace hwbench::runtime {

/// Reads the published-result file at `path`. On failure returns std::nullopt and sets
/// `error` to one line per problem, `FILE:LINE:COL: error: …` (or `FILE: error: …` when the
/// problem has no place in the file); a TOML syntax error is followed by toml11's excerpt.
std::optional<Result> load_published(const std::string& path, std::string& error);

/// The published-result TOML for `result` (as `hwbench import` writes it): every series'
/// sample figures, printed aggregates and unavailability, the environment, baselines, indices
/// (with their printed figures) and reports. parse_published reads it back to an equal Result.
std::string write_published(const Result& result);

/// As load_published, from `text` already read; `name` is the file name used in messages.
std::optional<Result> parse_published(std::string_view text, const std::string& name, std::string& error);

}  // namespace hwbench::runtime
