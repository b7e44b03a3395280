#include "runtime/sandbox/virtual_fs.hpp"

#include <fnmatch.h>

#include <algorithm>

#include "base/platform/real_file_view.hpp"

namespace hwbench::runtime::sandbox {

bool VirtualFs::exists(const std::string& path) const {
  if (created_.count(path)) return true;
  if (removed_.count(path)) return false;
  return real_.exists(path);
}

bool VirtualFs::is_directory(const std::string& path) const {
  if (created_.count(path) || removed_.count(path)) return false;
  auto it = real_dirs_.find(path);
  if (it == real_dirs_.end()) it = real_dirs_.emplace(path, real_.is_directory(path)).first;
  return it->second;
}

std::optional<std::uint64_t> VirtualFs::file_size(const std::string& path) const {
  if (auto it = created_.find(path); it != created_.end()) return it->second;
  if (removed_.count(path)) return std::nullopt;
  return real_.file_size(path);
}

std::vector<std::string> VirtualFs::glob(const std::string& pattern) const {
  std::vector<std::string> out;
  for (auto& p : real_.glob(pattern))
    if (!removed_.count(p)) out.push_back(p);
  // As the real glob: a pattern without a wildcard is its one name, escapes resolved; fnmatch
  // (without FNM_NOESCAPE) takes `\*` as a literal `*` too.
  const bool wildcard = platform::has_wildcard(pattern);
  const std::string literal = wildcard ? std::string() : platform::glob_literal(pattern);
  for (const auto& [p, size] : created_)
    if (wildcard ? ::fnmatch(pattern.c_str(), p.c_str(), FNM_PATHNAME | FNM_PERIOD) == 0 : p == literal)
      out.push_back(p);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

void VirtualFs::create(const std::string& path, std::uint64_t size) {
  auto it = created_.find(path);
  if (it != created_.end()) held_ -= it->second;
  created_[path] = size;
  held_ += size;
  ever_.insert(path);
  removed_.erase(path);
}

void VirtualFs::remove(const std::string& path) {
  auto it = created_.find(path);
  if (it != created_.end()) {
    held_ -= it->second;
    created_.erase(it);
  }
  removed_.insert(path);
}

}  // namespace hwbench::runtime::sandbox
