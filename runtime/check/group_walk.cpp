// The checker's walk through `if`, loops inside groups, `time` and `parallel` (recipe_walk.hpp).
#include "runtime/check/recipe_walk.hpp"

namespace hwbench::runtime::check::detail {

void Checker::walk_if(const recipe::Stmt& s, const Ctx& ctx, std::vector<plan::Step>* group) {
  Ctx inner = ctx;
  inner.in_if = true;
  inner.label_text.clear();  // a statement in a branch is named by its own text
  for (const recipe::Stmt& branch : s.body) {
    if (branch.value.kind == lang::recipe::ExprKind::binary) {
      auto holds = evaluate_condition(branch.value, scope_, diags_);
      if (!holds) return;
      if (!*holds) continue;
    }
    walk_block(branch.body, inner, group);
    return;
  }
}

void Checker::walk_loop(const recipe::Stmt& s, const Ctx& ctx, std::uint64_t count, std::vector<plan::Step>& group) {
  if (count == 0 || !count_step(s.loc)) return;
  plan::Step loop;
  loop.kind = plan::Step::Kind::repeat;
  loop.loc = s.loc;
  loop.count = count;
  walk_block(s.body, ctx, &loop.children);
  if (!loop.children.empty()) group.push_back(std::move(loop));
}

void Checker::walk_group(const recipe::Stmt& s, const Ctx& ctx, std::vector<plan::Step>* group) {
  bool is_time = s.kind == recipe::StmtKind::time;
  const std::uint32_t len = word_width(s.loc);
  plan::Step step;
  step.kind = is_time ? plan::Step::Kind::time : plan::Step::Kind::parallel;
  step.loc = s.loc;
  Ctx inner = ctx;
  inner.in_group = true;
  inner.top = false;
  (is_time ? inner.in_time : inner.in_parallel) = true;
  if (is_time) {
    if (s.value.text.empty()) {
      // `time { … }`: the enclosing series names it, else its own text does.
      step.series = ctx.series.empty() ? ctx.label_text : ctx.series;
    } else {
      auto v = evaluate(s.value, scope_, diags_);
      if (!v) return;
      step.series = to_text(*v);
    }
    inner.series.clear();
    inner.label_text = s.text;
    const std::size_t errors_before = diags_.error_count(), refused_before = refused_;
    walk_block(s.body, inner, &step.children);
    if (counting_) {
      if (!group) count_step(s.loc);
      return;
    }
    if (step.children.empty()) {
      if (diags_.error_count() == errors_before && refused_ == refused_before)
        diags_.error(s.loc, "'time' block runs no kernel, so there is nothing to time", {}, len);
      return;
    }
  } else {
    auto n = evaluate_count(s.value, scope_, diags_, "parallel", 1, 4096);
    if (!n) return;
    step.series = ctx.in_time ? std::string() : ctx.series.empty() ? ctx.label_text : ctx.series;
    LoopVariable worker(scope_, "worker");
    sandbox::SpaceLedger::Concurrent space(space_);
    for (long long w = 1; w <= *n && !too_big_; ++w) {
      space.start_worker();
      worker.set(range_item(w));
      step.workers.emplace_back();
      const std::size_t errors_before = diags_.error_count(), refused_before = refused_;
      walk_block(s.body, inner, &step.workers.back());
      if (too_big_) return;
      // The same error in every worker (found once: Diagnostics keeps one of each).
      if (diags_.error_count() != errors_before || refused_ != refused_before) break;
      if (step.workers.back().empty() && !counting_) {
        diags_.error(s.loc, "'parallel' block runs no kernel", {}, len);
        break;
      }
    }
    if (counting_) {
      if (!group) count_step(s.loc);
      return;
    }
    space.finish(s.loc);
    check_parallel_memory(step, s.loc);
  }
  if (group)
    group->push_back(std::move(step));
  else
    add_step(std::move(step), ctx.phase);
}

void Checker::check_parallel_memory(const plan::Step& step, lang::SourceLoc loc) {
  std::uint64_t total = 0;
  for (const auto& worker : step.workers) {
    std::uint64_t peak = 0;  // a worker's statements run one after another
    for (const auto& top : worker)
      for (const plan::Step* k : plan::kernel_steps(top)) peak = std::max(peak, k->kernel.effects.memory);
    total += peak;
  }
  memory_fits(total, loc, fmt::format("the {} workers hold", step.workers.size()),
              "use fewer workers or smaller sizes");
}

bool Checker::memory_fits(std::uint64_t total, lang::SourceLoc loc, const std::string& holders, std::string_view hint) {
  const std::uint64_t available = machine_.available_memory_bytes();
  if (available == 0 || total <= available) return true;
  constexpr double mib = 1024.0 * 1024.0;
  diags_.error(loc,
               fmt::format("{} {:.1f} MiB of memory at once, more than the {:.1f} MiB this machine has available",
                           holders, static_cast<double>(total) / mib, static_cast<double>(available) / mib),
               std::string(hint), word_width(loc));
  return false;
}

}  // namespace hwbench::runtime::check::detail
