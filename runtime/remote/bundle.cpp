#include "runtime/remote/bundle.hpp"

#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

#include "base/platform/atomic_file.hpp"

namespace hwbench::runtime::remote {

std::string pack_bundle(const std::vector<BundleFile>& files) {
  std::string out = "hwbench-bundle 1\n";
  for (const auto& f : files) {
    out += fmt::format("file {} {}\n", f.content.size(), f.path);
    out += f.content;
  }
  out += "end\n";
  return out;
}

std::string bundle_path_problem(const std::string& path) {
  if (path.empty()) return "an empty path";
  if (path[0] == '/') return fmt::format("'{}' is absolute", path);
  if (path.find('\n') != std::string::npos || path.find('\0') != std::string::npos)
    return fmt::format("'{}' holds a newline", path);
  std::size_t start = 0;
  while (start <= path.size()) {
    const std::size_t slash = std::min(path.find('/', start), path.size());
    const std::string part = path.substr(start, slash - start);
    if (part.empty() || part == "." || part == "..") return fmt::format("'{}' has a part '{}'", path, part);
    start = slash + 1;
  }
  return "";
}

namespace {

/// Reads from a descriptor byte runs at a time, never past what it is asked for: the rest of
/// the stream (the session's lifeline) is not this reader's.
class ExactReader {
 public:
  explicit ExactReader(int fd) : fd_(fd) {}
  /// One line without its newline; false at end of file or on an error.
  bool line(std::string& out) {
    out.clear();
    for (;;) {
      char c = 0;
      if (!bytes(&c, 1)) return false;
      if (c == '\n') return true;
      out += c;
      if (out.size() > 4096) return false;
    }
  }
  /// Exactly `n` bytes; false when the stream ends first or fails.
  bool bytes(char* into, std::size_t n) {
    std::size_t got = 0;
    while (got < n) {
      const ssize_t r = ::read(fd_, into + got, n - got);
      if (r > 0)
        got += static_cast<std::size_t>(r);
      else if (r == 0 || errno != EINTR)
        return false;
    }
    return true;
  }

 private:
  int fd_;
};

}  // namespace

bool unpack_bundle(int fd, const std::string& dir, std::string& error) {
  ExactReader in(fd);
  std::string line;
  if (!in.line(line) || line != "hwbench-bundle 1") {
    error = "the session's input is not an hwbench bundle";
    return false;
  }
  while (in.line(line)) {
    if (line == "end") return true;
    // file SIZE PATH
    const std::size_t space = line.find(' ', 5);
    std::size_t size = 0;
    if (!line.starts_with("file ") || space == std::string::npos ||
        std::from_chars(line.data() + 5, line.data() + space, size).ptr != line.data() + space) {
      error = fmt::format("a malformed bundle line: '{}'", line);
      return false;
    }
    const std::string path = line.substr(space + 1);
    if (const std::string why = bundle_path_problem(path); !why.empty()) {
      error = fmt::format("the bundle names a file outside its directory: {}", why);
      return false;
    }
    std::string content(size, '\0');
    if (!in.bytes(content.data(), size)) {
      error = fmt::format("the bundle ends inside {}", path);
      return false;
    }
    const std::filesystem::path target = std::filesystem::path(dir) / path;
    if (!platform::make_directories(target.parent_path().string(), error)) return false;
    if (!platform::write_file_atomically(target.string(), content, error)) return false;
  }
  error = "the bundle ends before its 'end' line";
  return false;
}

}  // namespace hwbench::runtime::remote
