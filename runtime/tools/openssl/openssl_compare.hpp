#pragma once
// What `openssl speed`'s table needs said under a comparison: its columns are block sizes, and
// not every openssl printed the same ones (0.9.8 to 1.0 print 16 to 8192 bytes, 1.1 and 3.x add
// 16384). A result whose table has no column that another result's has stands with a dash in each
// of its rows; the note names the columns it never had.
#include <string>
#include <vector>

#include "runtime/analysis/compare.hpp"

namespace hwbench::runtime::tools::openssl {

/// One line for each result of `comparison` with cells of openssl speed's symmetric table and
/// none of a block size another result has cells of, in the result's order: "- 16384 bytes: x20
/// has no such column (its table has 16, 64, 256, 1024 and 8192 bytes), so its cells there are
/// -". Rows are read by their labels (openssl_label_cell); no line where no result lacks a column.
std::vector<std::string> openssl_compare_notes(const analysis::Comparison& comparison);

}  // namespace hwbench::runtime::tools::openssl
