#pragma once
// A bonnie++ log as `hwbench import bonnie` reads it: its lines (a web page's non-breaking
// spaces read as spaces), the cells each run printed for its twelve tests, and the first error
// found. The CSV lines (bonnie_log_csv.hpp) and the human tables (bonnie_log_table.hpp) are read
// into the same cells, and figures() turns those into the BonnieRun's figures.
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lang/common/diagnostics.hpp"
#include "runtime/tools/bonnie/bonnie_report.hpp"

namespace hwbench::runtime::tools::bonnie {

/// bonnie++'s twelve tests, in kernels::disk::bonnie_test_names' order.
inline constexpr std::size_t tests = 12;
/// The first of the file tests (seq_create); those before it are the I/O tests.
inline constexpr std::size_t first_file_test = 6;

/// A line of the log with its 1-based number.
struct Line {
  std::size_t number = 0;
  std::string text;
};

/// Where a cell was printed: its line and 1-based column (0: the whole line).
struct Place {
  std::size_t line = 0;
  std::size_t column = 0;
};

/// What the log printed for one test: the rate, %CP and latency texts, and where.
struct Printed {
  std::string rate, cpu, latency;
  Place rate_at, cpu_at, latency_at;
};

/// One run read from a table or a CSV line, before it becomes a BonnieRun.
struct Parsed {
  BonnieRun run;
  std::array<Printed, tests> printed;
};

/// The lines of a log named `name` in messages, and the first error found in them.
class Log {
 public:
  /// Splits `text` into lines; U+00A0 reads as a space, '\r' is dropped.
  Log(std::string_view text, std::string name);
  /// The lines, numbered from 1.
  const std::vector<Line>& lines() const { return lines_; }
  /// Whether an error was recorded.
  bool failed() const { return first_error_.has_errors(); }
  /// The first error: `NAME:LINE:COL: error: …`, `NAME:LINE: error: …` or `NAME: error: …`.
  std::string error() const { return lang::render_brief(first_error_, name_); }
  /// Records `NAME:LINE[:COL]: error: what` unless an error is recorded already.
  void fail(Place at, const std::string& what);
  /// Records `NAME: error: what` (about the whole log) unless an error is recorded already.
  void fail(const std::string& what);

 private:
  std::vector<Line> lines_;
  std::string name_;
  lang::Diagnostics first_error_;  ///< at most one
};

/// `s` without leading and trailing spaces (bonnie++ pads its columns with spaces only).
std::string trim(std::string_view s);

/// The whole of `text` as a number written with digits and at most one point, or std::nullopt.
std::optional<double> number(const std::string& text);

/// Reads a file tests' descriptor ("16", "16:100:10", "16:link", "16/4") into the run's
/// num_files, max_size, min_size and num_dirs.
void read_files_descriptor(const std::string& text, BonnieRun& run);

/// Reads an I/O descriptor into the run's file_size and io_chunk_size ("512M", "1G:16k"), and
/// in `layout` v2_00 also concurrency, seeks and seek_proc_count ("64G:4k::65536").
void read_size_descriptor(const std::string& text, BonnieLayout layout, BonnieRun& run);

/// Turns `p.printed` into `p.run.tests` in `layout`; `table` says the cells come from a table
/// (2.00's tables scale their I/O rates and misprint their file-test rates). A cell bonnie++
/// would not print is recorded in `log` as an error at its place, and false returned.
bool figures(Parsed& p, BonnieLayout layout, bool table, Log& log);

}  // namespace hwbench::runtime::tools::bonnie
