#include "runtime/report/left_files_note.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace hwbench::runtime::report {

std::string left_files_line(const model::LeftFiles& left) {
  constexpr std::size_t shown = 10;
  const std::size_t n = left.paths.size();
  const std::vector<std::string> named(left.paths.begin(), left.paths.begin() + std::min(n, shown));
  return fmt::format("{}: left {} file{} that appeared during the run but {} not its own: {}{}", left.statement, n,
                     n == 1 ? "" : "s", n == 1 ? "is" : "are", fmt::join(named, ", "),
                     n > shown ? fmt::format(" and {} more", n - shown) : "");
}

std::vector<std::string> left_files_notes(const model::Result& result) {
  std::vector<std::string> lines;
  for (const auto& left : result.unclaimed) lines.push_back(left_files_line(left));
  return lines;
}

}  // namespace hwbench::runtime::report
