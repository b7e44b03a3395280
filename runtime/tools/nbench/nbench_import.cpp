#include "runtime/tools/nbench/nbench_import.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

#include <fmt/format.h>

#include "kernels/nbench/nbench.hpp"
#include "lang/common/diagnostics.hpp"
#include "runtime/record/builtin_baselines.hpp"
#include "runtime/analysis/indices.hpp"
#include "base/support/system_text.hpp"

namespace hwbench::runtime::tools::nbench {

using analysis::compute_indices;
using model::Figure;
using model::IndexSpec;
using model::IndexValue;
using model::ReportSpec;
using model::Result;
using model::ResultKind;
using model::RunStatus;
using model::Sample;
using model::Series;
using model::report_style_from_text;
using record::builtin_baselines;

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

std::vector<IndexSpec> nbench_index_specs() {
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

std::optional<Result> import_nbench(std::string_view text, const std::string& name, std::string& error) {
  Result result;
  result.kind = ResultKind::published;
  result.status = RunStatus::published;
  result.recipe_file = name;
  result.recipe_text = std::string(text);
  result.meta["title"] = "nbench (BYTEmark) log";
  result.meta["source"] = name;
  lang::Diagnostics problems;
  auto problem = [&](std::size_t line, std::string what) {
    problems.error({static_cast<std::uint32_t>(line), 0}, std::move(what));
  };
  enum class Block { before, tests, original, linux_data } block = Block::before;
  std::string pending;  // a test whose figures follow its warning lines
  std::size_t pending_line = 0;
  // One per run: its printed indices, its system lines, the tests it printed warnings for.
  struct Run {
    std::map<std::string, double> printed_original, printed_linux;
    nlohmann::json system = nlohmann::json::object();
    nlohmann::json not_converged = nlohmann::json::array();
    std::vector<std::string> tests;
  };
  std::vector<Run> runs(1);
  std::istringstream in{std::string(text)};
  std::string line;
  std::size_t number = 0;
  bool header_seen = false;
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::string t = trim(line);
    // A shell prompt between runs ("$ ./nbench").
    if (t == "$" || t.starts_with("$ ")) continue;
    if (t.starts_with("BYTEmark* Native Mode Benchmark")) {
      // The banner opens a run: the next one, once this one has printed its tests.
      if (!runs.back().tests.empty()) runs.emplace_back();
      block = Block::before;
      continue;
    }
    if (t.starts_with("TEST ") && t.find("Iterations/sec.") != std::string::npos) {
      block = Block::tests;
      header_seen = true;
      continue;
    }
    if (t.find("ORIGINAL BYTEMARK RESULTS") != std::string::npos) {
      block = Block::original;
      continue;
    }
    if (t.find("LINUX DATA BELOW") != std::string::npos) {
      block = Block::linux_data;
      continue;
    }
    if (block == Block::before || t.empty() || t.starts_with("** WARNING") || t.starts_with("---") ||
        t.starts_with("* Trademarks") || t.starts_with("Baseline"))
      continue;
    Run& run = runs.back();
    const auto colon = line.find(':');
    if (colon == std::string::npos) {
      problem(number, fmt::format("unexpected line '{}'", t));
      continue;
    }
    const std::string key = trim(std::string_view(line).substr(0, colon));
    const std::string rest = trim(std::string_view(line).substr(colon + 1));
    if (block == Block::tests) {
      if (key.empty() && rest.starts_with(":")) continue;  // the second header line
      std::string label = key;
      if (label.empty()) {
        if (pending.empty()) {
          problem(number, "figures without a test name before them");
          continue;
        }
        label = pending;
      } else if (test_by_label(label) == nullptr) {
        problem(number, fmt::format("unknown test '{}'", label));
        continue;
      }
      if (rest.empty()) {  // figures follow the two warning lines
        pending = label;
        pending_line = number;
        continue;
      }
      const std::string first = trim(rest.substr(0, rest.find(':')));
      auto value = parse_number(first);
      if (!value) {
        problem(number, fmt::format("'{}' is not a number of iterations/sec", first));
        continue;
      }
      if (std::find(run.tests.begin(), run.tests.end(), label) != run.tests.end()) {
        problem(number, fmt::format("'{}' appears twice in one run", label));
        continue;
      }
      run.tests.push_back(label);
      const bool converged = pending != label;
      if (!converged) run.not_converged.push_back(label);
      auto series = std::find_if(result.series.begin(), result.series.end(), [&](const Series& s) { return s.label == label; });
      if (series == result.series.end()) {
        series = result.series.insert(result.series.end(), Series{});
        series->label = label;
      }
      series->converged = series->converged && converged;
      Sample sample;
      sample.iteration = static_cast<std::uint32_t>(runs.size());
      sample.figure = Figure{*value, "iter/s"};
      series->add(std::move(sample), model::published_params());
      pending.clear();
      continue;
    }
    auto value = parse_number(rest);
    if (key.find("INDEX") != std::string::npos) {
      if (!value) {
        problem(number, fmt::format("'{}' is not an index figure", rest));
        continue;
      }
      (block == Block::original ? run.printed_original : run.printed_linux)[key] = *value;
      continue;
    }
    if (block == Block::linux_data) {
      static const std::map<std::string, std::string> keys = {
          {"CPU", "cpu"}, {"L2 Cache", "l2_cache"}, {"OS", "os"}, {"C compiler", "compiler"}, {"libc", "libc"}};
      auto k = keys.find(key);
      if (k == keys.end()) {
        problem(number, fmt::format("unexpected line '{}'", t));
        continue;
      }
      // Kept as printed, trailing space included: the report prints it back. A line cut after
      // its colon (an empty value, its trailing space lost) reads as empty.
      run.system[k->second] = std::string(std::string_view(line).substr(std::min(line.size(), colon + 2)));
    }
  }
  if (!pending.empty()) problem(pending_line, fmt::format("'{}' has no figures after its warning lines", pending));
  if (!header_seen) problems.error({}, "no nbench table (the 'TEST … : Iterations/sec.' header)");
  else if (result.series.empty()) problems.error({}, "the nbench table has no test lines");
  if (problems.has_errors()) {
    error = lang::render_brief(problems, name);
    return std::nullopt;
  }
  const nlohmann::json& first_system = runs.front().system;
  result.machine = first_system.contains("cpu") ? first_system["cpu"].get<std::string>() : std::string();
  if (runs.size() == 1) {
    result.environment["nbench"] = first_system;
  } else {
    nlohmann::json systems = nlohmann::json::array();
    for (const auto& run : runs) {
      nlohmann::json system = run.system;
      system["not_converged"] = run.not_converged;
      systems.push_back(std::move(system));
    }
    result.environment["nbench"] = std::move(systems);
  }
  const auto& printed_original = runs.front().printed_original;
  const auto& printed_linux = runs.front().printed_linux;
  result.baselines = builtin_baselines("nbench");
  for (const auto& spec : nbench_index_specs()) {
    // Only indices whose every test is in the log: a custom run prints none.
    bool complete = true;
    for (const auto& label : spec.series) {
      bool found = false;
      for (const auto& s : result.series) found = found || s.label == label;
      complete = complete && found;
    }
    if (!complete) continue;
    IndexValue v;
    v.spec = spec;
    // Several runs print several figures of an index: none of them is the runs' mean's.
    const auto& printed = spec.baseline == "p90" ? printed_original : printed_linux;
    if (auto it = printed.find(spec.label); it != printed.end() && runs.size() == 1) v.printed = it->second;
    result.indices.push_back(std::move(v));
  }
  compute_indices(result);
  ReportSpec report;
  report.style = report_style_from_text("nbench").value();
  result.reports.push_back(report);
  return result;
}

}  // namespace hwbench::runtime::tools::nbench
