#include "base/platform/cpu_turns.hpp"

#include <sched.h>

#include <algorithm>
#include <map>
#include <optional>

#include "base/support/system_text.hpp"

namespace hwbench::platform {

namespace {

std::optional<int> cpu_number(std::string_view text) {
  const auto n = support::parse_integer(support::trim(text));
  if (!n || *n < 0 || *n >= CPU_SETSIZE) return std::nullopt;
  return static_cast<int>(*n);
}

/// Those of `allowed` that `kind` (a CPU list) names; empty when it names none.
std::vector<int> within(const std::vector<int>& allowed, const std::vector<int>& kind) {
  std::vector<int> out;
  for (int c : allowed)
    if (std::binary_search(kind.begin(), kind.end(), c)) out.push_back(c);
  return out;
}

}  // namespace

std::vector<int> parse_cpu_list(std::string_view text) {
  std::vector<int> cpus;
  const std::string list = support::trim(text);
  std::size_t at = 0;
  while (at <= list.size()) {
    std::size_t comma = list.find(',', at);
    if (comma == std::string::npos) comma = list.size();
    const std::string_view item = std::string_view(list).substr(at, comma - at);
    const std::size_t dash = item.find('-');
    const auto first = cpu_number(item.substr(0, dash));
    const auto last = dash == std::string_view::npos ? first : cpu_number(item.substr(dash + 1));
    if (!first || !last || *last < *first) return {};
    for (int c = *first; c <= *last; ++c) cpus.push_back(c);
    at = comma + 1;
  }
  std::sort(cpus.begin(), cpus.end());
  cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
  return cpus;
}

std::vector<int> turn_cpus(const std::vector<int>& allowed, const std::string& cpu_root, const ReadSystemFile& read) {
  // Intel's hybrid CPUs: the performance cores' PMU lists them.
  if (const auto p_cores = read(cpu_root + "/../../cpu_core/cpus"))
    if (auto fast = within(allowed, parse_cpu_list(*p_cores)); !fast.empty()) return fast;
  std::map<long long, std::vector<int>> by_capacity;
  for (int c : allowed) {
    const auto text = read(cpu_root + "/cpu" + std::to_string(c) + "/cpu_capacity");
    const auto capacity = text ? support::parse_integer(support::trim(*text)) : std::nullopt;
    if (!capacity) return allowed;  // no capacities, or not all known: one kind
    by_capacity[*capacity].push_back(c);
  }
  return by_capacity.empty() ? allowed : by_capacity.rbegin()->second;
}

bool hold_thread_to(const std::vector<int>& cpus) {
  cpu_set_t set;
  CPU_ZERO(&set);
  for (int c : cpus)
    if (c >= 0 && c < CPU_SETSIZE) CPU_SET(c, &set);
  return !cpus.empty() && ::sched_setaffinity(0, sizeof set, &set) == 0;
}

}  // namespace hwbench::platform
