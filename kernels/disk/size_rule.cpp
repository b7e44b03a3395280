#include "kernels/disk/size_rule.hpp"

#include <unistd.h>

#include <algorithm>

#include <fmt/format.h>

namespace hwbench::kernels::disk {

namespace {
constexpr std::uint64_t default_size_mib = 300;  // bonnie++'s DefaultFileSize
}  // namespace

std::uint64_t physical_ram_mib() {
  const long pages = ::sysconf(_SC_PHYS_PAGES);
  const long page = ::sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return 0;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) / (1024 * 1024);
}

SizeDecision bonnie_file_size(std::optional<std::uint64_t> size_mib, std::optional<std::uint64_t> ram_mib,
                              std::uint64_t detected_ram_mib, std::uint64_t concurrency) {
  SizeDecision out;
  const std::uint64_t ram = ram_mib.value_or(detected_ram_mib);
  if (size_mib) {
    out.size_mib = *size_mib;
    if (ram_mib && ram > 0 && *size_mib * std::max<std::uint64_t>(1, concurrency) < 2 * ram)
      out.refusal = fmt::format("File size should be double RAM for good results, RAM is {}M.", ram);
    return out;
  }
  if (ram == 0) {
    out.size_mib = default_size_mib;
    return out;
  }
  out.size_mib = std::max(default_size_mib, 2 * ram);
  if (out.size_mib % 1024 > 512) out.size_mib += 1024 - out.size_mib % 1024;
  return out;
}

}  // namespace hwbench::kernels::disk
