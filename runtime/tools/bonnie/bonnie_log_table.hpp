#pragma once
// The human tables of a bonnie++ log, in its three layouts (BonnieLayout): the
// "Sequential Output / Sequential Input / Random" table and the "Sequential Create / Random
// Create" table, each a heading, a second line (Concurrency, a name or blanks), column titles,
// one row and, from 1.96 on, a Latency line.
//
// A row is read by its words when it shows all its figures: the name may have any length and
// spaces, and a figure wider than its column (bonnie++'s ` %5d` widens and pushes the rest of the
// line to the right) is one word like any other. A row with empty cells (a test not run, or
// trailing blanks cut off) is read field by field as bonnie++ printed it: each field a space and
// at least its width, wider when its figure is.
#include <cstddef>
#include <string>

#include "runtime/tools/bonnie/bonnie_log.hpp"

namespace hwbench::runtime::tools::bonnie {

/// Whether `text` is the heading of an I/O table ("Version  1.96       ------Sequential Output…").
bool is_io_heading(const std::string& text);

/// Whether `text` is the heading of a file table, with its Version or (1.0x, under the I/O
/// table) without.
bool is_file_heading(const std::string& text);

/// Reads the I/O table whose heading is line `i` (0-based) of the log into `p`: its version,
/// concurrency, name, size descriptor and tests 0-5; sets `layout`. Returns the number of lines
/// the table spans, or 0 after recording an error in `log`.
std::size_t read_io_table(Log& log, std::size_t i, Parsed& p, BonnieLayout& layout);

/// Reads the file table whose heading is line `i` (0-based) into `p`: its version (unless the
/// heading has none), name, file descriptor and tests 6-11; sets `layout`. Returns the number of
/// lines it spans, or 0 after recording an error in `log`.
std::size_t read_file_table(Log& log, std::size_t i, Parsed& p, BonnieLayout& layout);

}  // namespace hwbench::runtime::tools::bonnie
