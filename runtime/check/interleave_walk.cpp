// The checker's walk of `interleave [rounds N] [slice N | slice DURATION] { … }` and of the bare
// `compare` inside it (recipe_walk.hpp; docs/language.md, "Interleaved comparisons").
#include <utility>

#include "base/support/suggestions.hpp"
#include "runtime/analysis/compare.hpp"
#include "runtime/check/binders/binding_cursor.hpp"
#include "runtime/check/recipe_walk.hpp"

namespace hwbench::runtime::check::detail {

namespace {

constexpr const char* kInterleaveHint = "write it like: interleave rounds 10 slice 2 { … } or slice 500ms";
constexpr long long kMaxRounds = 10'000;
constexpr long long kMaxSlice = 100'000;

std::uint32_t text_width(std::string_view text) {
  return static_cast<std::uint32_t>(std::max<std::size_t>(1, text.size()));
}

}  // namespace

std::optional<plan::Interleave> Checker::interleave_options(const recipe::Stmt& s) {
  plan::Interleave in;
  std::set<std::string> seen;
  bool ok = true;
  // Every option is checked, so one pass reports every mistake in them.
  for (std::size_t i = 0; i < s.items.size(); ++i) {
    const recipe::Item& name = s.items[i];
    const bool has_value = i + 1 < s.items.size() && s.items[i + 1].kind == recipe::Item::Kind::expr;
    const recipe::Expr* value = has_value ? &s.items[++i].expr : nullptr;
    const bool known = name.kind == recipe::Item::Kind::word && (name.word == "rounds" || name.word == "slice");
    if (!known) {
      diags_.error(name.loc, fmt::format("'interleave' has no option '{}'", name.word),
                   support::did_you_mean(name.word, {"rounds", "slice"}, kInterleaveHint), text_width(name.word));
    } else if (!seen.insert(name.word).second) {
      diags_.error(name.loc, fmt::format("'{}' is given twice", name.word), kInterleaveHint, text_width(name.word));
    } else if (value == nullptr) {
      diags_.error(name.loc, fmt::format("expected a value after '{}'", name.word), kInterleaveHint,
                   text_width(name.word));
    } else if (interleave_option(name.word, *value, in)) {
      continue;
    }
    ok = false;
  }
  if (!ok) return std::nullopt;
  return in;
}

bool Checker::interleave_option(const std::string& name, const recipe::Expr& value, plan::Interleave& in) {
  if (name == "rounds") {
    auto n = evaluate_count(value, scope_, diags_, "rounds", 2, kMaxRounds);
    if (n) in.rounds = static_cast<std::uint32_t>(*n);
    return n.has_value();
  }
  auto v = evaluate(value, scope_, diags_);
  if (!v) return false;
  if (v->kind == Value::Kind::number && v->number.dim == lang::Dim::seconds) {
    if (!(v->number.value > 0 && v->number.value <= 3600)) {
      diags_.error(value.loc, "a slice lasts between 0 and 1h", kInterleaveHint, text_width(value.text));
      return false;
    }
    in.slice_seconds = v->number.value;
    return true;
  }
  auto n = evaluate_count(value, scope_, diags_, "slice", 1, kMaxSlice);
  if (n) in.slice_runs = static_cast<std::uint32_t>(*n);
  return n.has_value();
}

void Checker::walk_interleave(const recipe::Stmt& s, const Ctx& ctx) {
  // A bad option is told, and the block's statements are checked all the same: their errors, and
  // their labels against the rest of the recipe, come in the same pass.
  auto options = interleave_options(s);
  plan::Step step;
  step.kind = plan::Step::Kind::interleave;
  step.loc = s.loc;
  step.interleave = options.value_or(plan::Interleave{});
  Ctx inner = ctx;
  inner.top = false;
  inner.in_interleave = true;
  interleave_compare_ = nullptr;
  const std::size_t errors_before = diags_.error_count(), refused_before = refused_;
  walk_block(s.body, inner, &step.children);
  const recipe::Stmt* compare = std::exchange(interleave_compare_, nullptr);
  if (counting_) {
    count_step(s.loc);
    return;
  }
  if (diags_.error_count() != errors_before || refused_ != refused_before) return;
  if (!interleave_series_apart(s, step) || !options || !interleave_memory_fits(s, step)) return;
  for (plan::Step& child : step.children) {
    plan::Policy& p = child.kernel.policy;
    if (options->slice_seconds > 0) {
      // A slice of a duration takes samples until its time is up: no count is known.
      p.runs_min = p.runs_max = UINT32_MAX;
    } else {
      p.runs_min = p.runs_max = options->rounds * options->slice_runs;
    }
  }
  std::vector<std::string> labels;
  for (const plan::Step& child : step.children) labels.push_back(child.series);
  if (compare != nullptr) bind_interleaved_compare(*compare, labels, ctx);
  if (!count_step(s.loc)) return;
  for (const plan::Step& child : step.children) note_timed(child, &step.interleave);
  plan_.main.push_back(std::move(step));
}

bool Checker::interleave_series_apart(const recipe::Stmt& s, const plan::Step& step) {
  if (step.children.size() < 2) {
    diags_.error(s.loc, "'interleave' needs two statements or more to take turns",
                 "put the statements to compare inside the block: interleave { A; B }", word_width(s.loc));
    return false;
  }
  std::set<std::string> labels;
  for (const plan::Step& child : step.children) {
    const std::string& label = child.series;
    if (!plan::keeps_own_series(child.kernel)) {
      diags_.error(child.loc, "a statement whose figures an importer reads cannot take turns in 'interleave'",
                   "time the program itself in the block, without 'import', or run it before the block",
                   word_width(child.loc));
      return false;
    }
    const bool fed_before =
        std::find(plan_.series_order.begin(), plan_.series_order.end(), label) != plan_.series_order.end();
    if (!labels.insert(label).second || fed_before) {
      diags_.error(child.loc,
                   fmt::format("series \"{}\" has another statement {}", label,
                               fed_before ? "before the block" : "in the block"),
                   "each statement of an 'interleave' block is a series of its own: name them with series \"LABEL\"",
                   word_width(child.loc));
      return false;
    }
  }
  interleaved_series_.insert(labels.begin(), labels.end());
  return true;
}

bool Checker::interleave_memory_fits(const recipe::Stmt& s, const plan::Step& step) {
  // Every statement of the block is made when the block begins and kept to its end, so that a
  // turn costs no setup: their memory is held at once.
  std::uint64_t total = 0;
  for (const plan::Step& child : step.children) total += child.kernel.effects.memory;
  return memory_fits(total, s.loc, fmt::format("the {} statements of the block hold", step.children.size()),
                     "interleave fewer statements or smaller sizes");
}

void Checker::walk_paired_compare(const recipe::Stmt& s, const Ctx& ctx) {
  if (!ctx.in_interleave) {
    diags_.error(s.loc, "'compare' without 'with' compares the statements of an 'interleave' block",
                 "write compare with \"FILE\" to compare with a result, or put it inside interleave { … }",
                 word_width(s.loc));
    return;
  }
  if (interleave_compare_ != nullptr && interleave_compare_->loc.offset != s.loc.offset) {
    diags_.error(s.loc, "an 'interleave' block has one 'compare'",
                 fmt::format("the first is at line {}", interleave_compare_->loc.line), word_width(s.loc));
    return;
  }
  interleave_compare_ = &s;
}

void Checker::bind_interleaved_compare(const recipe::Stmt& s, const std::vector<std::string>& labels, const Ctx& ctx) {
  model::ReportSpec spec;
  spec.style.layout = model::ReportLayout::interleaved;
  spec.section = ctx.section;
  spec.series = labels;
  analysis::CompareOptions probe;
  for (const auto& [name, v] : std::get<recipe::CompareStmt>(s.form).options) {
    std::string value = v.word.text;
    if (v.value) {
      auto e = evaluate(*v.value, scope_, diags_);
      if (!e) return;
      value = v.value->kind == recipe::ExprKind::number ? v.value->number.text : to_text(*e);
    }
    if (auto why = analysis::set_compare_option(probe, name.text, value); !why.empty()) {
      diags_.error(v.word.loc, why, "write it like: compare effect 2% digits 3", text_width(v.word.text));
      return;
    }
    spec.options[name.text] = value;
  }
  plan_.reports.push_back(std::move(spec));
}

}  // namespace hwbench::runtime::check::detail
