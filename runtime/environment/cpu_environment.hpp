#pragma once
// The processor part of the environment: what /proc/cpuinfo says about the CPU (model, vendor,
// family, flags, clock, cache size as it words it), how many physical cores it names, and the
// cache hierarchy sysfs lists under cpu0. See docs/result-format.md for the keys.
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "runtime/environment/environment.hpp"

namespace hwbench::runtime::environment {

/// /proc/cpuinfo as "key: value" maps, one block per processor (ARM adds machine-wide blocks).
using CpuInfo = std::vector<std::map<std::string, std::string>>;

/// Splits /proc/cpuinfo's text into its blank-line-separated blocks.
CpuInfo parse_cpuinfo(const std::string& text);

/// The environment's "cpu" object: model, vendor, family, model_number, stepping, flags, mhz,
/// cache_size (null where /proc/cpuinfo does not say). On ARM the model is made of the cores'
/// implementer and part numbers ("ARM Cortex-A72 (Raspberry Pi 4 Model B Rev 1.4)") and the
/// vendor is the implementer; where cpuinfo names nothing, the model is `machine` (uname's,
/// "aarch64"), or null when that is empty too.
nlohmann::json capture_cpu(const CpuInfo& blocks, const std::string& machine = "");

/// Distinct (physical id, core id) pairs, or null unless every processor block names both.
nlohmann::json physical_cores(const CpuInfo& blocks);

/// The environment's "caches" array: cpu0's caches as sysfs lists them (level, type, size in
/// bytes, shared_cpu_list, line_size).
nlohmann::json capture_caches(const SystemFiles& system);

}  // namespace hwbench::runtime::environment
