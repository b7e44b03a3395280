#include "runtime/analysis/conditions.hpp"

#include <algorithm>
#include <functional>
#include <set>

#include <fmt/format.h>

namespace hwbench::runtime::analysis {

namespace {

std::optional<std::uint64_t> grown(const std::optional<std::uint64_t>& a, const std::optional<std::uint64_t>& b) {
  if (!a || !b || *b < *a) return std::nullopt;
  return *b - *a;
}

std::optional<std::uint64_t> sum(const std::optional<std::uint64_t>& a, const std::optional<std::uint64_t>& b) {
  if (!a) return b;
  if (!b) return a;
  return *a + *b;
}

std::optional<double> stall_pct(const std::optional<platform::Pressure>& a, const std::optional<platform::Pressure>& b,
                                double seconds) {
  if (!a || !b || seconds <= 0 || b->some.total_us < a->some.total_us) return std::nullopt;
  return static_cast<double>(b->some.total_us - a->some.total_us) / (seconds * 1e6) * 100;
}

// "12%", "2.3%": whole per cents once they are large enough to make the decimal noise.
std::string percent(double value) {
  return value >= 10 ? fmt::format("{:.0f}%", value) : fmt::format("{:.1f}%", value);
}

/// One cause found in one window: how bad (to pick the worst window) and how to say it.
struct Flag {
  double severity = 0;
  std::string phrase;
};

/// A cause: what it finds in a window's delta (its workers given), std::nullopt when nothing.
using Judge = std::function<std::optional<Flag>(const ConditionsDelta&, std::uint32_t workers)>;

// The worst window a cause is found in, "and N more series" beside it; else the whole run.
std::optional<std::string> finding(const model::RunConditions& c, const Judge& judge,
                                   std::optional<std::string> whole) {
  const model::ConditionsWindow* worst = nullptr;
  Flag worst_flag;
  std::set<std::string> labels;
  for (const auto& window : c.windows) {
    const auto flag = judge(conditions_delta(window.start, window.end), window.workers);
    if (!flag) continue;
    labels.insert(window.label);
    if (worst == nullptr || flag->severity > worst_flag.severity) {
      worst = &window;
      worst_flag = *flag;
    }
  }
  if (worst == nullptr) return whole;
  std::string text = fmt::format("{} during '{}'", worst_flag.phrase, worst->label);
  if (labels.size() > 1) text += fmt::format(" (and {} more series)", labels.size() - 1);
  return text;
}

// `judge` over the whole run, before setup to after teardown.
std::optional<std::string> over_run(const model::RunConditions& c, const Judge& judge, std::uint32_t workers) {
  const auto flag = judge(conditions_delta(c.before, c.after), workers);
  if (!flag) return std::nullopt;
  return flag->phrase + " during the run";
}

}  // namespace

ConditionsDelta conditions_delta(const platform::ConditionsSnapshot& start, const platform::ConditionsSnapshot& end) {
  ConditionsDelta d;
  d.seconds = static_cast<double>(end.time_ns - start.time_ns) / 1e9;
  const auto ticks = grown(start.cpu_ticks, end.cpu_ticks);
  const auto steal = grown(start.steal_ticks, end.steal_ticks);
  if (ticks && steal && *ticks >= steal_min_ticks)
    d.steal_pct = static_cast<double>(*steal) / static_cast<double>(*ticks) * 100;
  d.swap_in = grown(start.swap_in, end.swap_in);
  d.swap_out = grown(start.swap_out, end.swap_out);
  d.throttles =
      sum(grown(start.core_throttles, end.core_throttles), grown(start.package_throttles, end.package_throttles));
  d.cpu_pressure_pct = stall_pct(start.pressure_cpu, end.pressure_cpu, d.seconds);
  d.memory_pressure_pct = stall_pct(start.pressure_memory, end.pressure_memory, d.seconds);
  d.io_pressure_pct = stall_pct(start.pressure_io, end.pressure_io, d.seconds);
  d.load1 = end.load1;
  return d;
}

unsigned conditions_cpus(const model::RunConditions& conditions, unsigned fallback) {
  if (conditions.before.cpus && *conditions.before.cpus > 0) return static_cast<unsigned>(*conditions.before.cpus);
  return std::max(fallback, 1u);
}

bool load_disturbs(double load1, std::uint32_t workers, unsigned cpus) {
  const double own = workers;
  const double idle = std::max(static_cast<double>(cpus) - own, 0.0);
  return load1 - own > idle + load_margin;
}

std::vector<std::string> conditions_findings(const model::RunConditions& c, unsigned cpus) {
  std::vector<std::string> out;
  const auto add = [&](std::optional<std::string> text) {
    if (text) out.push_back(std::move(*text));
  };
  const Judge steal = [](const ConditionsDelta& d, std::uint32_t) -> std::optional<Flag> {
    if (!d.steal_pct || *d.steal_pct < steal_threshold_pct) return std::nullopt;
    return Flag{*d.steal_pct, fmt::format("steal {} of CPU time", percent(*d.steal_pct))};
  };
  add(finding(c, steal, over_run(c, steal, 0)));

  const auto load_flag = [cpus](std::optional<double> load1, std::uint32_t workers) -> std::optional<Flag> {
    if (!load1 || !load_disturbs(*load1, workers, cpus)) return std::nullopt;
    return Flag{*load1 - workers, fmt::format("load {:.1f} on {} CPU{}", *load1, cpus, cpus == 1 ? "" : "s")};
  };
  const Judge load = [&](const ConditionsDelta& d, std::uint32_t workers) { return load_flag(d.load1, workers); };
  // Before the run, hwbench is not busy yet: all of the load is someone else's.
  const auto before = load_flag(c.before.load1, 0);
  add(finding(c, load, before ? std::optional(before->phrase + " before the run") : std::nullopt));

  const Judge throttling = [](const ConditionsDelta& d, std::uint32_t) -> std::optional<Flag> {
    if (!d.throttles || *d.throttles == 0) return std::nullopt;
    return Flag{static_cast<double>(*d.throttles),
                fmt::format("thermal throttling ({} event{})", *d.throttles, *d.throttles == 1 ? "" : "s")};
  };
  add(finding(c, throttling, over_run(c, throttling, 0)));

  const Judge swapping = [](const ConditionsDelta& d, std::uint32_t) -> std::optional<Flag> {
    const std::uint64_t in = d.swap_in.value_or(0);
    const std::uint64_t out = d.swap_out.value_or(0);
    if (in + out == 0) return std::nullopt;
    return Flag{static_cast<double>(in + out), fmt::format("swapping ({} pages in, {} out)", in, out)};
  };
  add(finding(c, swapping, over_run(c, swapping, 0)));

  // hwbench's own workers beyond the CPUs wait for a CPU by design: that is no disturbance.
  const Judge cpu_pressure = [cpus](const ConditionsDelta& d, std::uint32_t workers) -> std::optional<Flag> {
    if (workers > cpus || !d.cpu_pressure_pct || *d.cpu_pressure_pct < pressure_threshold_pct) return std::nullopt;
    return Flag{*d.cpu_pressure_pct, fmt::format("CPU pressure {}", percent(*d.cpu_pressure_pct))};
  };
  const bool oversubscribed = std::any_of(c.windows.begin(), c.windows.end(),
                                          [cpus](const model::ConditionsWindow& w) { return w.workers > cpus; });
  add(finding(c, cpu_pressure, oversubscribed ? std::nullopt : over_run(c, cpu_pressure, 0)));

  const Judge memory_pressure = [](const ConditionsDelta& d, std::uint32_t) -> std::optional<Flag> {
    if (!d.memory_pressure_pct || *d.memory_pressure_pct < pressure_threshold_pct) return std::nullopt;
    return Flag{*d.memory_pressure_pct, fmt::format("memory pressure {}", percent(*d.memory_pressure_pct))};
  };
  add(finding(c, memory_pressure, over_run(c, memory_pressure, 0)));
  return out;
}

std::vector<std::string> conditions_notes(const model::RunConditions& c) {
  std::set<std::string> governors(c.before.governors.begin(), c.before.governors.end());
  governors.insert(c.after.governors.begin(), c.after.governors.end());
  governors.erase("performance");
  if (governors.empty()) return {};
  std::string names;
  for (const auto& g : governors) names += (names.empty() ? "" : ", ") + g;
  return {fmt::format("CPU governor {}", names)};
}

std::string conditions_verdict(const model::RunConditions& conditions, unsigned cpus) {
  const auto findings = conditions_findings(conditions, cpus);
  const auto notes = conditions_notes(conditions);
  std::string text = "conditions: ";
  if (findings.empty()) {
    text += "quiet";
  } else {
    for (std::size_t i = 0; i < findings.size(); ++i) text += (i ? "; " : "") + findings[i];
  }
  if (!notes.empty()) {
    text += " (";
    for (std::size_t i = 0; i < notes.size(); ++i) text += (i ? "; " : "") + notes[i];
    text += ")";
  }
  return text;
}

std::optional<std::string> result_verdict(const model::Result& result) {
  if (!result.conditions) return std::nullopt;
  unsigned fallback = 1;
  const auto logical = result.environment.find("cores");
  if (logical != result.environment.end() && logical->is_object()) {
    const auto n = logical->find("logical");
    if (n != logical->end() && n->is_number_integer() && n->get<long>() > 0)
      fallback = static_cast<unsigned>(n->get<long>());
  }
  return conditions_verdict(*result.conditions, conditions_cpus(*result.conditions, fallback));
}

bool is_long_run(std::optional<double> estimated_seconds) {
  return !estimated_seconds || *estimated_seconds >= busy_check_min_seconds;
}

std::vector<std::string> busy_warnings(const platform::ConditionsSnapshot& first,
                                       const platform::ConditionsSnapshot& second, unsigned cpus,
                                       std::optional<double> estimated_seconds) {
  std::vector<std::string> out;
  if (!is_long_run(estimated_seconds)) return out;
  cpus = std::max(cpus, 1u);
  const auto load1 = second.load1 ? second.load1 : first.load1;
  if (load1 && *load1 >= 1.0 && *load1 >= busy_load_fraction * cpus)
    out.push_back(
        fmt::format("the machine is already busy: load {:.1f} on {} CPU{}", *load1, cpus, cpus == 1 ? "" : "s"));
  const auto d = conditions_delta(first, second);
  if (d.steal_pct && *d.steal_pct >= steal_threshold_pct)
    out.push_back(fmt::format("the hypervisor is taking CPU time: steal {} of CPU time now", percent(*d.steal_pct)));
  return out;
}

}  // namespace hwbench::runtime::analysis
