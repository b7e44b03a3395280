#pragma once
// Indices (aggregate stage): `index "LABEL" = geomean(SERIES, …) vs BASELINE [scale K]` is
// K times the geometric mean of each series' figure divided by the baseline's figure for it.
// A series' figure is the mean of its samples at full precision, in the baseline figure's unit;
// nothing is computed from printed, rounded text.
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "runtime/model/result.hpp"

namespace hwbench::runtime::analysis {

/// A series' figure for indices: `aggregate` (default the mean) of its samples in unit `unit`;
/// std::nullopt when it has none (unavailable, not run, or no figure in that unit's measure).
/// `unixbench` is UnixBench's pass rule over unixbench_kept_passes.
std::optional<double> series_figure(const model::Series& series, const std::string& unit,
                                    const std::string& aggregate = "mean");

/// Aggregate `aggregate` of `series`, whose figures in `unit` are `values` (sample_values): the
/// aggregate over the values, except `unixbench`, UnixBench's pass rule over
/// unixbench_kept_passes, which needs the passes' counts the values do not carry.
std::optional<double> series_aggregate(const model::Series& series, const std::string& unit,
                                       const std::string& aggregate, std::span<const double> values);

/// One pass of a UnixBench test: its figure in the unit asked for, and its time.
struct UnixbenchPass {
  double value = 0;
  double seconds = 0;
};

/// The passes of `series` in unit `unit` that UnixBench keeps: sorted by their raw count (the
/// loops of an lps or lpm test, whose figure is the loops over the time; the figure itself of a
/// KBps or MWIPS test, which the programs print as rates), the lowest third dropped. Empty when
/// the series has no figure in that unit.
std::vector<UnixbenchPass> unixbench_kept_passes(const model::Series& series, const std::string& unit);

/// The index `spec` over `result`'s series and baselines. value is NaN when a series or its
/// baseline figure is missing.
model::IndexValue compute_index(const model::Result& result, const model::IndexSpec& spec);

/// Recomputes every index in result.indices from its spec, keeping what the source printed.
void compute_indices(model::Result& result);

/// The index labelled `label` (and, when given, against `baseline`), or nullptr.
const model::IndexValue* find_index(const model::Result& result, const std::string& label,
                                    const std::string& baseline = {});

/// Splits "LABEL (N copies)" (or "(1 copy)") into LABEL and N; {label, 0} for any other label.
std::pair<std::string, long long> split_copies_label(const std::string& label);

/// The figure for `label` in `baseline`, or nullptr. A series run as N parallel copies,
/// "LABEL (N copies)", takes LABEL's figure when it has none of its own (UnixBench's rule).
const model::Figure* baseline_figure(const model::Baseline& baseline, const std::string& label);

}  // namespace hwbench::runtime::analysis
