#pragma once
// What becomes of each sample of a kernel statement once it is taken: its place and parameters
// in the series, the CPU span it closes, the `until ci` rule that may end the statement, and the
// observer that shows it. The interpreter takes samples (alone or in batches); this keeps them.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "runtime/analysis/statistics.hpp"
#include "runtime/model/sample.hpp"
#include "runtime/plan/plan.hpp"
#include "runtime/run/measurement_loop.hpp"
#include "runtime/run/run_observer.hpp"

namespace hwbench::runtime::run {

/// Keeps the samples of one kernel statement in its series, in order.
class SeriesKeeper {
 public:
  /// For `step` (a kernel statement), whose samples go to `series`; `observer` may be null.
  SeriesKeeper(const plan::Step& step, model::Series& series, MeasurementLoop& loop, RunObserver* observer);

  /// Keeps `s`, the statement's sample number `n` (0-based), with what the kernel `notes`d by
  /// then: sets its iteration and block, ends the CPU span in `span` where it must (end_sample;
  /// always at `block_ends`, the last sample of a block), adds it to the series and tells the
  /// observer. Returns whether it is the statement's last: its count reached, or its `until ci`
  /// target (in blocks, judged at a block's end on the block-aware interval).
  bool keep(model::Sample& s, std::uint32_t n, CpuSpan& span, const std::map<std::string, std::string>& notes,
            bool block_ends = false);
  /// Makes `s` what keep would, with the kernel's `notes`, but keeps it out of the series (a run
  /// whose optional figure was missing, whose other figures feed series of their own): returns
  /// the parameters it would have been kept with.
  model::ParamSet set_aside(model::Sample& s, const std::map<std::string, std::string>& notes) const;
  /// The samples kept from now on belong to block `block` (1-based) of the run.
  void start_block(std::uint32_t block) { block_ = block; }
  /// Whether the statement's `until ci` target was reached (true without one).
  bool converged() const { return converged_; }

 private:
  /// What every sample shares with what the kernel `notes`d for this one.
  model::ParamSet noted(const std::map<std::string, std::string>& notes) const;

  const plan::Step& step_;
  const plan::Policy& policy_;
  model::Series& series_;
  MeasurementLoop& loop_;
  RunObserver* observer_;
  /// What every sample of the statement shares, made once; a kernel's notes join it per sample.
  model::ParamSet shared_;
  std::optional<std::uint32_t> shared_index_;  ///< found on its first use (sets are numbered in that order)
  analysis::RunningMean rates_;
  std::vector<double> block_rates_;       ///< in blocks with `until ci`: every sample's rate
  std::vector<std::uint32_t> block_ids_;  ///< and its block
  std::uint32_t block_ = 0;               ///< the block the samples go to; 0: none
  bool converged_;
};

}  // namespace hwbench::runtime::run
