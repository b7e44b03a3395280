#pragma once
// The per-node verdict of a run on many machines (`run --slurm`, `run --host` with three hosts or
// more, the HTML comparison of three results or more): for each series, every machine's figure
// against the median of them all, and the machines outside the others' spread marked as
// outliers. The spread is the median absolute deviation (MAD) scaled by 1.4826, so that it
// estimates a standard deviation when the figures spread normally; a figure is an outlier when
// it lies more than k of those from the median (k = 3 by default, `--outlier-k`) and differs
// from the median by at least `min_effect` (2%), so that machines whose figures agree to a
// fraction of a percent do not mark one of them for a MAD near zero. Two machines have no
// median that either could be judged by: the verdict needs three.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "runtime/analysis/compare.hpp"

namespace hwbench::runtime::analysis {

/// How outliers are told.
struct NodeSpreadOptions {
  double k = 3.0;            ///< scaled MADs from the median beyond which a figure is an outlier
  double min_effect = 0.02;  ///< the least difference from the median (a fraction) an outlier has
};

/// The factor that makes a MAD estimate a normal spread's standard deviation.
inline constexpr double mad_scale = 1.4826;

/// One series (or index) across the machines.
struct SpreadRow {
  std::string label;
  std::string unit;                           ///< the unit of `median` ("" for an index)
  std::size_t figures = 0;                    ///< the machines with a figure in this row
  double median = 0;                          ///< of the machines' figures
  double spread = 0;                          ///< the scaled MAD, in `unit`
  std::vector<std::optional<double>> ratios;  ///< each machine's figure / the median; nothing without a figure
  std::vector<bool> outlier;                  ///< per machine
};

/// One outlier: a machine's figure far from the others'.
struct Outlier {
  std::string name;
  std::string label;
  double ratio = 0;  ///< its figure / the median
};

/// The verdict over every row with figures from three machines or more.
struct NodeSpread {
  std::vector<std::string> names;  ///< the machines, in order
  std::vector<SpreadRow> rows;
  std::vector<Outlier> outliers;  ///< by machine, then in the rows' order
  NodeSpreadOptions options;
};

/// The per-node verdict of `comparison` (compare_results of the machines' results).
NodeSpread node_spread(const Comparison& comparison, const NodeSpreadOptions& options);

/// The verdict as text: a table (a row per series: its unit, the median, the spread, then each
/// machine's ratio, an outlier's marked `*`), then a line per outlier, "node c07: STREAM triad
/// 0.61 of the median", or the line that there is none. `kind` names the machines ("node",
/// "host"). "" when no row has three figures.
std::string format_node_spread(const NodeSpread& spread, const std::string& kind);

}  // namespace hwbench::runtime::analysis
