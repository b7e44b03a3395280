// A kernel statement's samples: taken back to back, or in blocks spread over the run in turn
// with the statements beside it (docs/language.md, "Blocks"), so that a drift of the machine
// shows in each series' interval instead of between one series and the next.
#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <system_error>

#include <fmt/format.h>

#include "base/platform/cpu_turns.hpp"
#include "kernels/command/command.hpp"
#include "runtime/run/interpreter_internal.hpp"

namespace hwbench::runtime::run::detail {

namespace {

/// The threads a kernel ran its samples on (its `threads` parameter, as STREAM's), else 1.
std::uint32_t threads_of(const model::ParamSet& set) {
  const auto it = set.params.find("threads");
  if (it == set.params.end()) return 1;
  const unsigned long n = std::strtoul(it->second.c_str(), nullptr, 10);
  return n > 0 && n < UINT32_MAX ? static_cast<std::uint32_t>(n) : 1;
}

/// Samples per block of a statement taking its samples in at most `blocks` blocks: its least
/// count spread over them, so that a fixed count keeps its number of samples (`runs 10` in 5
/// blocks: 2 each); an `until ci` statement goes on a block at a time until its target.
std::uint32_t samples_per_block(const plan::Policy& p, std::uint32_t blocks) {
  const std::uint32_t least = std::max<std::uint32_t>(p.runs_min, 1);
  const std::uint32_t count = std::min(blocks, least);
  return (least + count - 1) / count;
}

/// The blocks of --blocks a statement's samples fill: a fixed count's, by samples_per_block
/// (`runs 3` of 5: 3; `runs 7`: 2, 2, 2 and 1, 4), an `until ci` statement's as many as its
/// ceiling reaches (`until ci 5% runs 3` of 5: 3; the default 30: all 5).
std::uint32_t planned_blocks(const plan::Policy& p, std::uint32_t blocks) {
  const std::uint64_t per = samples_per_block(p, blocks);
  const std::uint64_t most = p.until_ci_pct > 0 ? p.runs_max : std::max<std::uint32_t>(p.runs_min, 1);
  return static_cast<std::uint32_t>(std::min<std::uint64_t>(blocks, (most + per - 1) / per));
}

}  // namespace

void Interpreter::run_sampled(const plan::Step& step) {
  std::unique_ptr<StatementRun> r = begin_statement(step);
  if (!r) return;
  take_samples(*r, step.kernel.policy.runs_max);
  end_statement(*r);
}

std::unique_ptr<StatementRun> Interpreter::begin_statement(const plan::Step& step) {
  const plan::Policy& p = step.kernel.policy;
  auto r = std::make_unique<StatementRun>();
  r->step = &step;
  r->command = kernels::command::is_command(*step.kernel.spec);
  claim(step);
  // A command whose importer's series stand in for its own keeps its samples apart.
  r->scratch.label = step.series;
  r->series = plan::keeps_own_series(step.kernel) ? &outcome_.series[index_.at(step.series)] : &r->scratch;
  try {
    r->kernel = make(step);
  } catch (const Unavailable& u) {
    // Not this machine's: recorded and reported as the original tool did, never a failure.
    r->series->unavailable = u.what;
    return nullptr;
  }
  if (p.until_ci_pct > 0) r->series->ci_target_pct = p.until_ci_pct;
  // The display shows the importer's series, not the scratch one that no report has.
  r->keeper.emplace(step, *r->series, loop_, r->series == &r->scratch ? nullptr : opts_.observer);
  guarded(*r, [&] {
    for (std::uint32_t w = 0; w < p.warmup; ++w) {
      check_interrupt();
      r->kernel->run(1);
      if (r->command) commands_.warmed_up(step, *r->kernel, step.series);
    }
    r->kernel->take_program_use();  // the warm-up runs' are no sample's
  });
  return r;
}

void Interpreter::guarded(StatementRun& r, const std::function<void()>& work) {
  const plan::Step& step = *r.step;
  try {
    work();
  } catch (const kernels::KernelError& e) {
    if (r.command) commands_.failed(step, *r.kernel, step.series);
    throw StepFailed{fmt::format("{}: {}", where(step), e.what())};
  } catch (const platform::ChildError& e) {
    throw StepFailed{fmt::format("{}: {}", where(step), e.what())};
  } catch (const std::system_error& e) {
    throw StepFailed{fmt::format("{}: {}", where(step), e.what())};
  }
}

void Interpreter::take_samples(StatementRun& r, std::uint32_t count, double slice_seconds) {
  const plan::Step& step = *r.step;
  const plan::Policy& p = step.kernel.policy;
  const std::uint32_t end =
      static_cast<std::uint32_t>(std::min<std::uint64_t>(p.runs_max, std::uint64_t{r.taken} + count));
  // A slice of a duration: samples until it has passed, the one that passes it ending the slice.
  r.slice_end_ns = slice_seconds > 0 ? opts_.clock->now_ns() + static_cast<std::int64_t>(slice_seconds * 1e9) : 0;
  guarded(r, [&] {
    auto window = open_window(step.series, 1);
    // A statement of one unit per sample takes its short samples in batches (measure_batch).
    // A program's run is never that short, and each needs its output read.
    const bool batches = !r.command && p.for_seconds <= 0 && !p.sync && !p.cpu_time && !p.cold && p.until_ci_pct <= 0 &&
                         r.slice_end_ns == 0;
    std::vector<model::Sample> taken(batches ? MeasurementLoop::batch_max : 1);
    while (r.taken < end && !r.done && !r.slice_over) take_batch(r, end, taken, batches);
    r.slice_over = false;
    if (window && !r.series->samples.empty())
      window->workers = threads_of(r.series->params_of(r.series->samples.back()));
    close_window(window);
  });
  if (r.taken >= p.runs_max) r.done = true;
}

void Interpreter::take_batch(StatementRun& r, std::uint32_t end, std::vector<model::Sample>& taken, bool batches) {
  const plan::Step& step = *r.step;
  const plan::Policy& p = step.kernel.policy;
  kernels::Kernel& k = *r.kernel;
  check_interrupt();
  if (p.cold) evict_inputs(step);
  std::size_t count = 1;
  // A sample that Ctrl-C reached is not a sample: kernels stop mid-unit and return what they
  // finished (a cut-short copy counts nothing), so it is dropped and the run stops
  // (measure_batch leaves it out and gives the samples before it, kept below).
  if (batches && r.span.shared()) {
    // Never past the sample that ends the series (its count: no `until ci` here) or the block.
    const std::size_t left = std::min(std::max<std::uint32_t>(p.runs_min, r.taken + 1), end) - r.taken;
    count = loop_.measure_batch(k, r.span, {taken.data(), std::min(left, taken.size())});
  } else if (r.command) {
    // Each sample reads the CPU clocks around itself: its hooks run programs too.
    clear_figure_files(step);
    hook(step, "prepare", step.kernel.prepare);
    taken[0] = loop_.measure(k, p);
    check_interrupt();
    hook(step, "conclude", step.kernel.conclude);
  } else {
    taken[0] = loop_.measure(k, p, r.span);
    check_interrupt();
  }
  // What the kernel noted by the end of these samples (a batch's were all run by then).
  const auto notes = k.notes();
  FigureReadings readings;
  if (r.command) readings = read_run(step, k, *r.series, taken[0]);
  if (r.slice_end_ns > 0 && opts_.clock->now_ns() >= r.slice_end_ns) r.slice_over = true;
  if (r.command && readings.lacks(step.series)) {
    // Its optional figure missing, the run is no sample of the statement's series (a wall-time
    // rate among the program's figures would be a figure of another kind); its labelled figures
    // still make theirs.
    model::Sample& aside = taken[0];
    const model::ParamSet params = r.keeper->set_aside(aside, notes);
    keep_readings(step, readings, aside, params);
    ++r.taken;
    check_interrupt();
    return;
  }
  for (std::size_t i = 0; i < count && !r.done; ++i, ++r.taken) {
    const bool block_ends = r.per_block > 0 && (r.taken + 1 == end || r.slice_over);
    r.done = r.keeper->keep(taken[i], r.taken, r.span, notes, block_ends);
  }
  if (r.command) {
    const model::Sample kept = r.series->samples.back();
    keep_readings(step, readings, kept, r.series->params_of(kept));
  }
  // Also after the last sample of the last statement: an interrupted run never ends "complete".
  check_interrupt();
}

void Interpreter::end_statement(StatementRun& r) {
  guarded(r, [&] { r.kernel->finish(); });
  if (!r.keeper->converged()) r.series->converged = false;
  forget_removed(*r.step);
}

bool Interpreter::keeps_to_itself(const plan::Step& step) const {
  if (opts_.blocks < 2 || step.kind != plan::Step::Kind::kernel || step.series.empty()) return false;
  const plan::KernelStep& k = step.kernel;
  if (kernels::command::is_command(*k.spec) || !k.figures.empty() || !plan::keeps_own_series(k)) return false;
  if (!k.effects.creates.empty() || !k.effects.removes.empty()) return false;
  const auto it = step_count_.find(step.series);
  return it != step_count_.end() && it->second == 1;
}

Interpreter::Rotation Interpreter::rotation_at(const std::vector<plan::Step>& steps, std::size_t first) const {
  std::size_t last = first;
  std::uint64_t largest = 0;  // the most memory any statement of the rotation holds
  for (; last < steps.size() && keeps_to_itself(steps[last]); ++last)
    largest = std::max(largest, steps[last].kernel.effects.memory);
  // Those taking turns are alive all the rotation long; one riding along only at its place.
  const std::uint64_t budget = opts_.memory_available > largest ? (opts_.memory_available - largest) / 4 : 0;
  Rotation out{first, {}};
  std::uint64_t held = 0;
  for (std::size_t i = first; i < last; ++i) {
    const plan::KernelStep& k = steps[i].kernel;
    if (k.policy.runs_max < 2) continue;
    if (k.spec->holds_memory) {
      if (k.effects.memory == 0 || held + k.effects.memory > budget) continue;
      held += k.effects.memory;
    }
    if (out.turns.empty() && i != first) return {first, {}};  // the first rides: no rotation here
    out.turns.push_back(&steps[i]);
    out.end = i + 1;  // one riding along after the last that takes turns is no part of it
  }
  // A statement alone has no neighbour to take turns with.
  return out.turns.size() >= 2 ? out : Rotation{first, {}};
}

std::vector<std::unique_ptr<StatementRun>> Interpreter::begin_in_turn(
    const std::vector<const plan::Step*>& steps, const std::function<std::uint32_t(const plan::Step&)>& per_block) {
  std::vector<std::unique_ptr<StatementRun>> out;
  for (const plan::Step* step : steps) {
    check_interrupt();
    // Its warm-ups run now, before any turn: the display counts their time as the statement's.
    if (opts_.observer) opts_.observer->step_begins(*step);
    auto r = begin_statement(*step);
    if (!r) {
      if (opts_.observer) opts_.observer->series_ends(outcome_.series[index_.at(step->series)]);
      continue;
    }
    r->per_block = per_block(*step);
    out.push_back(std::move(r));
  }
  return out;
}

void Interpreter::hold_for_block(const plan::Step& step, std::uint32_t block) {
  const std::vector<int>& cpus = opts_.turn_cpus;
  if (cpus.size() < 2 || block == 0 || !step.kernel.spec || !step.kernel.spec->one_thread) {
    release_cpus();
    return;
  }
  if (released_cpus_.empty()) released_cpus_ = platform::allowed_cpus();
  if (platform::hold_thread_to({cpus[(block - 1) % cpus.size()]}) && outcome_.turn_cpus.empty())
    outcome_.turn_cpus = cpus;
}

void Interpreter::release_cpus() {
  if (released_cpus_.empty()) return;
  platform::hold_thread_to(released_cpus_);
  released_cpus_.clear();
}

void Interpreter::take_turn(StatementRun& r, std::uint32_t block) {
  hold_for_block(*r.step, block);
  if (opts_.observer) opts_.observer->step_begins(*r.step);
  r.keeper->start_block(block);
  take_samples(r, r.per_block);
  if (!r.done) return;
  end_statement(r);
  if (opts_.observer) opts_.observer->series_ends(*r.series);
}

void Interpreter::pace_block(std::int64_t first_ns, std::uint32_t block, std::uint32_t span) {
  // Blocks past the span (an `until ci` statement going on to its target) follow at once.
  if (opts_.spread_seconds <= 0 || span < 2 || block > span) return;
  const double gap_ns = opts_.spread_seconds * 1e9 / (span - 1);
  const std::int64_t left = first_ns + static_cast<std::int64_t>(gap_ns * (block - 1)) - opts_.clock->now_ns();
  if (left <= 0) return;
  if (opts_.observer) opts_.observer->block_wait(block, static_cast<double>(left) / 1e9);
  SleepPause sleep;
  Pause& pause = opts_.pause ? *opts_.pause : sleep;
  if (!pause.wait(left, opts_.interrupted)) check_interrupt();  // Ctrl-C ends the wait and the run
}

void Interpreter::run_alone(const plan::Step& step) {
  release_cpus();
  if (opts_.observer) opts_.observer->step_begins(step);
  run_sampled(step);
  if (opts_.observer) opts_.observer->series_ends(outcome_.series[index_.at(step.series)]);
}

void Interpreter::run_rotation(const std::vector<plan::Step>& steps, std::size_t first, const Rotation& rotation) {
  // The ones riding along are made at their place, one at a time: their memory is never held
  // beside another rider's.
  std::vector<std::unique_ptr<StatementRun>> turns = begin_in_turn(
      rotation.turns, [&](const plan::Step& step) { return samples_per_block(step.kernel.policy, opts_.blocks); });
  const std::int64_t first_ns = opts_.clock->now_ns();
  // The blocks the rotation fills, which --spread spaces over its duration: `runs 3` statements
  // under --blocks 5 take 3, and their last begins DURATION after the first, not half of it.
  std::uint32_t span = 1;
  for (const plan::Step* step : rotation.turns)
    span = std::max(span, planned_blocks(step->kernel.policy, opts_.blocks));
  const CpuRelease release{*this};
  std::size_t next = 0;  // block 1 in the plan's order
  for (std::size_t i = first; i < rotation.end; ++i) {
    if (std::find(rotation.turns.begin(), rotation.turns.end(), &steps[i]) == rotation.turns.end())
      run_alone(steps[i]);
    else if (next < turns.size() && turns[next]->step == &steps[i])
      take_turn(*turns[next++], 1);
  }
  std::erase_if(turns, [](const auto& r) { return r->done; });
  for (std::uint32_t block = 2; !turns.empty(); ++block) {
    // Backwards in even blocks, forwards in odd ones: each statement's neighbours alternate.
    std::reverse(turns.begin(), turns.end());
    pace_block(first_ns, block, span);
    for (auto& r : turns) take_turn(*r, block);
    std::erase_if(turns, [](const auto& r) { return r->done; });
  }
}

void Interpreter::run_interleave(const plan::Step& block) {
  const plan::Interleave& in = block.interleave;
  std::vector<const plan::Step*> children;
  for (const plan::Step& child : block.children) children.push_back(&child);
  std::vector<std::unique_ptr<StatementRun>> runs =
      begin_in_turn(children, [&](const plan::Step&) { return in.slice_seconds > 0 ? 1 : in.slice_runs; });
  std::vector<StatementRun*> turns;
  for (auto& r : runs) turns.push_back(r.get());
  const CpuRelease release{*this};
  for (std::uint32_t round = 1; round <= in.rounds && !turns.empty(); ++round) {
    // A B in odd rounds, B A in even ones: a drift within a round falls on both sides alike.
    if (round > 1) std::reverse(turns.begin(), turns.end());
    for (StatementRun* r : turns) {
      hold_for_block(*r->step, round);
      if (opts_.observer) opts_.observer->step_begins(*r->step);
      r->keeper->start_block(round);
      take_samples(*r, in.slice_seconds > 0 ? UINT32_MAX : in.slice_runs, in.slice_seconds);
    }
  }
  for (auto& r : runs) {
    end_statement(*r);
    if (opts_.observer) opts_.observer->series_ends(*r->series);
  }
}

}  // namespace hwbench::runtime::run::detail
