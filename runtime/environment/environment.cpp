#include "runtime/environment/environment.hpp"

#include <sys/utsname.h>
#include <unistd.h>

#include <cctype>
#include <climits>
#include <fstream>
#include <iterator>
#include <sstream>
#include <vector>

#include <fmt/format.h>

#include "base/platform/machine.hpp"
#include "base/support/system_text.hpp"
#include "runtime/environment/build_environment.hpp"
#include "runtime/environment/cpu_environment.hpp"

namespace hwbench::runtime::environment {

namespace {

using nlohmann::json;

json memory_total(const std::optional<std::string>& meminfo) {
  if (!meminfo) return nullptr;
  if (const auto bytes = platform::meminfo_bytes(*meminfo, "MemTotal")) return *bytes;
  return nullptr;
}

// os-release values are shell-quoted: KEY="a \"b\"" or KEY='a' or KEY=a.
std::optional<std::string> os_release_value(const std::string& text, const std::string& key) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(key + "=", 0) != 0) continue;
    const std::string raw = support::trim(line.substr(key.size() + 1));
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

}  // namespace

std::optional<std::string> SystemFiles::read(const std::string& path) const { return platform::read_whole_file(path); }

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
  const auto blocks = cpuinfo ? parse_cpuinfo(*cpuinfo) : CpuInfo{};
  const long logical = system.logical_cpus();

  json kernel = {{"sysname", nullptr}, {"release", nullptr}, {"version", nullptr}, {"machine", nullptr}};
  const auto identity = system.kernel();
  if (const auto& k = identity) {
    kernel = {{"sysname", k->sysname}, {"release", k->release}, {"version", k->version}, {"machine", k->machine}};
  }
  const auto governor = system.read("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
  const auto clock = system.read("/sys/devices/system/clocksource/clocksource0/current_clocksource");
  const std::string host = system.hostname();

  return {
      {"cpu", capture_cpu(blocks, identity ? identity->machine : std::string())},
      {"cores", {{"logical", logical > 0 ? json(logical) : json(nullptr)}, {"physical", physical_cores(blocks)}}},
      {"caches", capture_caches(system)},
      {"memory", {{"total_bytes", memory_total(system.read("/proc/meminfo"))}}},
      {"kernel", kernel},
      {"distribution", distribution(system)},
      {"compiler", compiler_build()},
      {"libc", libc_build_version()},
      {"openssl", openssl_build()},
      {"hwbench_version", hwbench_build_version()},
      {"cpu_governor", governor ? support::trim(*governor) : std::string("unknown (no cpufreq)")},
      {"clock_source", clock ? json(support::trim(*clock)) : json(nullptr)},
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
  software.push_back(support::join_nonempty(
      {text_at(environment, "/kernel/sysname").value_or(""), text_at(environment, "/kernel/release").value_or(""),
       text_at(environment, "/kernel/machine").value_or("")},
      " "));
  software.push_back(text_at(environment, "/distribution").value_or(""));
  if (const auto version = text_at(environment, "/compiler/version")) {
    const auto id = text_at(environment, "/compiler/id").value_or("");
    std::string lower;
    for (char c : *version) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    // clang's __VERSION__ already names it ("Debian Clang 14.0.6"); gcc's is bare ("12.2.0").
    const bool named = !id.empty() && lower.find(id) != std::string::npos;
    software.push_back(
        support::join_nonempty({named ? "" : id, *version, text_at(environment, "/compiler/flags").value_or("")}, " "));
  }
  // Result files before the openssl object held the version line alone.
  auto openssl = text_at(environment, "/openssl/version");
  if (!openssl) openssl = text_at(environment, "/openssl");
  if (openssl) {
    // "OpenSSL 3.0.19 27 Jan 2026": the release date is noise here.
    const auto words = support::split_words(*openssl);
    software.push_back(words.size() > 2 ? words[0] + " " + words[1] : *openssl);
  }

  std::vector<std::string> tuning;
  if (const auto governor = text_at(environment, "/cpu_governor")) tuning.push_back("CPU governor " + *governor);
  if (const auto clock = text_at(environment, "/clock_source")) tuning.push_back("clock source " + *clock);
  if (const auto libc = text_at(environment, "/libc")) tuning.push_back("glibc " + *libc);
  if (const auto version = text_at(environment, "/hwbench_version")) tuning.push_back("hwbench " + *version);

  return support::join_nonempty({support::join_nonempty(machine, ", "), support::join_nonempty(software, ", "),
                                 support::join_nonempty(tuning, ", ")},
                                "\n");
}

}  // namespace hwbench::runtime::environment
