// Where each statement may stand, as one table, and the one refusal for a statement that stands
// elsewhere (recipe_walk.hpp).
#include <cctype>

#include "runtime/check/recipe_walk.hpp"

namespace hwbench::runtime::check::detail {

namespace {

/// A place the walk can be in, which a statement may be refused.
enum class Place {
  section,     ///< inside a `section`
  if_branch,   ///< inside a branch of an `if`
  below_top,   ///< below the recipe's top level: in a loop, a block, setup, teardown or a group
  untimed,     ///< in setup or teardown
  group,       ///< inside `time` or `parallel`
  parallel,    ///< inside `parallel`
  time,        ///< inside `time`
  interleave,  ///< inside `interleave`
};

/// A statement kind refused in one place, with the error it gets there. The texts are format
/// strings: {0} is the statement's keyword, {1} the title of the section around, {2} the
/// statement's own title (a section's).
struct PlacementRule {
  recipe::StmtKind kind;
  Place place;
  std::string_view message;
  std::string_view hint;
};

constexpr std::string_view kTopOnly = "'{0}' is only allowed at the top level of a recipe";
constexpr std::string_view kBelongsAtTop = "'{0}' belongs at the top level of a recipe";
constexpr std::string_view kUntimed = "'{0}' has no meaning in setup or teardown: nothing there is timed";
constexpr std::string_view kOutOfSection = "it is declared for the whole recipe: move it out of section \"{1}\"";
constexpr std::string_view kOneSample = "a group is one sample; nest loops inside it instead";
constexpr std::string_view kKernelAtTop = "a kernel definition belongs at the top level of a recipe";
constexpr std::string_view kSettleHint =
    "settle lets the files setup wrote settle before timing: write it at the top level, after the setup block and "
    "before the first timed statement";
constexpr std::string_view kInInterleave = "'{0}' cannot stand inside 'interleave'";
constexpr std::string_view kInterleaveBodyHint =
    "an interleave block holds kernel statements that take turns, each a series of its own";
constexpr std::string_view kSectionHint =
    "a section groups series and their reports: move it out of the block around it";

/// Every place rule, a kind's rules in the order they are checked: the first one broken refuses.
/// A kind without a row may stand anywhere.
constexpr PlacementRule kPlacement[] = {
    {recipe::StmtKind::location, Place::section, kTopOnly, kOutOfSection},
    {recipe::StmtKind::location, Place::if_branch, kTopOnly,
     "a location is declared for the whole recipe: move it out of the 'if'"},
    {recipe::StmtKind::location, Place::below_top, kTopOnly, "move it before the statements that use it"},
    {recipe::StmtKind::kernel_def, Place::section, kTopOnly, kOutOfSection},
    {recipe::StmtKind::kernel_def, Place::below_top, kKernelAtTop, {}},
    {recipe::StmtKind::kernel_def, Place::if_branch, kKernelAtTop, {}},
    {recipe::StmtKind::setup, Place::section, kTopOnly, kOutOfSection},
    {recipe::StmtKind::setup, Place::below_top, kTopOnly, {}},
    {recipe::StmtKind::teardown, Place::section, kTopOnly, kOutOfSection},
    {recipe::StmtKind::teardown, Place::below_top, kTopOnly, {}},
    {recipe::StmtKind::series, Place::untimed, kUntimed, {}},
    // `time { parallel N { … } }` is the Perl script's shape: the parent times its workers.
    // Anything deeper has no meaning: a group is one sample.
    {recipe::StmtKind::time, Place::parallel, "'{0}' cannot stand inside 'parallel'", kOneSample},
    {recipe::StmtKind::time, Place::time, "'{0}' cannot stand inside 'time'", kOneSample},
    {recipe::StmtKind::time, Place::untimed, kUntimed, {}},
    {recipe::StmtKind::parallel, Place::parallel, "'{0}' cannot stand inside 'parallel'", kOneSample},
    {recipe::StmtKind::parallel, Place::untimed, kUntimed, {}},
    {recipe::StmtKind::time, Place::interleave, kInInterleave, kInterleaveBodyHint},
    {recipe::StmtKind::parallel, Place::interleave, kInInterleave, kInterleaveBodyHint},
    {recipe::StmtKind::interleave, Place::interleave, "'interleave' blocks do not nest", kInterleaveBodyHint},
    {recipe::StmtKind::interleave, Place::group, "'{0}' cannot stand inside 'time' or 'parallel'", kOneSample},
    {recipe::StmtKind::interleave, Place::untimed, kUntimed, {}},
    {recipe::StmtKind::report, Place::untimed, kBelongsAtTop, {}},
    {recipe::StmtKind::report, Place::group, kBelongsAtTop, {}},
    {recipe::StmtKind::baseline, Place::below_top, kBelongsAtTop, {}},
    {recipe::StmtKind::index, Place::below_top, kBelongsAtTop, {}},
    {recipe::StmtKind::compare, Place::below_top, kBelongsAtTop, {}},
    {recipe::StmtKind::settle, Place::below_top, kBelongsAtTop, kSettleHint},
    {recipe::StmtKind::settle, Place::untimed, kBelongsAtTop, kSettleHint},
    {recipe::StmtKind::section, Place::section, "section \"{2}\" is inside section \"{1}\"",
     "sections do not nest: close \"{1}\" with '}}' before \"{2}\" begins"},
    {recipe::StmtKind::section, Place::below_top, kBelongsAtTop, kSectionHint},
    {recipe::StmtKind::section, Place::if_branch, kBelongsAtTop, kSectionHint},
    {recipe::StmtKind::section, Place::untimed, kBelongsAtTop, kSectionHint},
};

/// Whether the walk at `ctx` is in `place`.
bool walk_is_in(Place place, const Ctx& ctx) {
  switch (place) {
    case Place::section:
      return !ctx.section.empty();
    case Place::if_branch:
      return ctx.in_if;
    case Place::below_top:
      return !ctx.top;
    case Place::untimed:
      return ctx.phase != Phase::main;
    case Place::group:
      return ctx.in_group;
    case Place::parallel:
      return ctx.in_parallel;
    case Place::time:
      return ctx.in_time;
    case Place::interleave:
      return ctx.in_interleave;
  }
  return false;
}

/// The word at `offset` of `text`: letters and underscores (a keyword, a kernel's name).
std::string_view word_at(std::string_view text, std::size_t offset) {
  if (offset >= text.size()) return {};
  std::size_t end = offset;
  while (end < text.size() && (std::isalpha(static_cast<unsigned char>(text[end])) || text[end] == '_')) ++end;
  return text.substr(offset, end - offset);
}

}  // namespace

std::uint32_t Checker::word_width(lang::SourceLoc loc) const {
  return static_cast<std::uint32_t>(std::max<std::size_t>(1, word_at(source_.text, loc.offset).size()));
}

bool Checker::placed_well(const recipe::Stmt& s, const Ctx& ctx, std::string_view title) {
  for (const PlacementRule& rule : kPlacement) {
    if (rule.kind != s.kind || !walk_is_in(rule.place, ctx)) continue;
    const std::string_view word = word_at(source_.text, s.loc.offset);
    diags_.error(s.loc, fmt::format(fmt::runtime(rule.message), word, ctx.section, title),
                 fmt::format(fmt::runtime(rule.hint), word, ctx.section, title), word_width(s.loc));
    return false;
  }
  return true;
}

}  // namespace hwbench::runtime::check::detail
