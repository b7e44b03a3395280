#pragma once
// The one measurement loop: what a kernel statement does for one sample, and how it is timed,
// whether it stands alone or inside a `time` or `parallel` group. `for`, `cputime`, `sync`, the
// time kept out through kernels::untimed() and the longest latency mean the same everywhere.
#include <atomic>
#include <cstdint>
#include <functional>

#include "kernels/contract/kernel.hpp"
#include "runtime/platform/clock.hpp"
#include "runtime/plan/plan.hpp"
#include "runtime/model/sample.hpp"

namespace hwbench::runtime::run {

/// The work of one sample, summed over its batches.
struct Tally {
  std::uint64_t units = 0;          ///< units of work asked of the kernel
  std::uint64_t bytes = 0;          ///< what its runs returned, summed
  std::uint64_t ops = 0;            ///< what its runs returned, summed
  std::int64_t max_latency_ns = 0;  ///< the longest single operation of any run (0: not measured)

  /// Adds `other`: units, bytes and operations summed, the longer of the two latencies kept.
  Tally& operator+=(const Tally& other);
};

/// Wall and CPU time of a timed stretch, less what kernels::untimed() took inside it.
struct Elapsed {
  std::int64_t wall_ns = 0;  ///< CLOCK_MONOTONIC
  platform::CpuTimes cpu;              ///< this process's and its waited-for children's
};

/// Runs and times kernel work under a statement's Policy. One object serves a whole run (and,
/// copied by fork(), each `parallel` worker); kernels reach it through the hook it gives for
/// kernels::Context::exclude.
class MeasurementLoop {
 public:
  /// Reads `clock`; `interrupted` (null: never) ends a `for` count after the current batch.
  explicit MeasurementLoop(platform::Clock& clock, const std::atomic<bool>* interrupted = nullptr);
  MeasurementLoop(const MeasurementLoop&) = delete;
  MeasurementLoop& operator=(const MeasurementLoop&) = delete;

  /// The function for kernels::Context::exclude. It refers to this object, which must outlive
  /// every kernel made with it (kernels copy their context).
  std::function<void(const std::function<void()>&)> exclude_hook();

  /// Runs `fn`; while anything is being timed (measure(), time(), a `for` count), its wall and
  /// CPU time are kept out of it.
  void exclude(const std::function<void()>& fn);

  /// One sample's work, not timed here: `k.run(1)`, or with `for` the unit repeated in batches
  /// that double while a batch takes under a millisecond and shrink so as not to overrun the
  /// duration, until the duration has passed on the wall clock or (`cputime`) on this process's
  /// CPU time, less the untimed() time, or until the interrupt flag is set; then, with `sync`,
  /// `k.flush()`.
  Tally run(kernels::Kernel& k, const plan::Policy& policy);

  /// One sample: run() between two readings of the clocks. Sets units, bytes, ops,
  /// max_latency_ns, wall_ns and cpu (both less the untimed() time), start_unix_ns and
  /// cpu_timed; the caller adds the kernel, its parameters and the iteration.
  model::Sample measure(kernels::Kernel& k, const plan::Policy& policy);

  /// Times `work` whole (a `repeat` loop inside `time`, each pass's preparation included), less
  /// what untimed() took inside it.
  Elapsed time(const std::function<void()>& work);

 private:
  class Region;

  Tally run_from(kernels::Kernel& k, const plan::Policy& policy, std::int64_t t0, const platform::CpuTimes& cpu0,
                 const Elapsed& excluded0);
  bool interrupted() const;

  platform::Clock& clock_;
  const std::atomic<bool>* interrupted_;
  int open_regions_ = 0;  ///< timed stretches in progress (a loop's statements nest in the loop's)
  Elapsed excluded_;      ///< untimed() time summed while open_regions_ > 0, never reset
};

}  // namespace hwbench::runtime::run
