#include "runtime/record/comparable.hpp"

#include <algorithm>
#include <filesystem>
#include <system_error>
#include <utility>

#include <fmt/format.h>

#include "base/platform/whole_file.hpp"
#include "base/support/system_text.hpp"
#include "lang/common/diagnostics.hpp"
#include "runtime/analysis/reruns.hpp"
#include "runtime/record/published.hpp"
#include "runtime/record/result_file.hpp"

namespace hwbench::runtime::record {

FileKind sniff_file_kind(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);  // a byte-order mark
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return FileKind::neither;
  if (text[first] == '{') return FileKind::result;
  // TOML: comments, blank lines and keys until the first [table] or [[array]].
  std::size_t start = 0;
  while (start < text.size()) {
    auto end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string line = support::trim(text.substr(start, end - start));
    start = end + 1;
    if (line.empty() || line.front() == '#') continue;
    if (line.front() == '[') break;
    if (!line.starts_with("schema")) continue;
    if (support::trim(line.substr(6)).starts_with("=")) return FileKind::published;
  }
  return FileKind::neither;
}

std::optional<model::Result> load_comparable(const std::string& path, std::string& error) {
  const auto content = platform::read_whole_file(path, error);
  if (!content) return std::nullopt;
  switch (sniff_file_kind(*content)) {
    case FileKind::result:
      return parse_result(*content, path, error);
    case FileKind::published:
      return parse_published(*content, path, error);
    case FileKind::neither:
      break;
  }
  lang::Diagnostics problems;
  problems.error({}, "neither a result file (JSON) nor a published result (TOML)",
                 std::string("a result file is a JSON object with \"schema\": \"") + result_schema +
                     "\"; a published result is TOML with "
                     "schema = \"hwbench-published/1\"; a tool's printed log becomes one with `hwbench import TOOL " +
                     path + "`");
  error = lang::render_brief(problems, path);
  return std::nullopt;
}

namespace {

/// `argument` split at every `+`.
std::vector<std::string> split_at_every_plus(const std::string& argument) {
  std::vector<std::string> paths;
  std::size_t from = 0;
  for (std::size_t plus = argument.find('+');; plus = argument.find('+', from)) {
    paths.push_back(argument.substr(from, plus == std::string::npos ? std::string::npos : plus - from));
    if (plus == std::string::npos) break;
    from = plus + 1;
  }
  return paths;
}

/// `argument` split at those of its `+`s that leave every part an existing file, each part as
/// long as it can be from the left; empty when no split does.
std::vector<std::string> split_into_files(const std::string& argument) {
  // The cuts: before the argument, each `+`, after it. A part runs from one cut to a later one.
  std::vector<std::ptrdiff_t> cuts{-1};
  for (std::size_t at = argument.find('+'); at != std::string::npos; at = argument.find('+', at + 1))
    cuts.push_back(static_cast<std::ptrdiff_t>(at));
  cuts.push_back(static_cast<std::ptrdiff_t>(argument.size()));
  const std::size_t last = cuts.size() - 1;
  const auto part = [&](std::size_t a, std::size_t b) {
    return argument.substr(static_cast<std::size_t>(cuts[a] + 1), static_cast<std::size_t>(cuts[b] - cuts[a] - 1));
  };
  // end[a]: the cut ending the first part when what follows cut a is split into files; 0: none.
  std::vector<std::size_t> end(cuts.size(), 0);
  for (std::size_t a = last; a-- > 0;)
    for (std::size_t b = last; b > a; --b) {
      std::error_code ec;
      if ((b == last || end[b] != 0) && std::filesystem::is_regular_file(part(a, b), ec)) {
        end[a] = b;
        break;
      }
    }
  std::vector<std::string> paths;
  for (std::size_t a = 0; end[a] != 0 && a != last; a = end[a]) paths.push_back(part(a, end[a]));
  return end[0] != 0 ? paths : std::vector<std::string>{};
}

}  // namespace

std::vector<std::string> rerun_paths(const std::string& argument) {
  std::error_code ec;
  if (argument.find('+') == std::string::npos || std::filesystem::is_regular_file(argument, ec)) return {argument};
  auto files = split_into_files(argument);
  return files.empty() ? split_at_every_plus(argument) : files;
}

std::optional<model::Result> load_reruns(const std::vector<std::string>& paths, std::string& error) {
  std::vector<model::Result> runs;
  for (const std::string& path : paths) {
    auto run = load_comparable(path, error);
    if (!run) return std::nullopt;
    runs.push_back(std::move(*run));
  }
  return analysis::join_reruns(std::move(runs), paths, error);
}

std::optional<model::Result> load_compared(const std::string& argument, std::string& error) {
  const std::vector<std::string> paths = rerun_paths(argument);
  if (paths.size() == 1) return load_comparable(argument, error);
  if (std::find(paths.begin(), paths.end(), std::string()) != paths.end()) {
    error = fmt::format("{}: an empty file name between the +'s (reruns are joined as a1.json+a2.json)", argument);
    return std::nullopt;
  }
  return load_reruns(paths, error);
}

}  // namespace hwbench::runtime::record
