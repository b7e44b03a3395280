#pragma once
// `hwbench reproduce` of a cp table (an article's "cp N files of SIZE, MB/s per copy" table, as a
// published file: series "read 10MB", "write 100MB"…): the same sizes, copies and directions
// between the `disk` location (which the user names with -L: the log's disk cannot be guessed)
// and the RAM disk, read cold, written with the sync (docs/reproduce.md).
#include <string>
#include <string_view>

#include "runtime/model/result.hpp"
#include "runtime/record/recipe_writer.hpp"

namespace hwbench::runtime::reproduce {

/// Whether every series of `result` is a cp row: "read SIZE" or "write SIZE".
bool cp_table(const model::Result& result);

/// The recipe repeating the cp table of `log`, citing the lines of `text`.
record::Procedure cp_procedure(const model::Result& log, std::string_view text, const std::string& name);

}  // namespace hwbench::runtime::reproduce
