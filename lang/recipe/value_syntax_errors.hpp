#pragma once
// The syntax error messages of values and expressions: boundaries, strings, interpolation,
// lists, blocks, parentheses, operands, ranges and numbers (syntax_errors.hpp has the mechanism).
// Only the parser includes this.
#include <cstdint>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "lang/recipe/syntax_errors.hpp"

namespace hwbench::lang::recipe::parsing {

/// After a value or a word, something glued to it.
inline SyntaxError glued(const Here& here) {
  if (here.peek() == '=') return here.error("unexpected '='", "write parameters as 'name value', without '='");
  const Open* open = here.innermost();
  std::string_view before = open ? here.since(open->loc) : std::string_view{};
  if (before.empty() || before.size() > 40 || before.find('\n') != std::string_view::npos)
    return here.error(fmt::format("unexpected {} right after a value", here.found()), spacing_hint);
  return here.error(fmt::format("unexpected {} right after '{}'", here.found(), before), spacing_hint);
}

template <>
struct Expected<g::value_boundary> {
  static SyntaxError make(const Here& here) { return glued(here); }
};

template <>
struct Expected<g::word_boundary> {
  static SyntaxError make(const Here& here) { return glued(here); }
};

inline SyntaxError unterminated_string(const Here& here) {
  const Open* open = here.innermost_bracket();
  return Here::at(open ? open->loc : here.loc(), "unterminated string", "close it with '\"' on the same line");
}

template <>
struct Expected<g::string_close> {
  static SyntaxError make(const Here& here) { return unterminated_string(here); }
};

template <>
struct Expected<g::escape_char> {
  static SyntaxError make(const Here& here) {
    if (here.at_line_end()) return unterminated_string(here);
    const std::string c(here.token().substr(0, 1));
    // `\*` belongs to rm's pattern, which takes the backslash itself: a string writes it `\\`.
    const bool glob = c == "*" || c == "?" || c == "[";
    return Here::at(
        here.back_one(), fmt::format("unknown escape '\\{}' in a string", c),
        glob ? fmt::format("the escapes are \\$ \\\" \\\\ \\n and \\t; for rm's literal {} write \\\\{} in a "
                           "string (\\{} in a bare path)",
                           c, c, c)
             : "the escapes are \\$ \\\" \\\\ \\n and \\t",
        2);
  }
};

template <>
struct Expected<g::dollar_target> {
  static SyntaxError make(const Here& here) {
    const Open* open = here.innermost_bracket();
    bool in_string = open && open->what == Construct::string;
    return here.error("expected a variable name or '{' after '$'",
                      in_string ? "write \\$ for a literal '$'" : "write $name or ${expression}");
  }
};

/// Whether a list or a group was left open: the file, the line (inside `${…}`), the
/// statement or an enclosing bracket ends, or the next statement begins. The error
/// is then reported at the opening bracket and parsing resumes here.
inline bool closer_missing(const Here& here) {
  char c = here.peek();
  return here.at_end() || here.at_line_end() || c == '}' || c == ')' || c == ']' || c == ';' || c == '"' ||
         keywords::is_statement(here.token());
}

inline SyntaxError unclosed(const Here& here, const char* message, const char* hint) {
  const Open* open = here.innermost_bracket();
  auto error = Here::at(open ? open->loc : here.loc(), message, hint);
  error.resume = here.loc().offset;
  return error;
}

template <>
struct Expected<g::interp_close> {
  static SyntaxError make(const Here& here) {
    const Open* open = here.innermost_bracket();
    char c = here.peek();
    if (is_name_char(c) || c == '$')
      return here.error(fmt::format("expected an operator or '}}' in '${{…}}', found {}", here.found()),
                        "write ${a + b}, ${a * 2}, …");
    return Here::at(open ? open->loc : here.loc(), "unclosed '${': expected '}'", "add '}' to end the interpolation",
                    2);
  }
};

template <>
struct Expected<g::list_close> {
  static SyntaxError make(const Here& here) {
    if (closer_missing(here))
      return unclosed(here, "unclosed list: '[' has no matching ']'", "add ']' to end the list");
    if (here.previous_visible() == ',')
      return here.error(fmt::format("expected a value or ']' after ',', found {}", here.found()));
    return here.error(fmt::format("expected ',' or ']' after a list item, found {}", here.found()),
                      "separate list items with ','");
  }
};

template <>
struct Expected<g::block_close> {
  static SyntaxError make(const Here& here) {
    const Open* open = here.innermost_bracket();
    return Here::at(open ? open->loc : here.loc(), "unclosed block: '{' has no matching '}'",
                    "add '}' to end the block");
  }
};

template <>
struct Expected<g::kernel_def_close> : Expected<g::block_close> {};

template <>
struct Expected<g::paren_close> {
  static SyntaxError make(const Here& here) {
    if (closer_missing(here)) return unclosed(here, "unclosed '(': expected ')'", "add ')' to end the group");
    return here.error(fmt::format("expected an operator or ')', found {}", here.found()));
  }
};

template <typename S>
struct Expected<g::paren_value<S>> {
  static SyntaxError make(const Here& here) { return here.error("expected an expression after '('"); }
};

template <typename S>
struct Expected<g::add_operand<S>> {
  static SyntaxError make(const Here& here) {
    return here.error(fmt::format("expected a value after '{}'", here.previous_visible()));
  }
};

template <typename S>
struct Expected<g::mul_operand<S>> {
  static SyntaxError make(const Here& here) {
    return here.error(fmt::format("expected a value after '{}'", here.previous_visible()));
  }
};

template <>
struct Expected<g::range_end> {
  static SyntaxError make(const Here& here) {
    const Open* open = here.innermost();
    auto start = open ? open->loc : here.loc();
    return Here::at(start, "incomplete range: expected a number or a variable after '..'",
                    "write a range as 1..10 or 1..$n", static_cast<std::uint32_t>(here.since(start).size()));
  }
};

template <>
struct Expected<g::exponent_digits> {
  static SyntaxError make(const Here& here) {
    const Open* open = here.innermost();
    auto start = open ? open->loc : here.loc();
    // The number so far, then the 'e' and its sign that have no digits after them.
    std::string text(here.since(start));
    auto rest = here.rest();
    std::size_t n = 1;
    if (n < rest.size() && (rest[n] == '+' || rest[n] == '-')) ++n;
    text += rest.substr(0, n);
    return Here::at(start, fmt::format("bad number '{}': the exponent has no digits", text),
                    "write an exponent as in 1e6 or 2.5e-3", static_cast<std::uint32_t>(text.size()));
  }
};

}  // namespace hwbench::lang::recipe::parsing
