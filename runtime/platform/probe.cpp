#include "runtime/platform/probe.hpp"

#include <unistd.h>

#include "runtime/platform/machine.hpp"
#include "runtime/platform/page_cache.hpp"

namespace hwbench::runtime {

long RealMachineProbe::online_cpus() const { return ::sysconf(_SC_NPROCESSORS_ONLN); }

std::uint64_t RealMachineProbe::available_memory_bytes() const { return kernels::memory::available_memory_bytes(); }

std::optional<std::uint64_t> RealMachineProbe::free_bytes(const std::string& path) const {
  return kernels::free_bytes(path);
}

std::string RealMachineProbe::filesystem_type(const std::string& path) const { return kernels::filesystem_type(path); }

}  // namespace hwbench::runtime
