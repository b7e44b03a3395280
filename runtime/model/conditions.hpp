#pragma once
// What disturbed a run, as the result file keeps it: the system's counters before and after the
// run and around each timed statement. Raw counters only; runtime/analysis/conditions.hpp
// computes what happened in between and the verdict.
#include <cstdint>
#include <string>
#include <vector>

#include "base/platform/conditions.hpp"

namespace hwbench::runtime::model {

/// The counters around one timed statement of a series.
struct ConditionsWindow {
  std::string label;                   ///< the series the statement adds samples to
  std::uint32_t workers = 1;           ///< hwbench's own busy processes meanwhile: 1, or a `parallel` block's workers
  platform::ConditionsSnapshot start;  ///< before its first sample (after prepare and warm-up)
  platform::ConditionsSnapshot end;    ///< after its last sample
};

/// The conditions of one run.
struct RunConditions {
  platform::ConditionsSnapshot before;    ///< before setup
  platform::ConditionsSnapshot after;     ///< after teardown
  std::vector<ConditionsWindow> windows;  ///< one per timed statement that ran, in run order
};

}  // namespace hwbench::runtime::model
