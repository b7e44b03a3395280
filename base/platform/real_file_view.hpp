#pragma once
// The FileView that answers from the real file system (the runtime's, and the tests').
#include "base/platform/file_view.hpp"

namespace hwbench::platform {

/// Answers FileView questions with stat(2), lstat(2) and a directory scan.
class RealFileView : public FileView {
 public:
  /// Whether anything (including a dangling symlink) exists at `path`.
  bool exists(const std::string& path) const override;
  /// Whether `path` is, or is a symlink to, a directory.
  bool is_directory(const std::string& path) const override;
  /// The size of the regular file (or symlink to one) at `path`; nullopt otherwise.
  std::optional<std::uint64_t> file_size(const std::string& path) const override;
  /// Regular files (not symlinks, not directories) whose name matches the last component of
  /// `pattern` (fnmatch with FNM_PERIOD: a leading `.` must be written), as full paths, sorted.
  /// A backslash makes the character after it literal (`a\*b` is the name `a*b`), in the
  /// directory's part too; a pattern with a wildcard before its last `/` matches nothing.
  std::vector<std::string> glob(const std::string& pattern) const override;
};

/// Whether `text` holds a glob wildcard (`*`, `?` or `[`) that no backslash escapes.
bool has_wildcard(const std::string& text);

/// `pattern` with its escapes resolved, each backslash giving way to the character after it (a
/// last backslash stays): the one name a pattern without a wildcard matches.
std::string glob_literal(const std::string& pattern);

}  // namespace hwbench::platform
