#pragma once
// Reading the text that /proc, /sys and /etc files hold, for capture_environment: values with
// their white space trimmed, words, whole numbers and sysfs sizes ("48K"). Each reader returns
// std::nullopt for text that is not what it reads, never a guess.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hwbench::runtime::system_text {

/// `text` without leading and trailing white space.
std::string trim(std::string_view text);

/// The white-space-separated words of `text`.
std::vector<std::string> split_words(std::string_view text);

/// The words of `text` joined by single spaces.
std::string normalise_spaces(std::string_view text);

/// The whole of `text` (trimmed) as an integer.
std::optional<std::int64_t> parse_integer(std::string_view text);

/// The whole of `text` (trimmed) as a number.
std::optional<double> parse_double(std::string_view text);

/// A sysfs size: "48K", "1024K", "32M", "1G" or a plain byte count, in bytes.
std::optional<std::uint64_t> parse_size(std::string_view text);

}  // namespace hwbench::runtime::system_text
