// The checker's caps on a recipe's size: the counting walk that refuses a recipe past them
// before anything is bound, and the counts the full walk keeps (recipe_walk.hpp).
#include "runtime/check/recipe_walk.hpp"

namespace hwbench::runtime::check::detail {

std::optional<lang::Diagnostic> Checker::expansion_error(const lang::recipe::Recipe& recipe) {
  lang::Diagnostics ignored;  // every other finding is the full walk's to report
  Checker counter(source_, opts_, ignored);
  counter.counting_ = true;
  counter.define_cpus();
  counter.walk_block(recipe.statements, Ctx{}, nullptr);
  if (counter.size_error_) return counter.size_error_;
  // A value grown past its cap is refused alone too: walking on would build it again.
  for (const auto& d : ignored.all())
    if (d.message == kValueTooLarge) return d;
  return std::nullopt;
}

void Checker::refuse_size(lang::SourceLoc loc, std::string message, std::string hint) {
  if (!too_big_) {
    lang::Diagnostic d;
    d.loc = loc;
    d.message = std::move(message);
    d.hint = std::move(hint);
    size_error_ = d;
    diags_.add(std::move(d));
  }
  too_big_ = true;
}

bool Checker::count_step(lang::SourceLoc loc) {
  if (++step_count_ > kMaxSteps) {
    refuse_size(loc, fmt::format("the recipe expands to more than {} statements", kMaxSteps),
                "use fewer repetitions, or `runs N` on one statement");
    return false;
  }
  return true;
}

}  // namespace hwbench::runtime::check::detail
