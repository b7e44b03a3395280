#pragma once
// `report bonnie`: bonnie++ 1.96's two tables and its CSV line, field for field, from a run's
// `bonnie` samples or from an imported bonnie++ log.
//
// From a run, each test's figure is computed as bonnie++ computes it: K/sec = bytes / 1024 over
// the sample's wall time for the five sequential tests, per second for seeks and the file tests,
// %CP = CPU time over wall time, truncated; a test that took less than 0.5 s prints `+++++` and
// `+++`. With several samples per test (`runs N`) the report prints what `bonnie++ -x N`
// prints: the CSV header line, then one CSV line per run.
//
// A published bonnie++ log (runtime/import/bonnie/bonnie_import.hpp) carries its run in
// Result::environment["bonnie"] (the CSV's text fields, keyed by the CSV header's names, and
// "too_quick": the tests printed as +++++) and in series labelled by the CSV header's names:
// `put_block` (KiB/s), `put_block_cpu` (%CP), `put_block_latency` (us, ms or s), ….
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "runtime/model/result.hpp"

namespace hwbench::runtime::report {

/// One test's outcome as bonnie++ prints it.
struct BonnieFigure {
  enum class State { not_run, too_quick, measured };
  State state = State::not_run;
  double rate = 0;              ///< K/sec (KiB/s) for the sequential tests; per second for seeks and file tests
  double cpu = 0;               ///< %CP
  std::int64_t latency_ns = 0;  ///< the longest single operation; 0 prints an empty field
};

/// One bonnie++ run: everything its tables and CSV line show. Text fields hold what bonnie++
/// prints in the CSV ("" for an empty field).
struct BonnieRun {
  std::string format_version = "1.96";  ///< the CSV's first field; "1.98" adds seeks and seek_proc_count
  std::string version = "1.96";         ///< bonnie_version
  std::string name;                     ///< the machine name (-m)
  std::string concurrency = "1";
  std::string seed;
  std::string file_size;      ///< "512M", "4G"; "" when no sequential test or seek test ran
  std::string io_chunk_size;  ///< "" for the default 8192; else "16k", "512", "1m"
  std::string seeks;            ///< format 1.98 only
  std::string seek_proc_count;  ///< format 1.98 only
  std::string num_files;      ///< "16" (× 1024); "" when the file tests did not run
  std::string max_size;
  std::string min_size;
  std::string num_dirs;
  std::string file_chunk_size;
  std::array<BonnieFigure, 12> tests;  ///< in bonnie++'s order (kernels::disk::bonnie_test_names)
};

/// The runs a result holds: the one of an imported log, or one per sample index of a run's
/// `bonnie` samples. `spec.options` may name the machine (`machine NAME`; default the host
/// name) and the version printed (`version 1.96|1.97`).
std::vector<BonnieRun> bonnie_runs(const model::Result& result, const model::ReportSpec& spec);

/// The two tables as bonnie++ 1.96 prints them (a table is left out when none of its tests ran).
std::string bonnie_tables(const BonnieRun& run);

/// The CSV line, with its newline.
std::string bonnie_csv_line(const BonnieRun& run);

/// The header line `bonnie++ -x N` prints before its CSV lines, with its newline.
std::string bonnie_csv_header();

/// bonnie++'s latency text: "" for 0, else whole us below 0.1 s, whole ms below 100 s, whole
/// s beyond (truncated, never rounded).
std::string bonnie_latency_text(std::int64_t ns);

/// bonnie++'s size text of a file of `mib` MiB: "512M", or "4G" for a multiple of 1024.
std::string bonnie_size_text(std::uint64_t mib);

/// The chunk as bonnie++ prints it: "512", "16k", "1m".
std::string bonnie_chunk_text(std::uint64_t bytes);

/// bonnie++'s minimum time: a test faster than this prints +++++.
inline constexpr std::int64_t bonnie_min_time_ns = 500'000'000;

/// `report bonnie`: the tables and CSV line of each run (or the -x layout for several).
model::RenderedReport render_bonnie(const model::Result& result, const model::ReportSpec& spec);

}  // namespace hwbench::runtime::report
