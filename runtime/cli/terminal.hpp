#pragma once
// What hwbench asks of the terminal it writes to: whether there is one, and how wide it is.
#include <cstddef>
#include <optional>

namespace hwbench::runtime::cli {

/// Whether descriptor `fd` is a terminal (false for -1).
bool is_terminal(int fd);

/// The columns of the terminal on `fd`: its window size, else the environment's COLUMNS;
/// nothing when `fd` is no terminal or neither says.
std::optional<std::size_t> terminal_columns(int fd);

}  // namespace hwbench::runtime::cli
