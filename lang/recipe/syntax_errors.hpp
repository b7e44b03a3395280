#pragma once
// The recipe parser's syntax error messages: for each rule that must match, Expected<Rule>::make
// says what was expected where it failed, with a hint (lang/recipe/parser.cpp's control class calls
// it). This file holds the messages' helpers and the statements' messages;
// statement_syntax_errors.hpp has report, baseline, index and compare, value_syntax_errors.hpp
// the values and expressions. Only the parser includes them.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "base/support/suggestions.hpp"
#include "lang/recipe/keywords.hpp"
#include "lang/recipe/parse_state.hpp"

namespace hwbench::lang::recipe::parsing {

inline bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/// Where a rule failed, and what a message about it needs to know.
class Here {
 public:
  Here(const State& state, SourceLoc loc) : state_(state), loc_(loc) {}

  SourceLoc loc() const { return loc_; }
  bool at_end() const { return loc_.offset >= state_.text.size(); }
  /// The text from here to the end of the source.
  std::string_view rest() const { return state_.text.substr(std::min(loc_.offset, state_.text.size())); }
  char peek() const { return at_end() ? '\0' : state_.text[loc_.offset]; }
  bool at_line_end() const {
    auto rest = this->rest();
    return rest.empty() || rest[0] == '\n' || rest.substr(0, 2) == "\r\n";
  }

  /// The token at this position: a run of name characters, a UTF-8 character, or one byte.
  std::string_view token() const {
    auto rest = this->rest();
    if (rest.empty()) return rest;
    std::size_t n = 1;
    auto lead = static_cast<unsigned char>(rest[0]);
    if (is_name_char(rest[0])) {
      while (n < rest.size() && (is_name_char(rest[n]) || rest[n] == '-' || rest[n] == '%' || rest[n] == '.')) ++n;
    } else if (lead >= 0xC0) {
      while (n < rest.size() && (static_cast<unsigned char>(rest[n]) & 0xC0) == 0x80) ++n;
    }
    return rest.substr(0, n);
  }

  /// "'x'", "the end of the line" or "the end of the file".
  std::string found() const {
    if (at_end()) return "the end of the file";
    if (at_line_end()) return "the end of the line";
    return fmt::format("'{}'", token());
  }

  /// The innermost construct still open.
  const Open* innermost() const { return state_.open.empty() ? nullptr : &state_.open.back(); }
  /// The innermost bracket-like construct still open (tokens skipped).
  const Open* innermost_bracket() const {
    for (auto it = state_.open.rbegin(); it != state_.open.rend(); ++it)
      if (it->what != Construct::token) return &*it;
    return nullptr;
  }
  /// The source text from `from` to here.
  std::string_view since(SourceLoc from) const {
    return state_.text.substr(from.offset, loc_.offset > from.offset ? loc_.offset - from.offset : 0);
  }
  /// The last character before here that is not a blank.
  char previous_visible() const {
    for (auto i = std::min(loc_.offset, state_.text.size()); i > 0; --i) {
      char c = state_.text[i - 1];
      if (c != ' ' && c != '\t' && c != '\r' && c != '\n') return c;
    }
    return '\0';
  }

  /// The word before here, blanks skipped (`digits` in `digits ␣`).
  std::string_view previous_word() const {
    auto end = std::min(loc_.offset, state_.text.size());
    while (end > 0 && (state_.text[end - 1] == ' ' || state_.text[end - 1] == '\t')) --end;
    auto begin = end;
    while (begin > 0 && (is_name_char(state_.text[begin - 1]) || state_.text[begin - 1] == '-')) --begin;
    return state_.text.substr(begin, end - begin);
  }

  /// The first word of the statement this position is in, when the statement started on this
  /// line (after its start, a ';' or a '{'), and where it is; nullopt otherwise.
  std::optional<std::pair<std::string_view, SourceLoc>> statement_word() const {
    std::size_t start = std::min(loc_.offset, state_.text.size());
    while (start > 0 && state_.text[start - 1] != '\n' && state_.text[start - 1] != ';' &&
           state_.text[start - 1] != '{')
      --start;
    while (start < loc_.offset && (state_.text[start] == ' ' || state_.text[start] == '\t')) ++start;
    std::size_t end = start;
    while (end < loc_.offset && is_name_char(state_.text[end])) ++end;
    if (end == start) return std::nullopt;
    SourceLoc where = loc_;
    where.offset = start;
    where.column = static_cast<std::uint32_t>(loc_.column - (loc_.offset - start));
    return std::pair{state_.text.substr(start, end - start), where};
  }

  /// An error here, underlining the token found here.
  SyntaxError error(std::string message, std::string hint = {}) const {
    auto length = at_line_end() ? 1u : static_cast<std::uint32_t>(token().size());
    return at(loc_, std::move(message), std::move(hint), length);
  }
  /// An error at `where`.
  static SyntaxError at(SourceLoc where, std::string message, std::string hint = {}, std::uint32_t length = 1) {
    return {Diagnostic{Severity::error, where, std::move(message), std::move(hint), std::max(length, 1u)}};
  }
  /// The location one byte back on the same line (the '\' of an escape).
  SourceLoc back_one() const {
    auto l = loc_;
    if (l.column > 1) {
      --l.column;
      --l.offset;
    }
    return l;
  }

 private:
  const State& state_;
  SourceLoc loc_;
};

const char* const block_hint =
    "a block follows setup, teardown, repeat N, for NAME in …, series \"LABEL\", time \"LABEL\", parallel N or "
    "interleave";
const char* const statement_hint =
    "a statement starts with a keyword (let, repeat, for, series, time, report, …) or a kernel name";
const char* const spacing_hint = "separate the arguments of a statement with spaces";
const char* const for_hint = "write for NAME in [a, b] STATEMENT or for NAME in 1..10 { … }";
inline constexpr const char* if_hint = "write if A OP B { … } [else { … }], as in if $cpus > 1 { … }";
inline constexpr const char* index_hint = "write index \"LABEL\" = geomean(\"SERIES\", …) vs BASELINE";
inline constexpr const char* index_example =
    "write it like: index \"INTEGER INDEX\" = geomean(\"NUMERIC SORT\", \"IDEA\") vs k6";
inline constexpr const char* baseline_example = "write it like: baseline k6 from \"baselines/nbench.toml\"";
inline constexpr const char* compare_example =
    "write it like: compare with \"results/old.json\" ratio truncate digits 2 suffix \"x\"";
inline constexpr const char* table_example = "write it like: report table MB/s with mean";
inline constexpr const char* report_hint =
    "a report names a unit and its aggregates (report MB/s mean, median) or a style and its options (report nbench "
    "old p90)";

/// A closing bracket that closes nothing, or nullopt for other characters.
inline std::optional<SyntaxError> unmatched_closer(const Here& here) {
  switch (here.peek()) {
    case '}':
      return here.error("unexpected '}' with no '{' open", "remove it, or add the '{' that it closes");
    case ')':
      return here.error("unexpected ')' with no '(' open");
    case ']':
      return here.error("unexpected ']' with no '[' open");
    default:
      return std::nullopt;
  }
}

/// The path that starts here (`/…`, `./…`, `../…`, `NAME:…`), or "" when none does.
inline std::string_view path_here(const Here& here) {
  auto rest = here.rest();
  std::size_t n = 0;
  if (rest.substr(0, 1) == "/" || rest.substr(0, 2) == "./" || rest.substr(0, 3) == "../") {
    n = 1;
  } else {
    while (n < rest.size() && (is_name_char(rest[n]) || rest[n] == '-')) ++n;
    if (n == 0 || n >= rest.size() || rest[n] != ':') return {};
  }
  while (n < rest.size() && std::string_view(" \t\r\n;})],\"#").find(rest[n]) == std::string_view::npos) ++n;
  return rest.substr(0, n);
}

/// The width of the word or value that starts here, to underline it whole: a string to its
/// closing quote, a path, `$name`, a word with its `/…` (`MB/s`), or else the token.
inline std::uint32_t item_width(const Here& here) {
  if (here.at_line_end()) return 1;
  auto rest = here.rest();
  std::size_t n = here.token().size();
  if (rest[0] == '"') {
    n = 1;
    while (n < rest.size() && rest[n] != '"' && rest[n] != '\n')
      n += rest[n] == '\\' && n + 1 < rest.size() && rest[n + 1] != '\n' ? 2 : 1;
    if (n < rest.size() && rest[n] == '"') ++n;
  } else if (auto path = path_here(here); !path.empty()) {
    n = path.size();
  } else if (rest[0] == '$') {
    while (n < rest.size() && is_name_char(rest[n])) ++n;
  } else if (is_name_char(rest[0]) && n + 1 < rest.size() && rest[n] == '/' && is_name_char(rest[n + 1])) {
    for (++n; n < rest.size() && is_name_char(rest[n]);) ++n;
  }
  return static_cast<std::uint32_t>(std::max<std::size_t>(n, 1));
}

/// An error here, underlining the whole word or value found here.
inline SyntaxError item_error(const Here& here, std::string message, std::string hint = {}) {
  return Here::at(here.loc(), std::move(message), std::move(hint), item_width(here));
}

/// Where a statement ends, as a statement of items (kernel, report, …) expects it.
inline bool at_statement_end(const Here& here) {
  char c = here.peek();
  return here.at_end() || here.at_line_end() || c == ';' || c == '}';
}

/// The message for a rule that `must<>` match; every such rule has one (a missing one does not compile).
template <typename Rule>
struct Expected;

#define HWBENCH_EXPECTED(RULE, MESSAGE, HINT)                                           \
  template <>                                                                           \
  struct Expected<RULE> {                                                               \
    static SyntaxError make(const Here& here) { return here.error((MESSAGE), (HINT)); } \
  };

HWBENCH_EXPECTED(g::title_value, "expected a string after 'title'", "write title \"…\"")
HWBENCH_EXPECTED(g::source_value, "expected a string after 'source'", "write source \"…\"")
HWBENCH_EXPECTED(g::note_value, "expected a string after 'note'", "write note \"…\"")
HWBENCH_EXPECTED(g::location_name, "expected a name after 'location'", "write location NAME = \"PATH\"")
HWBENCH_EXPECTED(g::location_eq, "expected '=' after the location name", "write location NAME = \"PATH\"")
HWBENCH_EXPECTED(g::location_value, "expected a path after '='",
                 "write the path in quotes, or bare starting with '/', './', '../' or 'NAME:'")
HWBENCH_EXPECTED(g::let_name, "expected a variable name after 'let'",
                 "write let NAME = VALUE; names use letters, digits and '_'")
HWBENCH_EXPECTED(g::let_value, "expected a value after '='", "write let NAME = VALUE, as in let sizes = [10MB, 100MB]")
HWBENCH_EXPECTED(g::repeat_count, "expected a count after 'repeat'", "write repeat N STATEMENT or repeat N { … }")
HWBENCH_EXPECTED(g::repeat_body, "expected a statement or '{' after the count of 'repeat'",
                 "the body starts on the same line: repeat N STATEMENT or repeat N { … }")
HWBENCH_EXPECTED(g::for_var, "expected a loop variable name after 'for'", for_hint)
HWBENCH_EXPECTED(g::for_in, "expected 'in' after the loop variable", for_hint)
HWBENCH_EXPECTED(g::for_values, "expected a list or a range after 'in'", for_hint)
HWBENCH_EXPECTED(g::for_body, "expected a statement or '{' after the values of 'for'",
                 "the body starts on the same line: for NAME in … STATEMENT or for NAME in … { … }")
HWBENCH_EXPECTED(g::setup_block, "expected '{' after 'setup'", "write setup { … }")
HWBENCH_EXPECTED(g::teardown_block, "expected '{' after 'teardown'", "write teardown { … }")
HWBENCH_EXPECTED(g::series_label, "expected a label string after 'series'",
                 "write series \"LABEL\" STATEMENT or series \"LABEL\" { … }")
HWBENCH_EXPECTED(g::series_body, "expected a statement or '{' after the label of 'series'",
                 "the body starts on the same line: series \"LABEL\" STATEMENT or series \"LABEL\" { … }")
HWBENCH_EXPECTED(g::time_label, "expected a label string after 'time'", "write time \"LABEL\" { … }")
HWBENCH_EXPECTED(g::time_block, "expected '{' after 'time' or its label",
                 "time measures a whole block as one sample: time \"LABEL\" { … } or time { … }")
HWBENCH_EXPECTED(g::parallel_count, "expected a worker count after 'parallel'", "write parallel N { … }")
HWBENCH_EXPECTED(g::parallel_block, "expected '{' after the worker count of 'parallel'", "write parallel N { … }")
HWBENCH_EXPECTED(g::interleave_block, "expected '{' after 'interleave' and its options",
                 "write interleave [rounds N] [slice N | slice DURATION] { … }")
HWBENCH_EXPECTED(g::section_title, "expected a title string after 'section'", "write section \"TITLE\" { … }")
HWBENCH_EXPECTED(g::section_block, "expected '{' after the title of 'section'", "write section \"TITLE\" { … }")
HWBENCH_EXPECTED(g::report_unit, "expected a unit such as MB/s after 'report table'", table_example)
HWBENCH_EXPECTED(g::table_with, "expected 'with' after the unit of a table report", table_example)
HWBENCH_EXPECTED(g::baseline_name, "expected a name after 'baseline'", "write baseline NAME from \"FILE.toml\"")
HWBENCH_EXPECTED(g::index_label, "expected a label string after 'index'", index_hint)
HWBENCH_EXPECTED(g::index_eq, "expected '=' after the label of 'index'", index_hint)
HWBENCH_EXPECTED(g::index_vs, "expected 'vs BASELINE' after the series", index_example)
HWBENCH_EXPECTED(g::index_baseline, "expected 'vs BASELINE' after the series", index_example)
HWBENCH_EXPECTED(g::index_scale, "expected a number after 'scale'", "for example: scale 10")
HWBENCH_EXPECTED(g::interp_value, "expected an expression after '${'", "write ${name} or ${expression}")
HWBENCH_EXPECTED(g::kernel_def_body, "expected '{' to start the body of the kernel definition",
                 "write kernel NAME(PARAM: TYPE = DEFAULT, …) -> TYPE { … }")

HWBENCH_EXPECTED(g::if_condition, "expected a comparison after 'if'", if_hint)
HWBENCH_EXPECTED(g::compare_op, "expected a comparison operator (==, !=, <, <=, >, >=) after the value of 'if'",
                 if_hint)
HWBENCH_EXPECTED(g::if_operand, "expected a value after the comparison operator", if_hint)
HWBENCH_EXPECTED(g::if_block, "expected '{' after the condition of 'if'", if_hint)
HWBENCH_EXPECTED(g::else_block, "expected '{' or 'if' after 'else'", "write } else { … } or } else if A < B { … }")
HWBENCH_EXPECTED(g::stray_else, "'else' must follow the '}' of an 'if' on the same line", "write } else { … }")

#undef HWBENCH_EXPECTED

template <typename S>
struct Expected<g::negate_operand<S>> {
  static SyntaxError make(const Here& here) { return here.error("expected a value after '-'"); }
};

template <>
struct Expected<g::let_eq> {
  static SyntaxError make(const Here& here) {
    if (here.peek() == '-')
      return here.error("expected '=' after the variable name", "variable names use letters, digits and '_' only");
    return here.error("expected '=' after the variable name", "write let NAME = VALUE");
  }
};

template <>
struct Expected<g::bad_statement> {
  static SyntaxError make(const Here& here) {
    if (auto closer = unmatched_closer(here)) return *closer;
    if (here.peek() == '{') return here.error("unexpected '{'", block_hint);
    if (auto path = path_here(here); !path.empty())
      return Here::at(here.loc(), fmt::format("expected a statement, found the path '{}'", path),
                      "start with the kernel that uses it, as in cp /a -> /b", static_cast<std::uint32_t>(path.size()));
    return here.error(fmt::format("expected a statement, found {}", here.found()), statement_hint);
  }
};

template <>
struct Expected<g::stray_brace> {
  static SyntaxError make(const Here& here) { return *unmatched_closer(here); }
};

template <>
struct Expected<g::stmt_end> {
  static SyntaxError make(const Here& here) {
    if (auto closer = unmatched_closer(here)) return *closer;
    return here.error(fmt::format("expected the end of the statement, found {}", here.found()),
                      "end a statement with a newline or ';'");
  }
};

/// A '{' or '=' after a statement whose first word is a misspelt keyword that takes one
/// (`sereis "x" {`, `locaton x = …`): the error names that word, not the brace.
inline std::optional<SyntaxError> misspelt_keyword(const Here& here) {
  static const std::vector<std::string> before_brace = {"setup",    "teardown",   "repeat",  "for", "series", "time",
                                                        "parallel", "interleave", "section", "if",  "else",   "kernel"};
  static const std::vector<std::string> before_equals = {"let", "location", "index"};
  const auto word = here.statement_word();
  if (!word) return std::nullopt;
  const auto& keywords = here.peek() == '{' ? before_brace : before_equals;
  const std::string text(word->first);
  if (std::find(keywords.begin(), keywords.end(), text) != keywords.end()) return std::nullopt;
  const std::string best = support::closest_match(text, keywords);
  if (best.empty()) return std::nullopt;
  return Here::at(word->second, fmt::format("unknown statement '{}'", text), fmt::format("did you mean '{}'?", best),
                  static_cast<std::uint32_t>(text.size()));
}

template <>
struct Expected<g::items_end> {
  static SyntaxError make(const Here& here) {
    if (auto closer = unmatched_closer(here)) return *closer;
    if (here.peek() == '{' || here.peek() == '=')
      if (auto misspelt = misspelt_keyword(here)) return *misspelt;
    switch (here.peek()) {
      case '{':
        return here.error("unexpected '{'", block_hint);
      case '=':
        return here.error("unexpected '='", "write parameters as 'name value', without '='");
      default:
        return here.error(
            fmt::format("unexpected character {}", here.found()),
            "arguments are words, numbers, \"strings\", paths, [lists], ranges, $variables, '->' and ','");
    }
  }
};

}  // namespace hwbench::lang::recipe::parsing
