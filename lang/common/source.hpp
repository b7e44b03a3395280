#pragma once
// A recipe's text and positions inside it.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace hwbench::lang {

/// A 1-based line and column (columns count bytes) plus the byte offset.
struct SourceLoc {
  std::uint32_t line = 0;
  std::uint32_t column = 0;
  std::size_t offset = 0;
  /// True when the location points into a source.
  bool valid() const { return line != 0; }
};

/// One recipe file: its name as given on the command line and its full text.
struct Source {
  std::string name;
  std::string text;

  /// The text of 1-based line `line`, without its newline.
  std::string_view line_text(std::uint32_t line) const;
  /// The location of byte `offset`.
  SourceLoc locate(std::size_t offset) const;
};

}  // namespace hwbench::lang
