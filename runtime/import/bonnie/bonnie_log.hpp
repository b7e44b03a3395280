#pragma once
// A bonnie++ log as `hwbench import bonnie` reads it: its lines (a web page's non-breaking
// spaces read as spaces), the cells it printed for each of the twelve tests, and the first error
// found. The CSV line (bonnie_log_csv.hpp) and the human tables (bonnie_log_table.hpp) are read
// into the same cells, and figures() turns those into the BonnieRun's figures.
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lang/common/diagnostics.hpp"
#include "runtime/report/bonnie_report.hpp"

namespace hwbench::runtime::import::bonnie {

/// bonnie++'s twelve tests, in kernels::disk::bonnie_test_names' order.
inline constexpr std::size_t tests = 12;
/// The first of the file tests (seq_create); those before it are the I/O tests.
inline constexpr std::size_t first_file_test = 6;

/// A line of the log with its 1-based number.
struct Line {
  std::size_t number = 0;
  std::string text;
};

/// What the log printed for one test: the rate, %CP and latency texts.
struct Printed {
  std::string rate, cpu, latency;
};

/// Everything read from the log, before it becomes a BonnieRun.
struct Parsed {
  report::BonnieRun run;
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
  /// The first error: `NAME:LINE: error: …` or `NAME: error: …`.
  std::string error() const { return lang::render_brief(first_error_, name_); }
  /// Records `NAME:LINE: error: what` unless an error is recorded already.
  void fail(std::size_t line, const std::string& what);
  /// Records `NAME: error: what` (about the whole log) unless an error is recorded already.
  void fail(const std::string& what);

 private:
  std::vector<Line> lines_;
  std::string name_;
  lang::Diagnostics first_error_;  ///< at most one
};

/// `s` without leading and trailing spaces (bonnie++ pads its columns with spaces only).
std::string trim(std::string_view s);

/// The whole of `text` as a number, or std::nullopt.
std::optional<double> number(const std::string& text);

/// Turns `p.printed` into `p.run.tests` (`+++++` is too quick to measure); a cell bonnie++ would
/// not print is recorded in `log` as an error at `line`, and false returned.
bool figures(Parsed& p, std::size_t line, Log& log);

}  // namespace hwbench::runtime::import::bonnie
