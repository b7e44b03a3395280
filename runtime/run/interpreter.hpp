#pragma once
// run: Plan -> samples. Walks setup, the timed statements and teardown (always), applies each
// measurement policy, and keeps the run's files under its ownership rules.
#include <atomic>
#include <memory>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "base/platform/clock.hpp"
#include "base/platform/conditions.hpp"
#include "runtime/check/checker.hpp"
#include "runtime/model/conditions.hpp"
#include "runtime/model/result.hpp"
#include "runtime/model/result_state.hpp"
#include "runtime/model/sample.hpp"
#include "runtime/plan/plan.hpp"
#include "runtime/run/interrupt_guard.hpp"
#include "runtime/run/run_observer.hpp"
#include "runtime/run/settle.hpp"

namespace hwbench::runtime::run {

/// What the interpreter is lent.
struct RunOptions {
  platform::Clock* clock = nullptr;                ///< required
  RunObserver* observer = nullptr;                 ///< told of each series and sample; null for none
  const std::atomic<bool>* interrupted = nullptr;  ///< set on Ctrl-C / SIGTERM; null for never
  /// Snapshots of what disturbs a benchmark, before and after the run and around each timed
  /// statement; null for none.
  platform::ConditionsSampler* conditions = nullptr;
  /// How `settle` waits; null for the real sleep (tests lend a fake).
  Pause* pause = nullptr;
  /// Blocks a statement's samples are taken in, spread over the run in turn with its neighbours
  /// (docs/language.md, "Blocks"): at most this many, one per sample at most. 1: each statement
  /// takes its samples back to back, in plan order.
  std::uint32_t blocks = 1;
  /// The memory this machine has available (MemAvailable), in bytes, for the statements holding
  /// memory sized to the machine (docs/language.md, "Blocks"): such a statement takes turns in a
  /// rotation while all that those taking turns hold at once stays within a quarter of what is
  /// left beside the largest statement of the rotation; else it rides along. 0: none takes turns.
  std::uint64_t memory_available = 0;
  /// Seconds over which a rotation's blocks are spread (`run --spread`): block k ≤ `blocks`
  /// begins no earlier than (k − 1) · spread / (blocks − 1) after the first, the run pausing
  /// until then, so that a drift slower than the statements' own time shows in their block
  /// means; blocks past `blocks` (`until ci`) follow at once. 0: none.
  double spread_seconds = 0;
  /// The CPUs whose turns the blocks of a one-thread statement (KernelSpec::one_thread) take
  /// (platform::turn_cpus): block k is held to CPU k − 1 modulo their count, the round of an
  /// `interleave` block alike, so that a CPU slower than another shows in the block means
  /// instead of between one run and the next. Under two: no statement is held to a CPU.
  std::vector<int> turn_cpus;
};

/// How a run ended, and what it measured.
struct RunOutcome {
  model::RunStatus status = model::RunStatus::complete;  ///< complete, interrupted or failed
  std::string error;                                     ///< one line naming the statement and the cause
  std::vector<model::Series> series;                     ///< in the plan's series order
  std::vector<std::string> removed_after_failure;        ///< files of the run deleted because it did not complete
  std::vector<std::string> left_behind;                  ///< files of the run it could not delete, as "PATH (reason)"
  std::vector<model::LeftFiles> unclaimed;               ///< files a glob left that appeared during the run
  std::optional<model::RunConditions> conditions;        ///< taken when RunOptions::conditions was given
  std::optional<model::SettleRecord> settle;             ///< what the recipe's `settle` did, when it ran
  std::vector<model::ProgramOutput> programs;            ///< command steps' first and failed runs
  /// Series that importers read from command steps' output, which the plan could not know, each
  /// with the `section` its statement stands in ("" for none).
  std::vector<std::pair<std::string, std::string>> imported_series;
  /// What those importers read of the tool and its run, per section ("" for the top level).
  std::map<std::string, nlohmann::json> imported_environment;
  /// RunOptions::turn_cpus when some statement's blocks took turns on them; empty otherwise.
  std::vector<int> turn_cpus;
  std::vector<model::Baseline> imported_baselines;  ///< those importers' baselines, by name once
  std::vector<model::IndexSpec> imported_indices;   ///< and their indices, by label and baseline once
};

/// Runs a checked recipe. Teardown always runs; if the run does not complete, every file it
/// created is removed afterwards.
RunOutcome run_plan(const check::CheckedRecipe& recipe, const RunOptions& options);

}  // namespace hwbench::runtime::run
