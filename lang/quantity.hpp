#pragma once
// Number literals with unit suffixes: sizes, durations, percentages and counts.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lang/ast.hpp"

namespace hwbench::lang {

/// One suffix and what it multiplies by.
struct Suffix {
  std::string_view text;
  Dim dim;
  double factor;
};

/// Every suffix the language knows, longest first where one is a prefix of another.
const std::vector<Suffix>& number_suffixes();
/// The suffix spelled exactly `text`, or nullptr.
const Suffix* find_suffix(std::string_view text);
/// Every suffix spelling, for did-you-mean.
std::vector<std::string> suffix_names();
/// Parses a whole literal such as "10MB", "1.5e3", "3s", "5%", "200k"; std::nullopt if it is not one.
std::optional<Quantity> parse_quantity(std::string_view text);

}  // namespace hwbench::lang
