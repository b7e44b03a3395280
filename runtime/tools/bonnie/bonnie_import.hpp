#pragma once
// `hwbench import bonnie LOG`: a bonnie++ log of 1.0x, 1.96-1.97 or 1.98-2.00 (BonnieLayout)
// as a published Result that `report bonnie` renders back line for line. Each run of the log is
// its two tables, its CSV line, or both; a log may hold several runs (one after the other, or
// `bonnie++ -x`'s header and CSV lines). See runtime/tools/bonnie/bonnie_report.hpp for the Result's
// shape; the tables are read in bonnie_log_table.hpp, the CSV lines in bonnie_log_csv.hpp.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/model/result.hpp"
#include "runtime/tools/bonnie/bonnie_report.hpp"

namespace hwbench::runtime::tools::bonnie {

/// Reads the runs a bonnie++ log shows, in order. Non-breaking spaces (a log copied from a web
/// page) count as spaces. A run with both tables and a CSV line takes its figures from the CSV
/// (it holds the seed, the full name and whole K/sec) and the tables must agree with it. On
/// failure returns std::nullopt and sets `error` to `NAME:LINE[:COL]: error: …`.
std::optional<std::vector<BonnieRun>> parse_bonnie_log(std::string_view text, const std::string& name,
                                                       std::string& error);

/// The published Result of `runs`: its BonnieLog (bonnie_record.hpp; an object for one run, an array for
/// several), one series per figure with a sample per run, `report bonnie`. `text` and `name` are
/// kept as the record's source; `command` (the `$ bonnie++ …` line, if the log shows one) becomes
/// its note.
model::Result bonnie_published_result(const std::vector<BonnieRun>& runs, std::string_view text,
                                      const std::string& name, const std::string& command);

/// The importer's entry point: parse_bonnie_log, then bonnie_published_result.
std::optional<model::Result> import_bonnie(std::string_view text, const std::string& name, std::string& error);

}  // namespace hwbench::runtime::tools::bonnie
