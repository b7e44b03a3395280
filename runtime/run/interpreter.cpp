#include "runtime/run/interpreter.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <map>

#include <fmt/format.h>

#include "base/platform/page_cache.hpp"
#include "base/platform/real_file_view.hpp"
#include "kernels/command/command.hpp"
#include "runtime/run/group_runner.hpp"
#include "runtime/run/interpreter_internal.hpp"
#include "runtime/run/measurement_loop.hpp"
#include "runtime/run/series_keeper.hpp"

namespace hwbench::runtime::run {

namespace {

/// How many of hwbench's own processes a group keeps busy: its widest `parallel` block, else 1.
std::size_t busy_workers(const plan::Step& step) {
  if (step.kind == plan::Step::Kind::parallel) return step.workers.size();
  std::size_t widest = 1;
  for (const auto& child : step.children) widest = std::max(widest, busy_workers(child));
  return widest;
}

}  // namespace

namespace detail {

Interpreter::Interpreter(const check::CheckedRecipe& recipe, const RunOptions& options)
    : plan_(recipe.plan),
      resolver_(*recipe.resolver),
      opts_(options),
      loop_(*options.clock, options.interrupted),
      commands_(recipe.plan.recipe_file, options.interrupted) {
  ctx_.files = &files_;
  ctx_.owned = [this](const std::string& p) { return owned_.count(p) != 0; };
  ctx_.place_problem = [this](const std::string& p) {
    if (const auto e = resolver_.recheck({p, p, ""}, true)) return e->message;
    const auto dir = owned_dirs_.find(sandbox::parent_of(p));
    if (dir == owned_dirs_.end()) return std::string();
    const std::string now = sandbox::real_place(dir->first);
    if (now == dir->second) return std::string();
    return fmt::format("'{}' is not the file this run made: its directory {} now leads to {}", p, dir->first, now);
  };
  ctx_.interrupted = options.interrupted;
  ctx_.exclude = loop_.exclude_hook();
  for (const auto& label : plan_.series_order) {
    index_[label] = outcome_.series.size();
    model::Series s;
    s.label = label;
    if (auto it = plan_.series_sections.find(label); it != plan_.series_sections.end()) s.section = it->second;
    outcome_.series.push_back(std::move(s));
  }
  for (std::size_t i = 0; i < plan_.main.size(); ++i) {
    if (!plan_.main[i].series.empty() && index_.count(plan_.main[i].series)) {
      last_step_[plan_.main[i].series] = i;
      ++step_count_[plan_.main[i].series];
    }
    for (const auto& rule : plan_.main[i].kernel.figures)
      if (!rule.label.empty()) {
        last_step_[rule.label] = i;
        ++step_count_[rule.label];
      }
  }
}

RunOutcome Interpreter::run() {
  if (opts_.observer) opts_.observer->run_begins(plan_);
  if (opts_.conditions) outcome_.conditions = model::RunConditions{opts_.conditions->sample(), {}, {}};
  make_directories();
  if (outcome_.status == model::RunStatus::complete) {
    phase(plan_.setup, false);
    if (outcome_.status == model::RunStatus::complete && plan_.settle) settle(*plan_.settle);
    if (outcome_.status == model::RunStatus::complete) phase(plan_.main, true);
  }
  // Teardown always runs, and Ctrl-C does not stop it: it is what cleans up.
  ctx_.interrupted = nullptr;
  interruptible_ = false;
  bool completed = outcome_.status == model::RunStatus::complete;
  std::string first_error = outcome_.error;
  phase(plan_.teardown, false);
  if (!completed) {
    // A teardown failure after a failed run must not hide the first cause.
    outcome_.error = first_error;
    remove_leftovers();
  }
  remove_created_directories();
  outcome_.programs = commands_.take();
  for (const auto& [label, section] : outcome_.imported_series)
    outcome_.series.push_back(std::move(imported_.at(section + '\n' + label)));
  if (opts_.observer) opts_.observer->run_ends(outcome_.status);
  if (opts_.conditions) outcome_.conditions->after = opts_.conditions->sample();
  return std::move(outcome_);
}

void Interpreter::make_directories() {
  for (const auto& dir : plan_.directories_to_create) {
    struct stat st {};
    if (::stat(dir.c_str(), &st) == 0) continue;
    if (::mkdir(dir.c_str(), 0755) != 0) {
      fail(fmt::format("cannot create the directory {}: {}", dir, std::strerror(errno)));
      return;
    }
    created_dirs_.push_back(dir);
  }
}

void Interpreter::remove_created_directories() {
  for (auto it = created_dirs_.rbegin(); it != created_dirs_.rend(); ++it) ::rmdir(it->c_str());  // only if empty
}

void Interpreter::remove_leftovers() {
  for (const auto& p : owned_) {
    struct stat st {};
    if (::lstat(p.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) continue;
    // A file that cannot go (a location remounted read-only) must be named, not passed over.
    if (::unlink(p.c_str()) == 0)
      outcome_.removed_after_failure.push_back(p);
    else
      outcome_.left_behind.push_back(fmt::format("{} ({})", p, std::strerror(errno)));
  }
}

void Interpreter::fail(std::string error, model::RunStatus status) {
  if (outcome_.status == model::RunStatus::complete) {
    outcome_.status = status;
    outcome_.error = std::move(error);
  }
}

void Interpreter::phase(const std::vector<plan::Step>& steps, bool timed) {
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const plan::Step& step = steps[i];
    try {
      check_interrupt();
      if (!timed) {
        run_untimed(step);
        continue;
      }
      if (step.kind == plan::Step::Kind::interleave) {
        run_interleave(step);
        continue;
      }
      if (const Rotation rotation = rotation_at(steps, i); rotation.end > i) {
        run_rotation(steps, i, rotation);
        i = rotation.end - 1;
        continue;
      }
      if (opts_.observer) opts_.observer->step_begins(step);
      if (step.kind == plan::Step::Kind::kernel)
        run_sampled(step);
      else
        run_group(step);
      if (opts_.observer && last_step_.count(step.series) && last_step_.at(step.series) == i)
        opts_.observer->series_ends(outcome_.series[index_.at(step.series)]);
      if (opts_.observer)
        for (const model::Series* imported : step_imports_) opts_.observer->series_ends(*imported);
      step_imports_.clear();
      for (const auto& rule : step.kernel.figures)
        if (opts_.observer && !rule.label.empty() && rule.label != step.series && last_step_.at(rule.label) == i)
          opts_.observer->series_ends(outcome_.series[index_.at(rule.label)]);
    } catch (const Interrupted&) {
      fail("interrupted by a signal", model::RunStatus::interrupted);
      return;
    } catch (const StepFailed& e) {
      fail(e.what);
      // In teardown every statement still gets its turn.
      if (interruptible_) return;
    }
  }
}

void Interpreter::settle(const plan::Settle& st) {
  if (opts_.observer) opts_.observer->settle_begins(st);
  std::unique_ptr<SettleProber> prober;
  if (st.mode == model::SettleMode::until_stable) {
    // The file is setup's, but a symlink may have replaced it since.
    if (auto e = resolver_.recheck({st.file, st.file, ""}, false)) {
      fail(fmt::format("{}:{}:{}: {}: {}", plan_.recipe_file, st.loc.line, st.loc.column, st.text, e->message));
      return;
    }
    prober = file_prober(st.file, *opts_.clock);
  }
  SleepPause sleep;
  const auto on_probe = [this](const model::SettleRecord& r) {
    if (opts_.observer) opts_.observer->settle_probe(r);
  };
  SettleRun r =
      run_settle(st, prober.get(), opts_.pause ? *opts_.pause : sleep, *opts_.clock, opts_.interrupted, on_probe);
  outcome_.settle = r.record;
  if (opts_.observer) opts_.observer->settle_ends(r.record);
  if (!r.error.empty())
    fail(fmt::format("{}:{}:{}: {}: {}", plan_.recipe_file, st.loc.line, st.loc.column, st.text, r.error));
  else if (r.record.outcome == model::SettleOutcome::interrupted)
    fail("interrupted by a signal", model::RunStatus::interrupted);
}

void Interpreter::check_interrupt() const {
  if (interruptible_ && opts_.interrupted && opts_.interrupted->load()) throw Interrupted{};
}

std::string Interpreter::where(const plan::Step& step) const {
  return fmt::format("{}:{}:{}: {}", plan_.recipe_file, step.loc.line, step.loc.column, step.kernel.text);
}

void Interpreter::claim(const plan::Step& step) {
  const auto& fx = step.kernel.effects;
  auto refuse = [&](const std::string& why) { throw StepFailed{fmt::format("{}: {}", where(step), why)}; };
  for (const auto& r : fx.reads)
    if (auto e = resolver_.recheck({r, r, ""}, false)) refuse(e->message);
  for (const auto& c : fx.creates) {
    if (auto e = resolver_.recheck({c.path, c.path, ""}, true)) refuse(e->message);
    struct stat st {};
    if (::lstat(c.path.c_str(), &st) == 0 && !owned_.count(c.path))
      refuse(fmt::format("{} exists and this run did not create it; hwbench will not overwrite it", c.path));
    owned_.insert(c.path);
    const std::string dir = sandbox::parent_of(c.path);
    owned_dirs_.try_emplace(dir, sandbox::real_place(dir));
  }
}

void Interpreter::evict_inputs(const plan::Step& step) {
  for (const auto& r : step.kernel.effects.reads) {
    auto ev = platform::evict(r);
    if (!ev.ok) throw StepFailed{fmt::format("{}: cold: {}", where(step), ev.error)};
  }
}

std::unique_ptr<kernels::Kernel> Interpreter::make(const plan::Step& step) {
  try {
    auto k = step.kernel.spec->make(step.kernel.call, ctx_);
    k->prepare();
    return k;
  } catch (const kernels::KernelUnavailable& e) {
    throw Unavailable{e.what()};
  } catch (const std::exception& e) {
    throw StepFailed{fmt::format("{}: {}", where(step), e.what())};
  }
}

void Interpreter::run_untimed(const plan::Step& step) {
  claim(step);
  std::unique_ptr<kernels::Kernel> k;
  try {
    k = make(step);
  } catch (const Unavailable& u) {
    throw StepFailed{fmt::format("{}: {}", where(step), u.what)};
  }
  const bool command = kernels::command::is_command(*step.kernel.spec);
  try {
    loop_.run(*k, step.kernel.policy);
    if (command) commands_.after_run(step, *k, "", 0);
    k->finish();
  } catch (const std::exception& e) {
    if (command) commands_.failed(step, *k, "");
    throw StepFailed{fmt::format("{}: {}", where(step), e.what())};
  }
  forget_removed(step);
}

void Interpreter::forget_removed(const plan::Step& step) {
  for (const auto& r : step.kernel.effects.removes) {
    struct stat st {};
    if (::lstat(r.c_str(), &st) != 0) owned_.erase(r);
  }
  note_unclaimed(step);
}

void Interpreter::note_unclaimed(const plan::Step& step) {
  const auto& params = step.kernel.spec->args;
  const auto& spared = step.kernel.effects.spared;
  for (std::size_t i = 0; i < params.size() && i < step.kernel.call.args.size(); ++i) {
    if (params[i].kind != kernels::ArgKind::glob) continue;
    // What the glob matches once the statement ran is what it left. A stranger's file, there
    // before the run, is left without a word; one that appeared since is told at the end.
    for (const auto& path : files_.glob(step.kernel.call.args[i].path)) {
      if (owned_.count(path) || std::binary_search(spared.begin(), spared.end(), path)) continue;
      if (!unclaimed_seen_.insert(path).second) continue;
      const auto [at, fresh] = unclaimed_at_.try_emplace(where(step), outcome_.unclaimed.size());
      if (fresh) outcome_.unclaimed.push_back({at->first, {}});
      outcome_.unclaimed[at->second].paths.push_back(path);
    }
  }
}

void Interpreter::run_group(const plan::Step& step) {
  model::Series& series = outcome_.series[index_.at(step.series)];
  const std::vector<const plan::Step*> all = plan::kernel_steps(step);
  bool cold = false;  // some statement's files were evicted, and that verified, before the clock
  for (const plan::Step* c : all) {
    claim(*c);
    if (!c->kernel.policy.cold) continue;
    evict_inputs(*c);
    cold = true;
  }
  kernels::Context whole = ctx_;
  whole.whole_programs = true;
  GroupRun g{*opts_.clock, loop_, whole, plan_.recipe_file};
  const auto window = open_window(step.series, busy_workers(step));
  GroupResult r = step.kind == plan::Step::Kind::time ? run_time_group(g, step) : run_parallel_group(g, step);
  close_window(window);
  for (const plan::Step* c : all) forget_removed(*c);
  if (!r.error.empty()) {
    check_interrupt();  // workers stopped by Ctrl-C: the run was interrupted, not failed
    throw StepFailed{r.error};
  }
  // A group that Ctrl-C reached was cut short (kernels, workers): its partial sum is not a sample.
  check_interrupt();
  r.sample.iteration = static_cast<std::uint32_t>(series.samples.size() + 1);
  r.sample.cold = cold;
  series.add(r.sample, r.params);
  if (opts_.observer) opts_.observer->sample_taken(step, series);
}

std::optional<model::ConditionsWindow> Interpreter::open_window(const std::string& series, std::size_t workers) {
  if (!opts_.conditions) return std::nullopt;
  return model::ConditionsWindow{series, static_cast<std::uint32_t>(workers), opts_.conditions->sample(), {}};
}

void Interpreter::close_window(std::optional<model::ConditionsWindow> window) {
  if (!window) return;
  window->end = opts_.conditions->sample();
  outcome_.conditions->windows.push_back(std::move(*window));
}

}  // namespace detail

RunOutcome run_plan(const check::CheckedRecipe& recipe, const RunOptions& options) {
  detail::Interpreter it(recipe, options);
  return it.run();
}

}  // namespace hwbench::runtime::run
