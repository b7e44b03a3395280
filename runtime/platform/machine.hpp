#pragma once
// What the memory kernels ask of the machine: the CPUs this process may run on, the size of the
// last-level caches (STREAM sizes its arrays from it) and the memory still available.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hwbench::kernels::memory {

/// The CPUs this process may run on (sched_getaffinity), ascending; 0..hardware_concurrency-1
/// when the mask cannot be read; never empty.
std::vector<int> allowed_cpus();

/// A sysfs cache size ("32K", "32768K", "2M", or a plain byte count) in bytes.
std::optional<std::uint64_t> parse_cache_size(std::string_view text);

/// The total of the last-level caches that `cpus` use, read from `cpu_root`
/// (/sys/devices/system/cpu): the data or unified caches of the highest level, each instance
/// (one shared_cpu_list) counted once. 0 when nothing can be read.
std::uint64_t last_level_cache_bytes(const std::string& cpu_root, const std::vector<int>& cpus);

/// last_level_cache_bytes() of this machine for allowed_cpus(), or sysconf's L3 (then L2) size
/// when sysfs says nothing; 0 when unknown.
std::uint64_t last_level_cache_bytes();

/// MemAvailable from /proc/meminfo in bytes, or free pages from sysconf; 0 when unknown.
std::uint64_t available_memory_bytes();

}  // namespace hwbench::kernels::memory
