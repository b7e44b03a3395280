#pragma once
// The text helpers every module shares, written once: trimming, words, joining, and reading the
// values that /proc, /sys and /etc files and tools' logs hold (whole numbers; sysfs sizes are
// base/platform/machine.hpp's). Each reader returns std::nullopt for text that is not what it reads, never a guess.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hwbench::support {

/// White space as isspace() sees it in the C locale.
inline constexpr std::string_view white_space = " \t\n\v\f\r";

/// `text` without the leading and trailing `characters` (white space unless told).
std::string trim(std::string_view text, std::string_view characters = white_space);

/// `text` without the trailing `characters` (white space unless told).
std::string trim_end(std::string_view text, std::string_view characters = white_space);

/// The white-space-separated words of `text`.
std::vector<std::string> split_words(std::string_view text);

/// `parts` with `separator` between each two: join({"a", "b"}, ", ") is "a, b".
std::string join(const std::vector<std::string>& parts, std::string_view separator);

/// join() of the parts that are not empty: join_nonempty({"a", "", "b"}, " ") is "a b".
std::string join_nonempty(const std::vector<std::string>& parts, std::string_view separator);

/// The words of `text` joined by single spaces.
std::string normalise_spaces(std::string_view text);

/// The whole of `text` (trimmed) as an integer.
std::optional<std::int64_t> parse_integer(std::string_view text);

/// The whole of `text` (trimmed) as a number.
std::optional<double> parse_double(std::string_view text);

/// The step of the last digit of `number` as printed: 0.1 for "1.1", 1 for "894", 1000 for
/// "1e3", 0.001 for "1.50e-2"; 0 where there are no decimal digits to count ("0x1p3", "inf").
double printed_step(std::string_view number);

/// What a program printed last, for an error: "; its last line:\n    LINE" or "; its last N
/// lines:" and those lines (blank ones left out, each cut to 300 characters, at most `keep`);
/// `if_empty` when it printed nothing but blanks.
std::string last_lines(std::string_view text, std::size_t keep = 5, std::string_view if_empty = "");

}  // namespace hwbench::support
