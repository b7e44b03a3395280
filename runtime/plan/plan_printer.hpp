#pragma once
// `hwbench check` output: the plan in words.
#include <cstdint>
#include <map>
#include <ostream>
#include <string>

#include "runtime/plan/plan.hpp"

namespace hwbench::runtime::plan {

/// The files a run creates and the bytes it writes into them, every pass counted.
struct PlannedWrites {
  std::uint64_t files = 0;  ///< file creations (a file created again counts again)
  std::uint64_t bytes = 0;  ///< their sizes summed; saturates at 2^64 - 1
};

/// What the plan's steps write: each kernel statement's created files, times the passes of the
/// loops kept around it (`repeat N` inside `time` and `parallel`), for every parallel worker.
/// Loops outside groups are unrolled in the plan and so counted already; a statement's samples
/// count once (how often a kernel rewrites its files across samples is its own affair).
PlannedWrites planned_writes(const Plan& plan);

/// Writes the plan: locations, expanded statements per phase, samples per series, the files
/// the run creates (every pass of a loop counted) and their size, the estimated time and the
/// reports.
void print_plan(const Plan& plan, std::ostream& out);

/// The --set values a run used, as they would be given again:
/// "parameters: --set loops=100000 --set workers=200".
std::string parameters_line(const std::map<std::string, std::string>& parameters);

}  // namespace hwbench::runtime::plan
