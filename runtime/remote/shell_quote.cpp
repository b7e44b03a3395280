#include "runtime/remote/shell_quote.hpp"

namespace hwbench::runtime::remote {

namespace {

bool plain_shell_char(char c) {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return true;
  switch (c) {
    case '_':
    case '-':
    case '.':
    case '/':
    case '=':
    case ':':
    case '@':
    case '%':
    case '+':
    case ',':
      return true;
    default:
      return false;
  }
}

}  // namespace

std::string shell_quote(std::string_view text) {
  bool plain = !text.empty();
  for (char c : text) plain = plain && plain_shell_char(c);
  if (plain) return std::string(text);
  std::string out = "'";
  for (char c : text) {
    if (c == '\'')
      out += "'\\''";
    else
      out += c;
  }
  out += "'";
  return out;
}

std::string shell_words(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) {
    if (!out.empty()) out += ' ';
    out += shell_quote(w);
  }
  return out;
}

}  // namespace hwbench::runtime::remote
