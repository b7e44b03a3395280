#pragma once
// The syntax error messages of `report`, `baseline`, `index`, `compare` and `settle` (syntax_errors.hpp
// has the mechanism, Expected<Rule>::make).
// Only the parser includes this.
#include <cstdint>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "lang/recipe/syntax_errors.hpp"

namespace hwbench::lang::recipe::parsing {

template <>
struct Expected<g::report_body> {
  static SyntaxError make(const Here& here) {
    if (at_statement_end(here))
      return here.error("expected what to report after 'report'", "for example: report MB/s mean, median");
    return item_error(here, "expected a unit such as MB/s, or a style, after 'report'",
                      "for example: report MB/s mean, median, or report nbench (docs/language.md lists the units "
                      "and the styles)");
  }
};

/// A ',' where an aggregate should stand: `report MB/s , mean`, `mean,, median`.
inline std::optional<SyntaxError> stray_comma(const Here& here) {
  if (here.peek() != ',') return std::nullopt;
  return here.error("expected an aggregate before ','");
}

template <>
struct Expected<g::report_arg> {
  static SyntaxError make(const Here& here) {
    if (auto comma = stray_comma(here)) return *comma;
    if (auto closer = unmatched_closer(here)) return *closer;
    switch (here.peek()) {
      case '{':
        return here.error("unexpected '{'", block_hint);
      case '=':
        return here.error("unexpected '='", report_hint);
      default:
        break;
    }
    if (here.rest().substr(0, 2) == "->") return Here::at(here.loc(), "unexpected '->' in a report", report_hint, 2);
    return here.error(fmt::format("unexpected character {}", here.found()), report_hint);
  }
};

template <>
struct Expected<g::report_end> {
  static SyntaxError make(const Here& here) { return Expected<g::report_arg>::make(here); }
};

template <>
struct Expected<g::baseline_from> {
  static SyntaxError make(const Here& here) {
    return item_error(here, "expected 'from \"FILE.toml\"' after the baseline's name", baseline_example);
  }
};

template <>
struct Expected<g::baseline_file> {
  static SyntaxError make(const Here& here) {
    return item_error(here, "expected the baseline's file after 'from'", baseline_example);
  }
};

template <>
struct Expected<g::baseline_end> {
  static SyntaxError make(const Here& here) {
    if (auto closer = unmatched_closer(here)) return *closer;
    return item_error(here, "unexpected words after the baseline's file", baseline_example);
  }
};

template <>
struct Expected<g::index_function> {
  static SyntaxError make(const Here& here) { return item_error(here, "expected 'geomean(' after '='", index_example); }
};

template <>
struct Expected<g::index_open> {
  static SyntaxError make(const Here& here) { return item_error(here, "expected '(' after 'geomean'", index_example); }
};

template <>
struct Expected<g::index_series> {
  static SyntaxError make(const Here& here) {
    if (at_statement_end(here)) return here.error("expected ')' to close 'geomean('", index_example);
    return item_error(here, "expected a series label (a string)", index_example);
  }
};

template <>
struct Expected<g::first_series> {
  static SyntaxError make(const Here& here) {
    if (here.peek() == ')') return here.error("'geomean()' needs at least one series", index_example);
    return Expected<g::index_series>::make(here);
  }
};

template <>
struct Expected<g::index_close> {
  static SyntaxError make(const Here& here) {
    if (at_statement_end(here)) return here.error("expected ')' to close 'geomean('", index_example);
    return item_error(here, "expected ',' or ')'", index_example);
  }
};

template <>
struct Expected<g::index_aggregate> {
  static SyntaxError make(const Here& here) {
    const char* hint = "for example: using unixbench (UnixBench's pass rule)";
    if (at_statement_end(here)) return here.error("'using' needs an aggregate", hint);
    const auto found = here.rest().substr(0, item_width(here));
    return item_error(here, fmt::format("'using' needs an aggregate, not '{}'", found), hint);
  }
};

template <>
struct Expected<g::index_end> {
  static SyntaxError make(const Here& here) {
    if (auto closer = unmatched_closer(here)) return *closer;
    return item_error(here, "unexpected words after the index", index_example);
  }
};

template <>
struct Expected<g::compare_file> {
  static SyntaxError make(const Here& here) {
    return item_error(here, "expected the file to compare with after 'with'", compare_example);
  }
};

template <>
struct Expected<g::compare_option_name> {
  static SyntaxError make(const Here& here) {
    if (auto closer = unmatched_closer(here)) return *closer;
    // `compare "old.json"`: the file without its `with`.
    if (here.previous_word() == "compare")
      return item_error(here, "expected 'with \"FILE\"' after 'compare'", compare_example);
    return item_error(here, "expected an option and its value: ratio, digits, suffix, unit or effect", compare_example);
  }
};

template <>
struct Expected<g::compare_option_value> {
  static SyntaxError make(const Here& here) {
    return item_error(here, fmt::format("expected a value after '{}'", here.previous_word()), compare_example);
  }
};

inline constexpr const char* settle_example = "write it like: settle 60s, or settle until stable max 120s";

template <>
struct Expected<g::settle_body> {
  static SyntaxError make(const Here& here) {
    if (at_statement_end(here))
      return here.error("expected a duration or 'until stable' after 'settle'", settle_example);
    return item_error(here,
                      fmt::format("expected a duration or 'until stable' after 'settle', not '{}'",
                                  here.rest().substr(0, item_width(here))),
                      settle_example);
  }
};

template <>
struct Expected<g::settle_stable> {
  static SyntaxError make(const Here& here) {
    return item_error(here, "expected 'stable' after 'settle until'", settle_example);
  }
};

template <>
struct Expected<g::settle_max> {
  static SyntaxError make(const Here& here) {
    return item_error(here, "expected a duration after 'max'", settle_example);
  }
};

template <>
struct Expected<g::settle_end> {
  static SyntaxError make(const Here& here) {
    if (auto closer = unmatched_closer(here)) return *closer;
    return item_error(here, fmt::format("unexpected '{}' in 'settle'", here.rest().substr(0, item_width(here))),
                      settle_example);
  }
};

}  // namespace hwbench::lang::recipe::parsing
