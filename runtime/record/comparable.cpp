#include "runtime/record/comparable.hpp"

#include "base/platform/whole_file.hpp"
#include "base/support/system_text.hpp"
#include "lang/common/diagnostics.hpp"
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

}  // namespace hwbench::runtime::record
