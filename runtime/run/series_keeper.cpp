#include "runtime/run/series_keeper.hpp"

#include "kernels/command/command.hpp"
#include "runtime/analysis/blocks.hpp"
#include "runtime/analysis/units.hpp"

namespace hwbench::runtime::run {

namespace {

/// Whether the 95% half-interval of `rates` is within `pct` percent of their mean.
bool within_ci(const analysis::RunningMean& rates, double pct) {
  return rates.count() >= 2 && rates.mean() > 0 && rates.ci95() / rates.mean() * 100 <= pct;
}

/// The same, for rates taken in blocks: the interval analysis::block_interval gives.
bool within_ci(const std::vector<double>& rates, const std::vector<std::uint32_t>& blocks, double pct) {
  if (rates.size() < 2) return false;
  const double mean = analysis::mean(rates);
  const double half = analysis::block_interval(rates, blocks).half;
  return mean > 0 && half / mean * 100 <= pct;
}

}  // namespace

SeriesKeeper::SeriesKeeper(const plan::Step& step, model::Series& series, MeasurementLoop& loop, RunObserver* observer)
    : step_(step),
      policy_(step.kernel.policy),
      series_(series),
      loop_(loop),
      observer_(observer),
      shared_{step.kernel.spec->name, {}},
      converged_(step.kernel.policy.until_ci_pct <= 0) {
  for (const auto& [name, v] : step.kernel.call.params) shared_.params[name] = v.flag ? "true" : v.text;
  const auto& args = step.kernel.spec->args;
  if (kernels::command::is_command(*step.kernel.spec)) {
    // A program's words are one argv, not arguments of the spec's.
    shared_.params["argv"] =
        kernels::command::display_argv(kernels::command::argv_of(*step.kernel.spec, step.kernel.call));
  } else {
    for (std::size_t a = 0; a < step.kernel.call.args.size() && a < args.size(); ++a)
      shared_.params[args[a].name] = step.kernel.call.args[a].text;
  }
}

bool SeriesKeeper::keep(model::Sample& s, std::uint32_t n, CpuSpan& span,
                        const std::map<std::string, std::string>& notes, bool block_ends) {
  const plan::Policy& p = policy_;
  s.cold = p.cold;
  s.iteration = static_cast<std::uint32_t>(series_.samples.size() + 1);
  s.block = block_;
  // Whether this is the series' last sample: its count is reached, or its CI.
  const bool enough = n + 1 >= p.runs_min;
  bool within = false;
  if (p.until_ci_pct > 0 && block_ > 0) {
    // In blocks the target is judged where a block ends, on the interval the reports give.
    block_rates_.push_back(analysis::work_rate(s));
    block_ids_.push_back(block_);
    within = enough && block_ends && within_ci(block_rates_, block_ids_, p.until_ci_pct);
  } else if (p.until_ci_pct > 0) {
    rates_.add(analysis::work_rate(s));
    within = enough && within_ci(rates_, p.until_ci_pct);
  }
  loop_.end_sample(s, span, block_ends || n + 1 == p.runs_max || (enough && (p.until_ci_pct <= 0 || within)));
  if (notes.empty()) {
    if (!shared_index_) shared_index_ = series_.index_of(shared_);
    series_.add(s, *shared_index_);
  } else {
    series_.add(s, noted(notes));
  }
  if (observer_ != nullptr) observer_->sample_taken(step_, series_);
  if (!enough || (p.until_ci_pct > 0 && !within)) return false;
  converged_ = converged_ || within;
  return true;
}

model::ParamSet SeriesKeeper::noted(const std::map<std::string, std::string>& notes) const {
  model::ParamSet set = shared_;
  for (const auto& [name, v] : notes) set.params[name] = v;
  return set;
}

model::ParamSet SeriesKeeper::set_aside(model::Sample& s, const std::map<std::string, std::string>& notes) const {
  s.cold = policy_.cold;
  s.block = block_;
  return noted(notes);
}

}  // namespace hwbench::runtime::run
