#pragma once
// The one line under a run's reports that says what its `settle` statement did.
#include <optional>
#include <string>

#include "runtime/model/result.hpp"

namespace hwbench::runtime::report {

/// What a settle did, in one line: "settled: 3 probes of quick_1GB in 12.1 s, 402.3 → 1210.5 →
/// 1190.2 MB/s, stable", "settled: not stable within 30 s …", "settled: waited 60.0 s". Past
/// five probes the rates shown are the first and the last three.
std::string settle_line(const model::SettleRecord& settle);

/// settle_line() of the result's settle; none when it has none (published results never have one).
std::optional<std::string> settle_note(const model::Result& result);

}  // namespace hwbench::runtime::report
