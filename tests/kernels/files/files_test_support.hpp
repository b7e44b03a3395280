#pragma once
// Shared helpers for the files-family tests: temporary directories, whole-file I/O, hand-built calls.
#include <stdlib.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "base/platform/page_cache.hpp"
#include "base/platform/real_file_view.hpp"
#include "kernels/common/random_bytes.hpp"
#include "kernels/contract/kernel.hpp"

namespace hwbench::kernels::test {

/// A directory made with mkdtemp under `base`, removed with everything in it on destruction.
class TempDir {
 public:
  explicit TempDir(const std::string& base = "/tmp") {
    std::string templ = base + "/hwbench-files-test-XXXXXX";
    if (::mkdtemp(templ.data()) != nullptr) path_ = templ;
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  ~TempDir() {
    if (path_.empty()) return;
    std::error_code ec;
    std::filesystem::permissions(path_, std::filesystem::perms::owner_all, std::filesystem::perm_options::add, ec);
    std::filesystem::remove_all(path_, ec);
  }
  /// The directory, "" when it could not be made.
  const std::string& path() const { return path_; }
  /// A path inside the directory.
  std::string operator/(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

/// `n` deterministic pseudo-random bytes.
inline std::vector<unsigned char> random_content(std::size_t n, std::uint64_t seed) {
  std::vector<unsigned char> out(n);
  common::RandomBytes(seed).fill(out);
  return out;
}

/// Writes `bytes` to `path`, replacing it.
inline void put_file(const std::string& path, const std::vector<unsigned char>& bytes) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

/// The whole content of `path` (empty when unreadable).
inline std::vector<unsigned char> get_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary | std::ios::ate);
  if (!f) return {};
  std::vector<unsigned char> out(static_cast<std::size_t>(f.tellg()));
  f.seekg(0);
  f.read(reinterpret_cast<char*>(out.data()), static_cast<std::streamsize>(out.size()));
  return out;
}

/// A size parameter value of `bytes`.
inline ParamValue size_value(double bytes) {
  ParamValue v;
  v.number = bytes;
  v.text = std::to_string(static_cast<std::uint64_t>(bytes));
  v.given = true;
  return v;
}

/// A choice or word parameter value.
inline ParamValue text_value(const std::string& text) {
  ParamValue v;
  v.text = text;
  v.given = true;
  return v;
}

/// A path argument, written as its own absolute path.
inline ArgValue path_arg(const std::string& path) { return ArgValue{path, path}; }

/// A call of `spec` with `args` and `params`; every param of the spec that is missing gets the
/// value a user would get by default, as the checker fills it.
inline Call make_call(const KernelSpec& spec, std::vector<ArgValue> args,
                      std::vector<std::pair<std::string, ParamValue>> params = {}) {
  Call call;
  call.args = std::move(args);
  for (auto& [name, value] : params) call.params[name] = std::move(value);
  for (const auto& p : spec.params) {
    if (call.params.count(p.name) || p.default_text.empty()) continue;
    if (p.type == ParamType::size && p.default_text == "1MiB")
      call.params[p.name] = size_value(1 << 20);
    else {
      ParamValue v;
      v.text = p.default_text;
      call.params[p.name] = v;
    }
  }
  return call;
}

/// Ownership as the runtime keeps it: a set of paths this run created.
struct Ownership {
  std::set<std::string> paths;
  platform::RealFileView view;
  /// A Context over the real file system that owns exactly `paths`.
  Context context() const {
    Context c;
    c.files = &view;
    c.owned = [this](const std::string& p) { return paths.count(p) > 0; };
    return c;
  }
};

/// Runs make, prepare, run(n) and finish; returns the work done.
inline Work run_kernel(const KernelSpec& spec, const Call& call, const Context& context, std::uint64_t n = 1) {
  auto kernel = spec.make(call, context);
  kernel->prepare();
  Work w = kernel->run(n);
  kernel->finish();
  return w;
}

/// The message of the KernelError thrown by make + prepare + run(1), or "" when none is thrown.
inline std::string kernel_error(const KernelSpec& spec, const Call& call, const Context& context) {
  try {
    run_kernel(spec, call, context);
  } catch (const KernelError& e) {
    return e.what();
  }
  return "";
}

/// A directory on a file system that keeps a page cache (not tmpfs/ramfs) where a temporary
/// directory can be made, or "" when there is none.
inline std::string disk_base() {
  char cwd[4096];
  std::vector<std::string> candidates = {"/var/tmp", "/tmp"};
  if (::getcwd(cwd, sizeof cwd) != nullptr) candidates.insert(candidates.begin() + 1, cwd);
  for (const auto& c : candidates) {
    const std::string type = platform::filesystem_type(c);
    if (type.empty() || type == "tmpfs" || type == "ramfs") continue;
    if (::access(c.c_str(), W_OK) == 0) return c;
  }
  return "";
}

}  // namespace hwbench::kernels::test
