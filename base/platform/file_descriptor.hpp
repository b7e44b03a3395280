#pragma once
// An owned POSIX file descriptor, closed on destruction.
#include <string>

namespace hwbench::platform {

/// Owns one file descriptor; move-only.
class FileDescriptor {
 public:
  /// No descriptor.
  FileDescriptor() = default;
  /// Takes ownership of `fd` (-1 for none).
  explicit FileDescriptor(int fd) : fd_(fd) {}
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  /// Takes the other's descriptor.
  FileDescriptor(FileDescriptor&& other) noexcept;
  /// Closes ours, then takes the other's descriptor.
  FileDescriptor& operator=(FileDescriptor&& other) noexcept;
  /// Closes the descriptor.
  ~FileDescriptor();

  /// The descriptor, -1 when none.
  int get() const { return fd_; }
  /// Whether a descriptor is held.
  bool valid() const { return fd_ >= 0; }
  /// Closes the descriptor; returns 0 or the errno close(2) reported.
  int close();

 private:
  int fd_ = -1;
};

/// open(2) retried on EINTR, with O_CLOEXEC added; the descriptor is invalid on failure (errno set).
FileDescriptor open_file(const std::string& path, int flags, unsigned mode = 0);

}  // namespace hwbench::platform
