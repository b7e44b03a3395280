#pragma once
// Series of measured samples made in memory, for tests that compare or render them.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "runtime/model/result.hpp"

namespace hwbench::test {

/// A series `label` of `nop` samples, sample i doing `ops[i]` operations in `wall_ns[i]` (no
/// operations: a time, in which lower is faster; else an op rate).
inline runtime::model::Series timed_series(const std::string& label, const std::vector<std::uint64_t>& ops,
                                           const std::vector<std::int64_t>& wall_ns) {
  runtime::model::Series series;
  series.label = label;
  for (std::size_t i = 0; i < ops.size() && i < wall_ns.size(); ++i) {
    runtime::model::Sample s;
    s.iteration = static_cast<std::uint32_t>(i + 1);
    s.units = 1;
    s.ops = ops[i];
    s.wall_ns = wall_ns[i];
    series.add(s, {"nop", {}});
  }
  return series;
}

}  // namespace hwbench::test
