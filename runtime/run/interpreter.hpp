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

#include "runtime/check/checker.hpp"
#include "runtime/platform/clock.hpp"
#include "runtime/platform/conditions.hpp"
#include "runtime/plan/plan.hpp"
#include "runtime/model/conditions.hpp"
#include "runtime/model/result_state.hpp"
#include "runtime/model/sample.hpp"
#include "runtime/run/run_observer.hpp"
#include "runtime/run/settle.hpp"

namespace hwbench::runtime::run {

/// What the interpreter is lent.
struct RunOptions {
  platform::Clock* clock = nullptr;                        ///< required
  RunObserver* observer = nullptr;                         ///< told of each series and sample; null for none
  const std::atomic<bool>* interrupted = nullptr; ///< set on Ctrl-C / SIGTERM; null for never
  /// Snapshots of what disturbs a benchmark, before and after the run and around each timed
  /// statement; null for none.
  platform::ConditionsSampler* conditions = nullptr;
  /// How `settle` waits; null for the real sleep (tests lend a fake).
  Pause* pause = nullptr;
};

/// How a run ended, and what it measured.
struct RunOutcome {
  model::RunStatus status = model::RunStatus::complete;  ///< complete, interrupted or failed
  std::string error;                ///< one line naming the statement and the cause
  std::vector<model::Series> series;       ///< in the plan's series order
  std::vector<std::string> removed_after_failure;  ///< files of the run deleted because it did not complete
  std::vector<std::string> left_behind;  ///< files of the run it could not delete, as "PATH (reason)"
  std::optional<model::RunConditions> conditions;  ///< taken when RunOptions::conditions was given
  std::optional<model::SettleRecord> settle;       ///< what the recipe's `settle` did, when it ran
};

/// Runs a checked recipe. Teardown always runs; if the run does not complete, every file it
/// created is removed afterwards.
RunOutcome run_plan(const check::CheckedRecipe& recipe, const RunOptions& options);

/// Installs SIGINT and SIGTERM handlers that set the returned flag (until the guard is destroyed).
class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;
  /// The flag the handlers set.
  const std::atomic<bool>* flag() const;
  /// The signal received (0 for none).
  int signal() const;
  /// Sets the flag as SIGHUP would: for a run whose controlling session is gone without a signal
  /// (`hwbench run --remote-session`, whose ssh connection ended; docs/remote.md).
  void interrupt() const;
  /// For a process that ends after its run (hwbench's main, not a test calling the command
  /// line in-process): from now on a guard's end ignores SIGINT and SIGTERM instead of giving
  /// them back their old action, so that one arriving between the run's end and the process's
  /// cannot kill it (exit 3, or 0 for a run that was whole, never -15).
  static void ignore_signals_after_runs();
};

}  // namespace hwbench::runtime::run
