#pragma once
// What `hwbench report`, `hwbench compare` and `compare with "FILE"` read: a result file or a
// published result, recognised by its content, whatever the file is called.
#include <optional>
#include <string>
#include <string_view>

#include "runtime/model/result.hpp"

namespace hwbench::runtime::record {

/// What a file holds, judged from its text: a result file is a JSON object (it begins with
/// `{`); a published result is TOML with a top-level `schema = …` key before any table.
enum class FileKind { result, published, neither };
FileKind sniff_file_kind(std::string_view text);

/// Reads a result to compare or render: a published result or a result file, whichever the
/// content is; a file that is neither gets one error naming both and how a tool's log becomes
/// one. Indices are recomputed by compare_results, not trusted from the file.
std::optional<model::Result> load_comparable(const std::string& path, std::string& error);

}  // namespace hwbench::runtime::record
