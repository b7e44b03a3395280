#pragma once
// An enum's words in the result file, one table per enum: each word is written once and both
// directions agree.
#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <utility>

namespace hwbench::runtime::model {

/// The word `value` has in `words`; "" when it has none.
template <typename Enum, std::size_t N>
std::string_view word_of(const std::array<std::pair<Enum, std::string_view>, N>& words, Enum value) {
  for (const auto& [e, word] : words)
    if (e == value) return word;
  return {};
}

/// The value whose word in `words` is `text`; none for another word.
template <typename Enum, std::size_t N>
std::optional<Enum> value_of(const std::array<std::pair<Enum, std::string_view>, N>& words, std::string_view text) {
  for (const auto& [e, word] : words)
    if (word == text) return e;
  return std::nullopt;
}

}  // namespace hwbench::runtime::model
