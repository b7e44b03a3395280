#include "runtime/analysis/units.hpp"

#include <algorithm>
#include <cmath>

namespace hwbench::runtime::analysis {

const std::vector<Unit>& all_units() {
  static const std::vector<Unit> units = {
      {"B/s", Measure::byte_rate, 1, "bytes per second"},
      {"KB/s", Measure::byte_rate, 1e3, "10^3 bytes per second"},
      {"KiB/s", Measure::byte_rate, 1024, "2^10 bytes per second"},
      {"MB/s", Measure::byte_rate, 1e6, "10^6 bytes per second"},
      {"MiB/s", Measure::byte_rate, 1048576, "2^20 bytes per second"},
      {"GB/s", Measure::byte_rate, 1e9, "10^9 bytes per second"},
      {"GiB/s", Measure::byte_rate, 1073741824, "2^30 bytes per second"},
      {"k", Measure::byte_rate, 1e3, "1000s of bytes per second, as openssl speed prints"},
      {"ops/s", Measure::op_rate, 1, "operations per second"},
      {"iter/s", Measure::op_rate, 1, "iterations per second"},
      {"lps", Measure::op_rate, 1, "loops per second (UnixBench)"},
      {"lpm", Measure::op_rate, 1.0 / 60, "loops per minute (UnixBench)"},
      {"MWIPS", Measure::op_rate, 1e6,
       "millions of Whetstone instructions per second (whetstone-double counts 10^7 a pass)"},
      {"s", Measure::time, 1, "seconds per sample"},
      {"ms", Measure::time, 1e-3, "milliseconds per sample"},
      {"us", Measure::time, 1e-6, "microseconds per sample"},
      {"ns", Measure::time, 1e-9, "nanoseconds per sample"},
      {"B", Measure::bytes, 1, "bytes per sample"},
      {"KB", Measure::bytes, 1e3, "10^3 bytes per sample"},
      {"MB", Measure::bytes, 1e6, "10^6 bytes per sample"},
      {"GB", Measure::bytes, 1e9, "10^9 bytes per sample"},
      {"KiB", Measure::bytes, 1024, "2^10 bytes per sample"},
      {"MiB", Measure::bytes, 1048576, "2^20 bytes per sample"},
      {"GiB", Measure::bytes, 1073741824, "2^30 bytes per sample"},
      {"ops", Measure::ops, 1, "operations per sample"},
      {"%CP", Measure::cpu_share, 0.01,
       "CPU time (user + system, with children) as a percentage of the wall time, as bonnie++'s %CP"},
  };
  return units;
}

const Unit* find_unit(std::string_view name) {
  for (const auto& u : all_units()) {
    if (u.name == name) return &u;
  }
  return nullptr;
}

std::vector<std::string> unit_names() {
  std::vector<std::string> names;
  for (const auto& u : all_units()) names.push_back(u.name);
  return names;
}

const Unit& natural_unit(const model::Series& series) {
  static const Unit& mb = *find_unit("MB/s");
  static const Unit& ops = *find_unit("ops/s");
  static const Unit& seconds = *find_unit("s");
  bool counted = false;
  bool timed = false;
  for (const auto& s : series.samples) {
    if (s.figure) {
      if (const Unit* own = find_unit(s.figure->unit)) return *own;
    }
    if (s.bytes > 0) return mb;
    counted = counted || s.ops > 0;
    timed = timed || s.wall_ns > 0;
  }
  if (counted) return ops;
  if (const auto printed = series.printed.find("mean"); printed != series.printed.end()) {
    if (const Unit* own = find_unit(printed->second.unit)) return *own;
  }
  return timed ? seconds : ops;
}

double work_rate(const model::Sample& sample) {
  const std::int64_t ns = model::timed_ns(sample);
  if (ns <= 0) return 0;
  const double seconds = static_cast<double>(ns) / 1e9;
  if (sample.bytes > 0) return static_cast<double>(sample.bytes) / seconds;
  if (sample.ops > 0) return static_cast<double>(sample.ops) / seconds;
  return static_cast<double>(sample.units) / seconds;
}

std::optional<double> sample_value(const model::Sample& sample, const Unit& unit) {
  if (sample.figure) {
    const Unit* from = find_unit(sample.figure->unit);
    if (from == nullptr || from->measure != unit.measure) return std::nullopt;
    return sample.figure->value * from->factor / unit.factor;
  }
  // nbench's faithful mode times CPU, like its clock(); everything else times the wall.
  const std::int64_t timed_ns = model::timed_ns(sample);
  const double seconds = static_cast<double>(timed_ns) / 1e9;
  switch (unit.measure) {
    case Measure::byte_rate:
      if (timed_ns <= 0) return std::nullopt;
      // Work counted in operations only (an empty call, a sign) has no byte rate, not a rate of 0.
      if (sample.bytes == 0 && sample.ops > 0) return std::nullopt;
      return static_cast<double>(sample.bytes) / seconds / unit.factor;
    case Measure::op_rate:
      if (timed_ns <= 0) return std::nullopt;
      return static_cast<double>(sample.ops) / seconds / unit.factor;
    case Measure::time:
      // A sample without a wall time was never timed; 0 s would drag every aggregate down.
      if (timed_ns <= 0) return std::nullopt;
      return seconds / unit.factor;
    case Measure::bytes:
      return static_cast<double>(sample.bytes) / unit.factor;
    case Measure::ops:
      return static_cast<double>(sample.ops) / unit.factor;
    case Measure::cpu_share: {
      // A CPU span's samples have no CPU time of their own (sample_values gives the span's).
      if (sample.wall_ns <= 0 || sample.cpu_samples != 1) return std::nullopt;
      return static_cast<double>(platform::total_ns(sample.cpu)) / static_cast<double>(sample.wall_ns) / unit.factor;
    }
  }
  return std::nullopt;
}

std::vector<double> sample_values(const model::Series& series, const Unit& unit, std::vector<std::uint32_t>* blocks,
                                  std::vector<std::uint32_t>* rounds) {
  std::vector<double> values;
  const auto keep = [&](double value, const model::Sample& sample) {
    values.push_back(value);
    if (blocks != nullptr) blocks->push_back(sample.block);
    if (rounds != nullptr) rounds->push_back(sample.round);
  };
  values.reserve(series.samples.size());
  // Where the series' figures are of this measure, a sample without one is not a figure of it:
  // its wall-time rate beside a program's printed rates would mix two things (a file written
  // while a run without its optional figure still made a sample).
  bool figured = false;
  if (series.samples.has_figures())
    for (const auto& sample : series.samples)
      if (const Unit* from = sample.figure ? find_unit(sample.figure->unit) : nullptr)
        figured = figured || from->measure == unit.measure;
  std::int64_t span_wall_ns = 0;  // the wall of the CPU span's samples so far
  for (const auto& sample : series.samples) {
    if (figured && !sample.figure) continue;
    if (unit.measure == Measure::cpu_share && sample.cpu_samples != 1) {
      // One share per CPU span: its CPU time over its samples' wall.
      span_wall_ns += sample.wall_ns;
      if (sample.cpu_samples == 0) continue;
      model::Sample span = sample;
      span.wall_ns = span_wall_ns;
      span.cpu_samples = 1;
      span_wall_ns = 0;
      if (auto value = sample_value(span, unit)) keep(*value, sample);
      continue;
    }
    if (auto value = sample_value(sample, unit)) keep(*value, sample);
  }
  return values;
}

double figure_resolution(const model::Series& series, const Unit& unit) {
  if (!series.samples.has_figures()) return 0;
  double coarsest = 0;
  for (const auto& sample : series.samples) {
    if (!sample.figure || sample.figure->resolution <= 0) continue;
    const Unit* from = find_unit(sample.figure->unit);
    if (from == nullptr || from->measure != unit.measure) continue;
    coarsest = std::max(coarsest, sample.figure->resolution * from->factor / unit.factor);
  }
  return coarsest;
}

ScaledUnit scaled_unit(const Unit& unit, double value) {
  const double a = std::fabs(value);
  if (unit.name == "ops/s" || unit.name == "iter/s" || unit.name == "lps") {
    if (a >= 1e9) return {"G " + unit.name, 1e9};
    if (a >= 1e6) return {"M " + unit.name, 1e6};
    if (a >= 1e4) return {"k " + unit.name, 1e3};
  }
  if (unit.name == "s" && a > 0 && a < 1) {
    if (a >= 1e-3) return {"ms", 1e-3};
    if (a >= 1e-6) return {"us", 1e-6};
    return {"ns", 1e-9};
  }
  return {unit.name, 1};
}

}  // namespace hwbench::runtime::analysis
