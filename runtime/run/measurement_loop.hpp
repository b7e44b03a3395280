#pragma once
// The one measurement loop: what a kernel statement does for one sample, and how it is timed,
// whether it stands alone or inside a `time` or `parallel` group. `for`, `cputime`, `sync`, the
// time kept out through kernels::untimed() and the longest latency mean the same everywhere.
#include <atomic>
#include <cstdint>
#include <functional>
#include <span>

#include "base/platform/clock.hpp"
#include "kernels/contract/kernel.hpp"
#include "runtime/model/sample.hpp"
#include "runtime/plan/plan.hpp"

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
  platform::CpuTimes cpu;    ///< this process's and its waited-for children's
};

/// When a series reads the CPU clocks. A reading is a system call (getrusage: a microsecond or
/// more, several in a virtual machine), longer than a short sample, and the kernel splits CPU time
/// into usr and sys at the scheduler's tick; so a sample under `min_ns` of timed wall has no CPU
/// time worth reading on its own. After such a sample, the samples that follow share one reading
/// per span: the CPU clocks are read before the span's first sample and after its last, which
/// ends once the span has `min_ns` of timed wall or the series ends. The span's CPU time (less
/// untimed() time, and with the bookkeeping between its samples in it) goes on its last sample,
/// with Sample::cpu_samples = the span's length; its other samples have cpu_samples = 0. A sample
/// that follows a long one, a series' first, and every `cputime` sample (whose rate is its CPU
/// time) read the clocks around themselves.
class CpuSpan {
 public:
  static constexpr std::int64_t min_ns = 1'000'000;

  /// Whether the next sample shares a CPU reading: the samples are short, and a statement of
  /// one unit per sample may take them with MeasurementLoop::measure_batch().
  bool shared() const { return !per_sample_; }

 private:
  friend class MeasurementLoop;
  bool per_sample_ = true;           ///< the next sample reads the clocks around itself
  bool open_ = false;                ///< a span has started: cpu0_ and excluded0_ hold
  platform::CpuTimes cpu0_;          ///< the CPU clocks before the span's first sample
  platform::CpuTimes excluded0_;     ///< the untimed() CPU time summed by then
  std::int64_t unix_offset_ns_ = 0;  ///< CLOCK_REALTIME − CLOCK_MONOTONIC as the span began
  std::int64_t wall_ns_ = 0;         ///< the span's timed wall so far
  std::uint32_t samples_ = 0;        ///< the span's samples so far
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

  /// One sample of a series whose CPU readings `span` keeps: as measure(k, policy), except that
  /// a sample inside a span reads no CPU clock (cpu 0, cpu_samples 0) until end_sample() ends
  /// the span, nor the wall-clock time: its start_unix_ns is its monotonic start plus the
  /// difference of the two clocks as the span began.
  model::Sample measure(kernels::Kernel& k, const plan::Policy& policy, CpuSpan& span);

  /// Most samples measure_batch() takes at once.
  static constexpr std::size_t batch_max = 64;

  /// Short one-unit samples back to back, for a statement of one unit per sample (no `for`,
  /// `sync`, `cputime` or `cold`) whose span shares its CPU readings (span.shared()): the
  /// monotonic clock is read once between two samples, so that sample i lasts from reading i to
  /// reading i+1, with nothing between them but the kernel's run(1) and the storing of what it
  /// returned and of the reading; the rest of what a sample costs (making it, keeping it) comes
  /// after the batch, outside every sample. Fills out[0..k) as measure(k, policy, span) would
  /// (less the untimed() time of each) and returns k: at most out.size() and batch_max samples,
  /// ending with the one that brings the span to CpuSpan::min_ns of timed wall, or before the
  /// sample during which the interrupt flag was set (cut short, so not a sample). Each still
  /// goes through end_sample(), in order.
  std::size_t measure_batch(kernels::Kernel& k, CpuSpan& span, std::span<model::Sample> out);

  /// After measure(k, policy, span) gave `s`, and before `s` is kept: ends the open span when it
  /// has lasted CpuSpan::min_ns or `last` (the series takes no more samples), giving `s` the
  /// span's CPU time; decides whether the next sample reads the clocks around itself.
  void end_sample(model::Sample& s, CpuSpan& span, bool last);

  /// Times `work` whole (a `repeat` loop inside `time`, each pass's preparation included), less
  /// what untimed() took inside it.
  Elapsed time(const std::function<void()>& work);

 private:
  class Region;

  /// One sample, its CPU time read around it (span null) or left to `span`'s reading.
  model::Sample take(kernels::Kernel& k, const plan::Policy& policy, const CpuSpan* span);
  void open_span(CpuSpan& span);
  Tally run_from(kernels::Kernel& k, const plan::Policy& policy, std::int64_t t0, const platform::CpuTimes& cpu0,
                 const Elapsed& excluded0);
  bool interrupted() const;
  /// The monotonic clock: the real one without a virtual call (a short sample reads it twice).
  std::int64_t now() { return real_clock_ != nullptr ? real_clock_->now_ns() : clock_.now_ns(); }

  platform::Clock& clock_;
  platform::RealClock* real_clock_;  ///< clock_, when it is the real one
  const std::atomic<bool>* interrupted_;
  int open_regions_ = 0;  ///< timed stretches in progress (a loop's statements nest in the loop's)
  Elapsed excluded_;      ///< untimed() time summed while open_regions_ > 0, never reset
};

}  // namespace hwbench::runtime::run
