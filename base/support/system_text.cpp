#include "base/support/system_text.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <sstream>

namespace hwbench::support {

std::string trim(std::string_view text, std::string_view characters) {
  const auto first = text.find_first_not_of(characters);
  if (first == std::string_view::npos) return {};
  return std::string(text.substr(first, text.find_last_not_of(characters) - first + 1));
}

std::string trim_end(std::string_view text, std::string_view characters) {
  const auto last = text.find_last_not_of(characters);
  return last == std::string_view::npos ? std::string() : std::string(text.substr(0, last + 1));
}

std::string join(const std::vector<std::string>& parts, std::string_view separator) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += separator;
    out += parts[i];
  }
  return out;
}

std::string join_nonempty(const std::vector<std::string>& parts, std::string_view separator) {
  std::string out;
  for (const auto& part : parts) {
    if (part.empty()) continue;
    if (!out.empty()) out += separator;
    out += part;
  }
  return out;
}

std::vector<std::string> split_words(std::string_view text) {
  std::vector<std::string> words;
  std::istringstream in{std::string(text)};
  std::string word;
  while (in >> word) words.push_back(word);
  return words;
}

std::string normalise_spaces(std::string_view text) { return join(split_words(text), " "); }

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

double printed_step(std::string_view number) {
  std::size_t i = 0;
  if (i < number.size() && (number[i] == '+' || number[i] == '-')) ++i;
  if (number.substr(i, 2) == "0x" || number.substr(i, 2) == "0X") return 0;
  int decimals = 0;
  bool dot = false, digits = false;
  for (; i < number.size(); ++i) {
    const char c = number[i];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      digits = true;
      decimals += dot ? 1 : 0;
    } else if (c == '.' && !dot) {
      dot = true;
    } else {
      break;
    }
  }
  if (!digits) return 0;
  int exponent = 0;
  if (i < number.size() && (number[i] == 'e' || number[i] == 'E')) {
    std::string_view rest = number.substr(i + 1);
    const bool negative = !rest.empty() && rest.front() == '-';
    if (!rest.empty() && (rest.front() == '-' || rest.front() == '+')) rest.remove_prefix(1);
    std::from_chars(rest.data(), rest.data() + rest.size(), exponent);
    exponent = negative ? -exponent : exponent;
  }
  return std::pow(10.0, exponent - decimals);
}

std::string last_lines(std::string_view text, std::size_t keep, std::string_view if_empty) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    if (line.find_first_not_of(" \t\r") != std::string_view::npos) lines.push_back(line);
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  if (lines.empty()) return std::string(if_empty);
  const std::size_t from = lines.size() > keep ? lines.size() - keep : 0;
  std::string tail =
      lines.size() - from == 1 ? "; its last line:" : "; its last " + std::to_string(lines.size() - from) + " lines:";
  for (std::size_t i = from; i < lines.size(); ++i) tail += "\n    " + std::string(lines[i].substr(0, 300));
  return tail;
}

}  // namespace hwbench::support
