#pragma once
// `hwbench import nbench LOG`: a printed BYTEmark / nbench 2.x report (with or without the shell
// prompt, the warning lines and the LINUX DATA block) into a published Result: one series per
// test in iterations/sec, the P90 and K6 baselines (built in from specs/baselines/nbench.toml),
// the five indices as nbench composes them (their printed figures kept beside, never used),
// the system lines in its NbenchLog (nbench_log.hpp), and a `report nbench`. The per-test index columns
// are not kept: `report nbench` recomputes them from the iterations/sec.
//
// A log may hold several runs, each from its banner on (nbench run in a loop, shell prompts
// between): each series then has one sample per run (its iteration is the run's number),
// the NbenchLog holds each run's system lines with its not_converged (the tests printed with
// nbench's two warning lines in that run), the indices are the runs' means'
// (no printed figure kept), and `report nbench` prints every run as nbench did.
#include <optional>
#include <string>
#include <string_view>

#include "runtime/model/result.hpp"

namespace hwbench::runtime::tools::nbench {

/// Parses an nbench log; on failure sets `error` to `NAME:LINE: error: …` lines.
std::optional<model::Result> import_nbench(std::string_view text, const std::string& name, std::string& error);

/// The five indices nbench 2.2.3 prints, as `index` statements compose them.
std::vector<model::IndexSpec> nbench_index_specs();

}  // namespace hwbench::runtime::tools::nbench
