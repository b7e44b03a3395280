#pragma once
// The interpreter's state, shared by interpreter.cpp (the phases, each statement's samples, the
// groups) and command_runs.cpp (what a command step's runs feed: its hooks, figures and the
// series its importer reads). Private to runtime/run.
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "base/platform/real_file_view.hpp"
#include "kernels/contract/kernel.hpp"
#include "runtime/run/command_runs.hpp"
#include "runtime/run/interpreter.hpp"
#include "runtime/run/measurement_loop.hpp"
#include "runtime/run/series_keeper.hpp"

namespace hwbench::runtime::run::detail {

/// Thrown inside the interpreter only, to unwind to the phase loop.
struct Interrupted {};

/// The kernel cannot run on this machine (kernels::KernelUnavailable).
struct Unavailable {
  std::string what;
};

/// A statement failed; `what` already names it.
struct StepFailed {
  std::string what;
};

/// One kernel statement taking its samples: all at once, or block by block in turn with its
/// neighbours. Made by Interpreter::begin_statement, which is where it stays (the keeper refers
/// to its series).
struct StatementRun {
  const plan::Step* step = nullptr;
  model::Series scratch;            ///< the samples of a command whose importer's series stand in for its own
  model::Series* series = nullptr;  ///< the statement's series, or scratch
  std::unique_ptr<kernels::Kernel> kernel;
  std::optional<SeriesKeeper> keeper;
  CpuSpan span;
  std::uint32_t taken = 0;        ///< samples so far
  std::uint32_t per_block = 0;    ///< samples per block; 0: not in blocks
  bool done = false;              ///< its count or its `until ci` target is reached
  std::int64_t slice_end_ns = 0;  ///< in a slice of a duration: when it ends (on opts_.clock)
  bool slice_over = false;        ///< that time has passed: the sample being kept ends the slice
  bool command = false;
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
  /// After a statement ran: forgets the files it removed, and notes those its glob left.
  void forget_removed(const plan::Step& step);
  /// Notes the files `step`'s glob (rm's pattern) still matches that the run does not own and
  /// that were not there when it was checked (RunOutcome::unclaimed).
  void note_unclaimed(const plan::Step& step);
  void run_sampled(const plan::Step& step);

  // ---- a kernel statement's samples, alone or in blocks (statement_run.cpp) ----

  /// Claims its files, makes its kernel and runs its warm-up; null when the kernel cannot run on
  /// this machine (its series says why).
  std::unique_ptr<StatementRun> begin_statement(const plan::Step& step);
  /// Takes up to `count` more samples (fewer when the statement is done first, or when
  /// `slice_seconds` > 0 has passed) in a window of their own; in a block, the last one ends the
  /// block's CPU span and may meet `until ci`.
  void take_samples(StatementRun& r, std::uint32_t count, double slice_seconds = 0);
  void take_batch(StatementRun& r, std::uint32_t end, std::vector<model::Sample>& taken, bool batches);
  /// Finishes the kernel and keeps what the statement ended with.
  void end_statement(StatementRun& r);
  /// Runs `work` for `r`, a kernel's or a program's failure made the statement's (StepFailed).
  void guarded(StatementRun& r, const std::function<void()>& work);
  /// Whether `step` changes nothing the statements around it see, so that they may take their
  /// turns across it: a kernel statement that runs no program and creates or removes no file,
  /// alone in feeding its series, with blocks asked for.
  bool keeps_to_itself(const plan::Step& step) const;
  /// A rotation that starts at some statement: where it ends and which of its statements take
  /// turns; those between them that keep to themselves but cannot take turns ride along.
  struct Rotation {
    std::size_t end = 0;                   ///< one past its last statement taking turns
    std::vector<const plan::Step*> turns;  ///< the statements taking turns, in plan order
  };
  /// The rotation that starts at `first` (end == first: none). Statements that keep to
  /// themselves follow each other from `first`; of them, those of several samples take turns,
  /// one holding memory sized to the machine only while the memory of those taking turns fits
  /// (RunOptions::memory_available); the others ride along. Two taking turns at least, `first`
  /// one of them, and the rotation ends after the last.
  Rotation rotation_at(const std::vector<plan::Step>& steps, std::size_t first) const;
  /// Begins each of `steps` to take its samples in turn with the others, `per_block` samples a
  /// block; a statement that cannot run on this machine ends its series at once and is left out.
  std::vector<std::unique_ptr<StatementRun>> begin_in_turn(
      const std::vector<const plan::Step*>& steps, const std::function<std::uint32_t(const plan::Step&)>& per_block);
  /// Statements [first, rotation.end) of `steps`: those of `rotation.turns` take their samples
  /// block by block, in turn, forwards and then backwards (A B C C B A …), so that a drift of the
  /// machine falls on all of them; one riding along takes all its samples back to back at its
  /// place in the first pass.
  void run_rotation(const std::vector<plan::Step>& steps, std::size_t first, const Rotation& rotation);
  /// Waits, with `--spread`, until block `block` of a rotation whose first block began at
  /// `first_ns` and whose statements fill `span` blocks is due: block k at (k - 1) / (span - 1)
  /// of RunOptions::spread_seconds.
  void pace_block(std::int64_t first_ns, std::uint32_t block, std::uint32_t span);
  /// One turn of `r`: its samples of block `block`, and its end when that was its last.
  void take_turn(StatementRun& r, std::uint32_t block);
  /// Holds this thread to the CPU whose turn block `block` is (RunOptions::turn_cpus) when
  /// `step`'s kernel runs on one thread; lets it run anywhere again otherwise.
  void hold_for_block(const plan::Step& step, std::uint32_t block);
  /// Lets this thread run on the CPUs it could before hold_for_block.
  void release_cpus();
  /// Releases the CPUs when a rotation or an interleave block ends, however it ends.
  struct CpuRelease {
    Interpreter& interpreter;
    ~CpuRelease() { interpreter.release_cpus(); }
  };
  /// A statement taking all its samples back to back, told to the observer as its own series.
  void run_alone(const plan::Step& step);
  /// An `interleave` block: its statements take a slice each per round, forwards in odd rounds
  /// and backwards in even ones; a round is a block of each series.
  void run_interleave(const plan::Step& block);

  // ---- a command step's runs (command_runs.cpp) ----

  /// Runs `step`'s hook `line` (`prepare` or `conclude`) through commands_; a failure fails the step.
  void hook(const plan::Step& step, const char* what, const std::string& line);

  /// Removes the files `step`'s figures are read from, before a run, so that a run that does not
  /// write one gives no figure from an earlier run's file; only files the run owns.
  void clear_figure_files(const plan::Step& step);

  /// A command step's run that made `sample` of `series`: keeps its output, and gives the
  /// sample the figure of the statement's own series.
  FigureReadings read_run(const plan::Step& step, const kernels::Kernel& k, const model::Series& series,
                          model::Sample& sample);

  /// The figures of a command's run that feed other series: each a sample alike `base`, the run's
  /// sample (its times), kept with `params`, with the figure.
  void keep_readings(const plan::Step& step, FigureReadings& r, const model::Sample& base,
                     const model::ParamSet& params);

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
  /// The directory of each file the run created, and its real place then: a file the run owns by
  /// name is not its file once a symlink stands where that directory was.
  std::map<std::string, std::string> owned_dirs_;
  std::vector<std::string> created_dirs_;
  std::set<std::string> unclaimed_seen_;             ///< the paths in outcome_.unclaimed
  std::map<std::string, std::size_t> unclaimed_at_;  ///< a statement's `where` -> its entry in outcome_.unclaimed
  std::map<std::string, std::size_t> index_;
  std::map<std::string, model::Series> imported_;   ///< series importers read that the plan did not have
  std::vector<const model::Series*> step_imports_;  ///< the series the running statement's importer fed
  std::map<std::string, std::size_t> last_step_;    ///< series label -> index of its last statement in plan_.main
  std::map<std::string, std::size_t> step_count_;   ///< series label -> how many statements of plan_.main feed it
  RunOutcome outcome_;
  bool interruptible_ = true;
  std::vector<int> released_cpus_;  ///< what this thread could run on before hold_for_block; empty: not held
};

}  // namespace hwbench::runtime::run::detail
