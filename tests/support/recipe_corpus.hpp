#pragma once
// Test helpers for directories of recipes kept as files (tests/data/hostile,
// tests/data/fuzz-regressions): listing them, and matching a diagnostic against an expected
// line in which `<any>` stands for text that depends on the machine (free space, RAM, a pid).
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/support/golden.hpp"

namespace hwbench::test {

/// The files in the source tree's directory `relative` whose name ends in `suffix`, sorted.
inline std::vector<std::string> corpus_files(const std::string& relative, const std::string& suffix) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(source_path(relative), ec)) {
    const std::string name = e.path().filename().string();
    if (name.size() >= suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
      out.push_back(e.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

/// The first line of `text`, without its newline.
inline std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

/// Whether `text` is `pattern`, where each `<any>` in the pattern matches any run of characters.
inline bool matches_line(const std::string& pattern, const std::string& text) {
  const std::string any = "<any>";
  std::vector<std::string> pieces;
  for (std::size_t start = 0;;) {
    const auto at = pattern.find(any, start);
    pieces.push_back(pattern.substr(start, at == std::string::npos ? std::string::npos : at - start));
    if (at == std::string::npos) break;
    start = at + any.size();
  }
  if (pieces.size() == 1) return pattern == text;
  if (text.compare(0, pieces.front().size(), pieces.front()) != 0) return false;
  std::size_t pos = pieces.front().size();
  for (std::size_t i = 1; i + 1 < pieces.size(); ++i) {
    pos = text.find(pieces[i], pos);
    if (pos == std::string::npos) return false;
    pos += pieces[i].size();
  }
  const std::string& last = pieces.back();
  return text.size() >= pos + last.size() && text.compare(text.size() - last.size(), last.size(), last) == 0;
}

}  // namespace hwbench::test
