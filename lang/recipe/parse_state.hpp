#pragma once
// The recipe parser's state while PEGTL runs (lang/recipe/parser.cpp): the AST builder, the constructs
// still open (for messages that point at a bracket's start), the syntax errors collected. Only
// the parser and its error messages (lang/recipe/syntax_errors.hpp) include this.
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include <tao/pegtl.hpp>

#include "lang/common/diagnostics.hpp"
#include "lang/recipe/ast_builder.hpp"
#include "lang/recipe/grammar.hpp"

namespace hwbench::lang::recipe::parsing {

namespace g = grammar;

/// A construct that has begun and not yet ended, for messages that point at its start.
enum class Construct { block, string, list, paren, interpolation, token };

struct Open {
  Construct what;
  SourceLoc loc;
};

/// A syntax error travelling from the rule that failed to the statement that recovers.
struct SyntaxError {
  Diagnostic diagnostic;
  /// Where parsing may resume (0: skip the rest of the statement instead).
  std::size_t resume = 0;
};

struct State {
  explicit State(std::string_view source_text) : text(source_text), builder(source_text) {}
  std::string_view text;
  AstBuilder builder;
  std::vector<Open> open;
  std::vector<Diagnostic> errors;
  std::size_t recursion = 0;  ///< statements and '-' signs being matched inside each other
};

template <typename Iterator>
SourceLoc loc_of(const Iterator& it) {
  return {static_cast<std::uint32_t>(it.line), static_cast<std::uint32_t>(it.column), it.byte};
}

// Rules whose start position later messages need.
template <typename Rule>
inline constexpr std::optional<Construct> tracked = std::nullopt;
template <>
inline constexpr std::optional<Construct> tracked<g::block> = Construct::block;
template <>
inline constexpr std::optional<Construct> tracked<g::string_lit> = Construct::string;
template <typename S>
inline constexpr std::optional<Construct> tracked<g::list<S>> = Construct::list;
template <typename S>
inline constexpr std::optional<Construct> tracked<g::paren<S>> = Construct::paren;
template <>
inline constexpr std::optional<Construct> tracked<g::dollar_brace> = Construct::interpolation;
template <typename First>
inline constexpr std::optional<Construct> tracked<g::range_value<First>> = Construct::token;
template <>
inline constexpr std::optional<Construct> tracked<g::number> = Construct::token;
template <>
inline constexpr std::optional<Construct> tracked<g::value_item> = Construct::token;
template <typename Name>
inline constexpr std::optional<Construct> tracked<g::word_of<Name>> = Construct::token;
template <>
inline constexpr std::optional<Construct> tracked<g::kernel_stmt> = Construct::token;
template <>
inline constexpr std::optional<Construct> tracked<g::kernel_def_braces> = Construct::block;

}  // namespace hwbench::lang::recipe::parsing
