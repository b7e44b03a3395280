#pragma once
// `hwbench import unixbench LOG`: a BYTE UnixBench text report (5.x/6.0, or the 4.1 layout with
// FINAL SCORE) into a published Result that `report unixbench` renders back line for line.
//
// Runs: a 5.x log of a multi-CPU machine holds two runs, each from its `Benchmark Run:` line to
// its score: 1 copy, then N copies. Every run is imported. The first run's series take the
// printed labels; a later run's take "LABEL (N copies)" (or "LABEL (1 copy)"), as
// specs/unixbench.bench labels its N-copy pass, so that report unixbench prints it as its own
// block and `index` scores it against LABEL's George figure. Two runs with the same number of
// copies, or a test printed twice in one run, are refused.
//
// The Result: one series per result line, one sample holding the printed figure in its unit
// (KBps read as KiB/s); the printed time and sample count in its UnixbenchLog (unixbench_log.hpp,
// `tests` by series label); started_utc/finished_utc from the first run's `Benchmark Run:` start
// to the last run's finish (a finish on the next day when its clock is earlier than its start),
// also in the UnixbenchLog, which published files keep, and, when the log holds more than one
// run, each run's span there (`runs`: copies, started_utc, finished_utc);
// environment cores.logical from `N CPUs in system`; the George baseline built in from
// specs/baselines/unixbench.toml (or, while that file is not built in, taken from the first
// run's BASELINE column); per run, one index per index row (`scale 10 using unixbench`, printed
// INDEX kept, labelled as its series) and the score as an index over the run's index rows
// ("System Benchmarks Index Score" with the run's label suffix, or "FINAL SCORE"; printed score
// kept): every value recomputed from the imported figures; and a `report unixbench` with
// `layout 4.1`, or `copies N` when the first run had N copies. Everything before the first
// `Benchmark Run:` line or result line (logo, system block) is skipped.
#include <optional>
#include <string>
#include <string_view>

#include "runtime/model/result.hpp"

namespace hwbench::runtime::tools::unixbench {

/// Parses a UnixBench report; on failure sets `error` to `NAME:LINE: error: …` lines.
std::optional<model::Result> import_unixbench(std::string_view text, const std::string& name, std::string& error);

}  // namespace hwbench::runtime::tools::unixbench
