#include "runtime/tools/unixbench/unixbench_procedure.hpp"

#include <algorithm>
#include <cmath>
#include <regex>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "runtime/environment/environment_diff.hpp"
#include "runtime/tools/unixbench/unixbench_log.hpp"

namespace hwbench::runtime::tools::unixbench {

namespace {

/// One of UnixBench 5.x's index tests as hwbench's kernels run it.
struct IndexTest {
  const char* label;
  const char* body;  ///< the kernel statement; `$worker` where each copy needs its own files
  int runs;          ///< UnixBench's samples of it (10 for the short tests, 3 for the long)
};

constexpr IndexTest index_tests[] = {
    {"Dhrystone 2 using register variables", "dhry2reg", 10},
    {"Double-Precision Whetstone", "whetstone-double", 10},
    {"Execl Throughput", "execl", 3},
    {"File Copy 1024 bufsize 2000 maxblocks", "fstime tmp: bufsize 1024 maxblocks 2000", 3},
    {"File Copy 256 bufsize 500 maxblocks", "fstime tmp: bufsize 256 maxblocks 500", 3},
    {"File Copy 4096 bufsize 8000 maxblocks", "fstime tmp: bufsize 4096 maxblocks 8000", 3},
    {"Pipe Throughput", "pipe", 10},
    {"Pipe-based Context Switching", "context1", 10},
    {"Process Creation", "spawn", 3},
    {"Shell Scripts (1 concurrent)", "shell tmp: concurrent 1", 3},
    {"Shell Scripts (8 concurrent)", "shell tmp: concurrent 8", 3},
    {"System Call Overhead", "syscall", 10},
};

/// A series label split into its test and its copies: "Pipe Throughput (2 copies)" is test
/// "Pipe Throughput", 2 copies; a label without the suffix, 1 copy unsuffixed.
struct LabelParts {
  std::string test;
  long long copies = 1;
  bool suffixed = false;
};

LabelParts split_label(const std::string& label) {
  static const std::regex suffix(R"(^(.*) \(([0-9]+) cop(y|ies)\)$)");
  std::smatch m;
  if (std::regex_match(label, m, suffix)) return {m[1].str(), std::stoll(m[2].str()), true};
  return {label, 1, false};
}

const IndexTest* find_test(const std::string& test) {
  for (const auto& t : index_tests)
    if (test == t.label) return &t;
  return nullptr;
}

/// The runs UnixBench made of a test it printed with `samples` samples: it drops the worst third
/// (10 runs print 7 samples, 3 runs print 2): the test's usual count when that prints as many,
/// else the fewest runs that do.
int runs_of(int samples, int usual) {
  if (usual - usual / 3 == samples) return usual;
  int runs = std::max(1, samples);
  while (runs - runs / 3 < samples) ++runs;
  return runs;
}

/// The statement of one series: the test's kernel, one copy or `copies` in parallel, each run
/// `seconds` long (0: the kernel's own, UnixBench's default).
std::string series_statement(const std::string& label, const IndexTest& test, const LabelParts& parts, int runs,
                             long seconds) {
  std::string body = test.body;
  const std::string duration = seconds > 0 ? fmt::format(" for {}s", seconds) : "";
  if (parts.copies <= 1)
    return fmt::format("series {} {}{} runs {}", record::RecipeWriter::quote(label), body, duration, runs);
  // Each copy writes its own files, as UnixBench's copies do.
  if (body.find("tmp:") != std::string::npos) body += " worker $worker";
  return fmt::format("series {} repeat {} parallel {} {{ {}{} }}", record::RecipeWriter::quote(label), runs,
                     parts.copies, body, duration);
}

/// The report statement the log's own `report unixbench` asks for (layout 4.1, copies N).
std::string report_statement(const model::Result& log) {
  for (const auto& r : log.reports) {
    if (r.style.named == nullptr || r.style.named->name != "unixbench") continue;
    std::string out = "report unixbench";
    for (const auto& [option, value] : r.options)
      out += value.empty() ? " " + option : fmt::format(" {} {}", option, value);
    return out;
  }
  return "report unixbench";
}

/// The log's indices whose tests are all reproduced, as it composed them (the same tests,
/// baseline, scale and aggregate): each test's row of its index table, and its scores.
void write_indices(record::RecipeWriter& w, const model::Result& log, const std::vector<std::string>& reproduced) {
  std::map<std::string, std::size_t> seen;
  for (const auto& index : log.indices) {
    const model::IndexSpec& spec = index.spec;
    // A later run's score prints under the first one's label: "(2 copies)" is the log's label only.
    const LabelParts parts = split_label(spec.label);
    const std::size_t occurrence = spec.series.size() < 2 ? 0 : seen[parts.test]++;
    const bool whole = std::all_of(spec.series.begin(), spec.series.end(), [&](const std::string& label) {
      return std::find(reproduced.begin(), reproduced.end(), label) != reproduced.end();
    });
    if (!whole) continue;
    std::vector<std::string> quoted;
    for (const auto& label : spec.series) quoted.push_back(record::RecipeWriter::quote(label));
    // A test's index is its row of the index table, under the table's BASELINE heading (the last
    // run's for the parallel copies', as for its result line).
    const std::string cited =
        spec.series.size() < 2 ? w.cite_after(parts.test, "BASELINE", parts.suffixed) : w.cite(parts.test, occurrence);
    w.statement(fmt::format("index {} = geomean({}) vs {} scale {} using {}", record::RecipeWriter::quote(spec.label),
                            fmt::join(quoted, ", "), spec.baseline, spec.scale, spec.aggregate),
                cited);
  }
}

}  // namespace

void unixbench_machine_facts(model::Result& log, std::string_view text) {
  const std::string all(text);
  std::smatch m;
  if (std::regex_search(all, m, std::regex(R"((^|\n)\s*CPU 0: (.*?) \([0-9.]+ bogomips\))")))
    environment::set_fact(log.environment, "/cpu/model", m[2].str());
  if (std::regex_search(all, m, std::regex(R"((^|\n)\s*OS: (\S+) -- (\S+) --)"))) {
    environment::set_fact(log.environment, "/kernel/sysname", m[2].str() == "GNU/Linux" ? "Linux" : m[2].str());
    environment::set_fact(log.environment, "/kernel/release", m[3].str());
  }
  if (std::regex_search(all, m, std::regex(R"((^|\n)\s*Machine: (\S+))")))
    environment::set_fact(log.environment, "/kernel/machine", m[2].str());
}

record::Procedure unixbench_procedure(const model::Result& log, std::string_view text, const std::string& name) {
  record::RecipeWriter w(text);
  w.header("BYTE UnixBench, the index tests it shows at the copies it ran", name, log.machine);
  w.statement("title \"BYTE UnixBench: the log's tests and copies\"");
  w.statement(fmt::format("source {}", record::RecipeWriter::quote("reproduced from " + name)));
  w.statement("baseline george from \"builtin:unixbench\"", "UnixBench 5.x's index baseline");
  w.blank();
  const auto record = read_unixbench_log(log);
  // UnixBench 4.1 kept every sample it printed; 5.x dropped the worst third of its runs.
  const bool layout_41 = report_statement(log).find("layout 4.1") != std::string::npos;
  std::vector<std::string> reproduced;
  for (const auto& series : log.series) {
    const LabelParts parts = split_label(series.label);
    const IndexTest* test = find_test(parts.test);
    if (test == nullptr) {
      w.comment(fmt::format("not reproduced: \"{}\" is not one of UnixBench's index tests ({})", series.label,
                            w.cite(series.label)));
      continue;
    }
    int runs = test->runs;
    long seconds = 0;
    if (record) {
      if (const auto it = record->tests.find(series.label); it != record->tests.end()) {
        if (it->second.samples) runs = layout_41 ? *it->second.samples : runs_of(*it->second.samples, test->runs);
        if (it->second.time) seconds = std::lround(*it->second.time);
      }
    }
    // A later run's lines repeat the first run's test names, each twice (its results and its
    // index table): the parallel copies' run is the log's last.
    w.statement(series_statement(series.label, *test, parts, runs, seconds),
                w.cite_after(parts.test, "Benchmark Run:", parts.suffixed));
    reproduced.push_back(series.label);
  }
  w.blank();
  write_indices(w, log, reproduced);
  w.blank();
  w.statement(report_statement(log), "the layout the log printed");
  return w.finish("unixbench");
}

}  // namespace hwbench::runtime::tools::unixbench
