// bonnie_runs() (bonnie_report.hpp): the runs a bonnie report prints, from the result's own
// samples or from an imported bonnie++ log kept in its environment.
#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "kernels/disk/bonnie.hpp"
#include "kernels/disk/disk.hpp"
#include "lang/common/lexical.hpp"
#include "runtime/analysis/units.hpp"
#include "runtime/tools/bonnie/bonnie_record.hpp"
#include "runtime/tools/bonnie/bonnie_report.hpp"

namespace hwbench::runtime::tools::bonnie {

using analysis::find_unit;

namespace {

using State = BonnieFigure::State;
using kernels::disk::bonnie_test_names;

// ---- a run's samples -----------------------------------------------------------------------

// A bonnie sample and the parameters it ran with.
struct TestSample {
  model::Sample sample;
  const model::ParamSet* set = nullptr;
};

std::optional<double> number_param(const TestSample& s, const std::string& name) {
  const auto it = s.set->params.find(name);
  if (it == s.set->params.end() || it->second.empty() || !std::isdigit(static_cast<unsigned char>(it->second[0])))
    return std::nullopt;
  const auto n = lang::read_number(it->second);
  if (!n.unknown_suffix.empty()) return std::nullopt;
  return n.quantity.value;
}

BonnieFigure bonnie_figure_of(const model::Sample& s, std::size_t test) {
  BonnieFigure f;
  if (s.wall_ns <= 0) return f;
  f.latency_ns = s.max_latency_ns;
  if (s.wall_ns < bonnie_min_time_ns) {
    f.state = State::too_quick;
    return f;
  }
  const double seconds = static_cast<double>(s.wall_ns) / 1e9;
  f.rate =
      bonnie_sequential(test) ? static_cast<double>(s.bytes) / 1024 / seconds : static_cast<double>(s.ops) / seconds;
  f.cpu = static_cast<double>(platform::total_ns(s.cpu)) / static_cast<double>(s.wall_ns) * 100;
  f.state = State::measured;
  return f;
}

std::string host_name(const model::Result& result) {
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
    if (t <= bonnie_seeks_test && io == nullptr) io = samples[t];
    if (t >= bonnie_first_file_test && file_test == nullptr) file_test = samples[t];
  }
  if (any != nullptr) {
    if (const auto c = number_param(*any, "concurrency")) run.concurrency = fmt::format("{}", bonnie_whole(*c));
  }
  for (const TestSample* s : {samples[bonnie_seeks_test], file_test, any}) {
    if (s == nullptr) continue;
    if (const auto seed = number_param(*s, "seed")) {
      run.seed = fmt::format("{}", bonnie_whole(*seed));
      break;
    }
  }
  if (io != nullptr) {
    // The size the test moved: the block tests' bytes; otherwise the size written as a number.
    std::optional<double> size;
    for (std::size_t t : {1, 2, 4})
      if (samples[t] != nullptr && samples[t]->sample.bytes > 0) size = static_cast<double>(samples[t]->sample.bytes);
    if (!size) size = number_param(*io, "size");
    if (size) run.file_size = bonnie_size_text(static_cast<std::uint64_t>(*size) >> 20);  // bytes to MiB
    if (const auto chunk = number_param(*io, "chunk"); chunk && *chunk != 8192)
      run.io_chunk_size = bonnie_chunk_text(static_cast<std::uint64_t>(*chunk));
  }
  if (file_test != nullptr) {
    run.num_files = fmt::format("{}", bonnie_whole(number_param(*file_test, "files").value_or(16)));
    const double max = number_param(*file_test, "max").value_or(0);
    const double min = number_param(*file_test, "min").value_or(0);
    if (max > 0) run.max_size = fmt::format("{}", bonnie_whole(max));
    if (min > 0) run.min_size = fmt::format("{}", bonnie_whole(min));
    const double dirs = number_param(*file_test, "dirs").value_or(1);
    if (dirs > 1) run.num_dirs = fmt::format("{}", bonnie_whole(dirs));
  }
}

std::vector<BonnieRun> runs_from_samples(const model::Result& result, const model::ReportSpec& spec) {
  std::array<std::vector<TestSample>, 12> per_test;
  for (const auto& series : result.series) {
    for (const auto& sample : series.samples) {
      const model::ParamSet& set = series.params_of(sample);
      if (set.kernel != kernels::disk::kernel_name::bonnie) continue;
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
    // The release whose layout the report takes: 1.03's CSV has no format field, 2.00's says 1.98.
    run.version = run.format_version = option("version").value_or("1.96");
    if (run.version == "1.03") run.format_version = "";
    // 2.00: Debian's bonnie++ 2.00a, whose heading says so.
    if (run.version == "2.00") run.version = "2.00a", run.format_version = "1.98";
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

// The figure of `label` for run `iteration` (1-based).
std::optional<model::Figure> run_figure(const model::Result& result, const std::string& label,
                                        std::uint32_t iteration) {
  for (const auto& series : result.series) {
    if (series.label != label) continue;
    for (const auto& sample : series.samples)
      if (sample.iteration == iteration && sample.figure) return sample.figure;
  }
  return std::nullopt;
}

BonnieRun run_from_log(const model::Result& result, const BonnieLogRun& record, std::uint32_t iteration) {
  BonnieRun run;
  apply_log_run(record, run);
  const std::vector<std::string>& quick = record.too_quick;
  const analysis::Unit& kib = *find_unit("KiB/s");
  for (std::size_t t = 0; t < bonnie_test_names.size(); ++t) {
    const std::string name(bonnie_test_names[t]);
    BonnieFigure& f = run.tests[t];
    if (std::find(quick.begin(), quick.end(), name) != quick.end()) f.state = State::too_quick;
    const auto rate = run_figure(result, name, iteration);
    const auto cpu = run_figure(result, name + "_cpu", iteration);
    if (rate || cpu) {
      f.state = State::measured;
      f.rate_known = rate.has_value();
      if (rate) {
        // A 2.00 table's rate is kept in the unit it printed (MiB/s for `56.3m`).
        const analysis::Unit* unit = find_unit(rate->unit);
        f.rate =
            unit != nullptr && unit->measure == kib.measure ? rate->value * (unit->factor / kib.factor) : rate->value;
      }
      if (cpu) f.cpu = cpu->value;
    }
    if (const auto latency = run_figure(result, name + "_latency", iteration)) {
      const analysis::Unit* unit = find_unit(latency->unit);
      if (unit != nullptr && unit->measure == analysis::Measure::time)
        f.latency_ns = std::llround(latency->value * (unit->factor * 1e9));
    }
  }
  return run;
}

std::vector<BonnieRun> runs_from_log(const model::Result& result, const BonnieLog& log) {
  std::vector<BonnieRun> runs;
  for (std::size_t i = 0; i < log.runs.size(); ++i)
    runs.push_back(run_from_log(result, log.runs[i], static_cast<std::uint32_t>(i + 1)));
  return runs;
}

}  // namespace

std::vector<BonnieRun> bonnie_runs(const model::Result& result, const model::ReportSpec& spec) {
  if (const auto log = read_bonnie_log(result)) return runs_from_log(result, *log);
  return runs_from_samples(result, spec);
}

}  // namespace hwbench::runtime::tools::bonnie
