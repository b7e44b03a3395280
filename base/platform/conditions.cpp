#include "base/platform/conditions.hpp"

#include <algorithm>
#include <filesystem>
#include <set>
#include <sstream>
#include <string_view>

#include "base/platform/machine.hpp"
#include "base/platform/whole_file.hpp"
#include "base/support/system_text.hpp"

namespace hwbench::platform {

namespace {

std::optional<std::uint64_t> counter(std::string_view text) {
  const auto n = support::parse_integer(text);
  if (!n || *n < 0) return std::nullopt;
  return static_cast<std::uint64_t>(*n);
}

// "cpu0", "cpu12": one CPU's line in /proc/stat or directory in sysfs ("cpu" alone, "cpufreq" are not).
bool numbered_cpu(std::string_view name) {
  return name.size() > 3 && name.starts_with("cpu") &&
         std::all_of(name.begin() + 3, name.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// "key=value" -> value, when the word starts with `key=`.
std::optional<std::string_view> field_value(std::string_view word, std::string_view key) {
  if (word.size() <= key.size() || !word.starts_with(key) || word[key.size()] != '=') return std::nullopt;
  return word.substr(key.size() + 1);
}

std::optional<PressureLine> parse_pressure_line(const std::vector<std::string>& words) {
  std::optional<double> avg10;
  std::optional<std::uint64_t> total;
  for (std::size_t i = 1; i < words.size(); ++i) {
    if (auto v = field_value(words[i], "avg10")) avg10 = support::parse_double(*v);
    if (auto v = field_value(words[i], "total")) total = counter(*v);
  }
  if (!avg10 || !total) return std::nullopt;
  return PressureLine{*avg10, *total};
}

void read_loadavg(const std::string& text, ConditionsSnapshot& s) {
  const auto words = support::split_words(text);
  if (words.size() < 3) return;
  s.load1 = support::parse_double(words[0]);
  s.load5 = support::parse_double(words[1]);
  s.load15 = support::parse_double(words[2]);
}

void read_stat(const std::string& text, ConditionsSnapshot& s) {
  std::istringstream in(text);
  std::string line;
  std::uint64_t cpus = 0;
  while (std::getline(in, line)) {
    const auto words = support::split_words(line);
    if (words.empty()) continue;
    const std::string& key = words[0];
    if (key == "cpu") {
      // user nice system idle iowait irq softirq steal [guest guest_nice]: guest time is already
      // counted in user and nice, so the total stops at steal.
      std::uint64_t total = 0;
      bool whole = words.size() >= 5;
      for (std::size_t i = 1; i < words.size() && i <= 8; ++i) {
        const auto n = counter(words[i]);
        if (!n)
          whole = false;
        else
          total += *n;
      }
      if (!whole) continue;
      s.cpu_ticks = total;
      if (words.size() > 8) s.steal_ticks = counter(words[8]);
    } else if (numbered_cpu(key)) {
      ++cpus;
    } else if (key == "procs_running" && words.size() >= 2) {
      s.procs_running = counter(words[1]);
    }
  }
  if (cpus > 0) s.cpus = cpus;
}

void read_vmstat(const std::string& text, ConditionsSnapshot& s) {
  std::istringstream in(text);
  std::string key;
  std::string value;
  while (in >> key >> value) {
    if (key == "pswpin")
      s.swap_in = counter(value);
    else if (key == "pswpout")
      s.swap_out = counter(value);
  }
}

std::optional<std::uint64_t> add(std::optional<std::uint64_t> sum, std::optional<std::uint64_t> n) {
  if (!n) return sum;
  return sum.value_or(0) + *n;
}

// cpufreq and thermal_throttle of every cpuN directory under `cpu_root`.
void read_cpu_directories(const std::string& cpu_root, ConditionsSnapshot& s) {
  std::error_code ec;
  std::filesystem::directory_iterator it(cpu_root, ec);
  if (ec) return;
  std::set<std::string> governors;
  for (const auto& entry : it) {
    const std::string name = entry.path().filename().string();
    if (!numbered_cpu(name)) continue;
    const std::string dir = cpu_root + "/" + name;
    const auto number = [&](const char* file) -> std::optional<std::uint64_t> {
      const auto text = read_whole_file(dir + file);
      return text ? counter(*text) : std::nullopt;
    };
    if (const auto khz = number("/cpufreq/scaling_cur_freq")) {
      s.freq_min_khz = std::min(s.freq_min_khz.value_or(*khz), *khz);
      s.freq_max_khz = std::max(s.freq_max_khz.value_or(*khz), *khz);
    }
    if (const auto governor = read_whole_file(dir + "/cpufreq/scaling_governor")) {
      const std::string g = support::trim(*governor);
      if (!g.empty()) governors.insert(g);
    }
    s.core_throttles = add(s.core_throttles, number("/thermal_throttle/core_throttle_count"));
    s.package_throttles = add(s.package_throttles, number("/thermal_throttle/package_throttle_count"));
  }
  s.governors.assign(governors.begin(), governors.end());
}

}  // namespace

std::optional<Pressure> parse_pressure(const std::string& text) {
  std::optional<Pressure> out;
  std::optional<PressureLine> full;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    const auto words = support::split_words(line);
    if (words.empty()) continue;
    if (words[0] == "some") {
      if (auto some = parse_pressure_line(words)) out = Pressure{*some, std::nullopt};
    } else if (words[0] == "full") {
      full = parse_pressure_line(words);
    }
  }
  if (out) out->full = full;
  return out;
}

ConditionsSnapshot read_conditions(const std::string& root, std::int64_t time_ns) {
  ConditionsSnapshot s;
  s.time_ns = time_ns;
  if (const auto text = read_whole_file(root + "/proc/loadavg")) read_loadavg(*text, s);
  if (const auto text = read_whole_file(root + "/proc/stat")) read_stat(*text, s);
  if (const auto text = read_whole_file(root + "/proc/vmstat")) read_vmstat(*text, s);
  const auto pressure = [&](const char* name) -> std::optional<Pressure> {
    const auto text = read_whole_file(root + "/proc/pressure/" + name);
    return text ? parse_pressure(*text) : std::nullopt;
  };
  s.pressure_cpu = pressure("cpu");
  s.pressure_memory = pressure("memory");
  s.pressure_io = pressure("io");
  read_cpu_directories(root + "/sys/devices/system/cpu", s);
  return s;
}

ConditionsSnapshot SystemConditionsSampler::sample() { return read_conditions(root_, clock_.now_ns()); }

}  // namespace hwbench::platform
