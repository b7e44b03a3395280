#pragma once
// The checker's walk over a recipe, shared by checker.cpp (the walk, binding), statement_walk.cpp
// (each kind of statement), placement.cpp (where each may stand), group_walk.cpp (if, loops inside
// groups, time and parallel) and the files named in the sections below. Private to runtime/check.
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "lang/recipe/ast_query.hpp"
#include "runtime/check/binders/compare_binder.hpp"
#include "runtime/check/binders/index_binder.hpp"
#include "runtime/check/binders/kernel_binder.hpp"
#include "runtime/check/binders/report_binder.hpp"
#include "runtime/check/binders/settle_binder.hpp"
#include "runtime/check/binders/user_kernels.hpp"
#include "runtime/check/checker.hpp"
#include "runtime/check/evaluation/evaluator.hpp"
#include "runtime/check/evaluation/settings.hpp"
#include "runtime/plan/plan_printer.hpp"
#include "runtime/sandbox/file_simulation.hpp"
#include "runtime/sandbox/space_ledger.hpp"
#include "runtime/sandbox/virtual_fs.hpp"

namespace hwbench::runtime::check::detail {

namespace recipe = lang::recipe;

constexpr std::size_t kMaxSteps = 1'000'000;
/// Loops over `let`s or empty blocks expand to no statement, yet must end too.
constexpr std::size_t kMaxWalk = 2 * kMaxSteps;

enum class Phase { main, setup, teardown };

/// Where the walk is: which phase, which series, what a label-less series would be called.
struct Ctx {
  Phase phase = Phase::main;
  std::string series;          ///< set inside `series`
  std::string label_text;      ///< the statement text that names a label-less series
  bool in_group = false;       ///< inside `time` or `parallel`
  bool in_time = false;        ///< inside `time`
  bool in_parallel = false;    ///< inside `parallel`
  bool top = true;             ///< at the recipe's top level (or in an `if` there)
  bool in_if = false;          ///< inside a branch of an `if`
  bool in_interleave = false;  ///< inside `interleave`
  std::string section;         ///< the title of the `section` around, "" outside any
};

/// A loop's variable (`$i`, `$worker`, `for NAME in …`) for the walk of its passes; what the
/// name held before the loop is back afterwards.
class LoopVariable {
 public:
  LoopVariable(Scope& scope, std::string name) : scope_(scope), name_(std::move(name)) {
    if (const Value* v = scope_.find(name_)) old_ = *v;
  }
  ~LoopVariable() {
    if (old_)
      scope_.set(name_, std::move(*old_));
    else
      scope_.erase(name_);
  }
  LoopVariable(const LoopVariable&) = delete;
  LoopVariable& operator=(const LoopVariable&) = delete;
  void set(Value v) { scope_.set(name_, std::move(v)); }

 private:
  Scope& scope_;
  std::string name_;
  std::optional<Value> old_;
};

/// One check of one recipe: the walk's state, from the locations to the space ledger.
class Checker {
 public:
  Checker(const lang::Source& source, const CheckOptions& options, lang::Diagnostics& diags)
      : source_(source), opts_(options), machine_(*options.machine), diags_(diags), vfs_(*options.files) {}

  /// Walks `recipe` once: every statement checked and bound, the plan built; nothing when
  /// there were errors (they are in the Diagnostics given at construction). A recipe that
  /// expands past the caps is refused with that one error, found by a counting walk first.
  std::optional<CheckedRecipe> run(const lang::recipe::Recipe& recipe);

 private:
  /// The counting walk: the same expansion of loops, `if`s and groups, with the same values,
  /// but no statement bound, no file or location looked at and no plan kept, so that a recipe
  /// of ten million statements is refused in a fraction of a second instead of binding a
  /// million of them first. Returns the error the full walk would give at the same place.
  std::optional<lang::Diagnostic> expansion_error(const lang::recipe::Recipe& recipe);

  /// Sets `$cpus` to the machine's online CPUs.
  void define_cpus();

  /// The statements refused for running programs without --allow-exec: one error for them all.
  void report_exec_refused();

  /// Refuses the recipe as too big (once): the error, and the walk stops.
  void refuse_size(lang::SourceLoc loc, std::string message, std::string hint);

  // ---- locations -------------------------------------------------------------------------
  void declare_locations(const lang::recipe::Recipe& recipe);

  // ---- the walk --------------------------------------------------------------------------
  void walk_block(const std::vector<recipe::Stmt>& stmts, const Ctx& ctx, std::vector<plan::Step>* group);

  std::vector<plan::Step>& phase_steps(Phase p);

  /// One statement: where it stands checked (placed_well), then walked by the kind's own walk.
  void walk(const recipe::Stmt& s, const Ctx& ctx, std::vector<plan::Step>* group);

  /// In the counting walk, whether `s` is walked on: statements that expand, or that give values
  /// later expansions use. A kernel statement is counted here, bound or not, and goes no further.
  bool counting_enters(const recipe::Stmt& s);

  // ---- where a statement may stand (placement.cpp) ---------------------------------------
  /// Whether `s` may stand where `ctx` is, by the placement table; if not, refuses it with the
  /// error of the first rule it breaks, the caret under its keyword. `title` is a section's own
  /// title, which its refusal inside another section names.
  bool placed_well(const recipe::Stmt& s, const Ctx& ctx, std::string_view title = {});

  /// The columns of the word that starts at `loc` (a statement's keyword): what a caret underlines.
  std::uint32_t word_width(lang::SourceLoc loc) const;

  // ---- the statements' walks (statement_walk.cpp) ----------------------------------------
  /// `title`, `source`, `note`: the plan's metadata (notes add up, one per line).
  void walk_meta(const recipe::Stmt& s);

  /// `let NAME = EXPR`, or the `--set` value given in its place at the recipe's own top level.
  void walk_let(const recipe::Stmt& s, const Ctx& ctx);

  /// `repeat N { … }`: one loop node inside a group when the body does not use `$i`, else N passes.
  void walk_repeat(const recipe::Stmt& s, const Ctx& inner, std::vector<plan::Step>* group);

  /// `for NAME in LIST-OR-RANGE { … }`: one pass per item; a range is walked without being built.
  void walk_for(const recipe::Stmt& s, const Ctx& inner, std::vector<plan::Step>* group);

  /// `setup { … }` and `teardown { … }`: their bodies walked untimed; setup before any `settle`.
  void walk_phase(const recipe::Stmt& s, const Ctx& inner);

  /// `series "LABEL" { … }`: its statements make the series LABEL.
  void walk_series(const recipe::Stmt& s, const Ctx& ctx, const Ctx& inner, std::vector<plan::Step>* group);

  /// A kernel statement: bound into a step of its group or its phase.
  void walk_kernel(const recipe::Stmt& s, const Ctx& ctx, std::vector<plan::Step>* group);

  /// `report …`: a report of the section around it, or of the whole recipe.
  void walk_report(const recipe::Stmt& s, const Ctx& ctx);

  /// `baseline NAME from FILE` and `index "LABEL" = geomean(…) vs NAME …`.
  void walk_baseline(const recipe::Stmt& s);
  void walk_index(const recipe::Stmt& s);

  /// `compare with FILE …` or `compare with section "TITLE" …`.
  void walk_compare(const recipe::Stmt& s, const Ctx& ctx);

  /// `settle`: at the top level, once, after setup and before the first timed statement.
  void walk_settle(const recipe::Stmt& s, const Ctx& ctx);

  /// Where a relative baseline file is looked for: the recipe's own directory.
  std::string recipe_dir() const;

  /// `if A OP B { … } else …`: decided now, from values known before the run (`$cpus`, `let`s,
  /// loop variables); the branch taken is walked as if written in place of the `if`, so at the
  /// top level it may hold `index`, `baseline`, `report` and `setup` like the top level itself.
  void walk_if(const recipe::Stmt& s, const Ctx& ctx, std::vector<plan::Step>* group);

  /// A `repeat` inside a group whose body does not use `$i`: one loop node, its body checked
  /// once (each pass does the same thing), so a long loop costs nothing to plan.
  void walk_loop(const recipe::Stmt& s, const Ctx& ctx, std::uint64_t count, std::vector<plan::Step>& group);

  void walk_group(const recipe::Stmt& s, const Ctx& ctx, std::vector<plan::Step>* group);

  /// `section "TITLE" { … }`: its statements walked as if at the top level, then every report
  /// written in it given the labels of the series declared in it, which are all it covers.
  void walk_section(const recipe::Stmt& s, const Ctx& ctx);

  // ---- `interleave` and the `compare` in it (interleave_walk.cpp) --------------------------
  /// `interleave [rounds N] [slice N | slice DURATION] { … }`: its kernel statements, each a
  /// series of its own, become the children of one step that runs them in turn.
  void walk_interleave(const recipe::Stmt& s, const Ctx& ctx);
  /// The block's options; nothing (with an error) when one is wrong.
  std::optional<plan::Interleave> interleave_options(const recipe::Stmt& s);
  /// Whether `total` bytes held at once fit in the memory this machine has available; if not, an
  /// error at `loc`: "HOLDERS N MiB of memory at once, more than …".
  bool memory_fits(std::uint64_t total, lang::SourceLoc loc, const std::string& holders, std::string_view hint);
  bool interleave_memory_fits(const recipe::Stmt& s, const plan::Step& step);
  bool interleave_option(const std::string& name, const recipe::Expr& value, plan::Interleave& in);
  /// Whether the block has two statements or more, each feeding a series no other statement feeds.
  bool interleave_series_apart(const recipe::Stmt& s, const plan::Step& step);
  /// `compare [OPTION VALUE]…` without `with`: kept for the block around it, which binds it once
  /// its series are known.
  void walk_paired_compare(const recipe::Stmt& s, const Ctx& ctx);
  /// The bare `compare` of a block whose series are `labels`: an `interleaved` report of them.
  void bind_interleaved_compare(const recipe::Stmt& s, const std::vector<std::string>& labels, const Ctx& ctx);

  /// Each statement was checked against the RAM on its own; the workers hold theirs at once.
  void check_parallel_memory(const plan::Step& step, lang::SourceLoc loc);

  /// Counts one expanded statement; false (with one error) once the recipe is too big.
  bool count_step(lang::SourceLoc loc);

  void add_step(plan::Step step, Phase phase);
  /// What a timed step adds to the plan: its series in order (and in its section), the samples
  /// each is planned to have, the time the run is known to take. `interleave`: the block's
  /// rounds and slices, which set the samples of `step`, one of its statements.
  void note_timed(const plan::Step& step, const plan::Interleave* interleave = nullptr);
  /// False, with an error, when `step` feeds a series that an earlier statement fed with another
  /// measure (bytes against operations a second).
  bool same_measure(const plan::Step& step);
  /// Warns of each -L the walk did not use: a name no path named, a /DIR no path lay under.
  void report_unused_overrides();

  // ---- kernel statements -----------------------------------------------------------------
  std::optional<plan::Step> bind(const recipe::Stmt& s, const Ctx& ctx);

  const lang::Source& source_;
  const CheckOptions& opts_;
  platform::SteadyProbe machine_;  ///< the machine as the check found it, each fact read once
  lang::Diagnostics& diags_;
  sandbox::VirtualFs vfs_;
  std::shared_ptr<sandbox::PathResolver> resolver_;
  Scope scope_;
  Settings settings_{opts_.settings};
  plan::Plan plan_;
  std::map<std::string, std::uint32_t> meta_lines_;  ///< the line of each title or source given
  sandbox::SpaceLedger space_{machine_};
  sandbox::FileSimulation files_{vfs_, space_, diags_};
  std::size_t step_count_ = 0;
  std::size_t walked_ = 0;    ///< statements and loop bodies walked (kMaxWalk)
  lang::SourceLoc last_loc_;  ///< the statement walked last, for an error about an empty body
  bool too_big_ = false;
  std::size_t refused_ = 0;                  ///< kernel statements refused so far (each with its error)
  std::set<std::string> refused_series_;     ///< the series those statements would have made
  std::set<std::size_t> settle_refused_;     ///< `settle` statements refused for their place (by offset)
  std::set<std::string> refused_baselines_;  ///< `baseline` statements refused (each with its error)
  std::set<std::string> reported_causes_;    ///< unknown kernels and locations, each reported once (BindRequest)
  std::vector<const lang::recipe::Stmt*> exec_refused_;  ///< refused for running programs (report_exec_refused)
  std::optional<lang::Diagnostic> size_error_;           ///< the error that refused the recipe as too big
  bool counting_ = false;                                ///< the counting walk (expansion_error)
  bool unknown_time_ = false;
  /// The series labels of the section being walked, in order of declaration; null outside one.
  std::vector<std::string>* section_series_ = nullptr;
  std::string section_title_;                ///< the section being walked, "" outside one
  bool section_imports_ = false;             ///< the section has a command whose importer makes its series
  std::vector<std::string> section_titles_;  ///< every section walked so far, in order
  std::vector<const lang::recipe::IndexStmt*> index_stmts_;  ///< parallel to plan_.indices
  std::shared_ptr<UserKernels> user_kernels_;                ///< the recipe's kernel definitions; null when none
  const recipe::Stmt* interleave_compare_ = nullptr;         ///< the bare `compare` of the block being walked
  std::set<std::string> interleaved_series_;                 ///< the series of the `interleave` blocks so far
  /// What the first kernel statement of each series counts, and where it stands.
  struct SeriesMeasure {
    kernels::WorkUnit unit;
    std::string kernel;
    lang::SourceLoc loc;
  };
  std::map<std::string, SeriesMeasure> series_measures_;
};

}  // namespace hwbench::runtime::check::detail
