#include "base/platform/whole_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace hwbench::platform {

std::string FileReadError::text(const std::string& path) const { return "cannot read " + path + ": " + reason; }

std::optional<std::string> read_whole_file(const std::string& path, FileReadError* error) {
  const auto fail = [error](bool opened) -> std::optional<std::string> {
    if (error) *error = FileReadError{opened, std::strerror(errno)};
    return std::nullopt;
  };
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return fail(false);
  std::string content;
  struct stat st {};
  if (::fstat(fd, &st) == 0 && st.st_size > 0) content.reserve(static_cast<std::size_t>(st.st_size));
  char buffer[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      auto failed = fail(true);
      ::close(fd);
      return failed;
    }
    if (n == 0) break;
    content.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return content;
}

std::optional<std::string> read_whole_file(const std::string& path, std::string& error) {
  FileReadError why;
  auto content = read_whole_file(path, &why);
  if (!content) error = why.text(path);
  return content;
}

}  // namespace hwbench::platform
