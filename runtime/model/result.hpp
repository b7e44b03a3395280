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
  ReportStyle style;                    ///< lines (`report UNIT AGG, …`), table (`report table UNIT with AGG…`), compare or named
  std::string unit;                     ///< a name known to units.hpp
  std::vector<std::string> aggregates;  ///< names in aggregate_table() (statistics.hpp)
  /// Named styles only (`report unixbench layout 4.1`): option name -> value ("" for a bare word).
  std::map<std::string, std::string> options;
  /// The title of the `section` the report stands in; "" for a report outside any section.
  std::string section;
  /// In a section: the labels of the series declared in it, the only ones the report covers.
  std::vector<std::string> series;
};

/// A baseline table: one reference machine's figure per series label (`baseline NAME from FILE`).
struct Baseline {
  std::string name;     ///< as the recipe calls it: "p90"
  std::string machine;  ///< the reference machine, as its source describes it
  std::string source;   ///< where the figures come from
  std::string file;     ///< the TOML file it was loaded from
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

/// One series' figures as a report computed them, in the report's unit.
struct ReportFigures {
  std::string label;
  std::vector<double> values;  ///< per sample, in order; samples without a figure in that unit are skipped
  std::vector<std::pair<std::string, double>> aggregates;  ///< in the spec's order; NaN where undefined
  bool converged = true;
  /// The figures' unit when it is not the spec's: each series' own in `report summary`, the
  /// tool's in a named style (stream MB/s, perl s, openssl k or ops/s, bonnie KiB/s or ops/s); else "".
  std::string unit;
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

/// Everything one run, or one published log, produced.
struct Result {
  ResultKind kind = ResultKind::run;
  RunStatus status = RunStatus::complete;  ///< published results: RunStatus::published
  std::string error;                ///< why a run did not complete
  std::string recipe_file;
  std::string recipe_text;
  std::string recipe_sha256;
  std::map<std::string, std::string> meta;  ///< title, source, note
  std::map<std::string, std::string> parameters;  ///< --set NAME=VALUE the run used (as given)
  std::vector<std::string> command_line;
  std::string started_utc;
  std::string finished_utc;
  std::string machine;              ///< published: the machine's description
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
};

}  // namespace hwbench::runtime::model
