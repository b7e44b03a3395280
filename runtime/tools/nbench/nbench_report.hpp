#pragma once
// `report nbench [old BASELINE] [new BASELINE]`: BYTEmark's (nbench 2.2.3's) own layout,
// byte for byte: the banner, the two header lines and the ruler, one line per test
// (" %15.5g  :  %9.2f  :  %9.2f" after the padded name), nbench's two warning lines before a test
// that missed its confidence target, the ORIGINAL BYTEMARK RESULTS block, the LINUX DATA BELOW
// block with the system lines, and the trademark line.
//
// Series are found by nbench's test names ("NUMERIC SORT", …) and shown in nbench's order. The
// per-test columns divide each test's mean iterations/sec by the `old` (default p90) and `new`
// (default k6) baselines; the index lines show the result's indices labelled INTEGER INDEX and
// FLOATING-POINT INDEX against `old`, and MEMORY INDEX, INTEGER INDEX and FLOATING-POINT INDEX
// against `new`, from the ratios compute_indices (indices.hpp) left in the Result from
// full-precision means (callers compute them once, before rendering), raised as nbench raises
// them: to 0.142857, 0.33333, 0.3333333333 or 0.25, not exactly 1/n. A missing figure prints
// `-`; an index the recipe does not declare is left out, as nbench leaves them out of a custom run.
//
// The system lines come from the NbenchLog (nbench_log.hpp: cpu, l2_cache, os, compiler, libc) when an
// imported log carries them; otherwise from the run's environment capture.
#include <optional>
#include <string>
#include <vector>

#include "runtime/model/result.hpp"

namespace hwbench::runtime::tools::nbench {

/// One test line.
struct NbenchRow {
  std::string label;                ///< "NUMERIC SORT"
  double mean = 0;                  ///< iterations/sec, full precision
  std::optional<double> old_index;  ///< mean / old baseline
  std::optional<double> new_index;  ///< mean / new baseline
  bool converged = true;
};

/// One index line.
struct NbenchIndexLine {
  std::string label;  ///< as printed: "INTEGER INDEX"
  double value = 0;   ///< NaN when a test is missing
};

/// Everything `report nbench` prints, computed.
struct NbenchReport {
  std::vector<NbenchRow> rows;
  std::vector<NbenchIndexLine> original;  ///< against the old baseline
  std::vector<NbenchIndexLine> linux;     ///< against the new baseline
  std::string cpu, l2_cache, os, compiler, libc;
};

/// The aggregate stage of `report nbench`.
NbenchReport build_nbench_report(const model::Result& result, const model::ReportSpec& spec);

/// The text nbench would print for `report`.
std::string format_nbench_report(const NbenchReport& report);

/// build, then format: the named style's entry point.
model::RenderedReport render_nbench_report(const model::Result& result, const model::ReportSpec& spec);

}  // namespace hwbench::runtime::tools::nbench
