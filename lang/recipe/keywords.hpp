#pragma once
// The keywords of the .bench language, spelled once: the grammar (lang/recipe/grammar.hpp) builds its
// keyword rules from these spellings, the syntax errors and the checker read the same lists.
#include <algorithm>
#include <array>
#include <string_view>

namespace hwbench::lang::recipe::keywords {

// Words that start a statement.
inline constexpr std::string_view title = "title";
inline constexpr std::string_view source = "source";
inline constexpr std::string_view note = "note";
inline constexpr std::string_view location = "location";
inline constexpr std::string_view let = "let";
inline constexpr std::string_view repeat = "repeat";
inline constexpr std::string_view for_ = "for";
inline constexpr std::string_view setup = "setup";
inline constexpr std::string_view teardown = "teardown";
inline constexpr std::string_view series = "series";
inline constexpr std::string_view time = "time";
inline constexpr std::string_view parallel = "parallel";
inline constexpr std::string_view report = "report";
inline constexpr std::string_view baseline = "baseline";
inline constexpr std::string_view index = "index";
inline constexpr std::string_view compare = "compare";
inline constexpr std::string_view if_ = "if";
inline constexpr std::string_view settle = "settle";
inline constexpr std::string_view section = "section";
inline constexpr std::string_view interleave = "interleave";

// Words inside statements.
inline constexpr std::string_view in = "in";            ///< for NAME in …
inline constexpr std::string_view else_ = "else";       ///< if … { } else { }
inline constexpr std::string_view kernel = "kernel";    ///< kernel NAME(…) { … }
inline constexpr std::string_view table = "table";      ///< report table UNIT with …
inline constexpr std::string_view with = "with";        ///< report table UNIT with …, compare with FILE
inline constexpr std::string_view from = "from";        ///< baseline NAME from FILE
inline constexpr std::string_view geomean = "geomean";  ///< index "L" = geomean(…)
inline constexpr std::string_view vs = "vs";            ///< … vs BASELINE
inline constexpr std::string_view scale = "scale";      ///< … scale K
inline constexpr std::string_view using_ = "using";     ///< … using AGGREGATE
inline constexpr std::string_view until = "until";      ///< settle until stable
inline constexpr std::string_view stable = "stable";    ///< settle until stable
inline constexpr std::string_view max = "max";          ///< settle until stable max DURATION

/// The words that start a statement (`kernel` and `else` aside): no kernel may be called so,
/// and "did you mean" offers them for a misspelt statement.
inline constexpr std::array statement = {title, source,   note,   location, let,      repeat,    for_,
                                         setup, teardown, series, time,     parallel, report,    baseline,
                                         index, compare,  if_,    settle,   section,  interleave};

/// Whether `word` starts a statement.
constexpr bool is_statement(std::string_view word) {
  return std::find(statement.begin(), statement.end(), word) != statement.end();
}

}  // namespace hwbench::lang::recipe::keywords
