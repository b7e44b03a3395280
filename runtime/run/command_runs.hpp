#pragma once
// What the interpreter does around a command step's samples: its untimed hooks (`prepare`,
// `conclude`), the runs the result keeps with what they printed (each statement's first run and
// every failed one), and the figures its rules read from each run's output.
#include <atomic>
#include <string>
#include <vector>

#include "kernels/contract/kernel.hpp"
#include "runtime/model/result.hpp"
#include "runtime/plan/plan.hpp"
#include "runtime/run/command_figures.hpp"

namespace hwbench::runtime::run {

/// Keeps the command steps' program runs of one run of a recipe.
class CommandRuns {
 public:
  /// For the recipe `recipe_file`; `interrupted` (null: never) ends a hook as Ctrl-C ends a run.
  CommandRuns(std::string recipe_file, const std::atomic<bool>* interrupted)
      : recipe_file_(std::move(recipe_file)), interrupted_(interrupted) {}

  /// Runs `line` through /bin/sh, untimed, for `step`'s `what` ("prepare" or "conclude"); returns
  /// "" or why it failed (its exit and last lines).
  std::string hook(const plan::Step& step, const char* what, const std::string& line) const;

  /// After `k`'s run that made sample `iteration` of `series` (0: none, as in setup): reads the
  /// step's figures from the run's output, and keeps the statement's first run and a run that
  /// failed (an exit `ignore-failure` let pass, a figure missing).
  FigureReadings after_run(const plan::Step& step, const kernels::Kernel& k, const std::string& series,
                           std::uint32_t iteration);

  /// After a warm-up run of `k`: keeps it when it failed (`ignore-failure` let it pass).
  void warmed_up(const plan::Step& step, const kernels::Kernel& k, const std::string& series);

  /// Keeps `k`'s last run, which failed.
  void failed(const plan::Step& step, const kernels::Kernel& k, const std::string& series);

  /// The runs kept so far, in order.
  std::vector<model::ProgramOutput> take() { return std::move(kept_); }

 private:
  void keep(const plan::Step& step, const platform::ChildOutcome& out, const std::string& series,
            std::uint32_t iteration);

  std::string recipe_file_;
  const std::atomic<bool>* interrupted_;
  std::vector<const plan::Step*> seen_;  ///< statements whose first run is kept
  std::vector<model::ProgramOutput> kept_;
};

}  // namespace hwbench::runtime::run
