#pragma once
// Plain-text columns for terminals: cells aligned by the columns they take on screen, where East
// Asian wide characters (倍, CJK ideographs, kana) take two. `hwbench compare` prints its table
// and its environment diff with them.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace hwbench::support {

/// Columns a UTF-8 text takes in a terminal: two for East Asian wide and full-width code points
/// (倍, CJK ideographs, kana, hangul, full-width forms), one for any other.
std::size_t display_width(std::string_view text);

/// The length of the well-formed UTF-8 sequence that starts `text` at `at`; 0 when none does (a
/// stray byte, a cut or overlong sequence).
std::size_t utf8_length(std::string_view text, std::size_t at);

/// `text` cut to take at most `columns` columns, with "…" as its last column when it was cut.
std::string fit_width(std::string_view text, std::size_t columns);

/// `text` broken at its spaces into lines of at most `columns` columns (0: no limit), every line
/// after the first led by `indent`; a word wider than a line stands alone on its line. No
/// trailing newline.
std::string wrap_words(std::string_view text, std::size_t columns, std::string_view indent);

/// Lines of cells, the first column left-aligned and the others right-aligned (or all left when
/// `right_aligned` is false), two spaces apart, trailing blanks removed, each line ending in "\n".
std::string write_columns(const std::vector<std::vector<std::string>>& lines, bool right_aligned);

}  // namespace hwbench::support
