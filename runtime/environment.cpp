#include "runtime/environment.hpp"

#include <sys/utsname.h>
#include <unistd.h>

#include <cctype>
#include <charconv>
#include <climits>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <openssl/bn.h>
#include <openssl/crypto.h>
#if defined(__GLIBC__)
#include <gnu/libc-version.h>
#endif

namespace hwbench::runtime {

namespace {

using nlohmann::json;

std::string trim(std::string_view text) {
  const auto is_space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return std::string(text);
}

std::vector<std::string> split_words(std::string_view text) {
  std::vector<std::string> words;
  std::istringstream in{std::string(text)};
  std::string word;
  while (in >> word) words.push_back(word);
  return words;
}

// CMake joins CMAKE_CXX_FLAGS and the per-build-type flags with a space, either may be empty.
std::string normalise_spaces(std::string_view text) {
  std::string out;
  for (const auto& word : split_words(text)) {
    if (!out.empty()) out += ' ';
    out += word;
  }
  return out;
}

std::optional<std::int64_t> parse_integer(std::string_view text) {
  const std::string t = trim(text);
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), value);
  if (ec != std::errc() || end != t.data() + t.size() || t.empty()) return std::nullopt;
  return value;
}

std::optional<double> parse_double(std::string_view text) {
  const std::string t = trim(text);
  double value = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), value);
  if (ec != std::errc() || end != t.data() + t.size() || t.empty()) return std::nullopt;
  return value;
}

// sysfs cache sizes: "48K", "1024K", "32M", or a plain byte count.
std::optional<std::uint64_t> parse_size(std::string_view text) {
  std::string t = trim(text);
  std::uint64_t scale = 1;
  if (!t.empty()) {
    switch (std::toupper(static_cast<unsigned char>(t.back()))) {
      case 'K': scale = 1ULL << 10; break;
      case 'M': scale = 1ULL << 20; break;
      case 'G': scale = 1ULL << 30; break;
      default: break;
    }
    if (scale != 1) t.pop_back();
  }
  const auto n = parse_integer(t);
  if (!n || *n < 0) return std::nullopt;
  return static_cast<std::uint64_t>(*n) * scale;
}

json or_null(const std::optional<std::string>& value) { return value ? json(*value) : json(nullptr); }

template <typename T>
json or_null(const std::optional<T>& value) {
  return value ? json(*value) : json(nullptr);
}

// /proc/cpuinfo: "key<tabs>: value" lines, one blank-line-separated block per processor (ARM adds
// machine-wide blocks too).
using CpuBlock = std::map<std::string, std::string>;

std::vector<CpuBlock> parse_cpuinfo(const std::string& text) {
  std::vector<CpuBlock> blocks(1);
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

// The first value of `key` in any block: the first processor's, or a machine-wide one.
std::optional<std::string> cpu_field(const std::vector<CpuBlock>& blocks, const std::string& key) {
  for (const auto& block : blocks) {
    if (const auto it = block.find(key); it != block.end()) return it->second;
  }
  return std::nullopt;
}

json capture_cpu(const std::vector<CpuBlock>& blocks) {
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

// Distinct (package, core) pairs; only when every processor block names both.
json physical_cores(const std::vector<CpuBlock>& blocks) {
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
  // index0, index1, … are numbered without gaps, so the first missing one ends the list.
  for (int i = 0; i < 64; ++i) {
    const std::string base = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(i) + "/";
    const auto level = system.read(base + "level");
    if (!level) break;
    const auto type = system.read(base + "type");
    const auto size = system.read(base + "size");
    const auto shared = system.read(base + "shared_cpu_list");
    const auto line = system.read(base + "coherency_line_size");
    caches.push_back({
        {"level", or_null(parse_integer(*level))},
        {"type", type ? json(trim(*type)) : json(nullptr)},
        {"size", size ? or_null(parse_size(*size)) : json(nullptr)},
        {"shared_cpu_list", shared ? json(trim(*shared)) : json(nullptr)},
        {"line_size", line ? or_null(parse_integer(*line)) : json(nullptr)},
    });
  }
  return caches;
}

json memory_total(const std::optional<std::string>& meminfo) {
  if (!meminfo) return nullptr;
  std::istringstream in(*meminfo);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("MemTotal:", 0) != 0) continue;
    const auto words = split_words(line.substr(9));
    if (words.empty()) return nullptr;
    const auto n = parse_integer(words[0]);
    if (!n || *n < 0) return nullptr;
    const std::uint64_t scale = words.size() > 1 && words[1] == "kB" ? 1024 : 1;
    return static_cast<std::uint64_t>(*n) * scale;
  }
  return nullptr;
}

// os-release values are shell-quoted: KEY="a \"b\"" or KEY='a' or KEY=a.
std::optional<std::string> os_release_value(const std::string& text, const std::string& key) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(key + "=", 0) != 0) continue;
    const std::string raw = trim(line.substr(key.size() + 1));
    if (raw.size() >= 2 && (raw.front() == '"' || raw.front() == '\'') && raw.back() == raw.front()) {
      std::string value;
      for (std::size_t i = 1; i + 1 < raw.size(); ++i) {
        if (raw.front() == '"' && raw[i] == '\\' && i + 2 < raw.size()) ++i;
        value += raw[i];
      }
      return value;
    }
    return raw;
  }
  return std::nullopt;
}

json distribution(const SystemFiles& system) {
  auto text = system.read("/etc/os-release");
  if (!text) text = system.read("/usr/lib/os-release");
  if (!text) return nullptr;
  if (auto pretty = os_release_value(*text, "PRETTY_NAME")) return *pretty;
  if (auto name = os_release_value(*text, "NAME")) return *name;
  return nullptr;
}

json compiler() {
#if defined(__clang__)
  const char* id = "clang";
#elif defined(__GNUC__)
  const char* id = "gcc";
#else
  const char* id = "unknown";
#endif
#if defined(__VERSION__)
  const char* version = __VERSION__;
#else
  const char* version = "";
#endif
#if defined(HWBENCH_CXX_FLAGS)
  const char* flags = HWBENCH_CXX_FLAGS;
#else
  const char* flags = "";
#endif
#if defined(HWBENCH_BUILD_TYPE)
  const char* build_type = HWBENCH_BUILD_TYPE;
#else
  const char* build_type = "";
#endif
  return {{"id", id}, {"version", version}, {"flags", normalise_spaces(flags)}, {"build_type", build_type}};
}

// OpenSSL_version() returns some facts with their label ("built on: …", "compiler: …"); the
// object keeps the facts alone, as an imported `openssl speed` log does.
std::string without_label(const char* text, std::string_view label) {
  std::string_view value = text != nullptr ? text : "";
  if (value.substr(0, label.size()) == label) value.remove_prefix(label.size());
  return trim(value);
}

// What `openssl speed` prints above its tables, for `report openssl`.
json openssl_build() {
  return {
      {"version", OpenSSL_version(OPENSSL_VERSION)},
      {"built_on", without_label(OpenSSL_version(OPENSSL_BUILT_ON), "built on:")},
      {"options", trim(BN_options())},
      {"compiler", without_label(OpenSSL_version(OPENSSL_CFLAGS), "compiler:")},
      {"cpuinfo", without_label(OpenSSL_version(OPENSSL_CPU_INFO), "CPUINFO:")},
  };
}

json libc_version() {
#if defined(__GLIBC__)
  return gnu_get_libc_version();
#else
  return nullptr;
#endif
}

json hwbench_version() {
#if defined(HWBENCH_VERSION)
  return HWBENCH_VERSION;
#else
  return "";
#endif
}

std::optional<std::string> text_at(const json& environment, const char* pointer) {
  const json::json_pointer ptr(pointer);
  if (!environment.is_object() || !environment.contains(ptr)) return std::nullopt;
  const json& value = environment.at(ptr);
  if (!value.is_string() || value.get_ref<const std::string&>().empty()) return std::nullopt;
  return value.get<std::string>();
}

std::optional<double> number_at(const json& environment, const char* pointer) {
  const json::json_pointer ptr(pointer);
  if (!environment.is_object() || !environment.contains(ptr)) return std::nullopt;
  const json& value = environment.at(ptr);
  if (!value.is_number()) return std::nullopt;
  return value.get<double>();
}

std::string join(const std::vector<std::string>& parts, const char* separator) {
  std::string out;
  for (const auto& part : parts) {
    if (part.empty()) continue;
    if (!out.empty()) out += separator;
    out += part;
  }
  return out;
}

}  // namespace

std::optional<std::string> SystemFiles::read(const std::string& path) const {
  // /proc and /sys files report size 0: read to end of stream rather than by size.
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::string content{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (in.bad()) return std::nullopt;
  return content;
}

std::optional<KernelIdentity> SystemFiles::kernel() const {
  struct utsname names {};
  if (::uname(&names) != 0) return std::nullopt;
  return KernelIdentity{names.sysname, names.release, names.version, names.machine};
}

std::string SystemFiles::hostname() const {
  char name[HOST_NAME_MAX + 1] = {};
  if (::gethostname(name, sizeof name - 1) != 0) return {};
  return name;
}

long SystemFiles::logical_cpus() const { return ::sysconf(_SC_NPROCESSORS_ONLN); }

nlohmann::json capture_environment() { return capture_environment(SystemFiles{}); }

nlohmann::json capture_environment(const SystemFiles& system) {
  const auto cpuinfo = system.read("/proc/cpuinfo");
  const auto blocks = cpuinfo ? parse_cpuinfo(*cpuinfo) : std::vector<CpuBlock>{};
  const long logical = system.logical_cpus();

  json kernel = {{"sysname", nullptr}, {"release", nullptr}, {"version", nullptr}, {"machine", nullptr}};
  if (const auto k = system.kernel()) {
    kernel = {{"sysname", k->sysname}, {"release", k->release}, {"version", k->version}, {"machine", k->machine}};
  }
  const auto governor = system.read("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
  const auto clock = system.read("/sys/devices/system/clocksource/clocksource0/current_clocksource");
  const std::string host = system.hostname();

  return {
      {"cpu", capture_cpu(blocks)},
      {"cores", {{"logical", logical > 0 ? json(logical) : json(nullptr)}, {"physical", physical_cores(blocks)}}},
      {"caches", capture_caches(system)},
      {"memory", {{"total_bytes", memory_total(system.read("/proc/meminfo"))}}},
      {"kernel", kernel},
      {"distribution", distribution(system)},
      {"compiler", compiler()},
      {"libc", libc_version()},
      {"openssl", openssl_build()},
      {"hwbench_version", hwbench_version()},
      {"cpu_governor", governor ? trim(*governor) : std::string("unknown (no cpufreq)")},
      {"clock_source", clock ? json(trim(*clock)) : json(nullptr)},
      {"hostname", host.empty() ? json(nullptr) : json(host)},
  };
}

std::string environment_summary(const nlohmann::json& environment) {
  std::vector<std::string> machine;
  machine.push_back(text_at(environment, "/cpu/model").value_or(""));
  if (const auto cpus = number_at(environment, "/cores/logical")) {
    const auto n = static_cast<long long>(*cpus);
    machine.push_back(fmt::format("{} logical CPU{}", n, n == 1 ? "" : "s"));
  }
  if (const auto bytes = number_at(environment, "/memory/total_bytes")) {
    machine.push_back(fmt::format("{:.1f} GiB RAM", *bytes / (1024.0 * 1024.0 * 1024.0)));
  }

  std::vector<std::string> software;
  software.push_back(join({text_at(environment, "/kernel/sysname").value_or(""),
                           text_at(environment, "/kernel/release").value_or(""),
                           text_at(environment, "/kernel/machine").value_or("")},
                          " "));
  software.push_back(text_at(environment, "/distribution").value_or(""));
  if (const auto version = text_at(environment, "/compiler/version")) {
    const auto id = text_at(environment, "/compiler/id").value_or("");
    std::string lower;
    for (char c : *version) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    // clang's __VERSION__ already names it ("Debian Clang 14.0.6"); gcc's is bare ("12.2.0").
    const bool named = !id.empty() && lower.find(id) != std::string::npos;
    software.push_back(join({named ? "" : id, *version, text_at(environment, "/compiler/flags").value_or("")}, " "));
  }
  // Result files before the openssl object held the version line alone.
  auto openssl = text_at(environment, "/openssl/version");
  if (!openssl) openssl = text_at(environment, "/openssl");
  if (openssl) {
    // "OpenSSL 3.0.19 27 Jan 2026": the release date is noise here.
    const auto words = split_words(*openssl);
    software.push_back(words.size() > 2 ? words[0] + " " + words[1] : *openssl);
  }

  std::vector<std::string> tuning;
  if (const auto governor = text_at(environment, "/cpu_governor")) tuning.push_back("CPU governor " + *governor);
  if (const auto clock = text_at(environment, "/clock_source")) tuning.push_back("clock source " + *clock);
  if (const auto libc = text_at(environment, "/libc")) tuning.push_back("glibc " + *libc);
  if (const auto version = text_at(environment, "/hwbench_version")) tuning.push_back("hwbench " + *version);

  return join({join(machine, ", "), join(software, ", "), join(tuning, ", ")}, "\n");
}

}  // namespace hwbench::runtime
