#pragma once
// Writing a file so that a reader sees either the old content or the new, never a part:
// temp file in the same directory, fsync, rename over the target, fsync the directory.
#include <functional>
#include <string>
#include <string_view>

namespace hwbench::platform {

/// Replaces `path` with `content` atomically. On failure nothing new is left behind (the temp
/// file is removed, an existing `path` is untouched) and `error` is set to one line such as
/// `cannot write results/x.json: No space left on device`. An existing file keeps its mode; a
/// new one gets 0666 minus the umask.
bool write_file_atomically(const std::string& path, std::string_view content, std::string& error);

/// Hands the next piece of a file's content on.
using FileWriter = std::function<void(std::string_view piece)>;

/// As write_file_atomically above, the content given in pieces: `produce` calls its FileWriter
/// with each piece in order, so that a large file need not be held in memory whole.
bool write_file_atomically(const std::string& path, const std::function<void(const FileWriter&)>& produce,
                           std::string& error);

/// Creates `dir` and any missing parents (mkdir -p). True when `dir` exists as a directory
/// afterwards; otherwise `error` is `cannot create directory <the failing part>: <reason>`.
bool make_directories(const std::string& dir, std::string& error);

}  // namespace hwbench::platform
