#pragma once
// Comparing results side by side (`hwbench compare A B [C…]`, `compare with "FILE"`).
// compare_results is the aggregate stage: it matches rows, chooses each row's unit, computes
// every figure, ratio and the geometric-mean summary, and diffs the environments
// (environment_diff.hpp).
// The render stage is runtime/report/compare_report.hpp; loading is runtime/record/comparable.hpp.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/analysis/verdict.hpp"
#include "runtime/environment/environment_diff.hpp"
#include "runtime/model/result.hpp"

namespace hwbench::runtime::analysis {

/// How a comparison computes and prints its figures and ratios.
struct CompareOptions {
  /// How a ratio is cut to `digits` decimals: truncated (as published UnixBench comparisons did) or rounded.
  enum class Ratio { truncate, round } ratio = Ratio::round;
  int digits = 2;        ///< decimals of a ratio, 0..12 (outside that range it is clamped)
  std::string suffix;    ///< appended to every ratio, e.g. "倍"
  std::string unit;      ///< a units.hpp name to show every row in when its figures allow; "" = each row's natural unit
  double effect = 0.01;  ///< the least difference (a fraction) a verdict calls one: `effect 2%`
};

/// Why a result's cell in a row has a figure or not.
enum class CellState {
  figure,       ///< `value` in `unit` (value may be NaN: a non-numeric figure, shown as `-`)
  missing,      ///< the result has no series (or index) with this label
  unavailable,  ///< the series could not run on that machine (`why` says why)
  no_figure,    ///< the series has no figure (no samples, or none in any rate or time)
};

/// One result's figure in a row.
struct FigureCell {
  CellState state = CellState::missing;
  double value = 0;  ///< the mean of the series' samples in `unit` (an index: its value)
  std::string unit;  ///< "" for an index
  std::string why;   ///< unavailable: the reason the run recorded
};

/// Why a ratio was computed or not.
enum class RatioState {
  computed,        ///< `value` = this result's figure / the first result's
  missing,         ///< either figure is missing, not numeric, or not above 0 (shown `-`)
  units_differ,    ///< the two figures measure different things (shown `!`, never divided)
  kernels_differ,  ///< the samples came from different kernels or kernel versions (shown `!`, never divided)
};

/// One ratio column's cell in a row: result i / result 0.
struct RatioCell {
  RatioState state = RatioState::missing;
  double value = 0;  ///< computed only
  std::string why;   ///< units_differ / kernels_differ: "A MB/s (a byte rate) against B ops/s (an op rate)"
  /// computed: what the two series' samples say (no_spread for published figures or too few samples).
  RatioVerdict verdict;
  bool speed = false;            ///< the row's unit is a rate or a time: the verdict says faster or slower
  bool lower_is_faster = false;  ///< the row's unit is a time per sample
};

/// One row: a series (or an index) matched by label across the results.
struct CompareRow {
  std::string label;  ///< the series label; an index: "LABEL (vs BASELINE)"
  bool index = false;
  std::vector<FigureCell> figures;  ///< one per result
  std::vector<RatioCell> ratios;    ///< one per result after the first
};

/// A computed ratio as a ratio of speeds, above 1 when B is the faster whatever the row
/// measures: a rate's ratio as it is, a time's reciprocal (half the time is twice as fast); NaN
/// when the ratio was not computed or its row measures no speed (a count, a share of the CPU).
double speed_ratio(const RatioCell& ratio);

/// One ratio column's geometric mean of speed ratios (speed_ratio) over the series rows whose
/// ratio was computed and measures a speed.
struct SummaryCell {
  double value = 0;          ///< NaN when no row had a speed ratio
  std::size_t used = 0;      ///< series rows counted
  std::size_t series = 0;    ///< series rows in the table
  std::size_t times = 0;     ///< of `used`, rows of times, counted as the reciprocals of their ratios
  std::size_t no_speed = 0;  ///< rows with a computed ratio left out, measuring no speed
};

/// Everything a comparison prints, computed.
struct Comparison {
  std::vector<std::string> names;    ///< column titles, one per result
  std::vector<CompareRow> rows;      ///< series rows (first result's order, then new labels), then index rows
  std::vector<SummaryCell> summary;  ///< one per ratio column
  std::vector<environment::EnvironmentRow> environment;  ///< only facts at least one result recorded
  /// One per result: how far its run drifted (run_drift), which the verdicts count.
  std::vector<RunDrift> drifts;
  /// One per result: how many reruns it joins (model::Result::reruns; 0 for one run), whose
  /// drift is then the spread of the runs' means.
  std::vector<std::uint32_t> reruns;
  /// What an original tool's rows need said under the table, each a line of its own (which
  /// columns of openssl speed's table a result never printed): set by the render stage from the
  /// tools (tools::comparison_notes), empty as compare_results leaves it.
  std::vector<std::string> notes;
};

/// The aggregate stage: matches `results`' series by label and indices by label and baseline,
/// computes every figure, ratio (each result / the first) and summary, and diffs the
/// environments. `names` titles the columns (missing names become "A", "B", …).
Comparison compare_results(const std::vector<const model::Result*>& results, const std::vector<std::string>& names,
                           const CompareOptions& options);

/// Sets one option from its text, for the command line and the recipe statement: `ratio`
/// (`truncate` or `round`), `digits` (0..12), `suffix` (any text), `unit` (a units.hpp name),
/// `effect` (the verdicts' minimum effect in %, `2%` or `2`, 0..100).
/// Returns "" on success, otherwise why not (`unknown unit 'MBs'; did you mean 'MB/s'?`).
std::string set_compare_option(CompareOptions& options, std::string_view name, std::string_view value);

}  // namespace hwbench::runtime::analysis
