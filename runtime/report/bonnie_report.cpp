#include "runtime/report/bonnie_report.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

#include <fmt/format.h>
#include <fmt/printf.h>

#include "kernels/disk/bonnie.hpp"
#include "lang/common/lexical.hpp"
#include "runtime/analysis/units.hpp"

namespace hwbench::runtime::report {

using analysis::Measure;
using analysis::Unit;
using analysis::find_unit;
using model::Figure;
using model::ParamSet;
using model::RenderedReport;
using model::ReportFigures;
using model::ReportSpec;
using model::Result;
using model::Sample;
using platform::CpuTimes;

namespace {

using State = BonnieFigure::State;
using kernels::disk::bonnie_test_names;

constexpr std::size_t seeks_index = 5;
constexpr std::size_t first_file_test = 6;
constexpr std::uint64_t mib = std::uint64_t{1} << 20;

bool sequential(std::size_t test) { return test < seeks_index; }

// bonnie++ prints its figures through %d of a double, which truncates.
long long whole(double v) { return static_cast<long long>(v); }

std::string rate_field(const BonnieFigure& f, std::size_t test) {
  switch (f.state) {
    case State::not_run: return "";
    case State::too_quick: return "+++++";
    case State::measured: break;
  }
  if (test == seeks_index) return fmt::sprintf(f.rate >= 1000 ? "%.0f" : "%.1f", f.rate);
  return fmt::sprintf("%lld", whole(f.rate));
}

std::string cpu_field(const BonnieFigure& f) {
  switch (f.state) {
    case State::not_run: return "";
    case State::too_quick: return "+++";
    case State::measured: break;
  }
  return fmt::sprintf("%lld", whole(f.cpu));
}

// ` %5d %3d`, or the placeholders bonnie++ prints instead.
std::string table_cell(const BonnieFigure& f, std::size_t test) {
  switch (f.state) {
    case State::not_run: return std::string(6, ' ') + std::string(4, ' ');
    case State::too_quick: return " +++++ +++";
    case State::measured: break;
  }
  std::string rate;
  if (test == seeks_index) rate = fmt::sprintf(f.rate >= 1000 ? " %5.0f" : " %5.1f", f.rate);
  else rate = fmt::sprintf(" %5lld", whole(f.rate));
  return rate + fmt::sprintf(" %3lld", whole(f.cpu));
}

std::string latency_line(const BonnieRun& run, std::size_t first) {
  std::string line = "Latency          ";
  for (std::size_t t = first; t < first + 6; ++t) line += fmt::sprintf(" %9s", bonnie_latency_text(run.tests[t].latency_ns));
  return line + "\n";
}

// The 19 columns before the figures: the name on the left, truncated to leave at least one space
// before `right`, which ends at column 19.
std::string name_and(const std::string& name, const std::string& right) {
  const std::size_t room = right.size() >= 18 ? 0 : 18 - right.size();
  const std::string left = name.substr(0, room);
  const std::size_t pad = std::max<std::size_t>(1, 19 - std::min<std::size_t>(19, left.size() + right.size()));
  return left + std::string(pad, ' ') + right;
}

bool any_ran(const BonnieRun& run, std::size_t first, std::size_t last) {
  for (std::size_t t = first; t < last; ++t)
    if (run.tests[t].state != State::not_run || run.tests[t].latency_ns != 0) return true;
  return false;
}

// ---- a run's samples -----------------------------------------------------------------------

// A bonnie sample and the parameters it ran with.
struct TestSample {
  Sample sample;
  const ParamSet* set = nullptr;
};

std::optional<double> number_param(const TestSample& s, const std::string& name) {
  const auto it = s.set->params.find(name);
  if (it == s.set->params.end() || it->second.empty() || !std::isdigit(static_cast<unsigned char>(it->second[0])))
    return std::nullopt;
  const auto n = lang::read_number(it->second);
  if (!n.unknown_suffix.empty()) return std::nullopt;
  return n.quantity.value;
}

BonnieFigure bonnie_figure_of(const Sample& s, std::size_t test) {
  BonnieFigure f;
  if (s.wall_ns <= 0) return f;
  f.latency_ns = s.max_latency_ns;
  if (s.wall_ns < bonnie_min_time_ns) {
    f.state = State::too_quick;
    return f;
  }
  const double seconds = static_cast<double>(s.wall_ns) / 1e9;
  f.rate = sequential(test) ? static_cast<double>(s.bytes) / 1024 / seconds : static_cast<double>(s.ops) / seconds;
  const CpuTimes& c = s.cpu;
  f.cpu = static_cast<double>(c.usr_ns + c.sys_ns + c.cusr_ns + c.csys_ns) / static_cast<double>(s.wall_ns) * 100;
  f.state = State::measured;
  return f;
}

std::string host_name(const Result& result) {
  const auto it = result.environment.find("hostname");
  if (it != result.environment.end() && it->is_string()) return it->get<std::string>();
  return "";
}

// The text fields of one run index, from the first sample of that index that has each.
void describe_run(BonnieRun& run, const std::array<const TestSample*, 12>& samples) {
  const TestSample* any = nullptr;
  const TestSample* io = nullptr;
  const TestSample* file_test = nullptr;
  for (std::size_t t = 0; t < samples.size(); ++t) {
    if (samples[t] == nullptr) continue;
    if (any == nullptr) any = samples[t];
    if (t <= seeks_index && io == nullptr) io = samples[t];
    if (t >= first_file_test && file_test == nullptr) file_test = samples[t];
  }
  if (any != nullptr) {
    if (const auto c = number_param(*any, "concurrency")) run.concurrency = fmt::format("{}", whole(*c));
  }
  for (const TestSample* s : {samples[seeks_index], file_test, any}) {
    if (s == nullptr) continue;
    if (const auto seed = number_param(*s, "seed")) {
      run.seed = fmt::format("{}", whole(*seed));
      break;
    }
  }
  if (io != nullptr) {
    // The size the test moved: the block tests' bytes; otherwise the size written as a number.
    std::optional<double> size;
    for (std::size_t t : {1, 2, 4})
      if (samples[t] != nullptr && samples[t]->sample.bytes > 0) size = static_cast<double>(samples[t]->sample.bytes);
    if (!size) size = number_param(*io, "size");
    if (size) run.file_size = bonnie_size_text(static_cast<std::uint64_t>(*size) / mib);
    if (const auto chunk = number_param(*io, "chunk"); chunk && *chunk != 8192)
      run.io_chunk_size = bonnie_chunk_text(static_cast<std::uint64_t>(*chunk));
  }
  if (file_test != nullptr) {
    run.num_files = fmt::format("{}", whole(number_param(*file_test, "files").value_or(16)));
    const double max = number_param(*file_test, "max").value_or(0);
    const double min = number_param(*file_test, "min").value_or(0);
    if (max > 0) run.max_size = fmt::format("{}", whole(max));
    if (min > 0) run.min_size = fmt::format("{}", whole(min));
    const double dirs = number_param(*file_test, "dirs").value_or(1);
    if (dirs > 1) run.num_dirs = fmt::format("{}", whole(dirs));
  }
}

std::vector<BonnieRun> runs_from_samples(const Result& result, const ReportSpec& spec) {
  std::array<std::vector<TestSample>, 12> per_test;
  for (const auto& series : result.series) {
    for (const auto& sample : series.samples) {
      const ParamSet& set = series.params_of(sample);
      if (set.kernel != "bonnie") continue;
      const auto test = set.params.find("TEST");
      if (test == set.params.end()) continue;
      if (const auto t = kernels::disk::find_bonnie_test(test->second))
        per_test[static_cast<std::size_t>(*t)].push_back({sample, &set});
    }
  }
  std::size_t count = 0;
  for (const auto& v : per_test) count = std::max(count, v.size());
  const auto option = [&](const std::string& name) -> std::optional<std::string> {
    const auto it = spec.options.find(name);
    if (it == spec.options.end()) return std::nullopt;
    return it->second;
  };
  std::vector<BonnieRun> runs;
  for (std::size_t i = 0; i < count; ++i) {
    BonnieRun run;
    run.version = run.format_version = option("version").value_or("1.96");
    run.name = option("machine").value_or(host_name(result));
    std::array<const TestSample*, 12> samples{};
    for (std::size_t t = 0; t < per_test.size(); ++t) {
      if (i >= per_test[t].size()) continue;
      samples[t] = &per_test[t][i];
      run.tests[t] = bonnie_figure_of(samples[t]->sample, t);
    }
    describe_run(run, samples);
    runs.push_back(std::move(run));
  }
  return runs;
}

// ---- an imported log -----------------------------------------------------------------------

std::string text_field(const nlohmann::json& object, const char* key) {
  const auto it = object.find(key);
  if (it == object.end() || it->is_null()) return "";
  if (it->is_string()) return it->get<std::string>();
  return it->dump();
}

std::optional<Figure> first_figure(const Result& result, const std::string& label) {
  for (const auto& series : result.series)
    if (series.label == label && !series.samples.empty() && series.samples.front().figure)
      return series.samples.front().figure;
  return std::nullopt;
}

std::vector<BonnieRun> runs_from_log(const Result& result, const nlohmann::json& b) {
  BonnieRun run;
  run.format_version = text_field(b, "format_version");
  run.version = text_field(b, "bonnie_version");
  run.name = text_field(b, "name");
  run.concurrency = text_field(b, "concurrency");
  run.seed = text_field(b, "seed");
  run.file_size = text_field(b, "file_size");
  run.io_chunk_size = text_field(b, "io_chunk_size");
  run.seeks = text_field(b, "seeks");
  run.seek_proc_count = text_field(b, "seek_proc_count");
  run.num_files = text_field(b, "num_files");
  run.max_size = text_field(b, "max_size");
  run.min_size = text_field(b, "min_size");
  run.num_dirs = text_field(b, "num_dirs");
  run.file_chunk_size = text_field(b, "file_chunk_size");
  std::vector<std::string> quick;
  if (const auto it = b.find("too_quick"); it != b.end() && it->is_array())
    for (const auto& q : *it)
      if (q.is_string()) quick.push_back(q.get<std::string>());
  for (std::size_t t = 0; t < bonnie_test_names.size(); ++t) {
    const std::string name(bonnie_test_names[t]);
    BonnieFigure& f = run.tests[t];
    if (std::find(quick.begin(), quick.end(), name) != quick.end()) f.state = State::too_quick;
    if (const auto rate = first_figure(result, name)) {
      f.state = State::measured;
      f.rate = rate->value;
      if (const auto cpu = first_figure(result, name + "_cpu")) f.cpu = cpu->value;
    }
    if (const auto latency = first_figure(result, name + "_latency")) {
      const Unit* unit = find_unit(latency->unit);
      if (unit != nullptr && unit->measure == Measure::time)
        f.latency_ns = std::llround(latency->value * (unit->factor * 1e9));
    }
  }
  return {run};
}

}  // namespace

std::vector<BonnieRun> bonnie_runs(const Result& result, const ReportSpec& spec) {
  const auto b = result.environment.find("bonnie");
  if (b != result.environment.end() && b->is_object()) return runs_from_log(result, *b);
  return runs_from_samples(result, spec);
}

std::string bonnie_tables(const BonnieRun& run) {
  std::string out;
  const std::string version = fmt::sprintf("Version %5s       ", run.version);
  if (!run.file_size.empty() || any_ran(run, 0, first_file_test)) {
    out += version + "------Sequential Output------ --Sequential Input- --Random-\n";
    out += fmt::format("Concurrency {:>3}     -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n",
                       run.concurrency);
    out += run.io_chunk_size.empty() ? "Machine        Size" : "Machine   Size:chnk";
    out += " K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n";
    const std::string size = run.file_size + (run.io_chunk_size.empty() ? "" : ":" + run.io_chunk_size);
    out += name_and(run.name, size);
    for (std::size_t t = 0; t < first_file_test; ++t) out += table_cell(run.tests[t], t);
    out += "\n" + latency_line(run, 0);
  }
  if (!run.num_files.empty() || any_ran(run, first_file_test, run.tests.size())) {
    out += version + "------Sequential Create------ --------Random Create--------\n";
    out += fmt::sprintf("%-19.19s -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n", run.name);
    const char* caption = run.max_size.empty() ? "              files" : run.min_size.empty() ? "files:max" : "files:max:min";
    out += fmt::sprintf("%-19s", caption) + "  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n";
    std::string files = run.num_files;
    if (!run.max_size.empty()) files += ":" + run.max_size + ":" + (run.min_size.empty() ? "0" : run.min_size);
    if (!run.num_dirs.empty()) files += "/" + run.num_dirs;
    out += fmt::sprintf("%19s", files);
    for (std::size_t t = first_file_test; t < run.tests.size(); ++t) out += table_cell(run.tests[t], t);
    out += "\n" + latency_line(run, first_file_test);
  }
  return out;
}

std::string bonnie_csv_line(const BonnieRun& run) {
  std::vector<std::string> f = {run.format_version, run.version, run.name, run.concurrency, run.seed, run.file_size,
                                run.io_chunk_size};
  if (run.format_version == "1.98") {
    f.push_back(run.seeks);
    f.push_back(run.seek_proc_count);
  }
  for (std::size_t t = 0; t < first_file_test; ++t) {
    f.push_back(rate_field(run.tests[t], t));
    f.push_back(cpu_field(run.tests[t]));
  }
  for (const auto* field : {&run.num_files, &run.max_size, &run.min_size, &run.num_dirs, &run.file_chunk_size})
    f.push_back(*field);
  for (std::size_t t = first_file_test; t < run.tests.size(); ++t) {
    f.push_back(rate_field(run.tests[t], t));
    f.push_back(cpu_field(run.tests[t]));
  }
  for (const auto& t : run.tests) f.push_back(bonnie_latency_text(t.latency_ns));
  return fmt::format("{}\n", fmt::join(f, ","));
}

std::string bonnie_csv_header() {
  std::vector<std::string> f = {"format_version", "bonnie_version", "name", "concurrency", "seed", "file_size",
                                "io_chunk_size"};
  for (std::size_t t = 0; t < first_file_test; ++t) {
    f.emplace_back(bonnie_test_names[t]);
    f.push_back(std::string(bonnie_test_names[t]) + "_cpu");
  }
  for (const char* name : {"num_files", "max_size", "min_size", "num_dirs", "file_chunk_size"}) f.emplace_back(name);
  for (std::size_t t = first_file_test; t < bonnie_test_names.size(); ++t) {
    f.emplace_back(bonnie_test_names[t]);
    f.push_back(std::string(bonnie_test_names[t]) + "_cpu");
  }
  for (auto name : bonnie_test_names) f.push_back(std::string(name) + "_latency");
  return fmt::format("{}\n", fmt::join(f, ","));
}

std::string bonnie_latency_text(std::int64_t ns) {
  if (ns <= 0) return "";
  // bonnie++ compares seconds with 99.999999 and 0.099999; in whole ns those are exact.
  if (ns > 99'999'999'000) return fmt::format("{}s", ns / 1'000'000'000);
  if (ns > 99'999'000) return fmt::format("{}ms", ns / 1'000'000);
  return fmt::format("{}us", ns / 1000);
}

std::string bonnie_size_text(std::uint64_t size_mib) {
  if (size_mib > 0 && size_mib % 1024 == 0) return fmt::format("{}G", size_mib / 1024);
  return fmt::format("{}M", size_mib);
}

std::string bonnie_chunk_text(std::uint64_t bytes) {
  if (bytes >= mib && bytes % mib == 0) return fmt::format("{}m", bytes / mib);
  if (bytes >= 1024 && bytes % 1024 == 0) return fmt::format("{}k", bytes / 1024);
  return fmt::format("{}", bytes);
}

RenderedReport render_bonnie(const Result& result, const ReportSpec& spec) {
  RenderedReport out;
  out.spec = spec;
  const auto runs = bonnie_runs(result, spec);
  if (runs.size() == 1) {
    out.text = bonnie_tables(runs.front()) + bonnie_csv_line(runs.front());
  } else if (runs.size() > 1) {
    out.text = bonnie_csv_header();
    for (const auto& run : runs) out.text += bonnie_csv_line(run);
  } else {
    out.text = "(no bonnie results)\n";
  }
  for (std::size_t t = 0; t < bonnie_test_names.size(); ++t) {
    ReportFigures figures;
    figures.label = std::string(bonnie_test_names[t]);
    figures.unit = sequential(t) ? "KiB/s" : "ops/s";  // bonnie++'s K/sec and /sec
    for (const auto& run : runs)
      if (run.tests[t].state == State::measured) figures.values.push_back(run.tests[t].rate);
    if (!figures.values.empty()) out.figures.push_back(std::move(figures));
  }
  return out;
}

}  // namespace hwbench::runtime::report
