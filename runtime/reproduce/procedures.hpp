#pragma once
// `hwbench reproduce`'s inference (docs/reproduce.md): what kind of file a log is, read by
// content, and the procedure that repeats it on this machine. Each original tool's procedure
// lives with the tool (runtime/tools/<tool>/<tool>_procedure.hpp) and is registered here once.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/model/result.hpp"
#include "runtime/record/recipe_writer.hpp"

namespace hwbench::runtime::reproduce {

/// A file `hwbench reproduce` was given, read.
struct Log {
  std::string kind;      ///< "nbench", "openssl", "bonnie", "unixbench" (a tool's log), "published", "result"
  model::Result result;  ///< as `hwbench import` (a log) or `hwbench report` (a file) reads it
  std::string text;      ///< the file's text, which the recipe's comments cite
  std::string name;      ///< the file's name, as given
};

/// Reads `text` (the file `name`) by its content: a hwbench result file (JSON), a published
/// result (TOML), or a log one of the importers reads. When none reads it, std::nullopt with
/// `error` naming the formats known and the closest match (the importer that read furthest).
std::optional<Log> read_log(std::string text, const std::string& name, std::string& error);

/// What a procedure is inferred with besides the log.
struct Machine {
  std::uint64_t ram_bytes = 0;  ///< this machine's RAM, for bonnie++'s page-cache question; 0 unknown
  bool original = false;        ///< --original: the original program too, where the tool has one here
  bool root = false;            ///< running as root (bonnie++ then needs -u)
};

/// The procedure repeating `log`: its tool's (chosen by the log's kind, or for a published or
/// result file by its `report` style and series), or a result file's own recipe. std::nullopt
/// with `error` when no procedure fits it.
std::optional<record::Procedure> infer_procedure(const Log& log, const Machine& machine, std::string& error);

/// One run's result cut along its sections: one Result per section holding that section's
/// series (and the indices over them only), named by the section, in order of first
/// appearance; the whole result, named "", when it has no sections. For an openssl procedure
/// run with --original, the program's own series take the log's labels, and those of cells the
/// log has no figure for are left out (tools::openssl::relabel_like_log), so that every row meets
/// the log's.
std::vector<std::pair<std::string, model::Result>> split_sections(const model::Result& run, const Log& log);

}  // namespace hwbench::runtime::reproduce
