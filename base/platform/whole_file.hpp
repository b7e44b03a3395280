#pragma once
// The one way hwbench reads a file whole: recipes, result and published files, baselines, and
// the /proc and /sys files the machine is read from.
#include <optional>
#include <string>

namespace hwbench::platform {

/// Why a file could not be read whole.
struct FileReadError {
  bool opened = false;  ///< it was opened, and reading it failed (a directory, an I/O error)
  std::string reason;   ///< the system's words for it: "No such file or directory"

  /// "cannot read PATH: REASON": hwbench's text for a file it could not read.
  std::string text(const std::string& path) const;
};

/// The whole content of the file at `path`, read to its end (a /proc or /sys file reports size
/// 0); std::nullopt when it cannot be opened or read, and then why in `error` when given.
std::optional<std::string> read_whole_file(const std::string& path, FileReadError* error = nullptr);

/// As above, with FileReadError::text() in `error` when the file cannot be read.
std::optional<std::string> read_whole_file(const std::string& path, std::string& error);

}  // namespace hwbench::platform
