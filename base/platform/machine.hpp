#pragma once
// What the memory kernels and the environment capture ask of the machine: the CPUs this process
// may run on, the caches sysfs lists (STREAM sizes its arrays from the last level's) and the
// memory still available.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/platform/whole_file.hpp"

namespace hwbench::platform {

/// The CPUs this process may run on (sched_getaffinity), ascending; 0..hardware_concurrency-1
/// when the mask cannot be read; never empty.
std::vector<int> allowed_cpus();

/// A sysfs cache size ("32K", "32768K", "2M", "1G", or a plain byte count; white space around
/// it and a lower-case suffix are accepted) in bytes.
std::optional<std::uint64_t> parse_cache_size(std::string_view text);

/// Reads a file the way read_whole_file() does; tests and the environment capture pass their own.
using ReadSystemFile = std::function<std::optional<std::string>(const std::string& path)>;

/// One cache of one CPU as sysfs lists it in `cpuN/cache/indexM/`; a field is std::nullopt when
/// its file cannot be read or does not hold what it should. Texts are trimmed.
struct CpuCache {
  std::optional<std::uint64_t> level;          ///< `level`: 1, 2, 3…
  std::optional<std::string> type;             ///< `type`: "Data", "Instruction" or "Unified"
  std::optional<std::uint64_t> size;           ///< `size`, in bytes (parse_cache_size)
  std::optional<std::string> shared_cpu_list;  ///< `shared_cpu_list`: "0-1", one per instance
  std::optional<std::uint64_t> line_size;      ///< `coherency_line_size`, in bytes
};

/// The caches of CPU `cpu` under `cpu_root` (/sys/devices/system/cpu), read with `read`: index0,
/// index1, … up to the first whose `level` file cannot be read (at most 64).
std::vector<CpuCache> cpu_caches(
    const std::string& cpu_root, int cpu,
    const ReadSystemFile& read = [](const std::string& path) { return read_whole_file(path); });

/// The total of the last-level caches that `cpus` use, read from `cpu_root`
/// (/sys/devices/system/cpu): the data or unified caches of the highest level, each instance
/// (one shared_cpu_list) counted once. 0 when nothing can be read.
std::uint64_t last_level_cache_bytes(const std::string& cpu_root, const std::vector<int>& cpus);

/// last_level_cache_bytes() of this machine for allowed_cpus(), or sysconf's L3 (then L2) size
/// when sysfs says nothing; 0 when unknown.
std::uint64_t last_level_cache_bytes();

/// A field of /proc/meminfo's text (`MemTotal`, `MemAvailable`) in bytes: its count, times 1024
/// when the line says kB; std::nullopt when the text has no such line or the line no count.
std::optional<std::uint64_t> meminfo_bytes(std::string_view meminfo, std::string_view field);

/// MemAvailable from /proc/meminfo in bytes, or free pages from sysconf; 0 when unknown.
std::uint64_t available_memory_bytes();

}  // namespace hwbench::platform
