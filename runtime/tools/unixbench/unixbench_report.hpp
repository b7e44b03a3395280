#pragma once
// `report unixbench [layout 5|4.1] [copies N]`: BYTE UnixBench's text report.
//
// Blocks: UnixBench runs the tests with 1 copy, then with N copies at once, and prints one block
// per copies count, each with its own index. A series labelled "LABEL (N copies)" (or "(1 copy)")
// belongs to the N-copy block as the test LABEL (matched to the baseline by LABEL); a series
// without that suffix to the block of `copies` (default 1). Blocks come in increasing copies,
// separated by one blank line, as UnixBench prints them.
//
// Layout 5 (default; UnixBench 5.x and 6.0), per block: a 72-dash line, `Benchmark Run: Fri Nov
// 27 2026 10:51:52 - 10:54:53` (the block's first sample start to its last sample end when the
// samples carry their start times, else the times an import put in its UnixbenchLog (the
// block's own in "runs", [{copies, started_utc, finished_utc}, …], when the log held more than
// one run; started_utc/finished_utc otherwise), else the Result's; in UTC: UnixBench prints local time, hwbench prints
// what the result holds), `<n> CPU(s) in system; running <c> parallel copies of tests`
// ("CPU"/"copy" when the number is 1; n from environment cores.logical, c the block's copies), a
// blank line, one `%-40s %12.1f %-5s (%.1f s, %d samples)` line per test, a blank line, the
// index table (`%-40s %12s %12s %8s` header, `%-40s %12.1f %12.1f %8.1f` rows, `========` under
// INDEX, `%-66s %8.1f` score; "Partial Index" and " (Partial Only)" when fewer than the 12 index
// tests ran).
//
// Layout 4.1 (UnixBench 4.1.0). Only one sample line is known, so the spacing is our choice,
// made to reproduce it: result lines `%-40s %9.1f %-5s (%.1f secs, %d samples)`; a blank line;
// `INDEX VALUES` indented by 21; a `%-40s%12s%11s%11s` TEST/BASELINE/RESULT/INDEX header; a blank
// line; rows `%-40s%12.1f%11.1f%11.1f`; `=========` right-aligned under INDEX (column 74); and
// `     FINAL SCORE` as `%-63s%11.1f`. The 4.1 index has no Shell Scripts (1 concurrent) (it came
// with 5.0) and no "Partial" wording.
//
// Figures: a test's figure is UnixBench's pass rule (the lowest third of the samples by raw count
// dropped: the loops of an lps or lpm test, the figure of a KBps or MWIPS one; the geometric mean
// of the rest) in the George baseline figure's unit;
// the time is the mean wall time of the kept samples, "samples" the number kept. An imported log
// has one sample per test and carries the printed time and sample count in
// its UnixbenchLog's tests (unixbench_log.hpp), which win. Tests are sorted by
// label, byte order, as UnixBench sorts them. The per-test index is figure / George × 10; the
// score is 10 × the geometric mean of the ratios, ratios ≤ 1e-6 left out of the log sum but
// counted in the denominator (UnixBench's rule).
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "runtime/model/result.hpp"
#include "runtime/report/named_report.hpp"

namespace hwbench::runtime::tools::unixbench {

/// One test of the report.
struct UnixbenchRow {
  std::string label;               ///< UnixBench's report label
  std::string series;              ///< the series it comes from (the label, or the label with its copies suffix)
  std::string unit;                ///< as UnixBench prints it: lps, MWIPS, KBps, lpm
  double figure = 0;               ///< the pass rule over the samples, in `unit`
  double seconds = 0;              ///< mean time of the kept samples
  int samples = 0;                 ///< samples kept
  std::optional<double> baseline;  ///< George's figure, when the test is in the index
};

/// The tests run with one number of copies, and their index.
struct UnixbenchBlock {
  long long copies = 1;
  std::string run_line;            ///< "Fri Nov 27 2026 10:51:52 - 10:54:53"
  std::vector<UnixbenchRow> rows;  ///< sorted by label
  bool partial = false;            ///< fewer index tests than the layout's index has
  double score = 0;                ///< NaN when no index test ran
};

/// Everything `report unixbench` prints, computed.
struct UnixbenchReport {
  std::string layout = "5";  ///< "5" or "4.1"
  long long cpus = 1;
  std::vector<UnixbenchBlock> blocks;  ///< by increasing copies; one (maybe empty) at least
};

/// A series label split into UnixBench's test label and its copies count: "Pipe Throughput (2
/// copies)" -> {"Pipe Throughput", 2}, "X (1 copy)" -> {"X", 1}; any other label -> {label, 0}.
std::pair<std::string, long long> unixbench_copies_label(const std::string& label);

/// The hwbench unit of a unit UnixBench prints ("KBps" -> "KiB/s"), or "" when unknown.
std::string unixbench_unit(const std::string& printed);

/// The unit UnixBench prints for an hwbench unit ("KiB/s" -> "KBps").
std::string unixbench_printed_unit(const std::string& unit);

/// The George baseline's labels that make the index of `layout` ("5": 12 tests, "4.1": 11).
std::vector<std::string> unixbench_index_labels(const model::Baseline& george, const std::string& layout);

/// The aggregate stage of `report unixbench`.
UnixbenchReport build_unixbench_report(const model::Result& result, const model::ReportSpec& spec);

/// The text UnixBench would print.
std::string format_unixbench_report(const UnixbenchReport& report);

/// The page's charts of a `report unixbench` (`record`, as rendered): one per block of copies,
/// each index test's bar (from the record's figures, in the blocks' order) and the score's.
std::vector<report::IndexChart> unixbench_index_charts(const model::Result& result,
                                                       const model::RenderedReport& record);

/// build, then format: the named style's entry point.
model::RenderedReport render_unixbench_report(const model::Result& result, const model::ReportSpec& spec);

}  // namespace hwbench::runtime::tools::unixbench
