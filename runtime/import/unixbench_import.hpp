#pragma once
// `hwbench import unixbench LOG`: a BYTE UnixBench text report (5.x/6.0, or the 4.1 layout with
// FINAL SCORE) into a published Result that `report unixbench` renders back line for line.
//
// The Result: one series per result line, one sample holding the printed figure in its unit
// (KBps read as KiB/s); the printed time and sample count in
// environment["unixbench"]["tests"][LABEL] = {time, samples}; the `Benchmark Run:` line as
// started_utc/finished_utc (the finish on the next day when its clock is earlier);
// environment cores.logical from `N CPUs in system`; the run times also in environment["unixbench"] (started_utc, finished_utc), which published files keep; the George baseline built in from
// specs/baselines/unixbench.toml (or, while that file is not built in, taken from the log's own
// BASELINE column); one index per index row (`scale 10 using unixbench`, printed INDEX kept) and
// the score as an index over every index row (printed score kept); and a `report unixbench`
// with `layout 4.1` or `copies N` as the log shows. Everything before the first `Benchmark Run:`
// line or result line (logo, system block) is skipped. A 5.x log of a multi-CPU machine holds a
// second run (N copies): only the first run is imported, and meta["note"] says so.
#include <optional>
#include <string>
#include <string_view>

#include "runtime/result.hpp"

namespace hwbench::runtime {

/// Parses a UnixBench report; on failure sets `error` to `NAME:LINE: error: …` lines.
std::optional<Result> import_unixbench(std::string_view text, const std::string& name, std::string& error);

}  // namespace hwbench::runtime
