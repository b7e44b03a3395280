#pragma once
// Lexical tables of the .bench language: the suffixes a number literal may carry.
#include <string>
#include <string_view>
#include <vector>

namespace hwbench::lang {

/// What a number literal measures; the value is stored in the dimension's base unit.
enum class Dim {
  none,     ///< a plain number or count (`10`, `2.5`, `200k`)
  bytes,    ///< B, KB, MB, GB, TB, KiB, MiB, GiB, TiB: value in bytes
  seconds,  ///< ns, us, ms, s, min, h: value in seconds
  percent,  ///< `5%`: value is 5 (not 0.05)
};

/// A number literal with its dimension and its spelling (`10MB` stays "10MB" when interpolated).
struct Quantity {
  double value = 0;
  Dim dim = Dim::none;
  std::string text;
};

/// One suffix of a number literal: its exact spelling, what it measures, and how the
/// written value becomes the dimension's base unit: value * 10^decimal_exponent * multiplier.
struct UnitSuffix {
  std::string_view text;
  Dim dim = Dim::none;
  int decimal_exponent = 0;  ///< applied to the decimal literal, so 2.5ms is the double nearest 0.0025
  double multiplier = 1;     ///< 2^10… for binary sizes, 60 and 3600 for min and h
};

/// Every suffix a number literal may carry, in the order that hints list them.
const std::vector<UnitSuffix>& unit_suffixes();

/// The suffix spelled exactly `text` (suffixes are case-sensitive), or nullptr.
const UnitSuffix* find_unit_suffix(std::string_view text);

/// The spellings of every suffix, for "did you mean" hints.
std::vector<std::string> unit_suffix_names();

/// A number literal once read: its quantity and, when its suffix is not a known
/// unit, that suffix (the quantity then holds the bare number).
struct NumberLiteral {
  Quantity quantity;
  std::string unknown_suffix;
};

/// Reads a number literal as the grammar matched it: digits, an optional fraction,
/// an optional exponent and an optional suffix (`10`, `2.5`, `1e6`, `10MiB`, `5%`, `200k`).
NumberLiteral read_number(std::string_view text);

}  // namespace hwbench::lang
