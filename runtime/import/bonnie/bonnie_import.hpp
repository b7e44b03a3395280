#pragma once
// `hwbench import bonnie LOG`: a bonnie++ 1.96/1.97 log (its two tables, its CSV line, or both;
// also a CSV line of bonnie++ 2.00's format 1.98) as a published Result that `report bonnie`
// renders back field for field. See runtime/report/bonnie_report.hpp for the Result's shape; the
// tables are read in bonnie_log_table.hpp, the CSV line in bonnie_log_csv.hpp.
#include <optional>
#include <string>
#include <string_view>

#include "runtime/report/bonnie_report.hpp"
#include "runtime/model/result.hpp"

namespace hwbench::runtime::import::bonnie {

/// Reads the run a bonnie++ log shows. Non-breaking spaces (a log copied from a web page) count
/// as spaces. With both a table and a CSV line the CSV is taken (it holds the seed and the full
/// name) and the table must agree with it. On failure returns std::nullopt and sets `error` to
/// `NAME:LINE: error: …`.
std::optional<report::BonnieRun> parse_bonnie_log(std::string_view text, const std::string& name, std::string& error);

/// The published Result of `run`: environment["bonnie"], one series per figure, `report bonnie`.
/// `text` and `name` are kept as the record's source; `command` (the `$ bonnie++ …` line, if the
/// log shows one) becomes its note.
model::Result bonnie_published_result(const report::BonnieRun& run, std::string_view text, const std::string& name,
                               const std::string& command);

/// The importer's entry point: parse_bonnie_log, then bonnie_published_result.
std::optional<model::Result> import_bonnie(std::string_view text, const std::string& name, std::string& error);

}  // namespace hwbench::runtime::import::bonnie
