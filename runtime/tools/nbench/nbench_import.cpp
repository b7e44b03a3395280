#include "runtime/tools/nbench/nbench_import.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

#include <fmt/format.h>

#include "base/support/system_text.hpp"
#include "kernels/nbench/nbench.hpp"
#include "lang/common/diagnostics.hpp"
#include "runtime/analysis/indices.hpp"
#include "runtime/record/builtin_baselines.hpp"
#include "runtime/tools/nbench/nbench_log.hpp"

namespace hwbench::runtime::tools::nbench {

namespace {

// nbench's lines are trimmed of spaces, tabs and carriage returns only.
std::string trim(std::string_view s) { return support::trim(s, " \t\r"); }

std::optional<double> parse_number(const std::string& text) {
  if (text.empty()) return std::nullopt;
  std::size_t used = 0;
  try {
    const double v = std::stod(text, &used);
    if (used != text.size() || !std::isfinite(v)) return std::nullopt;
    return v;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

const kernels::nbench::TestInfo* test_by_label(const std::string& label) {
  for (const auto& t : kernels::nbench::tests())
    if (t.label == label) return &t;
  return nullptr;
}

}  // namespace

std::vector<model::IndexSpec> nbench_index_specs() {
  return {
      {"INTEGER INDEX",
       {"NUMERIC SORT", "STRING SORT", "BITFIELD", "FP EMULATION", "ASSIGNMENT", "IDEA", "HUFFMAN"},
       "p90",
       1},
      {"FLOATING-POINT INDEX", {"FOURIER", "NEURAL NET", "LU DECOMPOSITION"}, "p90", 1},
      {"MEMORY INDEX", {"STRING SORT", "BITFIELD", "ASSIGNMENT"}, "k6", 1},
      {"INTEGER INDEX", {"NUMERIC SORT", "FP EMULATION", "IDEA", "HUFFMAN"}, "k6", 1},
      {"FLOATING-POINT INDEX", {"FOURIER", "NEURAL NET", "LU DECOMPOSITION"}, "k6", 1},
  };
}

namespace {

/// Where in a run's output a line stands.
enum class NbenchBlock { before, tests, original, linux_data };

/// One run of nbench in the log: its printed indices, its system lines, the tests it printed
/// warnings for.
struct NbenchRun {
  std::map<std::string, double> printed_original, printed_linux;
  NbenchSystem system;
  std::vector<std::string> not_converged;
  std::vector<std::string> tests;
};

/// Reads a log line by line: the tests' figures into the result's series, the rest into the runs;
/// every line it cannot read is a problem (with its line number).
class NbenchLogReader {
 public:
  explicit NbenchLogReader(model::Result& result) : result_(result) {}

  /// Reads every line of `text`, then reports what the whole log lacks.
  void read(std::string_view text);

  lang::Diagnostics problems;
  std::vector<NbenchRun> runs = std::vector<NbenchRun>(1);

 private:
  /// A line that opens a run or a block (or is a prompt between runs): true when `t` is one.
  bool read_marker(const std::string& t);
  /// A line of the test table: `NAME : ITERATIONS : …`, or a name whose figures follow warnings.
  void read_test(const std::string& key, const std::string& rest);
  /// A line after the table: an index, or a system line of the Linux data.
  void read_summary(const std::string& line, std::size_t colon, const std::string& key, const std::string& rest);
  /// Adds a test's figure to its series (one sample per run).
  void add_sample(const std::string& label, double value, double step, bool converged);
  void problem(std::size_t line, std::string what) {
    problems.error({static_cast<std::uint32_t>(line), 0}, std::move(what));
  }

  model::Result& result_;
  NbenchBlock block_ = NbenchBlock::before;
  std::string pending_;  ///< a test whose figures follow its warning lines
  std::size_t pending_line_ = 0;
  std::size_t number_ = 0;  ///< the line being read
  bool header_seen_ = false;
};

void NbenchLogReader::read(std::string_view text) {
  std::istringstream in{std::string(text)};
  std::string line;
  while (std::getline(in, line)) {
    ++number_;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::string t = trim(line);
    if (read_marker(t)) continue;
    if (block_ == NbenchBlock::before || t.empty() || t.starts_with("** WARNING") || t.starts_with("---") ||
        t.starts_with("* Trademarks") || t.starts_with("Baseline"))
      continue;
    const auto colon = line.find(':');
    if (colon == std::string::npos) {
      problem(number_, fmt::format("unexpected line '{}'", t));
      continue;
    }
    const std::string key = trim(std::string_view(line).substr(0, colon));
    const std::string rest = trim(std::string_view(line).substr(colon + 1));
    if (block_ == NbenchBlock::tests)
      read_test(key, rest);
    else
      read_summary(line, colon, key, rest);
  }
  if (!pending_.empty()) problem(pending_line_, fmt::format("'{}' has no figures after its warning lines", pending_));
  if (!header_seen_)
    problems.error({}, "no nbench table (the 'TEST … : Iterations/sec.' header)");
  else if (result_.series.empty())
    problems.error({}, "the nbench table has no test lines");
}

bool NbenchLogReader::read_marker(const std::string& t) {
  // A shell prompt between runs ("$ ./nbench").
  if (t == "$" || t.starts_with("$ ")) return true;
  if (t.starts_with("BYTEmark* Native Mode Benchmark")) {
    // The banner opens a run: the next one, once this one has printed its tests.
    if (!runs.back().tests.empty()) runs.emplace_back();
    block_ = NbenchBlock::before;
    return true;
  }
  if (t.starts_with("TEST ") && t.find("Iterations/sec.") != std::string::npos) {
    block_ = NbenchBlock::tests;
    header_seen_ = true;
    return true;
  }
  if (t.find("ORIGINAL BYTEMARK RESULTS") != std::string::npos) {
    block_ = NbenchBlock::original;
    return true;
  }
  if (t.find("LINUX DATA BELOW") != std::string::npos) {
    block_ = NbenchBlock::linux_data;
    return true;
  }
  return false;
}

void NbenchLogReader::read_test(const std::string& key, const std::string& rest) {
  if (key.empty() && rest.starts_with(":")) return;  // the second header line
  std::string label = key;
  if (label.empty()) {
    if (pending_.empty()) {
      problem(number_, "figures without a test name before them");
      return;
    }
    label = pending_;
  } else if (test_by_label(label) == nullptr) {
    problem(number_, fmt::format("unknown test '{}'", label));
    return;
  }
  if (rest.empty()) {  // figures follow the two warning lines
    pending_ = label;
    pending_line_ = number_;
    return;
  }
  const std::string first = trim(rest.substr(0, rest.find(':')));
  auto value = parse_number(first);
  if (!value) {
    problem(number_, fmt::format("'{}' is not a number of iterations/sec", first));
    return;
  }
  NbenchRun& run = runs.back();
  if (std::find(run.tests.begin(), run.tests.end(), label) != run.tests.end()) {
    problem(number_, fmt::format("'{}' appears twice in one run", label));
    return;
  }
  run.tests.push_back(label);
  const bool converged = pending_ != label;
  if (!converged) run.not_converged.push_back(label);
  add_sample(label, *value, support::printed_step(first), converged);
  pending_.clear();
}

void NbenchLogReader::add_sample(const std::string& label, double value, double step, bool converged) {
  auto series = std::find_if(result_.series.begin(), result_.series.end(),
                             [&](const model::Series& s) { return s.label == label; });
  if (series == result_.series.end()) {
    series = result_.series.insert(result_.series.end(), model::Series{});
    series->label = label;
  }
  series->converged = series->converged && converged;
  model::Sample sample;
  sample.iteration = static_cast<std::uint32_t>(runs.size());
  sample.figure = model::Figure{value, "iter/s", step};
  series->add(std::move(sample), model::published_params());
}

void NbenchLogReader::read_summary(const std::string& line, std::size_t colon, const std::string& key,
                                   const std::string& rest) {
  NbenchRun& run = runs.back();
  auto value = parse_number(rest);
  if (key.find("INDEX") != std::string::npos) {
    if (!value) {
      problem(number_, fmt::format("'{}' is not an index figure", rest));
      return;
    }
    (block_ == NbenchBlock::original ? run.printed_original : run.printed_linux)[key] = *value;
    return;
  }
  if (block_ != NbenchBlock::linux_data) return;
  static const std::map<std::string, std::optional<std::string> NbenchSystem::*> keys = {
      {"CPU", &NbenchSystem::cpu},
      {"L2 Cache", &NbenchSystem::l2_cache},
      {"OS", &NbenchSystem::os},
      {"C compiler", &NbenchSystem::compiler},
      {"libc", &NbenchSystem::libc}};
  auto k = keys.find(key);
  if (k == keys.end()) {
    problem(number_, fmt::format("unexpected line '{}'", trim(line)));
    return;
  }
  // Kept as printed, trailing space included: the report prints it back. A line cut after
  // its colon (an empty value, its trailing space lost) reads as empty.
  run.system.*(k->second) = std::string(std::string_view(line).substr(std::min(line.size(), colon + 2)));
}

/// The machine and the runs' system lines: one object for one run, else one per run with the
/// tests that did not converge in it.
void set_nbench_environment(model::Result& result, const std::vector<NbenchRun>& runs) {
  result.machine = runs.front().system.cpu.value_or("");
  NbenchLog log;
  for (const auto& run : runs) {
    log.runs.push_back(run.system);
    if (runs.size() > 1) log.runs.back().not_converged = run.not_converged;
  }
  write_nbench_log(result, log);
}

/// nbench's indices whose every test is in the log (a custom run prints none), with the figures
/// the log printed for them when it holds one run.
void add_nbench_indices(model::Result& result, const std::vector<NbenchRun>& runs) {
  const auto& printed_original = runs.front().printed_original;
  const auto& printed_linux = runs.front().printed_linux;
  for (const auto& spec : nbench_index_specs()) {
    bool complete = true;
    for (const auto& label : spec.series) {
      bool found = false;
      for (const auto& s : result.series) found = found || s.label == label;
      complete = complete && found;
    }
    if (!complete) continue;
    model::IndexValue v;
    v.spec = spec;
    // Several runs print several figures of an index: none of them is the runs' mean's.
    const auto& printed = spec.baseline == "p90" ? printed_original : printed_linux;
    if (auto it = printed.find(spec.label); it != printed.end() && runs.size() == 1) v.printed = it->second;
    result.indices.push_back(std::move(v));
  }
}

}  // namespace

std::optional<model::Result> import_nbench(std::string_view text, const std::string& name, std::string& error) {
  model::Result result;
  result.kind = model::ResultKind::published;
  result.status = model::RunStatus::published;
  result.recipe_file = name;
  result.recipe_text = std::string(text);
  result.meta["title"] = "nbench (BYTEmark) log";
  result.meta["source"] = name;
  NbenchLogReader reader(result);
  reader.read(text);
  if (reader.problems.has_errors()) {
    error = lang::render_brief(reader.problems, name);
    return std::nullopt;
  }
  set_nbench_environment(result, reader.runs);
  result.baselines = record::builtin_baselines("nbench");
  add_nbench_indices(result, reader.runs);
  analysis::compute_indices(result);
  model::ReportSpec report;
  report.style = model::report_style_from_text("nbench").value();
  result.reports.push_back(report);
  return result;
}

}  // namespace hwbench::runtime::tools::nbench
