#include "lang/common/lexical.hpp"

#include <charconv>
#include <cmath>
#include <system_error>

#include <fmt/format.h>

namespace hwbench::lang {

const std::vector<UnitSuffix>& unit_suffixes() {
  static const std::vector<UnitSuffix> table = {
      {"B", Dim::bytes, 0, 1},
      {"KB", Dim::bytes, 3, 1},
      {"MB", Dim::bytes, 6, 1},
      {"GB", Dim::bytes, 9, 1},
      {"TB", Dim::bytes, 12, 1},
      {"KiB", Dim::bytes, 0, 1024.0},
      {"MiB", Dim::bytes, 0, 1024.0 * 1024},
      {"GiB", Dim::bytes, 0, 1024.0 * 1024 * 1024},
      {"TiB", Dim::bytes, 0, 1024.0 * 1024 * 1024 * 1024},
      {"ns", Dim::seconds, -9, 1},
      {"us", Dim::seconds, -6, 1},
      {"ms", Dim::seconds, -3, 1},
      {"s", Dim::seconds, 0, 1},
      {"min", Dim::seconds, 0, 60},
      {"h", Dim::seconds, 0, 3600},
      {"%", Dim::percent, 0, 1},
      {"k", Dim::none, 3, 1},
      {"M", Dim::none, 6, 1},
      {"G", Dim::none, 9, 1},
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

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

/// The decimal number `mantissa` (digits and an optional fraction) times 10^exponent,
/// correctly rounded: the scale goes into the text that from_chars reads.
double decimal_value(std::string_view mantissa, long exponent) {
  auto text = fmt::format("{}e{}", mantissa, exponent);
  double value = 0;
  auto [ptr, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  (void)ptr;
  // Too large is infinite (the checker rejects it); too small is zero.
  if (error == std::errc::result_out_of_range) value = exponent > 0 ? HUGE_VAL : 0.0;
  return value;
}

}  // namespace

NumberLiteral read_number(std::string_view text) {
  NumberLiteral result;
  result.quantity.text = std::string(text);
  // digits [. digits] [e [+-] digits] [suffix]; an 'e' without digits starts the suffix.
  std::size_t end = 0;
  while (end < text.size() && is_digit(text[end])) ++end;
  if (end + 1 < text.size() && text[end] == '.' && is_digit(text[end + 1])) {
    ++end;
    while (end < text.size() && is_digit(text[end])) ++end;
  }
  auto mantissa = text.substr(0, end);
  long exponent = 0;
  if (end < text.size() && (text[end] == 'e' || text[end] == 'E')) {
    std::size_t digits = end + 1;
    if (digits < text.size() && (text[digits] == '+' || text[digits] == '-')) ++digits;
    if (digits < text.size() && is_digit(text[digits])) {
      std::size_t stop = digits;
      while (stop < text.size() && is_digit(text[stop])) ++stop;
      auto sign_start = (text[end + 1] == '+' || text[end + 1] == '-') ? end + 2 : end + 1;
      if (std::from_chars(text.data() + sign_start, text.data() + stop, exponent).ec != std::errc())
        exponent = 1000000;  // beyond any double either way
      if (text[end + 1] == '-') exponent = -exponent;
      end = stop;
    }
  }
  auto suffix = text.substr(end);
  const UnitSuffix* unit = suffix.empty() ? nullptr : find_unit_suffix(suffix);
  if (unit != nullptr) {
    result.quantity.value = decimal_value(mantissa, exponent + unit->decimal_exponent) * unit->multiplier;
    result.quantity.dim = unit->dim;
  } else {
    result.quantity.value = decimal_value(mantissa, exponent);
    if (!suffix.empty()) result.unknown_suffix = std::string(suffix);
  }
  return result;
}

}  // namespace hwbench::lang
