#pragma once
// What the interpreter tells whoever watches a run as it happens (the progress display): the
// runner measures, an observer shows; neither knows how the other works.
#include <cstdint>
#include <string>

#include "runtime/model/result_state.hpp"
#include "runtime/model/sample.hpp"
#include "runtime/plan/plan.hpp"

namespace hwbench::runtime::run {

/// Events of one run, called in order on the run's thread. Every method does nothing by default.
class RunObserver {
 public:
  virtual ~RunObserver() = default;
  /// Before setup.
  virtual void run_begins(const plan::Plan& /*plan*/) {}
  /// After setup, `settle` begins (it waits, or probes until the rate is stable).
  virtual void settle_begins(const plan::Settle& /*settle*/) {}
  /// `settle until stable` has just made a probe: the record so far, its last probe the newest.
  virtual void settle_probe(const model::SettleRecord& /*record*/) {}
  /// `settle` is over, however it ended.
  virtual void settle_ends(const model::SettleRecord& /*record*/) {}
  /// `run --spread`: the run pauses `seconds` before block `block` of a rotation is due.
  virtual void block_wait(std::uint32_t /*block*/, double /*seconds*/) {}
  /// A timed statement (a kernel statement, a `time` or a `parallel` block) begins: its warm-ups
  /// and samples follow, or, for statements taking turns, its warm-ups now and a turn at each
  /// later call.
  virtual void step_begins(const plan::Step& /*step*/) {}
  /// `series` has just gained a sample (its last), taken by `step`.
  virtual void sample_taken(const plan::Step& /*step*/, const model::Series& /*series*/) {}
  /// `series` takes no more samples: the last statement the plan has for it is done (or the
  /// series turned out unavailable on this machine: Series::unavailable says why).
  virtual void series_ends(const model::Series& /*series*/) {}
  /// After teardown, however the run ended.
  virtual void run_ends(model::RunStatus /*status*/) {}
};

}  // namespace hwbench::runtime::run
