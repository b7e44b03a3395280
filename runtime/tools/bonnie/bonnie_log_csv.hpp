#pragma once
// The CSV lines of a bonnie++ log: 27 fields in 1.0x (the name first, no latencies), 48 in
// formats 1.96 and 1.97 (what `bonnie++ -q` and bon_csv2html read), 50 in bonnie++ 2.00's format
// 1.98 (seeks and seek_proc_count added after the chunk size). `bonnie++ -x` prints a header
// line before its CSV lines.
#include <optional>
#include <string>

#include "runtime/tools/bonnie/bonnie_log.hpp"

namespace hwbench::runtime::tools::bonnie {

/// Whether `text` is the header line of `bonnie++ -x` (1.96's, also printed by 2.00, or 1.0x's).
bool is_csv_header(const std::string& text);

/// Reads `line` as a CSV line of bonnie++ into its cells and figures; sets `layout`.
/// std::nullopt when it is not one (nothing recorded), or after recording an error in `log`
/// (a wrong field count, a cell bonnie++ would not print).
std::optional<Parsed> read_csv_line(Log& log, const Line& line, BonnieLayout& layout);

}  // namespace hwbench::runtime::tools::bonnie
