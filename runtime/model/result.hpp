#pragma once
// A run's (or a published log's) complete record: what the result file holds.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "runtime/model/conditions.hpp"
#include "runtime/model/report_style.hpp"
#include "runtime/model/result_state.hpp"
#include "runtime/model/sample.hpp"
#include "runtime/model/settle.hpp"

namespace hwbench::runtime::model {

/// A `report` statement after checking.
struct ReportSpec {
  ReportStyle style;  ///< lines (`report UNIT AGG, …`), table (`report table UNIT with AGG…`), compare or named
  std::string unit;   ///< a name known to units.hpp
  std::vector<std::string> aggregates;  ///< names in aggregate_table() (statistics.hpp)
  /// Named styles only (`report unixbench layout 4.1`): option name -> value ("" for a bare word).
  std::map<std::string, std::string> options;
  /// The title of the `section` the report stands in; "" for a report outside any section.
  std::string section;
  /// In a section: the labels of the series declared in it, the only ones the report covers.
  /// Outside one, those of a default report's measure (or an interleaved comparison's block).
  std::vector<std::string> series;
};

/// What a `compare with section "TITLE"` report's `with` option holds: the key its section's
/// view of the run has among the compared results ("section:TITLE"; a file's key is its path).
inline std::string compared_section_key(const std::string& title) { return "section:" + title; }

/// A baseline table: one reference machine's figure per series label (`baseline NAME from FILE`).
struct Baseline {
  std::string name;                                     ///< as the recipe calls it: "p90"
  std::string machine;                                  ///< the reference machine, as its source describes it
  std::string source;                                   ///< where the figures come from
  std::string file;                                     ///< the TOML file it was loaded from
  std::vector<std::pair<std::string, Figure>> figures;  ///< series label -> figure, in file order
};

/// An `index "LABEL" = geomean(SERIES, …) vs BASELINE [scale K]` statement.
struct IndexSpec {
  std::string label;
  std::vector<std::string> series;
  std::string baseline;
  double scale = 1;
  std::string aggregate = "mean";  ///< how a series' samples make its figure (`using unixbench`)
};

/// An index as computed from full-precision figures.
struct IndexValue {
  IndexSpec spec;
  double value = 0;  ///< NaN when any of its series has no figure
  /// Per series: its figure (in the baseline figure's unit) divided by the baseline's; NaN when missing.
  std::vector<std::pair<std::string, double>> ratios;
  std::optional<double> printed;  ///< published only: the figure as the source printed it
};

/// Adds `baseline` to `to` unless one of its name is there already: the first of a name wins,
/// as when several importers bring the same tool's baselines.
void add_once(std::vector<Baseline>& to, Baseline baseline);
/// Adds `index` to `to` unless one of its label and baseline is there already.
void add_once(std::vector<IndexSpec>& to, IndexSpec index);
/// As above, as an index still to compute (value 0, no ratios).
void add_once(std::vector<IndexValue>& to, IndexSpec index);

/// One series' figures as a report computed them, in the report's unit.
struct ReportFigures {
  std::string label;
  std::vector<double> values;  ///< per sample, in order; samples without a figure in that unit are skipped
  std::vector<std::pair<std::string, double>> aggregates;  ///< in the spec's order; NaN where undefined
  bool converged = true;
  /// The figures' unit when it is not the spec's: each series' own in `report summary`, the
  /// tool's in a named style (stream MB/s, perl s, openssl k or ops/s, bonnie KiB/s or ops/s); else "".
  std::string unit;
  /// How `ci95` was estimated when the samples were taken in blocks spread over the run
  /// (analysis::block_interval): how many blocks (0: none), "samples" or "blocks" (the block
  /// means), and the block means' spread as a fraction of the mean when they disagree beyond
  /// their own intervals (unstable).
  std::uint32_t blocks = 0;
  std::string estimate{};
  std::optional<double> unstable_spread{};
};

/// A report as printed, with every figure it computed.
struct RenderedReport {
  ReportSpec spec;
  std::string text;
  std::vector<ReportFigures> figures;  ///< one per series, in the result's series order
};

/// A named location as the run resolved it.
struct LocationInfo {
  std::string name;
  std::string path;
  std::string fstype;
  std::uint64_t free_bytes = 0;
  bool builtin = false;
};

/// One run of an external program as the result keeps it (a command step's): the first run of
/// each statement and every run that failed, with what it printed.
struct ProgramOutput {
  std::string series;           ///< the statement's series ("" in setup and teardown)
  std::uint32_t iteration = 0;  ///< its sample's iteration in the series; 0 for a run that made none
  std::string statement;        ///< FILE:LINE:COL: and the statement as the plan prints it
  std::vector<std::string> argv;
  std::string ended;   ///< "exited with status 0", "was killed by signal 9 (Killed)", …
  int exit_code = -1;  ///< -1 when it did not exit
  int signal = 0;
  bool timed_out = false;
  std::int64_t wall_ns = 0;
  std::int64_t usr_ns = 0;  ///< wait4's rusage, or the cgroup's (cpu_source says which)
  std::int64_t sys_ns = 0;
  std::int64_t max_rss_kb = 0;                          ///< wait4's ru_maxrss
  std::optional<std::uint64_t> tree_peak_memory_bytes;  ///< the cgroup's memory.peak, where readable
  std::string cpu_source;
  std::string stdout_text;  ///< as kept: whole, or its head and tail with the cut marked
  std::string stderr_text;
  std::uint64_t stdout_bytes = 0;  ///< what the stream carried
  std::uint64_t stderr_bytes = 0;
  bool stdout_cut = false;
  bool stderr_cut = false;
};

/// The files a statement's glob matched but left as not the run's own, although they were not
/// there when the recipe was checked: most often a command step's output its `writes` does not name.
struct LeftFiles {
  std::string statement;           ///< FILE:LINE:COL: and the statement ("r.bench:9:12: rm disk:/out_*")
  std::vector<std::string> paths;  ///< as found, each once in the run
};

/// Everything one run, or one published log, produced.
struct Result {
  ResultKind kind = ResultKind::run;
  RunStatus status = RunStatus::complete;  ///< published results: RunStatus::published
  std::string error;                       ///< why a run did not complete
  std::string recipe_file;
  std::string recipe_text;
  std::string recipe_sha256;
  std::map<std::string, std::string> meta;        ///< title, source, note
  std::map<std::string, std::string> parameters;  ///< --set NAME=VALUE the run used (as given)
  std::vector<std::string> command_line;
  std::string started_utc;
  std::string finished_utc;
  std::string machine;  ///< published: the machine's description
  nlohmann::json environment = nlohmann::json::object();
  std::vector<LocationInfo> locations;
  std::vector<Series> series;
  std::vector<Baseline> baselines;
  std::vector<IndexValue> indices;  ///< every `index`, computed after the run (spec and value)
  std::vector<ReportSpec> reports;
  std::vector<RenderedReport> rendered;
  /// What disturbed the run (load, steal, swap…); std::nullopt for published results and older files.
  std::optional<RunConditions> conditions;
  /// What the recipe's `settle` statement did; std::nullopt when it has none (and for published results).
  std::optional<SettleRecord> settle;
  /// The runs of external programs kept with what they printed (command steps).
  std::vector<ProgramOutput> programs;
  /// What the run's `rm` globs left that appeared during the run (LeftFiles), per statement.
  std::vector<LeftFiles> unclaimed;
  /// Per `section`: what an importer read from a command's output there about the tool and its
  /// run (environment keys such as "bonnie" or "openssl"), laid over `environment` in that
  /// section's reports only, so that hwbench's own kernels elsewhere keep the run's own.
  std::map<std::string, nlohmann::json> section_environment;
  /// The CPUs whose turns the blocks of its one-thread statements took (docs/language.md,
  /// "Blocks"): block k on CPU turn_cpus[(k − 1) mod size]; empty when none was held to a CPU.
  std::vector<int> turn_cpus;
  /// How many runs' results analysis::join_reruns joined into this one (each sample's block is
  /// then its run's number); 0 for one run. Never in a result file: a joined result is compared,
  /// not kept.
  std::uint32_t reruns = 0;
};

}  // namespace hwbench::runtime::model
