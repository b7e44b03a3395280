#pragma once
// What the checker asks of the machine it runs on: CPUs, memory, free space and file-system
// types. Behind an interface so that tests check recipes against a machine they describe.
#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace hwbench::platform {

/// The machine's resources, as the checker sees them before anything runs.
class MachineProbe {
 public:
  virtual ~MachineProbe() = default;
  /// The logical CPUs online: the value of a recipe's `$cpus`.
  virtual long online_cpus() const = 0;
  /// The memory still available to a new process, in bytes; 0 when unknown.
  virtual std::uint64_t available_memory_bytes() const = 0;
  /// Bytes available to an unprivileged user on the file system holding `path`; std::nullopt
  /// when it cannot be read.
  virtual std::optional<std::uint64_t> free_bytes(const std::string& path) const = 0;
  /// The type of the file system holding `path`: "ext4", "tmpfs", …; "" when it cannot be read.
  virtual std::string filesystem_type(const std::string& path) const = 0;
};

/// This machine: sysconf, /proc/meminfo, statvfs and statfs.
class RealMachineProbe : public MachineProbe {
 public:
  long online_cpus() const override;
  std::uint64_t available_memory_bytes() const override;
  std::optional<std::uint64_t> free_bytes(const std::string& path) const override;
  std::string filesystem_type(const std::string& path) const override;
};

/// Another probe's answers, each asked once: while a recipe is checked the machine is taken to
/// stand still, so a recipe of a million statements reads /proc/meminfo once, not a million
/// times. The run asks the machine itself again.
class SteadyProbe : public MachineProbe {
 public:
  explicit SteadyProbe(const MachineProbe& machine) : machine_(machine) {}
  long online_cpus() const override;
  std::uint64_t available_memory_bytes() const override;
  std::optional<std::uint64_t> free_bytes(const std::string& path) const override;
  std::string filesystem_type(const std::string& path) const override;

 private:
  const MachineProbe& machine_;
  mutable std::optional<long> cpus_;
  mutable std::optional<std::uint64_t> memory_;
  mutable std::map<std::string, std::optional<std::uint64_t>> free_;
  mutable std::map<std::string, std::string> fstype_;
};

}  // namespace hwbench::platform
