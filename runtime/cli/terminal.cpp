#include "runtime/cli/terminal.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdlib>

#include "base/support/system_text.hpp"
#include "runtime/cli/commands.hpp"

namespace hwbench::runtime::cli {

bool is_terminal(int fd) { return fd >= 0 && ::isatty(fd) == 1; }

std::optional<std::size_t> terminal_columns(int fd) {
  if (!is_terminal(fd)) return std::nullopt;
  struct winsize ws {};
  if (::ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
  const char* columns = std::getenv("COLUMNS");
  if (auto n = support::parse_integer(columns ? columns : ""); n && *n > 0) return static_cast<std::size_t>(*n);
  return std::nullopt;
}

std::size_t report_width(int requested, int fd) {
  if (requested >= 0) return static_cast<std::size_t>(requested);
  return terminal_columns(fd).value_or(report::kDefaultWidth);
}

}  // namespace hwbench::runtime::cli
