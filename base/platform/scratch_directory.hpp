#pragma once
// A directory of its own under the system's temporary directory, removed with everything in it
// when the object goes: where a command keeps files nobody asked to keep (a pre-check's recipe,
// a derived recipe not emitted).
#include <stdlib.h>

#include <filesystem>
#include <string>
#include <system_error>

namespace hwbench::platform {

class ScratchDirectory {
 public:
  /// Makes TMPDIR/PREFIX-XXXXXX; path() is "" when it could not.
  explicit ScratchDirectory(const std::string& prefix)
      : dir_((std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string()) {
    if (::mkdtemp(dir_.data()) == nullptr) dir_.clear();
  }
  ~ScratchDirectory() {
    std::error_code ec;
    if (!dir_.empty()) std::filesystem::remove_all(dir_, ec);
  }
  ScratchDirectory(const ScratchDirectory&) = delete;
  ScratchDirectory& operator=(const ScratchDirectory&) = delete;

  const std::string& path() const { return dir_; }

 private:
  std::string dir_;
};

}  // namespace hwbench::platform
