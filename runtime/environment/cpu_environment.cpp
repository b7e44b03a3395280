#include "runtime/environment/cpu_environment.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <set>
#include <sstream>
#include <utility>

#include "base/platform/machine.hpp"
#include "base/support/system_text.hpp"

namespace hwbench::runtime::environment {

namespace {

using nlohmann::json;

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

struct ArmPart {
  unsigned implementer;
  unsigned part;
  const char* name;
};

// The designers ARM cores name in "CPU implementer", and ARM's own cores by "CPU part", as
// util-linux's lscpu and ARM's reference manuals list them: the cores of the boards and servers
// people measure (Raspberry Pi, Odroid, Rockchip, Graviton, Ampere).
constexpr std::pair<unsigned, const char*> arm_implementers[] = {
    {0x41, "ARM"}, {0x42, "Broadcom"}, {0x43, "Cavium"},  {0x46, "Fujitsu"}, {0x48, "HiSilicon"}, {0x4e, "NVIDIA"},
    {0x50, "APM"}, {0x51, "Qualcomm"}, {0x53, "Samsung"}, {0x61, "Apple"},   {0x6d, "Microsoft"}, {0xc0, "Ampere"}};

constexpr ArmPart arm_parts[] = {
    {0x41, 0xb76, "ARM1176"},     {0x41, 0xc07, "Cortex-A7"},  {0x41, 0xc08, "Cortex-A8"},
    {0x41, 0xc09, "Cortex-A9"},   {0x41, 0xc0d, "Cortex-A12"}, {0x41, 0xc0e, "Cortex-A17"},
    {0x41, 0xc0f, "Cortex-A15"},  {0x41, 0xd03, "Cortex-A53"}, {0x41, 0xd04, "Cortex-A35"},
    {0x41, 0xd05, "Cortex-A55"},  {0x41, 0xd07, "Cortex-A57"}, {0x41, 0xd08, "Cortex-A72"},
    {0x41, 0xd09, "Cortex-A73"},  {0x41, 0xd0a, "Cortex-A75"}, {0x41, 0xd0b, "Cortex-A76"},
    {0x41, 0xd0c, "Neoverse-N1"}, {0x41, 0xd0d, "Cortex-A77"}, {0x41, 0xd40, "Neoverse-V1"},
    {0x41, 0xd41, "Cortex-A78"},  {0x41, 0xd44, "Cortex-X1"},  {0x41, 0xd46, "Cortex-A510"},
    {0x41, 0xd47, "Cortex-A710"}, {0x41, 0xd48, "Cortex-X2"},  {0x41, 0xd49, "Neoverse-N2"},
    {0x41, 0xd4f, "Neoverse-V2"}, {0xc0, 0xac3, "Ampere-1"}};

std::optional<unsigned> hex_number(const std::string& text) {
  const std::string t = support::trim(text);
  if (t.size() < 3 || t[0] != '0' || (t[1] != 'x' && t[1] != 'X')) return std::nullopt;
  unsigned value = 0;
  for (std::size_t i = 2; i < t.size(); ++i) {
    const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(t[i])));
    const int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (digit < 0 || i > 9) return std::nullopt;
    value = value * 16 + static_cast<unsigned>(digit);
  }
  return value;
}

std::optional<std::string> arm_implementer(const std::string& text) {
  const auto id = hex_number(text);
  if (!id) return std::nullopt;
  for (const auto& [number, name] : arm_implementers)
    if (number == *id) return std::string(name);
  return std::nullopt;
}

// "ARM Cortex-A72" for one processor block of an ARM cpuinfo; the implementer and part numbers
// where the table does not know them; nothing without both lines.
std::optional<std::string> arm_core(const std::map<std::string, std::string>& block) {
  const auto implementer = block.find("CPU implementer");
  const auto part = block.find("CPU part");
  if (implementer == block.end() || part == block.end()) return std::nullopt;
  const auto designer = arm_implementer(implementer->second);
  const auto id = hex_number(implementer->second);
  const auto part_id = hex_number(part->second);
  if (designer && id && part_id) {
    for (const auto& p : arm_parts)
      if (p.implementer == *id && p.part == *part_id) return *designer + " " + p.name;
  }
  return (designer ? *designer : "implementer " + support::trim(implementer->second)) + " part " +
         support::trim(part->second);
}

// What an ARM cpuinfo says the processor is: its distinct cores in the order of the processors
// ("ARM Cortex-A53 + ARM Cortex-A72" for big.LITTLE), with the board when a line names it
// (Raspberry Pi kernels add "Model", older ARM kernels "Hardware").
std::optional<std::string> arm_model(const CpuInfo& blocks) {
  std::vector<std::string> cores;
  for (const auto& block : blocks) {
    const auto core = arm_core(block);
    if (core && std::find(cores.begin(), cores.end(), *core) == cores.end()) cores.push_back(*core);
  }
  auto board = cpu_field(blocks, "Model");
  if (!board) board = cpu_field(blocks, "Hardware");
  if (cores.empty()) return board;
  std::string model = support::join(cores, " + ");
  if (board) model += " (" + *board + ")";
  return model;
}

}  // namespace

CpuInfo parse_cpuinfo(const std::string& text) {
  CpuInfo blocks(1);
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (support::trim(line).empty()) {
      if (!blocks.back().empty()) blocks.emplace_back();
      continue;
    }
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    blocks.back().emplace(support::trim(line.substr(0, colon)), support::trim(line.substr(colon + 1)));
  }
  if (blocks.back().empty()) blocks.pop_back();
  return blocks;
}

json capture_cpu(const CpuInfo& blocks, const std::string& machine) {
  // ARM kernels name no model ("model name" on 32-bit ARM is "ARMv7 Processor rev 4 (v7l)", the
  // same for every core of that architecture): the implementer and part numbers do.
  const auto implementer = cpu_field(blocks, "CPU implementer");
  std::optional<std::string> model = implementer ? arm_model(blocks) : std::nullopt;
  for (const char* key : {"model name", "Processor", "cpu model", "Hardware"}) {
    if (!model) model = cpu_field(blocks, key);
  }
  if (!model && !machine.empty()) model = machine;
  auto vendor = cpu_field(blocks, "vendor_id");
  if (!vendor && implementer) vendor = arm_implementer(*implementer);
  auto flags = cpu_field(blocks, "flags");
  if (!flags) flags = cpu_field(blocks, "Features");
  const auto number = [&](const char* key) -> json {
    const auto text = cpu_field(blocks, key);
    return text ? or_null(support::parse_integer(*text)) : json(nullptr);
  };
  const auto mhz = cpu_field(blocks, "cpu MHz");
  return {
      {"model", or_null(model)},
      {"vendor", or_null(vendor)},
      {"family", number("cpu family")},
      {"model_number", number("model")},
      {"stepping", number("stepping")},
      {"flags", flags ? support::split_words(*flags) : std::vector<std::string>{}},
      {"mhz", mhz ? or_null(support::parse_double(*mhz)) : json(nullptr)},
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
