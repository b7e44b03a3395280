#include "runtime/platform/machine.hpp"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fstream>
#include <set>
#include <thread>

namespace hwbench::kernels::memory {

namespace {

std::optional<std::string> read_line(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  if (!in || !std::getline(in, line)) return std::nullopt;
  while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.pop_back();
  return line;
}

std::optional<std::uint64_t> read_number(const std::string& path) {
  const auto line = read_line(path);
  if (!line) return std::nullopt;
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(line->data(), line->data() + line->size(), v);
  if (ec != std::errc() || end != line->data() + line->size()) return std::nullopt;
  return v;
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
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  std::uint64_t scale = 1;
  if (!text.empty()) {
    switch (text.back()) {
      case 'K': scale = std::uint64_t{1} << 10; break;
      case 'M': scale = std::uint64_t{1} << 20; break;
      case 'G': scale = std::uint64_t{1} << 30; break;
      default: break;
    }
    if (scale != 1) text.remove_suffix(1);
  }
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v * scale;
}

std::uint64_t last_level_cache_bytes(const std::string& cpu_root, const std::vector<int>& cpus) {
  struct Instance {
    std::uint64_t level = 0;
    std::string shared;
    std::uint64_t size = 0;
  };
  std::vector<Instance> found;
  for (int cpu : cpus) {
    const std::string base = cpu_root + "/cpu" + std::to_string(cpu) + "/cache/index";
    for (int index = 0;; ++index) {
      const std::string dir = base + std::to_string(index) + "/";
      const auto level = read_number(dir + "level");
      if (!level) break;
      const auto type = read_line(dir + "type");
      if (type && *type == "Instruction") continue;
      const auto size_text = read_line(dir + "size");
      const auto size = size_text ? parse_cache_size(*size_text) : std::nullopt;
      if (!size) continue;
      found.push_back({*level, read_line(dir + "shared_cpu_list").value_or("cpu" + std::to_string(cpu)), *size});
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

std::uint64_t available_memory_bytes() {
  std::ifstream in("/proc/meminfo");
  std::string key;
  std::uint64_t kib = 0;
  std::string unit;
  while (in >> key >> kib) {
    std::getline(in, unit);
    if (key == "MemAvailable:") return kib * 1024;
  }
  const long pages = ::sysconf(_SC_AVPHYS_PAGES);
  const long page = ::sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) : 0;
}

}  // namespace hwbench::kernels::memory
