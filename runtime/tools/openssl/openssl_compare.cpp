#include "runtime/tools/openssl/openssl_compare.hpp"

#include <cstdint>
#include <set>
#include <utility>

#include <fmt/format.h>

#include "runtime/tools/openssl/openssl_report.hpp"

namespace hwbench::runtime::tools::openssl {

namespace {

/// The sizes as a sentence lists them: "16", "8192 and 16384", "16, 64 and 256".
std::string listed(const std::set<std::uint64_t>& blocks) {
  std::string out;
  std::size_t i = 0;
  for (const std::uint64_t block : blocks) {
    if (i > 0) out += i + 1 == blocks.size() ? " and " : ", ";
    out += std::to_string(block);
    ++i;
  }
  return out;
}

}  // namespace

std::vector<std::string> openssl_compare_notes(const analysis::Comparison& comparison) {
  const std::size_t n = comparison.names.size();
  // Each result's columns: the block sizes of the rows it has a series for (a figure, or a cell
  // it printed as 0.00), and those of the rows it has none for.
  std::vector<std::set<std::uint64_t>> has(n);
  std::vector<std::pair<std::uint64_t, const analysis::CompareRow*>> cells;
  for (const auto& row : comparison.rows) {
    const auto cell = row.index ? std::nullopt : openssl_label_cell(row.label);
    if (!cell || cell->block == 0) continue;
    cells.emplace_back(cell->block, &row);
    for (std::size_t i = 0; i < n && i < row.figures.size(); ++i)
      if (row.figures[i].state != analysis::CellState::missing) has[i].insert(cell->block);
  }
  std::vector<std::set<std::uint64_t>> lacks(n);
  for (const auto& [block, row] : cells)
    for (std::size_t i = 0; i < n && i < row->figures.size(); ++i)
      if (row->figures[i].state == analysis::CellState::missing && !has[i].empty() && has[i].count(block) == 0)
        lacks[i].insert(block);
  std::vector<std::string> notes;
  for (std::size_t i = 0; i < n; ++i)
    if (!lacks[i].empty())
      notes.push_back(
          fmt::format("- {} bytes: {} has no such column{} (its table has {} bytes), so its cells there "
                      "are -",
                      listed(lacks[i]), comparison.names[i], lacks[i].size() > 1 ? "s" : "", listed(has[i])));
  return notes;
}

}  // namespace hwbench::runtime::tools::openssl
