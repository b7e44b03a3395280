#include "runtime/sandbox/locations.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <filesystem>

#include <fmt/format.h>

#include "base/support/suggestions.hpp"
#include "lang/common/diagnostics.hpp"

namespace hwbench::runtime::sandbox {

namespace {

std::string nearest_existing_now(std::string path) {
  while (!path.empty()) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) == 0) return path;
    if (path == "/" || path.find('/') == std::string::npos) return "/";
    path = parent_of(path);
  }
  return "/";
}

/// Where `path` really is, its symbolic links followed; "" when they cannot be (a loop, a real
/// path past PATH_MAX), though the kernel may still follow them: such a place is nobody's to
/// vouch for. A path that does not exist is its own place.
std::string real_now(const std::string& path) {
  char buf[PATH_MAX];
  if (::realpath(path.c_str(), buf) != nullptr) return buf;
  return errno == ENOENT || errno == ENOTDIR ? path : "";
}

}  // namespace

std::string real_place(const std::string& path) { return real_now(path); }

namespace {

bool is_identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-'; }

}  // namespace

std::vector<Location> builtin_locations(const std::string& cwd, const platform::MachineProbe& machine) {
  auto is_tmpfs = [&](const std::string& path) { return machine.filesystem_type(path) == "tmpfs"; };
  std::vector<Location> out;
  Location ram{"ramdisk", "/dev/shm", true, false, {}, {}};
  if (!is_tmpfs("/dev/shm")) {
    ram.unavailable = "the built-in location 'ramdisk' has no default here: /dev/shm is not a tmpfs";
    ram.unavailable_hint = "mount one (mount -t tmpfs -o size=2G tmpfs /mnt/ram) and pass -L ramdisk=/mnt/ram";
    ram.unavailable_here = true;
  }
  out.push_back(ram);

  std::string disk_dir = normalize_path(cwd + "/hwbench-disk");
  if (is_tmpfs(nearest_existing_now(cwd))) disk_dir = "/var/tmp/hwbench-disk";
  Location disk{"disk", disk_dir, true, true, {}, {}};
  if (is_tmpfs(nearest_existing_now(disk_dir))) {
    disk.unavailable = "the built-in location 'disk' has no default here: " + disk_dir + " is on a tmpfs";
    disk.unavailable_hint = "pass -L disk=DIR with a directory on a real disk";
    disk.unavailable_here = true;
  }
  out.push_back(disk);

  const char* tmpdir = std::getenv("TMPDIR");
  std::string tmp_root = (tmpdir != nullptr && tmpdir[0] == '/') ? tmpdir : "/tmp";
  out.push_back({"tmp", normalize_path(tmp_root + "/hwbench-tmp"), true, true, {}, {}});
  return out;
}

std::string parent_of(std::string_view path) {
  const auto slash = path.find_last_of('/');
  if (slash == std::string_view::npos || slash == 0) return "/";
  return std::string(path.substr(0, slash));
}

std::string normalize_path(std::string_view path) {
  std::vector<std::string> parts;
  std::size_t i = 0;
  while (i < path.size()) {
    auto j = path.find('/', i);
    if (j == std::string_view::npos) j = path.size();
    auto part = path.substr(i, j - i);
    if (part.empty() || part == ".") {
    } else if (part == "..") {
      if (!parts.empty()) parts.pop_back();
    } else {
      parts.emplace_back(part);
    }
    i = j + 1;
  }
  std::string out;
  for (const auto& p : parts) out += "/" + p;
  return out.empty() ? "/" : out;
}

bool path_within(std::string_view path, std::string_view root) {
  if (root == "/") return true;
  if (path.size() < root.size() || path.substr(0, root.size()) != root) return false;
  return path.size() == root.size() || path[root.size()] == '/';
}

bool is_system_path(std::string_view path) {
  static const char* const forbidden[] = {"/etc", "/usr", "/bin", "/sbin", "/boot", "/proc", "/sys", "/dev"};
  if (path_within(path, "/dev/shm")) return false;
  for (const char* f : forbidden)
    if (path_within(path, f)) return true;
  // /lib, /lib32, /lib64, /libx32 …
  if (path.rfind("/lib", 0) == 0) {
    auto rest = path.substr(4);
    auto slash = rest.find('/');
    auto head = rest.substr(0, slash);
    if (std::all_of(head.begin(), head.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)); }))
      return true;
  }
  return path == "/";
}

std::string data_file_problem(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return "";
  if (!S_ISREG(st.st_mode)) return fmt::format("'{}' is not a regular file", path);
  if (real_now(path).empty()) return fmt::format("'{}' leads through symbolic links that cannot be followed", path);
  if (is_system_path(real_now(path)))
    return fmt::format("'{}' is in a system directory, which no recipe may read", path);
  return "";
}

PathResolver::PathResolver(std::vector<Location> locations, std::vector<std::pair<std::string, std::string>> remaps,
                           std::string cwd)
    : locations_(std::move(locations)), remaps_(std::move(remaps)), cwd_(std::move(cwd)) {
  for (auto& r : remaps_) {
    r.first = normalize_path(r.first);
    r.second = normalize_path(r.second);
  }
}

const Location* PathResolver::find(const std::string& name) const {
  for (const auto& l : locations_)
    if (l.name == name) return &l;
  return nullptr;
}

std::vector<std::string> PathResolver::names() const {
  std::vector<std::string> out;
  for (const auto& l : locations_) out.push_back(l.name);
  return out;
}

void PathResolver::pin_roots() {
  for (const auto& l : locations_) {
    if (!l.unavailable.empty()) continue;
    // A root not made yet is pinned as its nearest existing ancestor's real place and the rest.
    const std::string existing = nearest_existing(l.path);
    const std::string real_existing = real(existing);
    if (real_existing.empty()) continue;
    pinned_[l.path] = normalize_path(real_existing + "/" + l.path.substr(existing.size()));
  }
}

void PathResolver::remember_directories(bool on) {
  remember_ = on;
  nearest_.clear();
  real_.clear();
}

std::string PathResolver::nearest_existing(const std::string& path) const {
  if (!remember_) return nearest_existing_now(path);
  auto it = nearest_.find(path);
  if (it == nearest_.end()) it = nearest_.emplace(path, nearest_existing_now(path)).first;
  return it->second;
}

std::string PathResolver::real(const std::string& path) const {
  if (!remember_) return real_now(path);
  auto it = real_.find(path);
  if (it == real_.end()) it = real_.emplace(path, real_now(path)).first;
  return it->second;
}

std::optional<PathError> PathResolver::check_place(const std::string& path, const std::string& root, bool write) const {
  if (is_system_path(path))
    return PathError{fmt::format("'{}' is in a system directory, which no recipe may touch", path),
                     "use a location (ramdisk:, disk:, tmp:) or a directory of your own"};
  // The rest depends on what this machine's file system holds, which another machine's may not.
  const auto here = [](std::string message, std::string hint) {
    return PathError{std::move(message), std::move(hint), false, true};
  };
  struct stat own {};
  const bool present = ::lstat(path.c_str(), &own) == 0;
  // What `path` itself is, following a symlink.
  struct stat target = own;
  bool target_present = present;
  if (present && S_ISLNK(own.st_mode)) target_present = ::stat(path.c_str(), &target) == 0;
  // Files right in / (`rm /*`, `write /x`) belong to the system too; an existing top-level
  // directory (cp … -> /scratch) is a place of the user's.
  if (path.rfind('/') == 0 && !(target_present && S_ISDIR(target.st_mode)))
    return here(fmt::format("'{}' is in the root directory, which no recipe may touch", path),
                "use a location (ramdisk:, disk:, tmp:) or a directory of your own");
  // Follow symlinks as far as the path exists: the real place must stay where the text says.
  std::string existing = present ? path : nearest_existing(parent_of(path));
  std::string real_existing = real(existing);
  if (real_existing.empty())
    return here(fmt::format("'{}' leads through symbolic links that cannot be followed to a real place (a loop, "
                            "or a real path longer than PATH_MAX)",
                            path),
                "hwbench touches only places whose real path it can check");
  if (real_existing != existing && is_system_path(real_existing))
    return here(fmt::format("'{}' leads through a symlink into '{}', a system directory", path, real_existing),
                "remove the symlink or use another directory");
  if (!root.empty()) {
    const auto pinned = pinned_.find(root);
    const std::string real_root = pinned != pinned_.end() ? pinned->second : real(nearest_existing(root));
    if (path_within(existing, root) && !path_within(real_existing, real_root))
      return here(fmt::format("'{}' leaves its location through a symlink (it leads to '{}')", path, real_existing),
                  "hwbench never follows a symlink out of a location");
  }
  if (target_present && (S_ISCHR(target.st_mode) || S_ISBLK(target.st_mode)))
    return here(fmt::format("'{}' is a device file", path), "hwbench never reads or writes device files");
  // A FIFO's open waits for a writer, and no Ctrl-C ends that wait.
  if (target_present && (S_ISFIFO(target.st_mode) || S_ISSOCK(target.st_mode)))
    return here(fmt::format("'{}' is a {}, not a file", path, S_ISFIFO(target.st_mode) ? "FIFO" : "socket"),
                "hwbench reads and writes regular files only");
  (void)write;
  return std::nullopt;
}

std::optional<ResolvedPath> PathResolver::resolve(std::string_view text, bool write, PathError& error) const {
  ResolvedPath out;
  out.display = std::string(text);
  std::size_t colon = 0;
  while (colon < text.size() && is_identifier_char(text[colon])) ++colon;
  bool has_location =
      colon > 0 && colon < text.size() && text[colon] == ':' && std::isalpha(static_cast<unsigned char>(text[0]));
  std::string root;
  if (has_location) {
    std::string name(text.substr(0, colon));
    const Location* loc = find(name);
    if (loc == nullptr) {
      error = {
          fmt::format("unknown location '{}'", name),
          support::did_you_mean(name, names(),
                                "declare it with: location " + name + " = \"/some/dir\", or pass -L " + name + "=DIR")};
      return std::nullopt;
    }
    if (!loc->unavailable.empty()) {
      error = {loc->unavailable, loc->unavailable_hint, true, loc->unavailable_here};
      return std::nullopt;
    }
    auto rest = text.substr(colon + 1);
    // ".." may move inside a location but never above its top.
    int depth = 0;
    for (std::size_t i = 0; i < rest.size();) {
      auto j = rest.find('/', i);
      if (j == std::string_view::npos) j = rest.size();
      auto part = rest.substr(i, j - i);
      if (part == "..") {
        if (--depth < 0) {
          error = {fmt::format("'{}' climbs out of the location '{}' with '..'", text, name),
                   "a path inside a location stays inside it"};
          return std::nullopt;
        }
      } else if (!part.empty() && part != ".") {
        ++depth;
      }
      i = j + 1;
    }
    root = loc->path;
    used_.insert(std::string(name));
    out.location = name;
    out.path = normalize_path(loc->path + "/" + std::string(rest));
  } else {
    std::string raw(text);
    if (raw.empty()) {
      error = {"empty path", "write a location path such as ramdisk:/file or an absolute path"};
      return std::nullopt;
    }
    for (std::size_t i = 0; i + 1 < raw.size(); ++i) {
      bool start = i == 0 || raw[i - 1] == '/';
      bool end = i + 2 == raw.size() || raw[i + 2] == '/';
      if (raw[i] == '.' && raw[i + 1] == '.' && start && end) {
        error = {fmt::format("'..' is not allowed in the {} path '{}'", raw[0] == '/' ? "absolute" : "relative", raw),
                 "write the directory itself, or use a location"};
        return std::nullopt;
      }
    }
    if (raw[0] != '/') raw = cwd_ + "/" + raw;
    out.path = normalize_path(raw);
    for (const auto& [from, to] : remaps_) {
      if (path_within(out.path, from)) {
        used_.insert(from);
        out.path = normalize_path(to + out.path.substr(from.size()));
        break;
      }
    }
  }
  if (auto e = check_place(out.path, root, write)) {
    error = *e;
    return std::nullopt;
  }
  return out;
}

std::optional<PathError> PathResolver::recheck(const ResolvedPath& path, bool write) const {
  std::string root;
  if (!path.location.empty()) {
    if (const Location* loc = find(path.location)) root = loc->path;
  } else {
    // The deepest location holding the path is the one it must not leave.
    for (const auto& l : locations_)
      if (path_within(path.path, l.path) && l.path.size() > root.size()) root = l.path;
  }
  return check_place(path.path, root, write);
}

}  // namespace hwbench::runtime::sandbox
