#include "runtime/check/checker.hpp"

#include "runtime/check/recipe_walk.hpp"

namespace hwbench::runtime::check {

namespace detail {

std::optional<CheckedRecipe> Checker::run(const lang::recipe::Recipe& recipe) {
  if (auto error = expansion_error(recipe)) {
    diags_.add(std::move(*error));
    return std::nullopt;
  }
  plan_.recipe_file = source_.name;
  declare_locations(recipe);
  // The file system stands still while the recipe is walked; the run asks it afresh.
  resolver_->remember_directories(true);
  user_kernels_ = UserKernels::load(recipe, source_, *opts_.registry, diags_);
  define_cpus();
  walk_block(recipe.statements, Ctx{}, nullptr);
  report_exec_refused();
  settings_.report_unused(recipe, diags_);
  report_unused_overrides();
  plan_.parameters = settings_.used();
  for (std::size_t i = 0; i < plan_.indices.size(); ++i)
    check_index_series(*index_stmts_[i], plan_.indices[i], plan_.series_order, refused_series_, plan_.baselines,
                       diags_);
  files_.report_missing();
  space_.check(diags_);
  // `repeat 0 …`, `series "e" { }`, or everything in setup: a run with an empty summary. Not
  // when a timed statement was refused for what only this machine lacks, its error left out for
  // a check on behalf of another machine (Diagnostics::leave_out_machine_findings): it times that.
  if (plan_.main.empty() && !diags_.has_errors() && refused_series_.empty())
    diags_.warning({}, "nothing is timed: no statement outside setup and teardown runs",
                   "a timed statement stands at the top level, in series, time, parallel, interleave or a loop "
                   "that runs at least once");
  if (diags_.has_errors()) return std::nullopt;
  plan_.peak_bytes = space_.peak_total();
  for (const auto& loc : resolver_->locations()) {
    if (!loc.unavailable.empty()) continue;
    model::LocationInfo info;
    info.name = loc.name;
    info.path = loc.path;
    info.builtin = loc.builtin;
    std::string probe = loc.path;
    struct stat st {};
    if (::stat(probe.c_str(), &st) != 0) {
      // A built-in directory is made for a recipe that uses it, not left behind by every run.
      if (loc.create && resolver_->used(loc.name)) plan_.directories_to_create.push_back(loc.path);
      probe = sandbox::parent_of(loc.path);
    }
    info.fstype = machine_.filesystem_type(probe);
    info.free_bytes = machine_.free_bytes(probe).value_or(0);
    plan_.locations.push_back(info);
  }
  plan_.user_kernels = user_kernels_;
  if (unknown_time_)
    plan_.estimated_seconds.reset();
  else
    plan_.estimated_seconds = plan_.timed_seconds_known;
  resolver_->pin_roots();
  resolver_->remember_directories(false);
  return CheckedRecipe{std::move(plan_), resolver_};
}

void Checker::define_cpus() {
  // `$cpus`: UnixBench's N-copy pass runs one copy per CPU (`parallel $cpus { … }`).
  Value cpus;
  cpus.number.value = static_cast<double>(machine_.online_cpus());
  cpus.number.text = fmt::format("{}", cpus.number.value);
  scope_.set("cpus", cpus);
}

void Checker::report_exec_refused() {
  if (exec_refused_.empty()) return;
  // One cause, one error: at the first statement, naming the others (once each: loops repeat them).
  const recipe::Stmt& first = *exec_refused_.front();
  std::vector<std::string> others;
  std::set<std::size_t> seen{first.loc.offset};
  for (const recipe::Stmt* s : exec_refused_)
    if (seen.insert(s->loc.offset).second) others.push_back(fmt::format("'{}' (line {})", s->name, s->loc.line));
  std::string hint = "pass --allow-exec to allow it";
  if (!others.empty())
    hint += fmt::format("; that also allows the other statement{} that run{} programs: {}",
                        others.size() == 1 ? "" : "s", others.size() == 1 ? "s" : "", fmt::join(others, ", "));
  diags_.error(first.loc, fmt::format("'{}' runs external programs", first.name), hint,
               static_cast<std::uint32_t>(first.name.size()));
}

void Checker::walk_block(const std::vector<recipe::Stmt>& stmts, const Ctx& ctx, std::vector<plan::Step>* group) {
  walked_ += std::max<std::size_t>(1, stmts.size());
  if (walked_ > kMaxWalk) {
    refuse_size(stmts.empty() ? last_loc_ : stmts.front().loc,
                fmt::format("the recipe expands to more than {} statements and loop iterations", kMaxWalk),
                "use fewer repetitions");
    return;
  }
  std::size_t real = std::count_if(stmts.begin(), stmts.end(),
                                   [](const recipe::Stmt& s) { return s.kind != recipe::StmtKind::location; });
  for (const auto& s : stmts) {
    Ctx c = ctx;
    if (real > 1 || c.label_text.empty()) c.label_text = s.text;
    walk(s, c, group);
    if (too_big_) return;
  }
}

std::vector<plan::Step>& Checker::phase_steps(Phase p) {
  return p == Phase::setup ? plan_.setup : p == Phase::teardown ? plan_.teardown : plan_.main;
}

void Checker::walk(const recipe::Stmt& s, const Ctx& ctx, std::vector<plan::Step>* group) {
  last_loc_ = s.loc;
  if (counting_ && !counting_enters(s)) return;
  // `series` and `section` evaluate their label before their place is checked (a label's own
  // error comes first, and a section's refusal names its title); `settle` is refused once.
  // `compare` is placed by its form: a bare one belongs in an `interleave` block.
  const bool placed_later = s.kind == recipe::StmtKind::series || s.kind == recipe::StmtKind::section ||
                            s.kind == recipe::StmtKind::settle || s.kind == recipe::StmtKind::compare;
  if (!placed_later && !placed_well(s, ctx)) return;
  Ctx inner = ctx;
  inner.top = false;
  switch (s.kind) {
    case recipe::StmtKind::title:
    case recipe::StmtKind::source:
    case recipe::StmtKind::note:
      walk_meta(s);
      return;
    case recipe::StmtKind::location:    // declared before the walk (declare_locations)
    case recipe::StmtKind::kernel_def:  // read by UserKernels::load before the walk
    case recipe::StmtKind::branch:      // only ever inside an if_, walked by walk_if
      return;
    case recipe::StmtKind::if_:
      walk_if(s, ctx, group);
      return;
    case recipe::StmtKind::let:
      walk_let(s, ctx);
      return;
    case recipe::StmtKind::repeat:
      walk_repeat(s, inner, group);
      return;
    case recipe::StmtKind::for_:
      walk_for(s, inner, group);
      return;
    case recipe::StmtKind::setup:
    case recipe::StmtKind::teardown:
      walk_phase(s, inner);
      return;
    case recipe::StmtKind::series:
      walk_series(s, ctx, inner, group);
      return;
    case recipe::StmtKind::time:
    case recipe::StmtKind::parallel:
      walk_group(s, ctx, group);
      return;
    case recipe::StmtKind::kernel:
      walk_kernel(s, ctx, group);
      return;
    case recipe::StmtKind::report:
      walk_report(s, ctx);
      return;
    case recipe::StmtKind::baseline:
      walk_baseline(s);
      return;
    case recipe::StmtKind::index:
      walk_index(s);
      return;
    case recipe::StmtKind::settle:
      walk_settle(s, ctx);
      return;
    case recipe::StmtKind::compare:
      walk_compare(s, ctx);
      return;
    case recipe::StmtKind::section:
      walk_section(s, ctx);
      return;
    case recipe::StmtKind::interleave:
      walk_interleave(s, ctx);
      return;
  }
}

bool Checker::counting_enters(const recipe::Stmt& s) {
  switch (s.kind) {
    case recipe::StmtKind::kernel:
      count_step(s.loc);
      return false;
    case recipe::StmtKind::let:
    case recipe::StmtKind::if_:
    case recipe::StmtKind::repeat:
    case recipe::StmtKind::for_:
    case recipe::StmtKind::setup:
    case recipe::StmtKind::teardown:
    case recipe::StmtKind::series:
    case recipe::StmtKind::time:
    case recipe::StmtKind::parallel:
    case recipe::StmtKind::section:
    case recipe::StmtKind::interleave:
      return true;
    default:
      return false;
  }
}

std::string Checker::recipe_dir() const {
  std::string dir = std::filesystem::path(source_.name).parent_path().string();
  if (dir.empty()) return opts_.cwd;
  if (dir[0] != '/' && !opts_.cwd.empty()) return opts_.cwd + "/" + dir;
  return dir;
}

void Checker::add_step(plan::Step step, Phase phase) {
  if (!count_step(step.loc)) return;
  if (phase == Phase::main) {
    if (interleaved_series_.count(step.series)) {
      diags_.error(step.loc, fmt::format("series \"{}\" is fed by an 'interleave' block already", step.series),
                   "each statement of an 'interleave' block is a series of its own: name this one otherwise",
                   word_width(step.loc));
      return;
    }
    if (!same_measure(step)) return;
    note_timed(step);
  }
  phase_steps(phase).push_back(std::move(step));
}

namespace {
const char* measure_words(kernels::WorkUnit unit) {
  switch (unit) {
    case kernels::WorkUnit::bytes:
      return "bytes";
    case kernels::WorkUnit::iterations:
      return "iterations";
    case kernels::WorkUnit::operations:
      break;
  }
  return "operations";
}

std::optional<double> group_seconds(const plan::Step& step);

/// The time of `steps` run in turn, when each one's is known.
std::optional<double> steps_seconds(const std::vector<plan::Step>& steps) {
  double sum = 0;
  for (const auto& s : steps) {
    const auto one = group_seconds(s);
    if (!one) return std::nullopt;
    sum += *one;
  }
  return sum;
}

/// How long a `time` or `parallel` block's sample takes when every statement in it runs `for` a
/// duration (its own, or its kernel's default: syscall's 10 s): a `time` block its parts in
/// turn, a loop its body N times, a `parallel` block its longest worker. std::nullopt when some
/// statement runs until its work is done.
std::optional<double> group_seconds(const plan::Step& step) {
  switch (step.kind) {
    case plan::Step::Kind::kernel:
      if (step.kernel.policy.for_seconds > 0) return step.kernel.policy.for_seconds;
      return std::nullopt;
    case plan::Step::Kind::repeat:
      if (const auto body = steps_seconds(step.children)) return static_cast<double>(step.count) * *body;
      return std::nullopt;
    case plan::Step::Kind::time:
      return steps_seconds(step.children);
    case plan::Step::Kind::parallel: {
      double longest = 0;
      for (const auto& worker : step.workers) {
        const auto one = steps_seconds(worker);
        if (!one) return std::nullopt;
        longest = std::max(longest, *one);
      }
      return longest;
    }
    case plan::Step::Kind::interleave:
      break;
  }
  return std::nullopt;
}
}  // namespace

bool Checker::same_measure(const plan::Step& step) {
  if (step.kind != plan::Step::Kind::kernel || step.kernel.spec == nullptr || !keeps_own_series(step.kernel))
    return true;
  const kernels::KernelSpec& spec = *step.kernel.spec;
  const auto [it, first] = series_measures_.try_emplace(step.series, SeriesMeasure{spec.unit, spec.name, step.loc});
  if (first || it->second.unit == spec.unit) return true;
  const SeriesMeasure& before = it->second;
  diags_.error(
      step.loc,
      fmt::format("series \"{}\" would mix '{}', which counts {}, with '{}' of line {}, which counts {}", step.series,
                  spec.name, measure_words(spec.unit), before.kernel, before.loc.line, measure_words(before.unit)),
      "a series' samples must measure one thing: give this statement a series label of its own", word_width(step.loc));
  return false;
}

void Checker::note_timed(const plan::Step& step, const plan::Interleave* interleave) {
  const std::string& label = step.series;
  const bool own = step.kind != plan::Step::Kind::kernel || keeps_own_series(step.kernel);
  // A series joins the plan's order, and its section's, where it first appears.
  const auto join = [&](const std::string& series) {
    if (std::find(plan_.series_order.begin(), plan_.series_order.end(), series) == plan_.series_order.end())
      plan_.series_order.push_back(series);
    if (!section_series_) return;
    if (std::find(section_series_->begin(), section_series_->end(), series) == section_series_->end())
      section_series_->push_back(series);
    plan_.series_sections.emplace(series, section_title_);
  };
  if (own) join(label);
  if (!own && section_series_) section_imports_ = true;
  std::uint32_t lo = 1, hi = 1;
  if (step.kind == plan::Step::Kind::kernel) {
    const auto& p = step.kernel.policy;
    lo = p.runs_min;
    hi = p.runs_max;
    if (interleave != nullptr && interleave->slice_seconds > 0) {
      // Slices of a duration: a sample at least in each, how many more the machine decides.
      lo = interleave->rounds;
      hi = 0;
      plan_.timed_seconds_known += interleave->rounds * interleave->slice_seconds + p.for_seconds * p.warmup;
      if (p.warmup > 0 && p.for_seconds <= 0) unknown_time_ = true;
    } else if (p.for_seconds > 0) {
      plan_.timed_seconds_known += p.for_seconds * (p.warmup + p.runs_max);
    } else {
      unknown_time_ = true;
    }
  } else if (const auto seconds = group_seconds(step)) {
    plan_.timed_seconds_known += *seconds;
  } else {
    unknown_time_ = true;
  }
  const auto add_samples = [&](const std::string& series) {
    plan_.samples_min[series] += lo;
    // 0: not known in advance, whatever else feeds the series.
    auto [it, added] = plan_.samples_max.try_emplace(series, hi);
    if (!added) it->second = it->second == 0 || hi == 0 ? 0 : it->second + hi;
  };
  add_samples(label);
  // A command's figures with labels of their own are series of their own, sampled alike.
  for (const auto& rule : step.kernel.figures) {
    if (rule.label.empty()) continue;
    join(rule.label);
    add_samples(rule.label);
  }
  for (const plan::Step* k : plan::kernel_steps(step))
    if (k->kernel.spec->runs_programs) plan_.runs_programs = true;
}

std::optional<plan::Step> Checker::bind(const recipe::Stmt& s, const Ctx& ctx) {
  BindRequest req{
      user_kernels_ ? user_kernels_->registry() : *opts_.registry, *resolver_, scope_, vfs_, machine_, diags_};
  req.allow_exec = opts_.allow_exec;
  req.in_group = ctx.in_group;
  req.untimed = ctx.phase != Phase::main;
  req.in_interleave = ctx.in_interleave;
  req.exec_refused = &exec_refused_;
  req.reported_causes = &reported_causes_;
  if (user_kernels_ && user_kernels_->unparsed(s.name)) return std::nullopt;
  auto ks = bind_kernel(s, req);
  if (!ks) return std::nullopt;
  if (user_kernels_ && !user_kernels_->check_call(s, *ks, diags_)) return std::nullopt;
  files_.apply(*ks, s, *resolver_, plan_.creates);
  plan::Step step;
  step.kind = plan::Step::Kind::kernel;
  step.loc = s.loc;
  if (ctx.phase == Phase::main && !ctx.in_group) step.series = ctx.series.empty() ? ctx.label_text : ctx.series;
  for (auto& rule : ks->figures) rule.section = ctx.section;
  step.kernel = std::move(*ks);
  return step;
}

}  // namespace detail

std::optional<CheckedRecipe> check(const lang::recipe::Recipe& recipe, const lang::Source& source,
                                   const CheckOptions& options, lang::Diagnostics& diags) {
  detail::Checker checker(source, options, diags);
  return checker.run(recipe);
}

}  // namespace hwbench::runtime::check
