// The only file that sees the grammar, the actions and the AST together.
//
// - Actions (Action<Rule>, lang/recipe/parse_actions.hpp) hand what each rule matched to the
//   AstBuilder.
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

#include "base/support/text_columns.hpp"
#include "lang/recipe/ast_builder.hpp"
#include "lang/recipe/grammar.hpp"
#include "lang/recipe/parse_actions.hpp"
#include "lang/recipe/parse_state.hpp"
#include "lang/recipe/statement_syntax_errors.hpp"
#include "lang/recipe/syntax_errors.hpp"
#include "lang/recipe/value_syntax_errors.hpp"

namespace hwbench::lang::recipe {

namespace parsing {

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

  template <p::apply_mode A, p::rewind_mode M, template <typename...> class Action, template <typename...> class Ctl,
            typename ParseInput>
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

}  // namespace parsing

namespace {

/// Where `text` first stops being UTF-8 (a stray byte, a cut or overlong sequence), or has a
/// carriage return alone, with its line and column; nullopt when it has neither. A recipe's text
/// is kept in its result file, whose JSON is UTF-8, beside its SHA-256: a byte that cannot be
/// kept would break that check.
std::optional<SourceLoc> first_unreadable(std::string_view text) {
  SourceLoc loc{1, 1, 0};
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = support::utf8_length(text, i);
    // A carriage return alone ends a line on old Macs: the grammar would read their lines as one.
    const bool lone_cr = text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n');
    if (n == 0 || lone_cr) {
      loc.offset = i;
      return loc;
    }
    if (text[i] == '\n') {
      ++loc.line;
      loc.column = 1;
    } else {
      loc.column += static_cast<std::uint32_t>(n);
    }
    i += n;
  }
  return std::nullopt;
}

}  // namespace

std::optional<Recipe> parse(const Source& source, Diagnostics& diags) {
  if (const auto bad = first_unreadable(source.text)) {
    if (source.text[bad->offset] == '\r') {
      diags.error(*bad, "a line ends with a carriage return alone (old Mac line ends)",
                  "save the recipe with Unix (LF) or Windows (CR LF) line ends: tr '\\r' '\\n' < OLD > NEW");
      return std::nullopt;
    }
    diags.error(*bad,
                fmt::format("the recipe is not UTF-8 here (byte 0x{:02X})",
                            static_cast<unsigned char>(source.text[bad->offset])),
                "save it as UTF-8: a Latin-1 'é' is the one byte 0xE9, UTF-8's is two");
    return std::nullopt;
  }
  using parsing::Action;
  using parsing::Control;
  using parsing::State;
  using parsing::SyntaxError;
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

}  // namespace hwbench::lang::recipe
