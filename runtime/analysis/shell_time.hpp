#pragma once
// A `sh` step's runs that took no longer than the shell's own start-up. The start-up (the mean of
// 50 empty shells) is taken out of every run, as hyperfine does, and a run is never below 0: a
// command that costs less than the start-up's own variation leaves runs of 0 s, which have no
// rate and which every figure drawn from time leaves out (docs/language.md, "The shell").
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "runtime/model/result.hpp"

namespace hwbench::runtime::analysis {

/// A series' runs through a shell, once the start-up was taken out of each.
struct ShellShortfall {
  std::size_t runs = 0;        ///< the series' runs through a shell
  std::size_t zero_runs = 0;   ///< of them, those the start-up took to 0 s
  double mean_seconds = 0;     ///< their mean time, the runs of 0 s included
  double startup_seconds = 0;  ///< the start-up taken out of each (the largest, if they differ)
};

/// The runs of `series` taken through a shell (those with a `shell_startup_ns` parameter), when
/// they are too short to time that way: some were taken to 0 s, or they average less than the
/// start-up taken out of each, whose own variation then makes most of theirs (hyperfine warns of
/// runs under 5 ms for the same reason). None otherwise.
std::optional<ShellShortfall> shell_shortfall(const model::Series& series);

/// "0.134 ms a run once the shell's start-up (2.51 ms) is taken out, 2 of 3 runs 0 s".
std::string shortfall_text(const ShellShortfall& shortfall);

/// One line per series of `result` with a shortfall, for the notes under the reports: `sh
/// "true": too short to time through a shell: …; rates leave out runs of 0 s. Time the command
/// with exec, or give each run more work`.
std::vector<std::string> shell_notes(const model::Result& result);

}  // namespace hwbench::runtime::analysis
