#pragma once
// The few lines `hwbench reproduce` prints under its comparison: how this machine stands to the
// log overall, the series furthest from the log's figures, and what differs between the machines.
#include <string>
#include <vector>

#include "runtime/analysis/compare.hpp"

namespace hwbench::runtime::reproduce {

/// The verdict of a comparison whose first column is the log and second this machine: the
/// geometric mean of the ratios, the (at most three) series furthest from 1 either way, and the
/// environment facts that differ. Empty when no ratio was computed.
std::vector<std::string> reproduce_summary(const analysis::Comparison& comparison);

}  // namespace hwbench::runtime::reproduce
