#include "runtime/check/checker.hpp"

#include "runtime/check/recipe_walk.hpp"

namespace hwbench::runtime::check {

using model::LocationInfo;
using plan::Step;
using plan::kernel_steps;
using sandbox::parent_of;

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
  plan_.parameters = settings_.used();
  for (std::size_t i = 0; i < plan_.indices.size(); ++i)
    check_index_series(*index_stmts_[i], plan_.indices[i], plan_.series_order, refused_series_, plan_.baselines, diags_);
  files_.report_missing();
  space_.check(diags_);
  if (diags_.has_errors()) return std::nullopt;
  plan_.peak_bytes = space_.peak_total();
  for (const auto& loc : resolver_->locations()) {
    if (!loc.unavailable.empty()) continue;
    LocationInfo info;
    info.name = loc.name;
    info.path = loc.path;
    info.builtin = loc.builtin;
    std::string probe = loc.path;
    struct stat st {};
    if (::stat(probe.c_str(), &st) != 0) {
      if (loc.create) plan_.directories_to_create.push_back(loc.path);
      probe = parent_of(loc.path);
    }
    info.fstype = machine_.filesystem_type(probe);
    info.free_bytes = machine_.free_bytes(probe).value_or(0);
    plan_.locations.push_back(info);
  }
  plan_.user_kernels = user_kernels_;
  if (unknown_time_) plan_.estimated_seconds.reset();
  else plan_.estimated_seconds = plan_.timed_seconds_known;
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
  const Stmt& first = *exec_refused_.front();
  std::vector<std::string> others;
  std::set<std::size_t> seen{first.loc.offset};
  for (const Stmt* s : exec_refused_)
    if (seen.insert(s->loc.offset).second) others.push_back(fmt::format("'{}' (line {})", s->name, s->loc.line));
  std::string hint = "pass --allow-exec to allow it";
  if (!others.empty())
    hint += fmt::format("; that also allows the other statement{} that run{} programs: {}", others.size() == 1 ? "" : "s",
                        others.size() == 1 ? "s" : "", fmt::join(others, ", "));
  diags_.error(first.loc, fmt::format("'{}' runs external programs", first.name), hint,
               static_cast<std::uint32_t>(first.name.size()));
}

void Checker::walk_block(const std::vector<Stmt>& stmts, const Ctx& ctx, std::vector<Step>* group) {
  walked_ += std::max<std::size_t>(1, stmts.size());
  if (walked_ > kMaxWalk) {
    refuse_size(stmts.empty() ? last_loc_ : stmts.front().loc,
                fmt::format("the recipe expands to more than {} statements and loop iterations", kMaxWalk),
                "use fewer repetitions");
    return;
  }
  std::size_t real = std::count_if(stmts.begin(), stmts.end(), [](const Stmt& s) { return s.kind != StmtKind::location; });
  for (const auto& s : stmts) {
    Ctx c = ctx;
    if (real > 1 || c.label_text.empty()) c.label_text = s.text;
    walk(s, c, group);
    if (too_big_) return;
  }
}

std::vector<Step>& Checker::phase_steps(Phase p) {
  return p == Phase::setup ? plan_.setup : p == Phase::teardown ? plan_.teardown : plan_.main;
}

void Checker::walk(const Stmt& s, const Ctx& ctx, std::vector<Step>* group) {
  last_loc_ = s.loc;
  Ctx inner = ctx;
  inner.top = false;
  if (counting_) {
    switch (s.kind) {
      case StmtKind::kernel:
        // One statement, bound or not: the count decides before anything is bound.
        count_step(s.loc);
        return;
      case StmtKind::let:
      case StmtKind::if_:
      case StmtKind::repeat:
      case StmtKind::for_:
      case StmtKind::setup:
      case StmtKind::teardown:
      case StmtKind::series:
      case StmtKind::time:
      case StmtKind::parallel:
      case StmtKind::section:
        break;  // they expand, or give values that later expansions use
      default:
        return;
    }
  }
  switch (s.kind) {
    case StmtKind::title:
    case StmtKind::source:
    case StmtKind::note: {
      auto v = evaluate(s.value, scope_, diags_);
      if (!v) return;
      std::string key = s.kind == StmtKind::title ? "title" : s.kind == StmtKind::source ? "source" : "note";
      auto& slot = plan_.meta[key];
      slot = (key == "note" && !slot.empty()) ? slot + "\n" + to_text(*v) : to_text(*v);
      return;
    }
    case StmtKind::location:
      if (!ctx.section.empty()) refuse_in_section(s, "location", ctx.section);
      else if (!ctx.top || ctx.in_if)
        diags_.error(s.loc, "'location' is only allowed at the top level of a recipe",
                     ctx.in_if ? "a location is declared for the whole recipe: move it out of the 'if'"
                               : "move it before the statements that use it",
                     8);
      return;
    case StmtKind::if_:
      walk_if(s, ctx, group);
      return;
    case StmtKind::branch:  // only ever inside an if_, walked by walk_if
      return;
    case StmtKind::let: {
      auto v = evaluate(s.value, scope_, diags_);
      // Only the recipe's own top level takes `--set` (Settings lists those names alone).
      if (v && ctx.top && !ctx.in_if && ctx.section.empty())
        if (auto given = settings_.replace(s, *v, scope_, diags_)) v = std::move(given);
      if (v) scope_.set(s.name, std::move(*v));
      else scope_.set(s.name, Value{});  // defined, so later uses give no second error
      return;
    }
    case StmtKind::repeat: {
      auto n = evaluate_count(s.value, scope_, diags_, "repeat", 0, 10'000'000);
      if (!n) return;
      if (group && !lang::recipe::mentions_variable(s, "i")) {
        walk_loop(s, inner, static_cast<std::uint64_t>(*n), *group);
        return;
      }
      LoopVariable i(scope_, "i");
      for (long long k = 1; k <= *n && !too_big_; ++k) {
        i.set(range_item(k));
        walk_block(s.body, inner, group);
      }
      return;
    }
    case StmtKind::for_: {
      if (s.value.kind == lang::recipe::ExprKind::range) {
        // A range is walked without being built: `for b in 1..999999` inside another loop
        // would otherwise make a million values for each pass.
        auto bounds = evaluate_range(s.value, scope_, diags_);
        if (!bounds) return;
        LoopVariable var(scope_, s.name);
        for (long long k = bounds->first; k <= bounds->last && !too_big_; ++k) {
          var.set(range_item(k));
          walk_block(s.body, inner, group);
        }
        return;
      }
      auto list = evaluate(s.value, scope_, diags_);
      if (!list) return;
      if (list->kind != Value::Kind::list) {
        diags_.error(s.value.loc, fmt::format("'for' needs a list or a range, not '{}'", to_text(*list)),
                     "write it like: for size in [10MB, 100MB] or for n in 1..10",
                     static_cast<std::uint32_t>(std::max<std::size_t>(1, s.value.text.size())));
        return;
      }
      LoopVariable var(scope_, s.name);
      for (const auto& item : list->items) {
        if (too_big_) break;
        var.set(item);
        walk_block(s.body, inner, group);
      }
      return;
    }
    case StmtKind::setup:
    case StmtKind::teardown: {
      const char* word = s.kind == StmtKind::setup ? "setup" : "teardown";
      if (!ctx.section.empty()) {
        refuse_in_section(s, word, ctx.section);
        return;
      }
      if (!ctx.top) {
        diags_.error(s.loc, fmt::format("'{}' is only allowed at the top level of a recipe", word), {},
                     static_cast<std::uint32_t>(std::string_view(word).size()));
        return;
      }
      if (s.kind == StmtKind::setup && plan_.settle) {
        // What settle probes, and what it waits for, is what setup has written before it.
        diags_.error(s.loc, "'setup' comes after 'settle'",
                     fmt::format("settle lets setup's files settle: move it below the setup block (it is at line {})",
                                 plan_.settle->loc.line),
                     5);
        return;
      }
      inner.phase = s.kind == StmtKind::setup ? Phase::setup : Phase::teardown;
      walk_block(s.body, inner, nullptr);
      return;
    }
    case StmtKind::series: {
      auto v = evaluate(s.value, scope_, diags_);
      if (!v) return;
      if (ctx.phase != Phase::main) {
        diags_.error(s.loc, "'series' has no meaning in setup or teardown: nothing there is timed", {}, 6);
        return;
      }
      inner.series = to_text(*v);
      walk_block(s.body, inner, group);
      return;
    }
    case StmtKind::time:
    case StmtKind::parallel:
      walk_group(s, ctx, group);
      return;
    case StmtKind::kernel: {
      auto step = bind(s, ctx);
      if (!step) {
        // Refused with its error: what depends on it (an index naming its series, an empty
        // group around it) gives no second one.
        ++refused_;
        if (ctx.phase == Phase::main) refused_series_.insert(ctx.series.empty() ? ctx.label_text : ctx.series);
        return;
      }
      if (group) {
        // Statements inside groups count toward the cap too: `parallel 200 { repeat 100000 … }`
        // must be refused, not expanded until memory runs out.
        if (!count_step(step->loc)) return;
        group->push_back(std::move(*step));
      } else {
        add_step(std::move(*step), ctx.phase);
      }
      return;
    }
    case StmtKind::report: {
      if (ctx.phase != Phase::main || ctx.in_group) {
        diags_.error(s.loc, "'report' belongs at the top level of a recipe", {}, 6);
        return;
      }
      if (auto spec = bind_report(std::get<lang::recipe::ReportStmt>(s.form), diags_)) {
        spec->section = ctx.section;
        plan_.reports.push_back(std::move(*spec));
      }
      return;
    }
    case StmtKind::baseline:
    case StmtKind::index: {
      const bool is_baseline = s.kind == StmtKind::baseline;
      if (!ctx.top) {
        diags_.error(s.loc, fmt::format("'{}' belongs at the top level of a recipe", is_baseline ? "baseline" : "index"), {},
                     is_baseline ? 8 : 5);
        return;
      }
      if (is_baseline) {
        if (auto b = bind_baseline(s, scope_, recipe_dir(), plan_.baselines, diags_)) plan_.baselines.push_back(std::move(*b));
        else refused_baselines_.insert(s.name);
        return;
      }
      const auto& index = std::get<lang::recipe::IndexStmt>(s.form);
      if (refused_baselines_.count(index.baseline.text)) return;  // its baseline has the error
      if (auto spec = bind_index(index, scope_, plan_.baselines, plan_.indices, diags_)) {
        plan_.indices.push_back(*spec);
        index_stmts_.push_back(&index);
      }
      return;
    }
    case StmtKind::settle:
      walk_settle(s, ctx);
      return;
    case StmtKind::kernel_def:
      // Read by UserKernels::load before the walk.
      if (!ctx.section.empty()) refuse_in_section(s, "kernel", ctx.section);
      else if (!ctx.top || ctx.in_if) diags_.error(s.loc, "a kernel definition belongs at the top level of a recipe", {}, 6);
      return;
    case StmtKind::compare: {
      if (!ctx.top) {
        diags_.error(s.loc, "'compare' belongs at the top level of a recipe", {}, 7);
        return;
      }
      if (auto spec = bind_compare(std::get<lang::recipe::CompareStmt>(s.form), scope_, recipe_dir(), section_titles_,
                                   ctx.section, diags_)) {
        spec->section = ctx.section;
        plan_.reports.push_back(std::move(*spec));
      }
      return;
    }
    case StmtKind::section:
      walk_section(s, ctx);
      return;
  }
}

std::string Checker::recipe_dir() const {
  std::string dir = std::filesystem::path(source_.name).parent_path().string();
  if (dir.empty()) return opts_.cwd;
  if (dir[0] != '/' && !opts_.cwd.empty()) return opts_.cwd + "/" + dir;
  return dir;
}

void Checker::add_step(Step step, Phase phase) {
  if (!count_step(step.loc)) return;
  if (phase == Phase::main) {
    const std::string& label = step.series;
    const bool own = step.kind != Step::Kind::kernel || keeps_own_series(step.kernel);
    if (own && std::find(plan_.series_order.begin(), plan_.series_order.end(), label) == plan_.series_order.end())
      plan_.series_order.push_back(label);
    if (own && section_series_ &&
        std::find(section_series_->begin(), section_series_->end(), label) == section_series_->end())
      section_series_->push_back(label);
    if (own && section_series_) plan_.series_sections.emplace(label, section_title_);
    if (!own && section_series_) section_imports_ = true;
    std::uint32_t lo = 1, hi = 1;
    if (step.kind == Step::Kind::kernel) {
      lo = step.kernel.policy.runs_min;
      hi = step.kernel.policy.runs_max;
      const auto& p = step.kernel.policy;
      if (p.for_seconds > 0) plan_.timed_seconds_known += p.for_seconds * (p.warmup + p.runs_max);
      else unknown_time_ = true;
    } else {
      unknown_time_ = true;
    }
    plan_.samples_min[label] += lo;
    plan_.samples_max[label] += hi;
    // A command's figures with labels of their own are series of their own, sampled alike.
    for (const auto& rule : step.kernel.figures) {
      if (rule.label.empty()) continue;
      if (std::find(plan_.series_order.begin(), plan_.series_order.end(), rule.label) == plan_.series_order.end())
        plan_.series_order.push_back(rule.label);
      if (section_series_ &&
          std::find(section_series_->begin(), section_series_->end(), rule.label) == section_series_->end())
        section_series_->push_back(rule.label);
      if (section_series_) plan_.series_sections.emplace(rule.label, section_title_);
      plan_.samples_min[rule.label] += lo;
      plan_.samples_max[rule.label] += hi;
    }
    for (const Step* k : kernel_steps(step))
      if (k->kernel.spec->runs_programs) plan_.runs_programs = true;
  }
  phase_steps(phase).push_back(std::move(step));
}

std::optional<Step> Checker::bind(const Stmt& s, const Ctx& ctx) {
  BindRequest req{user_kernels_ ? user_kernels_->registry() : *opts_.registry, *resolver_, scope_, vfs_, machine_, diags_};
  req.allow_exec = opts_.allow_exec;
  req.in_group = ctx.in_group;
  req.untimed = ctx.phase != Phase::main;
  req.exec_refused = &exec_refused_;
  req.reported_causes = &reported_causes_;
  auto ks = bind_kernel(s, req);
  if (!ks) return std::nullopt;
  if (user_kernels_ && !user_kernels_->check_call(s, *ks, diags_)) return std::nullopt;
  files_.apply(*ks, s, *resolver_, plan_.creates);
  Step step;
  step.kind = Step::Kind::kernel;
  step.loc = s.loc;
  if (ctx.phase == Phase::main && !ctx.in_group) step.series = ctx.series.empty() ? ctx.label_text : ctx.series;
  for (auto& rule : ks->figures) rule.section = ctx.section;
  step.kernel = std::move(*ks);
  return step;
}

}  // namespace detail

std::optional<CheckedRecipe> check(const lang::recipe::Recipe& recipe, const lang::Source& source, const CheckOptions& options,
                                   lang::Diagnostics& diags) {
  detail::Checker checker(source, options, diags);
  return checker.run(recipe);
}

}  // namespace hwbench::runtime::check
