#include "runtime/environment/cpu_environment.hpp"

#include <optional>
#include <set>
#include <sstream>
#include <utility>

#include "runtime/platform/machine.hpp"
#include "runtime/support/system_text.hpp"

namespace hwbench::runtime::environment {

namespace {

using nlohmann::json;
using support::parse_double;
using support::parse_integer;
using support::split_words;
using support::trim;

json or_null(const std::optional<std::string>& value) { return value ? json(*value) : json(nullptr); }

template <typename T>
json or_null(const std::optional<T>& value) {
  return value ? json(*value) : json(nullptr);
}

// The first value of `key` in any block: the first processor's, or a machine-wide one.
std::optional<std::string> cpu_field(const CpuInfo& blocks, const std::string& key) {
  for (const auto& block : blocks) {
    if (const auto it = block.find(key); it != block.end()) return it->second;
  }
  return std::nullopt;
}

}  // namespace

CpuInfo parse_cpuinfo(const std::string& text) {
  CpuInfo blocks(1);
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (trim(line).empty()) {
      if (!blocks.back().empty()) blocks.emplace_back();
      continue;
    }
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    blocks.back().emplace(trim(line.substr(0, colon)), trim(line.substr(colon + 1)));
  }
  if (blocks.back().empty()) blocks.pop_back();
  return blocks;
}

json capture_cpu(const CpuInfo& blocks) {
  std::optional<std::string> model;
  for (const char* key : {"model name", "Processor", "cpu model", "Hardware"}) {
    if ((model = cpu_field(blocks, key))) break;
  }
  auto flags = cpu_field(blocks, "flags");
  if (!flags) flags = cpu_field(blocks, "Features");
  const auto number = [&](const char* key) -> json {
    const auto text = cpu_field(blocks, key);
    return text ? or_null(parse_integer(*text)) : json(nullptr);
  };
  const auto mhz = cpu_field(blocks, "cpu MHz");
  return {
      {"model", or_null(model)},
      {"vendor", or_null(cpu_field(blocks, "vendor_id"))},
      {"family", number("cpu family")},
      {"model_number", number("model")},
      {"stepping", number("stepping")},
      {"flags", flags ? split_words(*flags) : std::vector<std::string>{}},
      {"mhz", mhz ? or_null(parse_double(*mhz)) : json(nullptr)},
      // As /proc/cpuinfo words it ("307200 KB"): nbench's report prints it verbatim.
      {"cache_size", or_null(cpu_field(blocks, "cache size"))},
  };
}

json physical_cores(const CpuInfo& blocks) {
  std::set<std::pair<std::string, std::string>> cores;
  for (const auto& block : blocks) {
    if (block.find("processor") == block.end()) continue;
    const auto package = block.find("physical id");
    const auto core = block.find("core id");
    if (package == block.end() || core == block.end()) return nullptr;
    cores.emplace(package->second, core->second);
  }
  if (cores.empty()) return nullptr;
  return cores.size();
}

json capture_caches(const SystemFiles& system) {
  json caches = json::array();
  const auto read = [&](const std::string& path) { return system.read(path); };
  for (const auto& cache : platform::cpu_caches("/sys/devices/system/cpu", 0, read)) {
    caches.push_back({
        {"level", or_null(cache.level)},
        {"type", or_null(cache.type)},
        {"size", or_null(cache.size)},
        {"shared_cpu_list", or_null(cache.shared_cpu_list)},
        {"line_size", or_null(cache.line_size)},
    });
  }
  return caches;
}

}  // namespace hwbench::runtime::environment
