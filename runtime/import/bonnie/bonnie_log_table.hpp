#pragma once
// The human tables of a bonnie++ 1.96/1.97 log: the "Sequential Output / Sequential Input /
// Random Seeks" table and the "Sequential Create / Random Create" table, each a heading line, a
// Concurrency or machine line, column titles, one row of ` %Nd` cells and a Latency line. Fields
// that outgrew their width are read whole; a row cut short (trailing blanks dropped) reads as
// empty cells. bonnie++ 2.00's tables (no Concurrency line) are passed over.
#include <optional>

#include "runtime/import/bonnie/bonnie_log.hpp"

namespace hwbench::runtime::import::bonnie {

/// Reads the log's tables into cells and figures. std::nullopt when it shows none, or after
/// recording an error in `log` (a table that ends early, a cell that cannot be read, a figure
/// bonnie++ would not print, reported at the first table row).
std::optional<Parsed> read_tables(Log& log);

}  // namespace hwbench::runtime::import::bonnie
