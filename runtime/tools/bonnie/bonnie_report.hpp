#pragma once
// `report bonnie`: bonnie++'s two tables and its CSV line, field for field, from a run's
// `bonnie` samples (bonnie++ 1.96's layout) or from an imported bonnie++ log (in the layout it
// was printed in: 1.03's, 1.96/1.97's or 2.00's; see BonnieLayout).
//
// From a run, each test's figure is computed as bonnie++ computes it: K/sec = bytes / 1024 over
// the sample's wall time for the five sequential tests, per second for seeks and the file tests,
// %CP = CPU time over wall time, truncated; a test that took less than 0.5 s prints `+++++` and
// `+++`. With several samples per test (`runs N`) the report prints what `bonnie++ -x N`
// prints: the CSV header line, then one CSV line per run.
//
// A published bonnie++ log (runtime/tools/bonnie/bonnie_import.hpp) carries its runs in its
// BonnieLog (bonnie_record.hpp: each run's CSV text fields, the tests printed as +++++, and what
// the log showed of the run) and in series labelled
// by the CSV header's names, one sample per run (its iteration is the run's number): `put_block`
// (KiB/s, or MiB/s and GiB/s as a 2.00 table printed them), `put_block_cpu` (%CP),
// `put_block_latency` (us, ms or s), ….
#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "runtime/model/result.hpp"

namespace hwbench::runtime::tools::bonnie {

/// Indices into BonnieRun::tests (bonnie++'s order): the sequential tests come before the seeks,
/// the file tests after them.
inline constexpr std::size_t bonnie_seeks_test = 5;
inline constexpr std::size_t bonnie_first_file_test = 6;
/// Whether test `test` is a sequential one, rated in K/sec.
inline constexpr bool bonnie_sequential(std::size_t test) { return test < bonnie_seeks_test; }

/// bonnie++ prints its figures through %d of a double, which truncates.
inline long long bonnie_whole(double v) { return static_cast<long long>(v); }

/// One test's outcome as bonnie++ prints it.
struct BonnieFigure {
  enum class State { not_run, too_quick, measured };
  State state = State::not_run;
  double rate = 0;         ///< K/sec (KiB/s) for the sequential tests; per second for seeks and file tests
  bool rate_known = true;  ///< false: a 2.00 table's file-test rate without its CSV line (see BonnieRun::table_rates)
  double cpu = 0;          ///< %CP
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
  std::string file_size;        ///< "512M", "4G"; "" when no sequential test or seek test ran
  std::string io_chunk_size;    ///< "" for the default 8192; else "16k", "512", "1m"
  std::string seeks;            ///< format 1.98 only
  std::string seek_proc_count;  ///< format 1.98 only
  std::string num_files;        ///< "16" (× 1024); "" when the file tests did not run
  std::string max_size;
  std::string min_size;
  std::string num_dirs;
  std::string file_chunk_size;
  std::array<BonnieFigure, 12> tests;  ///< in bonnie++'s order (kernels::disk::bonnie_test_names)
  bool shows_tables = true;            ///< the report prints the two tables (a log's run: they were in the log)
  bool shows_csv = true;               ///< the report prints the CSV line
  bool csv_header = false;             ///< `bonnie++ -x`'s header line comes before this run's CSV line
  /// Rates a table printed otherwise than its figure prints, by test name: bonnie++ 2.00's
  /// file-test rates (it passes a double to %d: amd64 builds print the file count x 1024, the
  /// CSV holds the figure), and a 2.00 scaled rate that the CSV's whole K/sec rounds differently.
  std::map<std::string, std::string> table_rates;
};

/// The three layouts of bonnie++'s tables and CSV line.
/// - v1_03 (1.0x): no Concurrency or Latency lines; the file table under the I/O table has no
///   Version or name; a 27-field CSV line starting with the name, seeks as %.1f.
/// - v1_96 (1.96, 1.97; CSV format 1.96/1.97): Concurrency and Latency lines, 48 CSV fields.
/// - v2_00 (1.98 to 2.00a; CSV format 1.98): `Name:Size etc`, I/O rates scaled to `k`, `m`, `g`,
///   the size descriptor `size:chunk:concurrency:seeks:seekprocs`, 50 CSV fields.
enum class BonnieLayout { v1_03, v1_96, v2_00 };

/// The layout of `run`: from its CSV format ("" is 1.0x's CSV, "1.98" is 2.00's).
BonnieLayout bonnie_layout(const BonnieRun& run);

/// A test's rate as the tables of `layout` print it, unpadded: "" (not run), "+++++", "57544",
/// "409.6", or 2.00's "350k", "56.3m", "603m", "1.2g". 2.00's file tests print what the table
/// of an amd64 build shows (see BonnieRun::table_rates); the caller passes the run's file count.
std::string bonnie_table_rate(const BonnieFigure& f, std::size_t test, BonnieLayout layout,
                              const std::string& num_files);

/// The runs a result holds: the one of an imported log, or one per sample index of a run's
/// `bonnie` samples. `spec.options` may name the machine (`machine NAME`; default the host
/// name) and the version printed (`version 1.96|1.97`).
std::vector<BonnieRun> bonnie_runs(const model::Result& result, const model::ReportSpec& spec);

/// The two tables in the run's layout (a table is left out when none of its tests ran).
std::string bonnie_tables(const BonnieRun& run);

/// The CSV line in the run's layout, with its newline.
std::string bonnie_csv_line(const BonnieRun& run);

/// The header line `bonnie++ -x N` prints before its CSV lines, with its newline (1.0x's names
/// its 27 fields; 2.00 prints 1.96's, without its two added fields).
std::string bonnie_csv_header(BonnieLayout layout = BonnieLayout::v1_96);

/// bonnie++'s latency text: "" for 0, else whole us below 0.1 s, whole ms below 100 s, whole
/// s beyond (truncated, never rounded).
std::string bonnie_latency_text(std::int64_t ns);

/// bonnie++'s size text of a file of `mib` MiB: "512M", or "4G" for a multiple of 1024.
std::string bonnie_size_text(std::uint64_t mib);

/// The chunk as bonnie++ prints it: "512", "16k", "1m".
std::string bonnie_chunk_text(std::uint64_t bytes);

/// bonnie++'s minimum time: a test faster than this prints +++++.
inline constexpr std::int64_t bonnie_min_time_ns = 500'000'000;

/// `report bonnie`: a log's runs as the log showed them (tables, CSV lines, -x's header); a run's
/// samples as the tables and CSV line of one run, or the -x layout for several.
model::RenderedReport render_bonnie(const model::Result& result, const model::ReportSpec& spec);

}  // namespace hwbench::runtime::tools::bonnie
