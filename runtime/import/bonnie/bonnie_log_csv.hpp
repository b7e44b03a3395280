#pragma once
// The CSV line of a bonnie++ log: 48 fields in formats 1.96 and 1.97 (what `bonnie++ -q` and
// bon_csv2html read), 50 in bonnie++ 2.00's format 1.98 (seeks and seek_proc_count added after
// the chunk size). `bonnie++ -x`'s header line is passed over.
#include <optional>
#include <string>

#include "runtime/import/bonnie/bonnie_log.hpp"

namespace hwbench::runtime::import::bonnie {

/// Reads the log's one CSV line into its cells and figures. `command` gets the log's
/// `$ bonnie++ …` line, if it shows one. std::nullopt when the log has no CSV line, or after
/// recording an error in `log` (a second CSV line, a wrong field count, a cell bonnie++ would not
/// print).
std::optional<Parsed> read_csv_line(Log& log, std::string& command);

}  // namespace hwbench::runtime::import::bonnie
