#include "lang/common/source.hpp"

namespace hwbench::lang {

std::string_view Source::line_text(std::uint32_t line) const {
  std::string_view all = text;
  std::uint32_t current = 1;
  std::size_t start = 0;
  while (current < line) {
    auto nl = all.find('\n', start);
    if (nl == std::string_view::npos) return {};
    start = nl + 1;
    ++current;
  }
  auto end = all.find('\n', start);
  if (end == std::string_view::npos) end = all.size();
  auto view = all.substr(start, end - start);
  if (!view.empty() && view.back() == '\r') view.remove_suffix(1);
  return view;
}

SourceLoc Source::locate(std::size_t offset) const {
  SourceLoc loc{1, 1, 0};
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++loc.line;
      loc.column = 1;
    } else {
      ++loc.column;
    }
  }
  loc.offset = offset;
  return loc;
}

}  // namespace hwbench::lang
