#include "runtime/support/system_text.hpp"

#include <cctype>
#include <charconv>
#include <sstream>

namespace hwbench::runtime::system_text {

std::string trim(std::string_view text) {
  const auto is_space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return std::string(text);
}

std::vector<std::string> split_words(std::string_view text) {
  std::vector<std::string> words;
  std::istringstream in{std::string(text)};
  std::string word;
  while (in >> word) words.push_back(word);
  return words;
}

std::string normalise_spaces(std::string_view text) {
  std::string out;
  for (const auto& word : split_words(text)) {
    if (!out.empty()) out += ' ';
    out += word;
  }
  return out;
}

std::optional<std::int64_t> parse_integer(std::string_view text) {
  const std::string t = trim(text);
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), value);
  if (ec != std::errc() || end != t.data() + t.size() || t.empty()) return std::nullopt;
  return value;
}

std::optional<double> parse_double(std::string_view text) {
  const std::string t = trim(text);
  double value = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), value);
  if (ec != std::errc() || end != t.data() + t.size() || t.empty()) return std::nullopt;
  return value;
}

std::optional<std::uint64_t> parse_size(std::string_view text) {
  std::string t = trim(text);
  std::uint64_t scale = 1;
  if (!t.empty()) {
    switch (std::toupper(static_cast<unsigned char>(t.back()))) {
      case 'K': scale = 1ULL << 10; break;
      case 'M': scale = 1ULL << 20; break;
      case 'G': scale = 1ULL << 30; break;
      default: break;
    }
    if (scale != 1) t.pop_back();
  }
  const auto n = parse_integer(t);
  if (!n || *n < 0) return std::nullopt;
  return static_cast<std::uint64_t>(*n) * scale;
}

}  // namespace hwbench::runtime::system_text
