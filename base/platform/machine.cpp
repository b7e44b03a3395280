#include "base/platform/machine.hpp"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <iterator>
#include <set>
#include <thread>

#include "base/support/system_text.hpp"

namespace hwbench::platform {

namespace {

// The whole of `text` (trimmed) as a non-negative integer.
std::optional<std::uint64_t> unsigned_number(std::string_view text) {
  const auto n = support::parse_integer(text);
  if (!n || *n < 0) return std::nullopt;
  return static_cast<std::uint64_t>(*n);
}

}  // namespace

std::vector<int> allowed_cpus() {
  std::vector<int> cpus;
  cpu_set_t set;
  CPU_ZERO(&set);
  if (::sched_getaffinity(0, sizeof set, &set) == 0) {
    for (int c = 0; c < CPU_SETSIZE; ++c)
      if (CPU_ISSET(c, &set)) cpus.push_back(c);
  }
  if (cpus.empty()) {
    const unsigned n = std::max(1u, std::thread::hardware_concurrency());
    for (unsigned c = 0; c < n; ++c) cpus.push_back(static_cast<int>(c));
  }
  return cpus;
}

std::optional<std::uint64_t> parse_cache_size(std::string_view text) {
  std::string t = support::trim(text);
  std::uint64_t scale = 1;
  if (!t.empty()) {
    switch (std::toupper(static_cast<unsigned char>(t.back()))) {
      case 'K':
        scale = std::uint64_t{1} << 10;
        break;
      case 'M':
        scale = std::uint64_t{1} << 20;
        break;
      case 'G':
        scale = std::uint64_t{1} << 30;
        break;
      default:
        break;
    }
    if (scale != 1) t.pop_back();
  }
  const auto n = unsigned_number(t);
  if (!n) return std::nullopt;
  return *n * scale;
}

std::vector<CpuCache> cpu_caches(const std::string& cpu_root, int cpu, const ReadSystemFile& read) {
  std::vector<CpuCache> caches;
  // index0, index1, … are numbered without gaps, so the first missing one ends the list.
  for (int index = 0; index < 64; ++index) {
    const std::string dir = cpu_root + "/cpu" + std::to_string(cpu) + "/cache/index" + std::to_string(index) + "/";
    const auto level = read(dir + "level");
    if (!level) break;
    const auto text = [&](const char* name) -> std::optional<std::string> {
      const auto content = read(dir + name);
      return content ? std::optional(support::trim(*content)) : std::nullopt;
    };
    const auto number = [&](const char* name) -> std::optional<std::uint64_t> {
      const auto content = read(dir + name);
      return content ? unsigned_number(*content) : std::nullopt;
    };
    const auto size = read(dir + "size");
    caches.push_back({unsigned_number(*level), text("type"), size ? parse_cache_size(*size) : std::nullopt,
                      text("shared_cpu_list"), number("coherency_line_size")});
  }
  return caches;
}

std::uint64_t last_level_cache_bytes(const std::string& cpu_root, const std::vector<int>& cpus) {
  struct Instance {
    std::uint64_t level = 0;
    std::string shared;
    std::uint64_t size = 0;
  };
  std::vector<Instance> found;
  for (int cpu : cpus) {
    for (const auto& cache : cpu_caches(cpu_root, cpu)) {
      if (!cache.level) break;
      if (cache.type == "Instruction" || !cache.size) continue;
      found.push_back({*cache.level, cache.shared_cpu_list.value_or("cpu" + std::to_string(cpu)), *cache.size});
    }
  }
  std::uint64_t top = 0;
  for (const auto& i : found) top = std::max(top, i.level);
  std::set<std::string> counted;
  std::uint64_t total = 0;
  for (const auto& i : found)
    if (i.level == top && counted.insert(i.shared).second) total += i.size;
  return total;
}

std::uint64_t last_level_cache_bytes() {
  const std::uint64_t from_sysfs = last_level_cache_bytes("/sys/devices/system/cpu", allowed_cpus());
  if (from_sysfs > 0) return from_sysfs;
  for (int name : {_SC_LEVEL3_CACHE_SIZE, _SC_LEVEL2_CACHE_SIZE}) {
    const long v = ::sysconf(name);
    if (v > 0) return static_cast<std::uint64_t>(v);
  }
  return 0;
}

std::optional<std::uint64_t> meminfo_bytes(std::string_view meminfo, std::string_view field) {
  while (!meminfo.empty()) {
    const auto end = meminfo.find('\n');
    const std::string_view line = meminfo.substr(0, end);
    meminfo = end == std::string_view::npos ? std::string_view() : meminfo.substr(end + 1);
    if (!line.starts_with(field) || line.substr(field.size(), 1) != ":") continue;
    const auto words = support::split_words(line.substr(field.size() + 1));
    if (words.empty()) return std::nullopt;
    const auto n = unsigned_number(words[0]);
    if (!n) return std::nullopt;
    const std::uint64_t scale = words.size() > 1 && words[1] == "kB" ? 1024 : 1;
    return *n * scale;
  }
  return std::nullopt;
}

std::uint64_t available_memory_bytes() {
  if (const auto meminfo = read_whole_file("/proc/meminfo"))
    if (const auto bytes = meminfo_bytes(*meminfo, "MemAvailable")) return *bytes;
  const long pages = ::sysconf(_SC_AVPHYS_PAGES);
  const long page = ::sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) : 0;
}

}  // namespace hwbench::platform
