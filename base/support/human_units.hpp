#pragma once
// Sizes and durations as people read them: the plan, the space checks and the progress lines
// print them alike.
#include <cstdint>
#include <string>

namespace hwbench::support {

/// "1.1 GB" style, decimal units (B, KB, … EB; a count below 1000 in whole bytes).
std::string human_bytes(std::uint64_t n);

/// "2.5 s", "1 min 30 s", "2 h 5 min" style.
std::string human_seconds(double s);

/// A figure with four significant digits, trailing zeros kept ("2.896", "10.00", "0.1200"), or
/// with one decimal from 1000 up ("2514.3"): what the progress line and the summary table print.
std::string human_number(double value);

}  // namespace hwbench::support
