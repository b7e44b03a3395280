#include "base/support/text_columns.hpp"

#include <algorithm>

#include "base/support/system_text.hpp"

namespace hwbench::support {

namespace {

/// Calls `each(width, bytes)` for every code point of `text` (a stray byte counts as one), with
/// the columns it takes and its length in bytes; stops when `each` returns false.
template <typename Each>
void for_each_code_point(std::string_view text, Each each) {
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    std::size_t len = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
    if (i + len > text.size()) len = 1;
    char32_t cp = len == 1 ? c : c & (0xFF >> (len + 1));
    for (std::size_t k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    const bool wide = (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF && cp != 0x303F) ||
                      (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
                      (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
                      (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x1F300 && cp <= 0x1F64F) ||
                      (cp >= 0x1F680 && cp <= 0x1F6FF) || (cp >= 0x1F900 && cp <= 0x1F9FF) ||
                      (cp >= 0x1FA70 && cp <= 0x1FAFF) || (cp >= 0x20000 && cp <= 0x3FFFD);
    if (!each(std::size_t{wide ? 2u : 1u}, len)) return;
    i += len;
  }
}

}  // namespace

std::size_t utf8_length(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(at);
  const std::size_t n = lead < 0x80                   ? 1
                        : lead >= 0xC2 && lead < 0xE0 ? 2
                        : lead >= 0xE0 && lead < 0xF0 ? 3
                        : lead >= 0xF0 && lead < 0xF5 ? 4
                                                      : 0;
  if (n == 0 || at + n > text.size()) return 0;
  for (std::size_t k = at + 1; k < at + n; ++k)
    if ((byte(k) & 0xC0) != 0x80) return 0;
  return n;
}

std::size_t display_width(std::string_view text) {
  std::size_t width = 0;
  for_each_code_point(text, [&](std::size_t w, std::size_t) {
    width += w;
    return true;
  });
  return width;
}

std::string fit_width(std::string_view text, std::size_t columns) {
  if (display_width(text) <= columns) return std::string(text);
  if (columns == 0) return "";
  std::size_t width = 0, bytes = 0;
  for_each_code_point(text, [&](std::size_t w, std::size_t len) {
    if (width + w > columns - 1) return false;
    width += w;
    bytes += len;
    return true;
  });
  return std::string(text.substr(0, bytes)) + "\u2026";
}

std::string wrap_words(std::string_view text, std::size_t columns, std::string_view indent) {
  if (columns == 0 || display_width(text) <= columns) return std::string(text);
  std::string out, line;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find(' ', start), text.size());
    const std::string_view word = text.substr(start, end - start);
    start = end + 1;
    if (word.empty()) continue;
    const bool fresh = line.empty() || line == indent;
    if (!fresh && display_width(line) + 1 + display_width(word) > columns) {
      out += line + "\n";
      line = std::string(indent);
    }
    if (!line.empty() && line != indent) line += ' ';
    line += word;
  }
  return out + line;
}

std::string write_columns(const std::vector<std::vector<std::string>>& lines, bool right_aligned) {
  std::vector<std::size_t> widths;
  for (const auto& line : lines) {
    if (widths.size() < line.size()) widths.resize(line.size(), 0);
    for (std::size_t c = 0; c < line.size(); ++c) widths[c] = std::max(widths[c], display_width(line[c]));
  }
  std::string out;
  for (const auto& line : lines) {
    std::string text;
    for (std::size_t c = 0; c < line.size(); ++c) {
      const std::string fill(widths[c] - display_width(line[c]), ' ');
      if (c > 0) text += "  ";
      text += right_aligned && c > 0 ? fill + line[c] : line[c] + fill;
    }
    out += trim_end(text, " ") + "\n";
  }
  return out;
}

}  // namespace hwbench::support
