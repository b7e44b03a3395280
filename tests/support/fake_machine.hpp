#pragma once
// A machine described by the test: CPUs, available memory, and file systems with their types
// and free space, so that what `check` says about resources is the same on every host.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/platform/probe.hpp"

namespace hwbench::test {

/// One file system of a FakeMachine: the paths at or below `mount` are on it.
struct FakeFileSystem {
  std::string mount;
  std::string type;
  std::optional<std::uint64_t> free;  ///< std::nullopt: statvfs would fail
};

/// A MachineProbe that answers from its fields.
class FakeMachine : public platform::MachineProbe {
 public:
  static constexpr std::uint64_t GiB = std::uint64_t{1} << 30;

  long cpus = 4;
  std::uint64_t available_memory = 64 * GiB;
  /// A path is on the file system with the longest mount point that holds it.
  std::vector<FakeFileSystem> file_systems = {{"/", "ext4", 100 * GiB}};

  long online_cpus() const override { return cpus; }
  std::uint64_t available_memory_bytes() const override { return available_memory; }
  std::optional<std::uint64_t> free_bytes(const std::string& path) const override {
    const FakeFileSystem* fs = holding(path);
    return fs ? fs->free : std::nullopt;
  }
  std::string filesystem_type(const std::string& path) const override {
    const FakeFileSystem* fs = holding(path);
    return fs ? fs->type : "";
  }

 private:
  const FakeFileSystem* holding(const std::string& path) const {
    const FakeFileSystem* best = nullptr;
    for (const auto& fs : file_systems) {
      const std::string& m = fs.mount;
      const bool within =
          m == "/" || path == m || (path.rfind(m, 0) == 0 && path.size() > m.size() && path[m.size()] == '/');
      if (within && path.rfind('/', 0) == 0 && (best == nullptr || m.size() > best->mount.size())) best = &fs;
    }
    return best;
  }
};

}  // namespace hwbench::test
