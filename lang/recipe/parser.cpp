// The only file that sees the grammar, the actions and the AST together.
//
// - Actions (Action<Rule>) hand what each rule matched to the AstBuilder.
// - The control class (Control<Rule>) opens a builder transaction for every rule it
//   tries, remembers where brackets and tokens begin (so that an unclosed '{' is
//   reported at the '{'), turns each `must<>` failure into a diagnostic with a
//   message and a hint (Expected<Rule>), and recovers at statement boundaries so
//   that one run reports the errors of many statements.
#include "lang/recipe/parser.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <tao/pegtl.hpp>

#include "lang/recipe/ast_builder.hpp"
#include "lang/recipe/grammar.hpp"
#include "lang/recipe/parse_state.hpp"
#include "lang/recipe/syntax_errors.hpp"

namespace hwbench::lang {

namespace recipe_parse {

namespace p = tao::pegtl;

// ---- Recovery ---------------------------------------------------------------------------

/// Skips the rest of a statement that had a syntax error, from its start: to the
/// `;` or newline that ends it outside any bracket, or to the `}` that closes the
/// enclosing block (left for the block).
template <typename ParseInput>
void skip_statement(ParseInput& in) {
  std::vector<char> open;
  bool first = true;
  auto contains = [&](char c) { return std::find(open.begin(), open.end(), c) != open.end(); };
  auto pop_to = [&](char c) {
    while (!open.empty()) {
      char top = open.back();
      open.pop_back();
      if (top == c) break;
    }
  };
  while (!in.empty()) {
    char c = in.peek_char();
    if (c == '"') {
      in.bump(1);
      while (!in.empty() && in.peek_char() != '\n') {
        char s = in.peek_char();
        if (s == '\\' && in.size(2) >= 2 && in.peek_char(1) != '\n') {
          in.bump(2);
          continue;
        }
        in.bump(1);
        if (s == '"') break;
      }
    } else if (c == '#') {
      while (!in.empty() && in.peek_char() != '\n') in.bump(1);
    } else if (c == '{' || c == '[' || c == '(') {
      open.push_back(c);
      in.bump(1);
    } else if (c == '}') {
      if (contains('{')) {
        pop_to('{');
      } else if (!first) {
        return;
      }
      in.bump(1);
      if (open.empty() && first) return;
    } else if (c == ']' || c == ')') {
      char opener = c == ']' ? '[' : '(';
      if (contains(opener)) pop_to(opener);
      in.bump(1);
    } else if (c == '\n' || c == ';') {
      in.bump(1);
      if (open.empty()) return;
    } else {
      in.bump(1);
    }
    first = false;
  }
}

template <typename Rule>
inline constexpr bool recovers = false;
template <>
inline constexpr bool recovers<g::top_statement> = true;
template <>
inline constexpr bool recovers<g::block_statement> = true;

// ---- Control ----------------------------------------------------------------------------

/// How many brackets, blocks and strings may be open at once.
constexpr std::size_t max_nesting = 200;

/// Rules that recurse without a bracket: a statement as the body of repeat, for or series
/// (`repeat 1 repeat 1 …`) and unary minus (`- - - 1`), named for the error message.
template <typename Rule>
inline constexpr const char* recursion = nullptr;
template <>
inline constexpr const char* recursion<g::statement> = "statements";
template <typename S>
inline constexpr const char* recursion<g::negate_operand<S>> = "'-' signs";

template <typename Rule>
struct Control : p::normal<Rule> {
  template <typename ParseInput>
  static void start(const ParseInput& in, State& state) {
    state.builder.begin();
    if constexpr (tracked<Rule>.has_value()) {
      // The parser recurses into brackets; a hostile recipe must not exhaust the stack.
      if (*tracked<Rule> != Construct::token && state.open.size() >= max_nesting)
        throw Here::at(loc_of(in.iterator()), fmt::format("nesting too deep: more than {} open brackets", max_nesting),
                       "split the recipe into simpler statements");
      state.open.push_back({*tracked<Rule>, loc_of(in.iterator())});
    }
  }

  template <typename ParseInput>
  static void success(const ParseInput&, State& state) {
    state.builder.commit();
    if constexpr (tracked<Rule>.has_value()) state.open.pop_back();
  }

  template <typename ParseInput>
  static void failure(const ParseInput&, State& state) {
    state.builder.rollback();
    if constexpr (tracked<Rule>.has_value()) state.open.pop_back();
  }

  template <typename ParseInput>
  [[noreturn]] static void raise(const ParseInput& in, State& state) {
    throw Expected<Rule>::make(Here(state, loc_of(in.iterator())));
  }

  template <p::apply_mode A, p::rewind_mode M, template <typename...> class Action,
            template <typename...> class Ctl, typename ParseInput>
  [[nodiscard]] static bool match(ParseInput& in, State& state) {
    if constexpr (recovers<Rule>) {
      const auto start = in.iterator();
      const auto depth = state.builder.depth();
      const auto open = state.open.size();
      try {
        return p::normal<Rule>::template match<A, M, Action, Ctl>(in, state);
      } catch (const SyntaxError& error) {
        state.errors.push_back(error.diagnostic);
        state.builder.abandon(depth);
        state.open.resize(open);
        in.iterator() = start;
        if (error.resume > start.byte)
          in.bump(error.resume - start.byte);
        else
          skip_statement(in);
        return true;
      }
    } else if constexpr (recursion<Rule> != nullptr) {
      // Like brackets, these recurse in the parser; a hostile recipe must not exhaust the stack.
      // Twice the bracket limit: with braces (`repeat 1 { repeat 1 { … } }`) the bracket limit
      // must come first, or its error recovery meets this one at every level.
      if (state.recursion >= 2 * max_nesting)
        throw Here::at(loc_of(in.iterator()),
                       fmt::format("nesting too deep: more than {} nested {}", 2 * max_nesting, recursion<Rule>),
                       "split the recipe into simpler statements");
      ++state.recursion;
      struct Leave {
        std::size_t& depth;
        ~Leave() { --depth; }
      } leave{state.recursion};
      return p::normal<Rule>::template match<A, M, Action, Ctl>(in, state);
    } else {
      return p::normal<Rule>::template match<A, M, Action, Ctl>(in, state);
    }
  }
};

// ---- Actions ------------------------------------------------------------------------------

template <typename Rule>
struct Action : p::nothing<Rule> {};

template <>
struct Action<g::number> {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.number(loc_of(in.iterator()), in.string_view());
  }
};

/// Bare identifiers pushed as words: values and names.
struct WordAction {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.word(loc_of(in.iterator()), in.string_view());
  }
};
template <>
struct Action<g::value_word> : WordAction {};
template <>
struct Action<g::location_name> : WordAction {};
template <>
struct Action<g::let_name> : WordAction {};
template <>
struct Action<g::for_var> : WordAction {};
template <>
struct Action<g::kernel_name> : WordAction {};
template <>
struct Action<g::baseline_name> : WordAction {};
template <typename S>
struct Action<g::add_op<S>> : WordAction {};
template <typename S>
struct Action<g::mul_op<S>> : WordAction {};
template <>
struct Action<g::compare_op> : WordAction {};

template <>
struct Action<g::var_ref> {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.variable(loc_of(in.iterator()), in.string_view(), in.string_view().substr(1));
  }
};

template <>
struct Action<g::interp_name> {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.variable(loc_of(in.iterator()), in.string_view(), in.string_view());
  }
};

template <>
struct Action<g::dollar_brace> {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.enclose(loc_of(in.iterator()), in.string_view());
  }
};

template <>
struct Action<g::splice> {
  template <typename In>
  static void apply(const In&, State& state) {
    state.builder.splice();
  }
};

struct LiteralAction {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.literal(in.string_view());
  }
};
template <>
struct Action<g::string_chars> : LiteralAction {};
template <>
struct Action<g::path_chars> : LiteralAction {};

template <>
struct Action<g::escape> {
  template <typename In>
  static void apply(const In& in, State& state) {
    switch (in.string_view()[1]) {
      case 'n': state.builder.literal("\n"); break;
      case 't': state.builder.literal("\t"); break;
      default: state.builder.literal(in.string_view().substr(1, 1)); break;
    }
  }
};

template <>
struct Action<g::string_lit> {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.string(loc_of(in.iterator()), in.string_view());
  }
};

template <>
struct Action<g::plain_path> {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.path(loc_of(in.iterator()), in.string_view(), {});
  }
};

template <>
struct Action<g::located_path> {
  template <typename In>
  static void apply(const In& in, State& state) {
    auto text = in.string_view();
    state.builder.path(loc_of(in.iterator()), text, text.substr(0, text.find(':')));
  }
};

template <typename S>
struct Action<g::list<S>> {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.list(loc_of(in.iterator()), in.string_view());
  }
};

template <typename First>
struct Action<g::range_value<First>> {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.range(loc_of(in.iterator()), in.string_view());
  }
};

template <typename S>
struct Action<g::negate<S>> {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.negate(loc_of(in.iterator()), in.string_view());
  }
};

struct BinaryAction {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.binary(in.iterator().byte + in.size());
  }
};
template <typename S>
struct Action<g::sum_tail<S>> : BinaryAction {};
template <typename S>
struct Action<g::product_tail<S>> : BinaryAction {};
template <>
struct Action<g::if_condition> : BinaryAction {};

template <>
struct Action<g::value_item> {
  template <typename In>
  static void apply(const In&, State& state) {
    state.builder.item_value();
  }
};

struct ItemWordAction {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.item_word(loc_of(in.iterator()), in.string_view());
  }
};
template <typename Name>
struct Action<g::word_of<Name>> : ItemWordAction {};

template <>
struct Action<g::arrow> {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.item_arrow(loc_of(in.iterator()), in.string_view());
  }
};

template <>
struct Action<g::comma> {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.item_comma(loc_of(in.iterator()), in.string_view());
  }
};

// ---- The parts of report, baseline, index and compare -----------------------------------------

/// The item its rule just pushed takes role `R` in the statement.
template <Role R>
struct RoleAction {
  template <typename In>
  static void apply(const In&, State& state) {
    state.builder.role(R);
  }
};
/// The keyword or ',' its rule matched has role `R` in the statement.
template <Role R>
struct RoleWordAction {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.role_word(R, loc_of(in.iterator()), in.string_view());
  }
};
template <>
struct Action<g::report_table> : RoleWordAction<Role::report_table> {};
template <>
struct Action<g::report_head> : RoleAction<Role::report_head> {};
template <>
struct Action<g::report_with> : RoleWordAction<Role::report_with> {};
template <>
struct Action<g::report_comma> : RoleWordAction<Role::report_comma> {};
template <>
struct Action<g::report_arg> : RoleAction<Role::report_arg> {};
template <>
struct Action<g::baseline_file> : RoleAction<Role::baseline_file> {};
template <>
struct Action<g::index_series> : RoleAction<Role::index_series> {};
template <>
struct Action<g::index_baseline> : RoleAction<Role::index_baseline> {};
template <>
struct Action<g::index_scale> : RoleAction<Role::index_scale> {};
template <>
struct Action<g::index_aggregate> : RoleAction<Role::index_aggregate> {};
template <>
struct Action<g::compare_file> : RoleAction<Role::compare_file> {};
template <>
struct Action<g::compare_option_name> : RoleAction<Role::compare_option> {};
template <>
struct Action<g::compare_option_value> : RoleAction<Role::compare_value> {};

template <>
struct Action<g::content_end> {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.statement_end(in.iterator().byte);
  }
};

template <StmtKind Kind>
struct StatementAction {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.statement(Kind, loc_of(in.iterator()));
  }
};
template <>
struct Action<g::title_stmt> : StatementAction<StmtKind::title> {};
template <>
struct Action<g::source_stmt> : StatementAction<StmtKind::source> {};
template <>
struct Action<g::note_stmt> : StatementAction<StmtKind::note> {};
template <>
struct Action<g::location_stmt> : StatementAction<StmtKind::location> {};
template <>
struct Action<g::let_stmt> : StatementAction<StmtKind::let> {};
template <>
struct Action<g::repeat_stmt> : StatementAction<StmtKind::repeat> {};
template <>
struct Action<g::for_stmt> : StatementAction<StmtKind::for_> {};
template <>
struct Action<g::setup_stmt> : StatementAction<StmtKind::setup> {};
template <>
struct Action<g::teardown_stmt> : StatementAction<StmtKind::teardown> {};
template <>
struct Action<g::series_stmt> : StatementAction<StmtKind::series> {};
template <>
struct Action<g::time_stmt> : StatementAction<StmtKind::time> {};
template <>
struct Action<g::parallel_stmt> : StatementAction<StmtKind::parallel> {};
template <>
struct Action<g::report_stmt> : StatementAction<StmtKind::report> {};
template <>
struct Action<g::baseline_stmt> : StatementAction<StmtKind::baseline> {};
template <>
struct Action<g::index_stmt> : StatementAction<StmtKind::index> {};
template <>
struct Action<g::compare_stmt> : StatementAction<StmtKind::compare> {};
template <>
struct Action<g::kernel_stmt> : StatementAction<StmtKind::kernel> {};
template <>
struct Action<g::kernel_def_stmt> : StatementAction<StmtKind::kernel_def> {};
template <>
struct Action<g::if_stmt> : StatementAction<StmtKind::if_> {};
template <>
struct Action<g::if_block> : StatementAction<StmtKind::branch> {};
template <>
struct Action<g::else_block> : StatementAction<StmtKind::branch> {};

}  // namespace recipe_parse

std::optional<Recipe> parse(const Source& source, Diagnostics& diags) {
  using recipe_parse::Action;
  using recipe_parse::Control;
  using recipe_parse::State;
  using recipe_parse::SyntaxError;
  namespace p = tao::pegtl;
  namespace g = grammar;
  State state(source.text);
  p::memory_input<> in(source.text.data(), source.text.size(), source.name);
  try {
    p::parse<g::recipe, Action, Control>(in, state);
  } catch (const SyntaxError& error) {
    // Every statement recovers on its own; this is only a safety net.
    state.errors.push_back(error.diagnostic);
  }
  auto errors = state.errors;
  const auto& lexical = state.builder.errors();
  errors.insert(errors.end(), lexical.begin(), lexical.end());
  std::stable_sort(errors.begin(), errors.end(),
                   [](const Diagnostic& a, const Diagnostic& b) { return a.loc.offset < b.loc.offset; });
  for (auto& error : errors) diags.add(std::move(error));
  if (!errors.empty()) return std::nullopt;
  return state.builder.finish();
}

}  // namespace hwbench::lang
