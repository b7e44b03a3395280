#pragma once
// `time { … }` and `parallel N { … }`: several kernel runs that make one sample.
#include <string>
#include <vector>

#include "base/platform/clock.hpp"
#include "kernels/contract/kernel.hpp"
#include "runtime/model/sample.hpp"
#include "runtime/plan/plan.hpp"
#include "runtime/run/measurement_loop.hpp"

namespace hwbench::runtime::run {

/// What a group run is lent.
struct GroupRun {
  platform::Clock& clock;
  MeasurementLoop& loop;  ///< runs and times each statement, as it does outside groups
  const kernels::Context& context;
  std::string recipe_file;
};

/// One group's sample, or the error that stopped it (naming the statement or the worker).
struct GroupResult {
  model::Sample sample;
  model::ParamSet params;  ///< "time" or "parallel", with the number of workers
  std::string error;
};

/// Runs every statement of a `time` block once, in order; the sample is the sum of their
/// timed runs (set-up and clean-up of each kernel are left out; a `repeat` loop is timed whole,
/// and a `parallel` block inside contributes its own span and its workers' CPU time), with the
/// longest latency any of them measured.
GroupResult run_time_group(GroupRun& run, const plan::Step& step);

/// Runs each worker's statements in its own process, started together; the sample covers the
/// span from the start signal to the last worker's exit, with the workers' CPU time as cusr/csys
/// and the longest latency any worker measured.
GroupResult run_parallel_group(GroupRun& run, const plan::Step& step);

}  // namespace hwbench::runtime::run
