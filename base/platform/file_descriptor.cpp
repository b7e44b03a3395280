#include "base/platform/file_descriptor.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <utility>

namespace hwbench::platform {

FileDescriptor::FileDescriptor(FileDescriptor&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}

FileDescriptor& FileDescriptor::operator=(FileDescriptor&& other) noexcept {
  if (this != &other) {
    close();
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

FileDescriptor::~FileDescriptor() { close(); }

int FileDescriptor::close() {
  if (fd_ < 0) return 0;
  // Linux releases the descriptor even when close() fails, so it must not be retried on EINTR.
  int rc = ::close(std::exchange(fd_, -1));
  return rc == 0 ? 0 : errno;
}

FileDescriptor open_file(const std::string& path, int flags, unsigned mode) {
  int fd;
  do {
    fd = ::open(path.c_str(), flags | O_CLOEXEC, static_cast<mode_t>(mode));
  } while (fd < 0 && errno == EINTR);
  return FileDescriptor(fd);
}

}  // namespace hwbench::platform
