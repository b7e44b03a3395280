#pragma once
// What `hwbench report`, `hwbench compare` and `compare with "FILE"` read: a result file or a
// published result, recognised by its content, whatever the file is called.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

/// The files an argument of `hwbench compare` names: reruns joined by `+` (`a1.json+a2.json`),
/// each part one file; or the argument itself, one file, when it has no `+` or names an existing
/// file (a `+` in a file's name). Files with a `+` in their names join too: the argument is split
/// at the `+`s that leave every part an existing file (the parts as long as they can be from the
/// left), and at every `+` when no split does (the parts that are no file then say so).
std::vector<std::string> rerun_paths(const std::string& argument);

/// Reads the result files of one recipe's reruns, in order, joined into one result
/// (analysis::join_reruns): `hwbench run --reruns N` writes them.
std::optional<model::Result> load_reruns(const std::vector<std::string>& paths, std::string& error);

/// Reads an argument of `hwbench compare`: one file (load_comparable), or reruns joined by `+`
/// into one result (analysis::join_reruns, docs/language.md "Reruns as one side").
std::optional<model::Result> load_compared(const std::string& argument, std::string& error);

}  // namespace hwbench::runtime::record
