// The checker's walk through the statements that belong at the top level only: `settle` and
// `section` (recipe_walk.hpp).
#include "runtime/check/recipe_walk.hpp"

namespace hwbench::runtime::check::detail {

void Checker::walk_settle(const recipe::Stmt& s, const Ctx& ctx) {
  // One error for the statement's place, not one for each pass of a loop around it.
  if (settle_refused_.count(s.loc.offset)) return;
  if (!placed_well(s, ctx)) {
    settle_refused_.insert(s.loc.offset);
    return;
  }
  if (plan_.settle) {
    diags_.error(s.loc, "a recipe settles once",
                 fmt::format("the first 'settle' is at line {}", plan_.settle->loc.line), word_width(s.loc));
    return;
  }
  if (!plan_.main.empty()) {
    diags_.error(s.loc, "'settle' comes after a timed statement",
                 fmt::format("move it above line {}, where the timed statements begin", plan_.main.front().loc.line),
                 word_width(s.loc));
    return;
  }
  SettleRequest req{scope_,
                    *resolver_,
                    vfs_,
                    plan_.creates,
                    [this](const std::string& path) { return machine_.filesystem_type(path); },
                    diags_};
  auto settle = bind_settle(s, req);
  if (!settle) return;
  plan_.timed_seconds_known += settle->seconds;
  plan_.settle = std::move(settle);
}

void Checker::walk_section(const recipe::Stmt& s, const Ctx& ctx) {
  auto v = evaluate(s.value, scope_, diags_);
  if (!v) return;
  const std::string title = to_text(*v);
  if (!placed_well(s, ctx, title)) return;
  if (title.empty()) {
    diags_.error(s.value.loc, "a section needs a title", "write section \"TITLE\" { … }",
                 static_cast<std::uint32_t>(std::max<std::size_t>(1, s.value.text.size())));
    return;
  }
  Ctx inner = ctx;
  inner.section = title;
  std::vector<std::string> series;
  section_series_ = &series;
  section_title_ = title;
  section_imports_ = false;
  const std::size_t first_report = plan_.reports.size();
  walk_block(s.body, inner, nullptr);
  section_series_ = nullptr;
  section_title_.clear();
  section_titles_.push_back(title);
  if (counting_ || plan_.reports.size() == first_report) return;
  // A section whose series were all refused has their errors already; one with none at all
  // would print reports that cover nothing.
  if (series.empty() && refused_series_.empty() && !section_imports_) {
    diags_.error(s.loc, fmt::format("section \"{}\" has reports but no series", title),
                 "a report in a section covers the series declared in it; put the report outside any section "
                 "to cover every series",
                 word_width(s.loc));
    return;
  }
  // An interleaved comparison keeps its own block's series.
  for (std::size_t i = first_report; i < plan_.reports.size(); ++i)
    if (plan_.reports[i].style.layout != model::ReportLayout::interleaved) plan_.reports[i].series = series;
}

}  // namespace hwbench::runtime::check::detail
