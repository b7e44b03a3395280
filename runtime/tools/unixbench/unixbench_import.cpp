#include "runtime/tools/unixbench/unixbench_import.hpp"

#include <chrono>
#include <regex>
#include <sstream>

#include <fmt/format.h>

#include "base/support/system_text.hpp"
#include "lang/common/diagnostics.hpp"
#include "runtime/analysis/indices.hpp"
#include "runtime/record/builtin_baselines.hpp"
#include "runtime/tools/unixbench/unixbench_log.hpp"
#include "runtime/tools/unixbench/unixbench_report.hpp"

namespace hwbench::runtime::tools::unixbench {

namespace {

// The lines of a UnixBench log, compiled on first use: not at every start of hwbench.
struct Patterns {
  std::regex result_line{
      R"(^(.*\S)\s+(-?[0-9]+(?:\.[0-9]+)?)\s+(\S+)\s+\(([0-9]+(?:\.[0-9]+)?) (s|secs), ([0-9]+) samples?\)\s*$)"};
  std::regex index_row{R"(^(.*\S)\s+([0-9]+(?:\.[0-9]+)?)\s+([0-9]+(?:\.[0-9]+)?)\s+([0-9]+(?:\.[0-9]+)?)\s*$)"};
  std::regex score_line{
      R"(^\s*(System Benchmarks Index Score(?: \(Partial Only\))?|FINAL SCORE)\s+([0-9]+(?:\.[0-9]+)?)\s*$)"};
  std::regex run_line{R"(^Benchmark Run: \w+ (\w+) +(\d+) (\d+) (\d\d):(\d\d):(\d\d) - (\d\d):(\d\d):(\d\d)\s*$)"};
  std::regex cpu_line{R"(^(\d+) CPUs? in system; running (\d+) parallel cop(?:y|ies) of tests\s*$)"};
};

const Patterns& patterns() {
  static const Patterns compiled;
  return compiled;
}

/// "Nov" -> 11, 0 when unknown.
unsigned month_number(const std::string& name) {
  static const char* const months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                       "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  for (unsigned i = 0; i < 12; ++i)
    if (name == months[i]) return i + 1;
  return 0;
}

std::string stamp(std::chrono::sys_days day, const std::string& h, const std::string& m, const std::string& s) {
  const std::chrono::year_month_day ymd{day};
  return fmt::format("{:04}-{:02}-{:02}T{}:{}:{}Z", static_cast<int>(ymd.year()), static_cast<unsigned>(ymd.month()),
                     static_cast<unsigned>(ymd.day()), h, m, s);
}

/// One run of the log: the lines from a `Benchmark Run:` line to its score, with one number of copies.
struct Run {
  long long copies = 1;
  std::string started_utc, finished_utc;
  std::string suffix;                                         ///< "" for the first run, " (N copies)" after it
  std::size_t results = 0;                                    ///< result lines read
  std::vector<std::pair<std::string, double>> printed_index;  ///< series label, printed INDEX
  std::optional<double> printed_score;
  std::string score_label;
};

/// The run's start and finish from the `Benchmark Run:` match; false for a bad date.
bool set_run_times(const std::smatch& m, Run& run) {
  const std::chrono::year_month_day ymd{std::chrono::year{std::stoi(m[3])}, std::chrono::month{month_number(m[1])},
                                        std::chrono::day{static_cast<unsigned>(std::stoul(m[2]))}};
  if (!ymd.ok()) return false;
  std::chrono::sys_days day{ymd};
  run.started_utc = stamp(day, m[4], m[5], m[6]);
  // The run line shows one date: a finish clock before the start clock is the next day.
  if (m.str(7) + m.str(8) + m.str(9) < m.str(4) + m.str(5) + m.str(6)) day += std::chrono::days{1};
  run.finished_utc = stamp(day, m[7], m[8], m[9]);
  return true;
}

/// " (N copies)", or " (1 copy)": how a later run's labels are told from the first run's.
std::string copies_suffix(long long copies) { return copies == 1 ? " (1 copy)" : fmt::format(" ({} copies)", copies); }

/// The log's own BASELINE column as the George baseline, for when the shipped table is not built in.
model::Baseline baseline_from_log(const std::vector<std::pair<std::string, double>>& rows,
                                  const model::Result& result) {
  model::Baseline b;
  b.name = "george";
  b.machine = "SPARCstation 20-61, 128 MB RAM, Solaris 2.3";
  b.source = "the BASELINE column of " + result.meta.at("source");
  for (const auto& [label, value] : rows) {
    std::string unit;
    for (const auto& s : result.series)
      if (s.label == label && !s.samples.empty()) unit = s.samples.front().figure->unit;
    b.figures.emplace_back(label, model::Figure{value, unit});
  }
  return b;
}

/// The run's per-test indices and its score, each keeping the figure the log printed.
void add_indices(const Run& run, model::Result& result) {
  std::vector<std::string> labels;
  for (const auto& [label, printed] : run.printed_index) {
    labels.push_back(label);
    model::IndexValue v;
    v.spec = {label, {label}, "george", 10, "unixbench"};
    v.printed = printed;
    result.indices.push_back(std::move(v));
  }
  if (run.printed_score) {
    model::IndexValue v;
    v.spec = {run.score_label, labels, "george", 10, "unixbench"};
    v.printed = run.printed_score;
    result.indices.push_back(std::move(v));
  }
}

/// Reads a log line by line: the result lines into the result's series, the runs' lines and the
/// index tables into the runs; every line it cannot read is a problem (with its line number).
class UnixbenchLogReader {
 public:
  explicit UnixbenchLogReader(model::Result& result) : result_(result) {}

  /// Reads every line of `text`, then reports a log without result lines.
  void read(std::string_view text);

  lang::Diagnostics problems;
  std::vector<Run> runs = std::vector<Run>(1);
  std::vector<std::pair<std::string, double>> baseline_rows;  ///< the first run's BASELINE column
  std::map<std::string, UnixbenchPrintedTest> tests;          ///< each test's time and samples
  bool old_layout = false;                                    ///< UnixBench 4.1's "secs"

 private:
  /// `Benchmark Run: …`: a run begins (a second one once the first has results).
  void read_run_line(const std::smatch& m, const std::string& line);
  /// `N CPUs in system; running M parallel copies of tests`.
  void read_cpu_line(const std::smatch& m);
  /// `TEST   FIGURE UNIT (TIME s, N samples)`: one series.
  void read_result_line(const std::smatch& m);
  /// Any other line once a run has begun: the index table's heading, rows and score.
  void read_index_line(const std::string& line);
  void problem(std::string what) { problems.error({static_cast<std::uint32_t>(number_), 0}, std::move(what)); }

  model::Result& result_;
  bool started_ = false, in_index_ = false;
  std::size_t number_ = 0;  ///< the line being read
};

void UnixbenchLogReader::read(std::string_view text) {
  std::istringstream in{std::string(text)};
  std::string line;
  while (std::getline(in, line)) {
    ++number_;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::smatch m;
    if (std::regex_match(line, m, patterns().run_line))
      read_run_line(m, line);
    else if (std::regex_match(line, m, patterns().cpu_line))
      read_cpu_line(m);
    else if (std::regex_match(line, m, patterns().result_line))
      read_result_line(m);
    else
      read_index_line(line);
  }
  if (result_.series.empty()) problems.error({}, "no UnixBench result lines");
}

void UnixbenchLogReader::read_run_line(const std::smatch& m, const std::string& line) {
  // A multi-CPU machine's log holds a second run, with N copies, after the first.
  if (runs.back().results > 0) runs.emplace_back();
  started_ = true;
  in_index_ = false;
  if (!set_run_times(m, runs.back())) problem(fmt::format("'{}' is not a date", line.substr(15)));
}

void UnixbenchLogReader::read_cpu_line(const std::smatch& m) {
  result_.environment["cores"]["logical"] = std::stoll(m[1]);
  Run& run = runs.back();
  run.copies = std::stoll(m[2]);
  for (std::size_t i = 0; i + 1 < runs.size(); ++i)
    if (runs[i].copies == run.copies)
      problem(fmt::format("a second run with {} {}; one run per number of copies is imported", run.copies,
                          run.copies == 1 ? "copy" : "copies"));
  if (runs.size() > 1) run.suffix = copies_suffix(run.copies);
}

void UnixbenchLogReader::read_result_line(const std::smatch& m) {
  started_ = true;
  const std::string unit = unixbench_unit(m[3]);
  if (unit.empty()) {
    problem(fmt::format("unknown unit '{}'", m.str(3)));
    return;
  }
  old_layout = old_layout || m[5] == "secs";
  model::Series s;
  s.label = m.str(1) + runs.back().suffix;
  if (tests.count(s.label) != 0) {
    problem(fmt::format("'{}' is printed a second time", s.label));
    return;
  }
  model::Sample sample;
  sample.iteration = 1;
  sample.figure = model::Figure{std::stod(m[2]), unit, support::printed_step(m.str(2))};
  s.add(std::move(sample), model::published_params());
  tests[s.label] = UnixbenchPrintedTest{std::stod(m[4]), std::stoi(m[6])};
  result_.series.push_back(std::move(s));
  ++runs.back().results;
}

void UnixbenchLogReader::read_index_line(const std::string& line) {
  const auto first = line.find_first_not_of(" \t");
  if (first == std::string::npos || !started_) return;
  const std::string_view t = std::string_view(line).substr(first);
  if (t.starts_with("System Benchmarks Index Values") || t.starts_with("System Benchmarks Partial Index") ||
      t.starts_with("INDEX VALUES")) {
    in_index_ = true;
    return;
  }
  if (t.starts_with("TEST ") || t.starts_with("=====") || t.starts_with("-----")) return;
  std::smatch m;
  if (std::regex_match(line, m, patterns().score_line)) {
    Run& run = runs.back();
    run.score_label = m[1] == "FINAL SCORE" ? "FINAL SCORE" : "System Benchmarks Index Score" + run.suffix;
    run.printed_score = std::stod(m[2]);
    return;
  }
  if (in_index_ && std::regex_match(line, m, patterns().index_row)) {
    // Every run prints the same George figures; the first run's rows are enough.
    if (runs.size() == 1) baseline_rows.emplace_back(m[1], std::stod(m[2]));
    runs.back().printed_index.emplace_back(m.str(1) + runs.back().suffix, std::stod(m[4]));
    return;
  }
  problem(fmt::format("unexpected line '{}'", t));
}

/// The runs' span and each test's time and samples; with several runs, each run's own span.
void set_unixbench_environment(model::Result& result, const std::vector<Run>& runs,
                               const std::map<std::string, UnixbenchPrintedTest>& tests) {
  result.started_utc = runs.front().started_utc;
  result.finished_utc = runs.back().finished_utc;
  UnixbenchLog log;
  log.tests = tests;
  if (!result.started_utc.empty()) {
    log.started_utc = result.started_utc;
    log.finished_utc = result.finished_utc;
  }
  // Each run prints its own span; report unixbench finds a block's by its copies.
  if (runs.size() > 1)
    for (const auto& run : runs) log.runs.push_back({run.copies, run.started_utc, run.finished_utc});
  result.environment[environment_key] = log;
}

/// The unixbench report, in 4.1's layout for a 4.1 log; a first run with N copies says so.
model::ReportSpec unixbench_report_of(const std::vector<Run>& runs, bool old_layout) {
  model::ReportSpec report;
  report.style = model::report_style_from_text("unixbench").value();
  if (old_layout) report.options["layout"] = "4.1";
  // The first run's labels are plain: the report's copies option says which block they make.
  if (runs.front().copies != 1) report.options["copies"] = std::to_string(runs.front().copies);
  return report;
}

}  // namespace

std::optional<model::Result> import_unixbench(std::string_view text, const std::string& name, std::string& error) {
  model::Result result;
  result.kind = model::ResultKind::published;
  result.status = model::RunStatus::published;
  result.recipe_file = name;
  result.recipe_text = std::string(text);
  result.meta["title"] = "BYTE UnixBench log";
  result.meta["source"] = name;
  UnixbenchLogReader reader(result);
  reader.read(text);
  if (reader.problems.has_errors()) {
    error = lang::render_brief(reader.problems, name);
    return std::nullopt;
  }
  set_unixbench_environment(result, reader.runs, reader.tests);
  for (auto& b : record::builtin_baselines("unixbench"))
    if (b.name == "george") result.baselines.push_back(std::move(b));
  if (result.baselines.empty() && !reader.baseline_rows.empty())
    result.baselines.push_back(baseline_from_log(reader.baseline_rows, result));
  for (const auto& run : reader.runs) add_indices(run, result);
  analysis::compute_indices(result);
  result.reports.push_back(unixbench_report_of(reader.runs, reader.old_layout));
  return result;
}

}  // namespace hwbench::runtime::tools::unixbench
