#pragma once
// The kernel contract: a kernel is data (its spec) plus one object that does timed units of work.
// The runtime owns the clocks; a kernel never times itself.
#include <atomic>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "base/platform/child_process.hpp"
#include "base/platform/file_view.hpp"

namespace hwbench::kernels {

/// How a parameter's value is written and checked.
enum class ParamType {
  size,      ///< bytes, written with a size unit: `1GiB`, `8KiB`, `4096` (plain numbers are bytes)
  count,     ///< a whole number, `k M G` allowed: `200k`
  duration,  ///< seconds, written with a time unit: `3s`, `500ms`
  number,    ///< any plain number
  word,      ///< free text word, e.g. an algorithm name
  choice,    ///< one of `choices`, written bare: `random` alone selects it (like a flag)
  flag,      ///< present or not: `decrypt`
};

/// One named parameter, checked generically like fio's option table.
struct ParamSpec {
  std::string name;
  ParamType type = ParamType::number;
  std::string unit;          ///< for `hwbench list`: "bytes", "s", …
  std::string default_text;  ///< as a user would write it; "" when there is no default
  double min = 0;
  double max = std::numeric_limits<double>::max();
  std::vector<std::string> choices;  ///< for choice
  std::string help;
};

/// No upper bound on a parameter (ParamSpec::max's default).
constexpr double kNoMax = std::numeric_limits<double>::max();

/// A whole-number parameter (ParamType::count: `k M G` allowed) from `min` to `max`, written
/// `NAME N`; `unit` ("" for none) is what `hwbench list` shows.
inline ParamSpec count_param(std::string name, std::string unit, std::string default_text, double min, double max,
                             std::string help) {
  ParamSpec p;
  p.name = std::move(name);
  p.type = ParamType::count;
  p.unit = std::move(unit);
  p.default_text = std::move(default_text);
  p.min = min;
  p.max = max;
  p.help = std::move(help);
  return p;
}

/// What a positional argument is.
enum class ArgKind {
  input_path,   ///< a file that must exist when the statement runs (read)
  output_path,  ///< a file to create, or an existing directory to create it in
  glob,         ///< a path that may hold `*` and `?` (rm)
  word,         ///< a bare word (an algorithm or test name)
};

/// One positional argument.
struct ArgSpec {
  std::string name;  ///< "SRC", "DST", "PATH"
  ArgKind kind = ArgKind::input_path;
  std::string before;  ///< a token that must stand before it, such as "->"; "" for none
  std::string help;
};

/// What one timed unit of work counts.
enum class WorkUnit { bytes, operations, iterations };

/// A parameter's resolved value.
struct ParamValue {
  double number = 0;   ///< size in bytes, duration in seconds, counts and numbers as such
  std::string text;    ///< word or choice text; the spelling for numbers
  bool flag = false;   ///< flag present
  bool given = false;  ///< written in the recipe (false: the default)
};

/// A positional argument's resolved value.
struct ArgValue {
  std::string text;  ///< as written after interpolation: "ramdisk:/10m_1", "sha256"
  std::string path;  ///< absolute, normalised path for path kinds; "" for words
};

/// A kernel statement after checking: arguments resolved and every parameter present.
struct Call {
  std::vector<ArgValue> args;
  std::map<std::string, ParamValue> params;

  /// The number value of parameter `name` (throws std::out_of_range when absent).
  double number(const std::string& name) const { return params.at(name).number; }
  /// The text value of parameter `name`.
  const std::string& text(const std::string& name) const { return params.at(name).text; }
  /// Whether flag `name` is set.
  bool flag(const std::string& name) const {
    auto it = params.find(name);
    return it != params.end() && it->second.flag;
  }
};

/// The file questions a kernel asks (base/platform/file_view.hpp).

/// A problem a kernel finds in its call before anything runs.
struct Problem {
  std::string message;
  std::string hint;
};

/// The files a call touches: what the checker verifies and `cold` evicts.
struct FileEffects {
  std::vector<std::string> reads;  ///< must exist before the statement runs
  struct Create {
    std::string path;
    std::uint64_t size = 0;
  };
  std::vector<Create> creates;       ///< created or overwritten
  std::vector<std::string> removes;  ///< deleted
  std::vector<Problem> problems;     ///< reasons the call cannot work
  /// Set by the checker: of the files `removes` named, those there before the run (a stranger's),
  /// which the run leaves without a word; sorted.
  std::vector<std::string> spared;
  /// Bytes of memory the call holds while it runs (0 when negligible): the checker compares
  /// each call, and the sum over `parallel` workers, with the memory the machine has available.
  std::uint64_t memory = 0;
  std::string memory_holder = "the call";  ///< what holds `memory`, for the refusal: "the three arrays"
  std::string memory_hint;                 ///< which parameter makes it smaller: "give a smaller size"
};

/// Work done by `Kernel::run`, summed by the runtime.
struct Work {
  std::uint64_t bytes = 0;
  std::uint64_t ops = 0;
  /// The longest single operation inside this run (bonnie++'s latency), 0 when not measured.
  /// Kernels that report it time each operation with a steady clock of their own.
  std::int64_t max_latency_ns = 0;
};

/// What the external programs of a command step took over its runs since the runtime last asked:
/// the wall and children's CPU time inside run() that is not the programs' work (a shell's own
/// start-up, measured apart as hyperfine does), which the runtime takes out of the sample, and
/// what the programs used.
struct ProgramUse {
  std::int64_t overhead_ns = 0;
  std::int64_t overhead_usr_ns = 0;
  std::int64_t overhead_sys_ns = 0;
  std::int64_t max_rss_kb = 0;  ///< the largest peak resident set of any run (wait4's ru_maxrss)
  /// The whole process trees' CPU time, where a cgroup v2 counted every run (-1: not counted).
  std::int64_t tree_usr_ns = -1;
  std::int64_t tree_sys_ns = -1;
};

/// Thrown by a kernel when the system refuses (disk full, permission denied, missing file).
/// The message names the path; the runtime turns it into a clear one-line error.
class KernelError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Thrown by a kernel's factory or prepare() when this machine cannot run it at all (an
/// algorithm this OpenSSL lacks). The run goes on: the series is recorded as unavailable with
/// this message, and reports show it the way the original tool did (openssl prints 0.00).
class KernelUnavailable : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// One instance of a kernel, made for one call.
class Kernel {
 public:
  virtual ~Kernel() = default;
  /// Untimed set-up: buffers, open files, keys. Inside a `repeat` loop kept as a loop (in a
  /// `time` or `parallel` block) it is called again before every pass, after run(): keep what
  /// can be reused (buffers) and redo what depends on the files as they are now.
  virtual void prepare() {}
  /// Performs `n` units of work and returns what was done. Timed by the caller.
  virtual Work run(std::uint64_t n) = 0;
  /// Flushes what run() wrote to stable storage (the `sync` option times it with the sample).
  virtual void flush() {}
  /// Untimed clean-up.
  virtual void finish() {}
  /// Facts about how this instance runs, known once prepare() is done (a kernel defined in a
  /// recipe: its back end and compile time). The runtime adds them to every sample's parameters.
  virtual std::map<std::string, std::string> notes() const { return {}; }
  /// How the last external program this kernel ran ended and what it printed (a command
  /// step's), or nullptr for a kernel that runs none.
  virtual const platform::ChildOutcome* last_program() const { return nullptr; }
  /// What its external programs took since the last call (a command step's); empty for others.
  virtual ProgramUse take_program_use() { return {}; }
};

/// What the runtime lends a kernel object: the file view and the run's ownership rules.
struct Context {
  const platform::FileView* files = nullptr;
  /// Whether this run created `path` (and so may overwrite or delete it).
  std::function<bool(const std::string& path)> owned;
  /// Why `path`, found when the statement runs (a glob's match), may not be touched now although
  /// the check allowed it: a directory on its way swapped for a symlink out of its location. ""
  /// when it may be; empty function: no rule.
  std::function<std::string(const std::string& path)> place_problem;
  /// Set on Ctrl-C or SIGTERM; a long unit of work may stop early when it sees it.
  const std::atomic<bool>* interrupted = nullptr;
  /// Runs `fn` outside the timed region: the runtime reads its clocks around it and takes that
  /// time out of the sample (nbench refills its arrays before each sort, untimed). Empty when
  /// nothing is being timed; use kernels::untimed() rather than calling it directly.
  std::function<void(const std::function<void()>& fn)> exclude;
  /// Inside `time` or `parallel`, where the block is the sample: a program's time is all of it,
  /// as a script's is, and `sh` takes no shell start-up out (docs/language.md, "The shell").
  bool whole_programs = false;
};

/// Runs `fn` outside the timed region of the current sample (see Context::exclude).
template <typename F>
void untimed(const Context& ctx, F&& fn) {
  if (ctx.exclude) {
    ctx.exclude(std::function<void()>(std::forward<F>(fn)));
  } else {
    fn();
  }
}

/// How a kernel statement is measured when the recipe says nothing about it (no `for`,
/// `runs` or `until ci`): `openssl speed` counts for 3 s, nbench samples until ±5%.
struct DefaultMeasure {
  double for_seconds = 0;   ///< >0: each sample repeats the unit of work this long
  double until_ci_pct = 0;  ///< >0: sample until the 95% half-interval is within this %
  std::uint32_t runs_min = 1;
  std::uint32_t runs_max = 1;
};

/// A kernel's description and factory.
struct KernelSpec {
  std::string name;
  std::string family;
  std::string help;
  std::string lineage;   ///< what procedure it reproduces, e.g. "coreutils cp"
  std::string synopsis;  ///< e.g. "cp SRC -> DST"
  std::vector<ArgSpec> args;
  std::vector<ParamSpec> params;
  WorkUnit unit = WorkUnit::operations;
  bool runs_programs = false;  ///< needs --allow-exec
  DefaultMeasure measure;      ///< the policy when the statement gives none
  /// Its kernel holds memory sized to the machine (STREAM's arrays, four times the caches), as
  /// FileEffects::memory counts it: it takes its samples in blocks in turn with other statements,
  /// whose kernels are alive beside it, only where that memory fits (docs/language.md, "Blocks").
  bool holds_memory = false;
  /// Its kernel runs on the calling thread alone, starting no thread or process: its statement's
  /// blocks are held to the run's CPUs in turn (docs/language.md, "Blocks"), where a kernel with
  /// threads or children of its own would have them all squeezed onto one CPU.
  bool one_thread = false;
  /// The files the call touches, judged against `files`.
  std::function<FileEffects(const Call&, const platform::FileView& files)> effects;
  /// Makes the kernel object for one call.
  std::function<std::unique_ptr<Kernel>(const Call&, const Context&)> make;

  /// The parameter called `name`, or nullptr.
  const ParamSpec* param(const std::string& name) const {
    for (const auto& p : params)
      if (p.name == name) return &p;
    return nullptr;
  }
};

}  // namespace hwbench::kernels
