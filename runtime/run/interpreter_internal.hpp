#pragma once
// The interpreter's state, shared by interpreter.cpp (the phases, each statement's samples, the
// groups) and command_runs.cpp (what a command step's runs feed: its hooks, figures and the
// series its importer reads). Private to runtime/run.
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "base/platform/real_file_view.hpp"
#include "kernels/contract/kernel.hpp"
#include "runtime/run/command_runs.hpp"
#include "runtime/run/interpreter.hpp"
#include "runtime/run/measurement_loop.hpp"

namespace hwbench::runtime::run::detail {

/// A statement failed; `what` already names it.
struct StepFailed {
  std::string what;
};

/// One run of a checked recipe: its plan, its series as they fill, the files it owns.
class Interpreter {
 public:
  Interpreter(const check::CheckedRecipe& recipe, const RunOptions& options);
  /// Runs setup, `settle`, the timed statements and teardown (always), once.
  RunOutcome run();

 private:
  // ---- the run's phases and files (interpreter.cpp) ----
  void make_directories();
  void remove_created_directories();
  void remove_leftovers();
  void fail(std::string error, model::RunStatus status = model::RunStatus::failed);
  void phase(const std::vector<plan::Step>& steps, bool timed);
  void settle(const plan::Settle& st);
  void check_interrupt() const;
  std::string where(const plan::Step& step) const;

  /// Claims the files a statement will create, re-checking the safety rules against the file
  /// system as it is now (a symlink or a stranger's file may have appeared since the check).
  void claim(const plan::Step& step);
  void evict_inputs(const plan::Step& step);
  std::unique_ptr<kernels::Kernel> make(const plan::Step& step);
  void run_untimed(const plan::Step& step);
  void forget_removed(const plan::Step& step);
  void run_sampled(const plan::Step& step);

  // ---- a command step's runs (command_runs.cpp) ----

  /// Runs `step`'s hook `line` (`prepare` or `conclude`) through commands_; a failure fails the step.
  void hook(const plan::Step& step, const char* what, const std::string& line);

  /// A command step's run that made `sample` of `series`: keeps its output, and gives the
  /// sample the figure of the statement's own series.
  FigureReadings read_run(const plan::Step& step, const kernels::Kernel& k, const model::Series& series,
                          model::Sample& sample);

  /// The figures of a command's run that feed other series: each a sample alike the statement's
  /// own (its times, its parameters), with the figure.
  void keep_readings(const plan::Step& step, FigureReadings& r, const model::Series& own);

  /// The section a command step's importer puts its series in ("" at the top level).
  static std::string importer_section(const plan::Step& step);

  /// The series `label` that an importer read into `section`, made when it is new. New ones
  /// join the run's series at its end: a reference into those must stay valid until then.
  model::Series& imported_series(const std::string& section, const std::string& label);

  // ---- groups and conditions windows (interpreter.cpp) ----
  void run_group(const plan::Step& step);

  /// The counters as a timed statement of `series` starts, with `workers` of hwbench's own busy.
  std::optional<model::ConditionsWindow> open_window(const std::string& series, std::size_t workers);

  /// Records a window once its statement has taken its samples.
  void close_window(std::optional<model::ConditionsWindow> window);

  const plan::Plan& plan_;
  const sandbox::PathResolver& resolver_;
  RunOptions opts_;
  MeasurementLoop loop_;  ///< every sample is taken here; kernels reach it through ctx_.exclude
  CommandRuns commands_;  ///< command steps' hooks, kept runs and figures
  platform::RealFileView files_;
  kernels::Context ctx_;
  std::set<std::string> owned_;
  std::vector<std::string> created_dirs_;
  std::map<std::string, std::size_t> index_;
  std::map<std::string, model::Series> imported_;   ///< series importers read that the plan did not have
  std::vector<const model::Series*> step_imports_;  ///< the series the running statement's importer fed
  std::map<std::string, std::size_t> last_step_;    ///< series label -> index of its last statement in plan_.main
  RunOutcome outcome_;
  bool interruptible_ = true;
};

}  // namespace hwbench::runtime::run::detail
