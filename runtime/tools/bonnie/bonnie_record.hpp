#pragma once
// What a result keeps of a bonnie++ log beyond its series, as a type: environment["bonnie"], each
// run's CSV text fields (keyed by the CSV header's names), the tests printed as +++++, and what
// the log showed of the run (its tables, its CSV line, -x's header line, table rates that differ
// from the figures). The importer writes it from the runs it read; `report bonnie` reads it back
// into BonnieRuns, with the figures from the series.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "runtime/model/result.hpp"
#include "runtime/tools/bonnie/bonnie_report.hpp"

namespace hwbench::runtime::tools::bonnie {

/// The key of the record in a result's environment.
inline constexpr const char* environment_key = "bonnie";

/// One run of a log, but its figures.
struct BonnieLogRun {
  std::string format_version;
  std::string bonnie_version;
  std::string name;
  std::string concurrency;
  std::string seed;
  std::string file_size;
  std::string io_chunk_size;
  std::optional<std::string> seeks;            ///< CSV format 1.98 only
  std::optional<std::string> seek_proc_count;  ///< CSV format 1.98 only
  std::string num_files;
  std::string max_size;
  std::string min_size;
  std::string num_dirs;
  std::string file_chunk_size;
  bool tables = true;                              ///< the log printed the two tables
  bool csv = true;                                 ///< the log printed the CSV line
  bool csv_header = false;                         ///< `bonnie++ -x`'s header line came before it
  std::map<std::string, std::string> table_rates;  ///< BonnieRun::table_rates
  std::vector<std::string> too_quick;              ///< the tests printed as +++++, by name
};

/// Every run of a log: one object for one run, an array of them for several.
struct BonnieLog {
  std::vector<BonnieLogRun> runs;
};

void to_json(nlohmann::json& json, const BonnieLogRun& run);
/// Text fields that are not strings are read as their JSON text; missing flags take their defaults.
void from_json(const nlohmann::json& json, BonnieLogRun& run);
void to_json(nlohmann::json& json, const BonnieLog& log);
void from_json(const nlohmann::json& json, BonnieLog& log);

/// What the record keeps of `run` (seeks and seek_proc_count only in 2.00's layout).
BonnieLogRun log_run_of(const BonnieRun& run);
/// `record`'s fields and flags in `run` (its figures are the series').
void apply_log_run(const BonnieLogRun& record, BonnieRun& run);

/// The record of `result`, when it has one (an object or an array).
std::optional<BonnieLog> read_bonnie_log(const model::Result& result);

}  // namespace hwbench::runtime::tools::bonnie
