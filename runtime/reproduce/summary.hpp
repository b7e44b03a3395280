#pragma once
// The few lines `hwbench reproduce` prints under its comparison: how this machine stands to the
// log overall, the series furthest from the log's figures, and what differs between the machines.
#include <string>
#include <vector>

#include "runtime/analysis/compare.hpp"

namespace hwbench::runtime::reproduce {

/// The verdict of a comparison whose first column is the log, for the machine of column
/// `column` (1: the second): the geometric mean of its ratios, the (at most two) series furthest
/// above and below it, and the environment facts in which it differs from the log. Empty when
/// no ratio was computed.
std::vector<std::string> reproduce_summary(const analysis::Comparison& comparison, std::size_t column);

}  // namespace hwbench::runtime::reproduce
