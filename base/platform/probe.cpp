#include "base/platform/probe.hpp"

#include <unistd.h>

#include "base/platform/machine.hpp"
#include "base/platform/page_cache.hpp"

namespace hwbench::platform {

long RealMachineProbe::online_cpus() const { return ::sysconf(_SC_NPROCESSORS_ONLN); }

std::uint64_t RealMachineProbe::available_memory_bytes() const { return platform::available_memory_bytes(); }

std::optional<std::uint64_t> RealMachineProbe::free_bytes(const std::string& path) const {
  return platform::free_bytes(path);
}

std::string RealMachineProbe::filesystem_type(const std::string& path) const { return platform::filesystem_type(path); }

long SteadyProbe::online_cpus() const {
  if (!cpus_) cpus_ = machine_.online_cpus();
  return *cpus_;
}

std::uint64_t SteadyProbe::available_memory_bytes() const {
  if (!memory_) memory_ = machine_.available_memory_bytes();
  return *memory_;
}

std::optional<std::uint64_t> SteadyProbe::free_bytes(const std::string& path) const {
  auto it = free_.find(path);
  if (it == free_.end()) it = free_.emplace(path, machine_.free_bytes(path)).first;
  return it->second;
}

std::string SteadyProbe::filesystem_type(const std::string& path) const {
  auto it = fstype_.find(path);
  if (it == fstype_.end()) it = fstype_.emplace(path, machine_.filesystem_type(path)).first;
  return it->second;
}

}  // namespace hwbench::platform
