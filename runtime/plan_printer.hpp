#pragma once
// `hwbench check` output: the plan in words.
#include <ostream>

#include "runtime/plan.hpp"

namespace hwbench::runtime {

/// Writes the plan: locations, expanded statements per phase, samples per series, the files
/// the run creates and their size, the estimated time and the reports.
void print_plan(const Plan& plan, std::ostream& out);

/// "1.1 GB" style, decimal units.
std::string human_bytes(std::uint64_t n);

/// "2.5 s", "1 min 30 s" style.
std::string human_seconds(double s);

}  // namespace hwbench::runtime
