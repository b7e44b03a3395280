#include "base/platform/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <vector>

#include "base/platform/whole_file.hpp"

namespace hwbench::platform {

namespace {

std::string describe(const std::string& what, const std::string& path, int err) {
  return what + " " + path + ": " + std::strerror(err);
}

// umask() can only be read by setting it, which races with other threads; the kernel also
// publishes it in /proc/self/status (Linux 4.7+).
mode_t current_umask() {
  const auto status = read_whole_file("/proc/self/status");
  const std::size_t at = status ? status->find("\nUmask:") : std::string::npos;
  if (at == std::string::npos) return 022;
  try {
    return static_cast<mode_t>(std::stoul(status->substr(at + 7), nullptr, 8));
  } catch (const std::exception&) {
    return 022;
  }
}

std::string parent_directory(const std::string& path) {
  const auto slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

bool write_all(int fd, std::string_view content) {
  while (!content.empty()) {
    const ssize_t n = ::write(fd, content.data(), content.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    content.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

bool sync_directory(const std::string& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return false;
  // Some filesystems cannot sync a directory at all; the rename is as durable as they allow.
  const bool ok = ::fsync(fd) == 0 || errno == EINVAL || errno == ENOTSUP;
  const int saved = errno;
  ::close(fd);
  errno = saved;
  return ok;
}

/// Writes what `produce` gives straight into `path`, which is no regular file (a device such as
/// /dev/null or /dev/stdout, a FIFO): there is nothing to replace, and a rename over it would
/// put a regular file in the device's place.
bool write_through(const std::string& path, const std::function<void(const FileWriter&)>& produce, std::string& error) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    error = describe("cannot write", path, errno);
    return false;
  }
  bool ok = true;
  int err = 0;
  produce([&](std::string_view piece) {
    if (ok && !write_all(fd, piece)) {
      ok = false;
      err = errno;
    }
  });
  if (::close(fd) != 0 && ok) {
    ok = false;
    err = errno;
  }
  if (!ok) error = describe("cannot write", path, err);
  return ok;
}

/// `target` (the file `path` names, through a symbolic link or not) replaced by a temporary file
/// beside it, renamed over it once written whole and synced; errors name `path`.
bool replace_file(const std::string& path, const std::string& target,
                  const std::function<void(const FileWriter&)>& produce, std::string& error) {
  std::vector<char> temp(target.begin(), target.end());
  const std::string suffix = ".tmp-XXXXXX";
  temp.insert(temp.end(), suffix.begin(), suffix.end());
  temp.push_back('\0');

  const int fd = ::mkostemp(temp.data(), O_CLOEXEC);
  if (fd < 0) {
    error = describe("cannot write", path, errno);
    return false;
  }
  const std::string temp_path(temp.data());

  mode_t mode = 0666 & ~current_umask();
  struct stat existing {};
  if (::stat(target.c_str(), &existing) == 0 && S_ISREG(existing.st_mode)) {
    mode = existing.st_mode & 07777;
  }

  bool ok = ::fchmod(fd, mode) == 0;
  int err = errno;
  if (ok) {
    produce([&](std::string_view piece) {
      if (ok && !write_all(fd, piece)) {
        ok = false;
        err = errno;
      }
    });
  }
  if (ok && ::fsync(fd) != 0) {
    ok = false;
    err = errno;
  }
  if (::close(fd) != 0 && ok) {
    ok = false;
    err = errno;
  }
  if (ok && ::rename(temp_path.c_str(), target.c_str()) != 0) {
    ok = false;
    err = errno;
  }
  if (!ok) {
    ::unlink(temp_path.c_str());
    error = describe("cannot write", path, err);
    return false;
  }
  if (!sync_directory(parent_directory(target))) {
    error = describe("cannot write", path, errno);
    return false;
  }
  return true;
}

}  // namespace

bool write_file_atomically(const std::string& path, std::string_view content, std::string& error) {
  return write_file_atomically(
      path, [content](const FileWriter& write) { write(content); }, error);
}

bool write_file_atomically(const std::string& path, const std::function<void(const FileWriter&)>& produce,
                           std::string& error) {
  if (path.empty()) {
    error = "cannot write an empty path";
    return false;
  }
  struct stat existing {};
  if (::stat(path.c_str(), &existing) == 0) {
    if (S_ISDIR(existing.st_mode)) {
      error = describe("cannot write", path, EISDIR);
      return false;
    }
    if (!S_ISREG(existing.st_mode)) return write_through(path, produce, error);
  }
  // A symbolic link to a file: the file it names is replaced, the link stays.
  std::string target = path;
  struct stat link {};
  if (::lstat(path.c_str(), &link) == 0 && S_ISLNK(link.st_mode)) {
    std::vector<char> resolved(PATH_MAX + 1, '\0');
    if (::realpath(path.c_str(), resolved.data()) != nullptr) target = resolved.data();
  }
  return replace_file(path, target, produce, error);
}

bool make_directories(const std::string& dir, std::string& error) {
  if (dir.empty()) {
    error = "cannot create directory: empty path";
    return false;
  }
  // Every prefix ending before a '/', then the whole path; repeated slashes give empty or
  // repeated prefixes, which are skipped.
  std::vector<std::string> prefixes;
  for (std::size_t i = 1; i <= dir.size(); ++i) {
    if (i == dir.size() || dir[i] == '/') {
      if (dir[i - 1] == '/') continue;
      prefixes.push_back(dir.substr(0, i));
    }
  }
  for (const auto& prefix : prefixes) {
    if (::mkdir(prefix.c_str(), 0777) == 0) continue;
    const int err = errno;
    struct stat st {};
    // An existing directory is fine whatever mkdir said (EEXIST, or EROFS/EACCES on some systems).
    if (::stat(prefix.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) continue;
    error = describe("cannot create directory", prefix, err);
    return false;
  }
  return true;
}

namespace {
FileIdentity identity_of(const struct stat& st) {
  return {static_cast<unsigned long long>(st.st_dev), static_cast<unsigned long long>(st.st_ino),
          static_cast<long long>(st.st_ctim.tv_sec) * 1000000000LL + st.st_ctim.tv_nsec};
}
}  // namespace

int create_new_file(const std::string& path, FileIdentity& id) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) return errno;
  struct stat st {};
  const int rc = ::fstat(fd, &st);
  const int err = errno;
  ::close(fd);
  if (rc != 0) return err;
  id = identity_of(st);
  return 0;
}

void remove_if_still_empty(const std::string& path, const FileIdentity& id) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size != 0 || !(identity_of(st) == id)) return;
  ::unlink(path.c_str());
}

}  // namespace hwbench::platform
