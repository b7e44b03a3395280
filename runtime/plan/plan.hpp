#pragma once
// check -> Plan -> run. A Plan is the fully expanded list of what will run: every loop unrolled,
// every path resolved and cleared by the safety rules, every parameter filled in.
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kernels/contract/kernel.hpp"
#include "lang/common/source.hpp"
#include "runtime/model/result.hpp"

namespace hwbench::runtime::check {
class UserKernels;
}  // namespace hwbench::runtime::check

namespace hwbench::runtime::plan {

/// How many samples a kernel statement takes, and how each is timed.
struct Policy {
  std::uint32_t warmup = 0;    ///< untimed runs first
  std::uint32_t runs_min = 1;  ///< samples at least
  std::uint32_t runs_max = 1;  ///< samples at most
  double for_seconds = 0;      ///< >0: each sample repeats the unit of work for at least this long
  double until_ci_pct = 0;     ///< >0: stop once the 95% half-interval is within this % of the mean
  bool cold = false;           ///< evict the files read before each sample, verified
  bool sync = false;           ///< the flush to stable storage is inside the timed region
  bool cpu_time = false;       ///< samples are timed by this process's CPU time (nbench's clock())
};

/// A figure a command step takes from each run's output (`figure …`), or the tool whose
/// importer reads the whole output (`import openssl`).
struct FigureRule {
  enum class Kind { regex, json, importer };
  enum class Stream { out, err, file };
  Kind kind = Kind::regex;
  std::string label;    ///< the series it feeds; "" for the statement's own series (importer: none)
  std::string pattern;  ///< the regular expression, the JSON pointer, or the importer's name
  std::string unit;     ///< a units.hpp name (regex, json)
  Stream from = Stream::out;
  std::string file;       ///< Stream::file: the file the program wrote, absolute
  bool scaled = false;    ///< the capture may end in a unit or a k/M/G suffix, converted to `unit`
  bool optional = false;  ///< a run whose output lacks it gives no figure instead of an error
  lang::SourceLoc loc;
  std::string text;     ///< as written, for the plan and for errors
  std::string section;  ///< the `section` the statement stands in: imported series join its reports
};

/// One kernel statement, expanded.
struct KernelStep {
  const kernels::KernelSpec* spec = nullptr;
  kernels::Call call;
  Policy policy;
  std::string text;                 ///< the expanded statement, for the plan and the record
  kernels::FileEffects effects;     ///< as predicted by the checker
  std::vector<FigureRule> figures;  ///< command steps: figures from the output, importers
  std::string prepare;              ///< command steps: a shell line run before each sample, untimed
  std::string conclude;             ///< command steps: a shell line run after each sample, untimed
};

/// How the statements of an `interleave` block take turns: `rounds` rounds, in each of which every
/// statement takes one slice of samples, forwards in odd rounds and backwards in even ones.
struct Interleave {
  std::uint32_t rounds = 10;
  std::uint32_t slice_runs = 1;  ///< samples per slice, when slices are a count
  double slice_seconds = 0;      ///< >0: a slice takes samples until this long has passed
};

/// One node of the plan: a kernel statement, a `time` block, a `parallel` block, an `interleave`
/// block, or a `repeat` loop kept as a loop. Outside groups every loop is unrolled into its statements; inside `time`
/// and `parallel` a `repeat` whose body does not use `$i` stays one node (the body checked once),
/// so that `parallel 200 { repeat 100000 { … } }` is 200 small loops, not 20 million statements.
struct Step {
  enum class Kind { kernel, time, parallel, repeat, interleave };
  Kind kind = Kind::kernel;
  lang::SourceLoc loc;
  std::string series;                      ///< "" in setup and teardown: not recorded
  KernelStep kernel;                       ///< kind == kernel
  std::vector<Step> children;              ///< time: run in order as one sample; repeat: the body;
                                           ///< interleave: its kernel statements, in turn
  std::vector<std::vector<Step>> workers;  ///< kind == parallel: one list per worker process
  std::uint64_t count = 0;                 ///< kind == repeat: how many times the body runs
  Interleave interleave;                   ///< kind == interleave
};

/// A `settle` statement: what the run waits for between setup and the first timed statement.
struct Settle {
  model::SettleMode mode = model::SettleMode::wait;
  double seconds = 0;            ///< wait: how long; until_stable: the most it may take
  std::string file;              ///< until_stable: the file probed, absolute
  std::string file_display;      ///< until_stable: the file as the recipe names it ("disk:/quick_1GB")
  std::uint64_t file_bytes = 0;  ///< until_stable: its size when setup has written it
  lang::SourceLoc loc;
  std::string text;  ///< the statement as written
};

/// A file the run will create.
struct PlannedFile {
  std::string path;
  std::uint64_t size = 0;
};

/// The checker's output.
struct Plan {
  std::string recipe_file;
  std::map<std::string, std::string> meta;
  std::map<std::string, std::string> parameters;  ///< --set NAME=VALUE the recipe took
  std::vector<model::LocationInfo> locations;
  std::vector<std::string> directories_to_create;  ///< built-in location directories that do not exist yet
  std::vector<Step> setup;
  std::optional<Settle> settle;  ///< runs after setup, before the first timed statement
  std::vector<Step> main;
  std::vector<Step> teardown;
  std::vector<model::ReportSpec> reports;
  std::vector<model::Baseline> baselines;              ///< `baseline` statements, loaded
  std::vector<model::IndexSpec> indices;               ///< `index` statements, in order
  std::vector<std::string> series_order;               ///< labels in order of first appearance
  std::map<std::string, std::string> series_sections;  ///< label -> the `section` it is declared in (none: top level)
  std::map<std::string, std::uint32_t> samples_min;    ///< per series
  std::map<std::string, std::uint32_t> samples_max;
  std::vector<PlannedFile> creates;         ///< every file the run creates, in order
  std::uint64_t peak_bytes = 0;             ///< most bytes the run's files hold at once
  std::optional<double> estimated_seconds;  ///< where knowable (every sample bounded by `for`)
  double timed_seconds_known = 0;           ///< the part of the time that is knowable
  bool runs_programs = false;
  /// The kernels the recipe defines (runtime/check/binders/user_kernels.hpp): owns the specs their steps point to.
  std::shared_ptr<const check::UserKernels> user_kernels;
};

/// Whether a statement's samples make a series of its own: all but a command whose importer's
/// series stand in for it (`exec openssl speed … import openssl`, without a figure of its own).
bool keeps_own_series(const KernelStep& step);

/// Every kernel statement inside a group node, in plan order (workers, loops and nested groups
/// included): what the run must claim before the group starts.
std::vector<const Step*> kernel_steps(const Step& step);

}  // namespace hwbench::runtime::plan
