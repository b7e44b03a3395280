#include "kernels/common/kernel_io.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstring>

#include <fmt/format.h>

namespace hwbench::kernels::common {

KernelError io_error(const std::string& verb, const std::string& path, int err) {
  return KernelError(fmt::format("cannot {} {}: {}", verb, path, std::strerror(err)));
}

std::string base_name(const std::string& path) {
  std::string p = path;
  while (p.size() > 1 && p.back() == '/') p.pop_back();
  const auto slash = p.rfind('/');
  return slash == std::string::npos ? p : p.substr(slash + 1);
}

std::string join_path(const std::string& dir, const std::string& name) {
  if (dir.empty()) return name;
  if (dir.back() == '/') return dir + name;
  return dir + "/" + name;
}

std::uint64_t size_value(const Call& call, const std::string& name, std::uint64_t fallback) {
  const auto it = call.params.find(name);
  if (it == call.params.end()) return fallback;
  const double v = it->second.number;
  return v > 0 ? static_cast<std::uint64_t>(std::llround(v)) : 0;
}

std::string text_value(const Call& call, const std::string& name, const std::string& fallback) {
  const auto it = call.params.find(name);
  return it == call.params.end() || it->second.text.empty() ? fallback : it->second.text;
}

void refuse_foreign_overwrite(const std::string& path, const Context& context) {
  if (!context.owned) return;
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return;
  if (!context.owned(path))
    throw KernelError(fmt::format(
        "refusing to overwrite {}: it existed before this run, which only replaces files it created", path));
}

bool interrupted(const Context& context) { return context.interrupted != nullptr && *context.interrupted; }

void write_all(int fd, const unsigned char* data, std::size_t size, const std::string& path) {
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw io_error("write", path, errno);
    }
    // A zero-byte write of a non-empty buffer only happens when the device is full.
    if (n == 0) throw io_error("write", path, ENOSPC);
    data += n;
    size -= static_cast<std::size_t>(n);
  }
}

}  // namespace hwbench::kernels::common
