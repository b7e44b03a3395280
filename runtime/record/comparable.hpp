#pragma once
// What `hwbench compare` and `compare with "FILE"` read: a result file or a published result.
#include <optional>
#include <string>

#include "runtime/model/result.hpp"

namespace hwbench::runtime::record {

/// Reads a result to compare: a published result when `path` ends in `.toml`, else a result
/// file (JSON). Indices are recomputed by compare_results, not trusted from the file.
std::optional<model::Result> load_comparable(const std::string& path, std::string& error);

}  // namespace hwbench::runtime::record
