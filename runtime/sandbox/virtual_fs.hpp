#pragma once
// The checker's picture of the file system as the plan goes: the real files, plus what the
// run will have created, less what it will have removed.
#include <map>
#include <set>
#include <string>

#include "kernels/contract/kernel.hpp"

namespace hwbench::runtime::sandbox {

/// A FileView over the real file system with the run's planned changes laid on top.
class VirtualFs : public platform::FileView {
 public:
  /// `real` answers for every file the plan has not touched.
  explicit VirtualFs(const platform::FileView& real) : real_(real) {}

  bool exists(const std::string& path) const override;
  bool is_directory(const std::string& path) const override;
  std::optional<std::uint64_t> file_size(const std::string& path) const override;
  std::vector<std::string> glob(const std::string& pattern) const override;

  /// Records a file the run creates (or overwrites) with its size.
  void create(const std::string& path, std::uint64_t size);
  /// Records a removal.
  void remove(const std::string& path);
  /// Whether the run created `path` (and has not removed it).
  bool created(const std::string& path) const { return created_.count(path) != 0; }
  /// Whether the run ever created `path`.
  bool ever_created(const std::string& path) const { return ever_.count(path) != 0; }
  /// Bytes held by files the run created and has not removed.
  std::uint64_t held_bytes() const { return held_; }

 private:
  const platform::FileView& real_;
  /// The real file system's directories, each looked up once: it is taken to stand still
  /// while the checker walks (the run re-checks every path it touches).
  mutable std::map<std::string, bool> real_dirs_;
  std::map<std::string, std::uint64_t> created_;
  std::set<std::string> ever_;
  std::set<std::string> removed_;
  std::uint64_t held_ = 0;
};

}  // namespace hwbench::runtime::sandbox
