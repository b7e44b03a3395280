#pragma once
// The seam between what a recipe says about files and the file system: kernels and the checker
// ask a FileView, which the real file system answers at run time (RealFileView) and the
// checker's simulation answers at check time.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hwbench::platform {

/// Read-only questions about files, answered by the real file system at run time and by the
/// checker's simulation of it (files that setup will have created) at check time.
class FileView {
 public:
  virtual ~FileView() = default;
  /// Whether anything exists at `path`.
  virtual bool exists(const std::string& path) const = 0;
  /// Whether `path` is a directory.
  virtual bool is_directory(const std::string& path) const = 0;
  /// The size of the regular file at `path`, if known.
  virtual std::optional<std::uint64_t> file_size(const std::string& path) const = 0;
  /// Existing regular files matching a glob pattern (`*`, `?` in the last component only), sorted.
  virtual std::vector<std::string> glob(const std::string& pattern) const = 0;
};

}  // namespace hwbench::platform
