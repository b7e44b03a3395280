// The checker's walk of each kind of statement, once its place is checked (recipe_walk.hpp):
// metadata, `let`, loops, setup and teardown, series, kernel statements and the statements that
// describe the results (`report`, `baseline`, `index`, `compare`).
#include "runtime/check/recipe_walk.hpp"

namespace hwbench::runtime::check::detail {

void Checker::walk_meta(const recipe::Stmt& s) {
  auto v = evaluate(s.value, scope_, diags_);
  if (!v) return;
  std::string key = s.kind == recipe::StmtKind::title    ? "title"
                    : s.kind == recipe::StmtKind::source ? "source"
                                                         : "note";
  // A second title or source replaced the first without a word.
  if (key != "note") {
    if (const auto first = meta_lines_.find(key); first != meta_lines_.end()) {
      diags_.error(s.loc, fmt::format("'{}' is given twice; the first is at line {}", key, first->second),
                   fmt::format("one {} a recipe: keep one (several 'note's are fine)", key),
                   static_cast<std::uint32_t>(key.size()));
      return;
    }
    meta_lines_[key] = s.loc.line;
  }
  auto& slot = plan_.meta[key];
  slot = (key == "note" && !slot.empty()) ? slot + "\n" + to_text(*v) : to_text(*v);
}

void Checker::walk_let(const recipe::Stmt& s, const Ctx& ctx) {
  auto v = evaluate(s.value, scope_, diags_);
  // Only the recipe's own top level takes `--set` (Settings lists those names alone).
  if (v && ctx.top && !ctx.in_if && ctx.section.empty())
    if (auto given = settings_.replace(s, *v, scope_, diags_)) v = std::move(given);
  if (!v) {
    v.emplace();
    v->failed = true;  // defined, so later uses give no second error
  }
  scope_.set(s.name, std::move(*v));
}

void Checker::walk_repeat(const recipe::Stmt& s, const Ctx& inner, std::vector<plan::Step>* group) {
  auto n = evaluate_count(s.value, scope_, diags_, "repeat", 0, 10'000'000);
  if (!n) return;
  if (group && inner.in_group && !lang::recipe::mentions_variable(s, "i")) {
    walk_loop(s, inner, static_cast<std::uint64_t>(*n), *group);
    return;
  }
  LoopVariable i(scope_, "i");
  for (long long k = 1; k <= *n && !too_big_; ++k) {
    i.set(range_item(k));
    walk_block(s.body, inner, group);
  }
}

void Checker::walk_for(const recipe::Stmt& s, const Ctx& inner, std::vector<plan::Step>* group) {
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
}

void Checker::walk_phase(const recipe::Stmt& s, const Ctx& inner) {
  if (s.kind == recipe::StmtKind::setup && plan_.settle) {
    // What settle probes, and what it waits for, is what setup has written before it.
    diags_.error(s.loc, "'setup' comes after 'settle'",
                 fmt::format("settle lets setup's files settle: move it below the setup block (it is at line {})",
                             plan_.settle->loc.line),
                 word_width(s.loc));
    return;
  }
  Ctx body = inner;
  body.phase = s.kind == recipe::StmtKind::setup ? Phase::setup : Phase::teardown;
  walk_block(s.body, body, nullptr);
}

void Checker::walk_series(const recipe::Stmt& s, const Ctx& ctx, const Ctx& inner, std::vector<plan::Step>* group) {
  auto v = evaluate(s.value, scope_, diags_);
  if (!v || !placed_well(s, ctx)) return;
  Ctx body = inner;
  body.series = to_text(*v);
  walk_block(s.body, body, group);
}

void Checker::walk_kernel(const recipe::Stmt& s, const Ctx& ctx, std::vector<plan::Step>* group) {
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
}

void Checker::walk_report(const recipe::Stmt& s, const Ctx& ctx) {
  // A baseline refused for its own errors counts as declared: its error says enough.
  std::vector<std::string> baselines(refused_baselines_.begin(), refused_baselines_.end());
  for (const auto& b : plan_.baselines) baselines.push_back(b.name);
  if (auto spec = bind_report(std::get<lang::recipe::ReportStmt>(s.form), baselines, diags_)) {
    spec->section = ctx.section;
    plan_.reports.push_back(std::move(*spec));
  }
}

void Checker::walk_baseline(const recipe::Stmt& s) {
  if (auto b = bind_baseline(s, scope_, recipe_dir(), plan_.baselines, diags_))
    plan_.baselines.push_back(std::move(*b));
  else
    refused_baselines_.insert(s.name);
}

void Checker::walk_index(const recipe::Stmt& s) {
  const auto& index = std::get<lang::recipe::IndexStmt>(s.form);
  if (refused_baselines_.count(index.baseline.text)) return;  // its baseline has the error
  if (auto spec = bind_index(index, scope_, plan_.baselines, plan_.indices, diags_)) {
    plan_.indices.push_back(*spec);
    index_stmts_.push_back(&index);
  }
}

void Checker::walk_compare(const recipe::Stmt& s, const Ctx& ctx) {
  if (!std::get<lang::recipe::CompareStmt>(s.form).with.given()) {
    walk_paired_compare(s, ctx);
    return;
  }
  if (!placed_well(s, ctx)) return;
  if (auto spec = bind_compare(std::get<lang::recipe::CompareStmt>(s.form), scope_, recipe_dir(), section_titles_,
                               ctx.section, diags_)) {
    spec->section = ctx.section;
    plan_.reports.push_back(std::move(*spec));
  }
}

}  // namespace hwbench::runtime::check::detail
