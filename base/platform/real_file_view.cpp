#include "base/platform/real_file_view.hpp"

#include <dirent.h>
#include <fnmatch.h>
#include <sys/stat.h>

#include <algorithm>
#include <memory>

namespace hwbench::platform {

namespace {

bool is_regular_file_no_follow(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

}  // namespace

bool has_wildcard(const std::string& text) { return text.find_first_of("*?[") != std::string::npos; }

bool RealFileView::exists(const std::string& path) const {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0;
}

bool RealFileView::is_directory(const std::string& path) const {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

std::optional<std::uint64_t> RealFileView::file_size(const std::string& path) const {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  return static_cast<std::uint64_t>(st.st_size);
}

std::vector<std::string> RealFileView::glob(const std::string& pattern) const {
  std::vector<std::string> out;
  const auto slash = pattern.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : pattern.substr(0, slash);
  const std::string name = slash == std::string::npos ? pattern : pattern.substr(slash + 1);
  if (has_wildcard(dir) || name.empty()) return out;
  const std::string prefix = slash == std::string::npos ? "" : pattern.substr(0, slash + 1);

  if (!has_wildcard(name)) {
    if (is_regular_file_no_follow(pattern)) out.push_back(pattern);
    return out;
  }
  std::unique_ptr<DIR, int (*)(DIR*)> d(::opendir(dir.empty() ? "/" : dir.c_str()), ::closedir);
  if (!d) return out;
  while (const dirent* entry = ::readdir(d.get())) {
    const std::string entry_name = entry->d_name;
    if (entry_name == "." || entry_name == "..") continue;
    if (::fnmatch(name.c_str(), entry_name.c_str(), FNM_PERIOD) != 0) continue;
    const std::string full = prefix + entry_name;
    if (is_regular_file_no_follow(full)) out.push_back(full);
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace hwbench::platform
