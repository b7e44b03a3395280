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
// Imported files also carry [environment], per-series `converged` and `unavailable` (its `unit`
// the one its figures would have been in), printed figures in a unit of their own
// (`mean = { value = 0.08, unit = "s" }`), [[baseline]] tables, [[index]] entries (label,
// series, baseline, scale, printed) and [report.options]; see docs/published-format.md.
//
// Numbers may be written as integers or floats; NaN and infinities are refused. Unknown
// keys are errors (with a did-you-mean), so a misspelt key never silently drops figures.
//
// This pair writes the format; published_reader.hpp reads it (included here, so that one header
// serves both).
#include <string>
#include <string_view>

#include "runtime/model/result.hpp"
#include "runtime/record/published_reader.hpp"

namespace hwbench::runtime::record {

/// The schema name every published-result file carries in its top-level "schema" key.
inline constexpr std::string_view published_schema = "hwbench-published/1";

/// The `[[baseline]]` tables of `baselines`, each after an empty line (shared by both formats).
std::string baseline_tables(const std::vector<model::Baseline>& baselines);

/// A baseline file (docs/baseline-format.md) holding `baselines`.
std::string write_baseline_file(const std::vector<model::Baseline>& baselines);

/// The published-result TOML for `result` (as `hwbench import` writes it): every series'
/// sample figures, printed aggregates and unavailability, the environment, baselines, indices
/// (with their printed figures) and reports. parse_published reads it back to an equal Result.
std::string write_published(const model::Result& result);

}  // namespace hwbench::runtime::record
