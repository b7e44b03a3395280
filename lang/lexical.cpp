#include "lang/lexical.hpp"

#include <cctype>
#include <charconv>

namespace hwbench::lang {

const std::vector<UnitSuffix>& unit_suffixes() {
  static const std::vector<UnitSuffix> table = {
      {"B", Dim::bytes, 1},
      {"KB", Dim::bytes, 1e3},
      {"MB", Dim::bytes, 1e6},
      {"GB", Dim::bytes, 1e9},
      {"TB", Dim::bytes, 1e12},
      {"KiB", Dim::bytes, 1024.0},
      {"MiB", Dim::bytes, 1024.0 * 1024},
      {"GiB", Dim::bytes, 1024.0 * 1024 * 1024},
      {"TiB", Dim::bytes, 1024.0 * 1024 * 1024 * 1024},
      {"ns", Dim::seconds, 1, 1e9},
      {"us", Dim::seconds, 1, 1e6},
      {"ms", Dim::seconds, 1, 1e3},
      {"s", Dim::seconds, 1},
      {"min", Dim::seconds, 60},
      {"h", Dim::seconds, 3600},
      {"%", Dim::percent, 1},
      {"k", Dim::none, 1e3},
      {"M", Dim::none, 1e6},
      {"G", Dim::none, 1e9},
  };
  return table;
}

const UnitSuffix* find_unit_suffix(std::string_view text) {
  for (const auto& suffix : unit_suffixes())
    if (suffix.text == text) return &suffix;
  return nullptr;
}

std::vector<std::string> unit_suffix_names() {
  std::vector<std::string> names;
  for (const auto& suffix : unit_suffixes()) names.emplace_back(suffix.text);
  return names;
}

NumberLiteral read_number(std::string_view text) {
  NumberLiteral result;
  result.quantity.text = std::string(text);
  // The numeric part ends where the suffix begins: the first character that cannot
  // belong to digits, a fraction or an exponent with at least one digit.
  std::size_t end = 0;
  while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
  if (end + 1 < text.size() && text[end] == '.' && std::isdigit(static_cast<unsigned char>(text[end + 1]))) {
    ++end;
    while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
  }
  if (end < text.size() && (text[end] == 'e' || text[end] == 'E')) {
    std::size_t digits = end + 1;
    if (digits < text.size() && (text[digits] == '+' || text[digits] == '-')) ++digits;
    if (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) {
      end = digits;
      while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
    }
  }
  double value = 0;
  std::from_chars(text.data(), text.data() + end, value);
  auto suffix = text.substr(end);
  if (suffix.empty()) {
    result.quantity.value = value;
  } else if (const auto* unit = find_unit_suffix(suffix)) {
    result.quantity.value = value * unit->multiplier / unit->divisor;
    result.quantity.dim = unit->dim;
  } else {
    result.quantity.value = value;
    result.unknown_suffix = std::string(suffix);
  }
  return result;
}

}  // namespace hwbench::lang
