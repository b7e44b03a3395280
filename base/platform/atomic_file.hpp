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

/// Which file a path named when it was looked at: its device and inode, and the time its inode
/// last changed (an inode number is given again to the next file made once one is removed).
struct FileIdentity {
  unsigned long long device = 0;
  unsigned long long inode = 0;
  long long changed_ns = 0;
  bool operator==(const FileIdentity&) const = default;
};

/// Creates `path` as a new empty file (0666 minus the umask), and fails with EEXIST when anything
/// is there, a dangling symbolic link included (O_EXCL). 0 with `id` set, else the errno.
int create_new_file(const std::string& path, FileIdentity& id);

/// Removes `path` when it is still the empty regular file `id` that create_new_file made: one
/// written or replaced since (a rename over it gives another inode) is left alone.
void remove_if_still_empty(const std::string& path, const FileIdentity& id);

}  // namespace hwbench::platform
