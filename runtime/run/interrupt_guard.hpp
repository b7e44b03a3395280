#pragma once
// Ctrl-C, SIGTERM and SIGHUP during a run: a flag the interpreter polls, so that the run stops
// between samples and its teardown still runs (run_plan, interpreter.hpp).
#include <atomic>

namespace hwbench::runtime::run {

/// Installs SIGINT, SIGTERM and SIGHUP handlers that set the returned flag (until the guard is
/// destroyed).
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
  /// line in-process): from now on a guard's end ignores SIGINT, SIGTERM and SIGHUP instead of giving
  /// them back their old action, so that one arriving between the run's end and the process's
  /// cannot kill it (exit 3, or 0 for a run that was whole, never -15).
  static void ignore_signals_after_runs();
};

}  // namespace hwbench::runtime::run
