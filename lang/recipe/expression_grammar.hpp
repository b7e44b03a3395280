#pragma once
// The .bench grammar's words and values as PEGTL 3.2 rules: spacing, names and keywords,
// numbers, interpolation, strings, paths, ranges and expressions. The statements that use them
// are in grammar.hpp. Rules only: no actions, no messages, no AST.
//
// Conventions:
// - A rule that is the target of `must<>` or `raise<>` is its own struct, so that the
//   parser can attach one message to it.
// - A rule that wraps another rule carrying an action wraps it with `seq<>` instead of
//   deriving from it: PEGTL keys actions on the exact rule type.
#include <cstddef>
#include <string_view>
#include <utility>

#include <tao/pegtl.hpp>

#include "lang/recipe/keywords.hpp"

namespace hwbench::lang::recipe::grammar {

namespace p = tao::pegtl;

// ---- Spacing ------------------------------------------------------------------------

/// Blanks inside a line; `\r` is a blank so that CRLF files parse like LF files.
struct blank : p::one<' ', '\t', '\r'> {};
/// `#` to the end of the line (the newline itself still ends the statement).
struct comment : p::seq<p::one<'#'>, p::star<p::not_one<'\n'>>> {};
/// Spacing inside a statement: blanks and a trailing comment, never a newline.
struct ws : p::star<p::sor<blank, comment>> {};
/// Spacing inside `[ ]` and `( )`: newlines are plain whitespace there.
struct wsnl : p::star<p::sor<blank, comment, p::one<'\n'>>> {};

// ---- Names --------------------------------------------------------------------------

struct letter : p::ranges<'a', 'z', 'A', 'Z'> {};
struct name_first : p::sor<letter, p::one<'_'>> {};
struct name_char : p::ranges<'a', 'z', 'A', 'Z', '0', '9', '_'> {};
/// `-` belongs to identifiers (`aes-128-cbc`) except as the start of `->`.
struct ident_char : p::sor<name_char, p::seq<p::one<'-'>, p::not_at<p::one<'>'>>>> {};
/// Kernel names, words, location names: letters, digits, `_`, `-`; not starting with a digit or `-`.
struct identifier : p::seq<name_first, p::star<ident_char>> {};
/// Variable names (`$name`, `let`, `for`): letters, digits and `_` only.
struct var_name : p::seq<name_first, p::star<name_char>> {};

/// The PEGTL string spelled by a keyword of lang/recipe/keywords.hpp.
template <const std::string_view& Word, typename = std::make_index_sequence<Word.size()>>
struct spelled;
template <const std::string_view& Word, std::size_t... I>
struct spelled<Word, std::index_sequence<I...>> : p::string<Word[I]...> {};

/// A keyword: its spelling as a whole identifier (`reporting` is not `report`).
template <const std::string_view& Word>
struct keyword : p::seq<spelled<Word>, p::not_at<ident_char>> {};

namespace kw = lang::recipe::keywords;

struct kw_title : keyword<kw::title> {};
struct kw_source : keyword<kw::source> {};
struct kw_note : keyword<kw::note> {};
struct kw_location : keyword<kw::location> {};
struct kw_let : keyword<kw::let> {};
struct kw_repeat : keyword<kw::repeat> {};
struct kw_for : keyword<kw::for_> {};
struct kw_in : keyword<kw::in> {};
struct kw_setup : keyword<kw::setup> {};
struct kw_teardown : keyword<kw::teardown> {};
struct kw_series : keyword<kw::series> {};
struct kw_time : keyword<kw::time> {};
struct kw_parallel : keyword<kw::parallel> {};
struct kw_report : keyword<kw::report> {};
struct kw_baseline : keyword<kw::baseline> {};
struct kw_index : keyword<kw::index> {};
struct kw_compare : keyword<kw::compare> {};
struct kw_if : keyword<kw::if_> {};
struct kw_section : keyword<kw::section> {};
struct kw_interleave : keyword<kw::interleave> {};
struct kw_else : keyword<kw::else_> {};
struct kw_kernel : keyword<kw::kernel> {};
struct kw_settle : keyword<kw::settle> {};
struct kw_until : keyword<kw::until> {};
struct kw_stable : keyword<kw::stable> {};
struct kw_max : keyword<kw::max> {};
/// `table` in `report table …`; `table/s` would be a (misspelt) unit.
struct kw_table : p::seq<keyword<kw::table>, p::not_at<p::one<'/'>>> {};
struct kw_with : keyword<kw::with> {};
struct kw_from : keyword<kw::from> {};
struct kw_geomean : keyword<kw::geomean> {};
struct kw_vs : keyword<kw::vs> {};
struct kw_scale : keyword<kw::scale> {};
struct kw_using : keyword<kw::using_> {};

// ---- Numbers ------------------------------------------------------------------------

struct digits : p::plus<p::digit> {};
/// `.5` in `2.5`; a `.` not followed by a digit is not part of the number (`1..10`).
struct fraction : p::seq<p::one<'.'>, digits> {};
struct exponent : p::seq<p::one<'e', 'E'>, p::opt<p::one<'+', '-'>>, digits> {};
struct suffix_char : p::sor<name_char, p::one<'%'>> {};
/// `1e`, `1e+`: an exponent without digits (`1em` is a number with the unknown unit `em`).
struct bad_exponent : p::seq<p::one<'e', 'E'>, p::sor<p::one<'+', '-'>, p::not_at<suffix_char>>> {};
/// Raised for a bad exponent.
struct exponent_digits : digits {};
/// Everything glued to a number is its suffix; the parser checks it against the unit table.
struct unit_suffix : p::seq<p::sor<letter, p::one<'_', '%'>>, p::star<suffix_char>> {};
struct number
    : p::seq<digits, p::opt<fraction>, p::opt<p::sor<exponent, p::seq<p::at<bad_exponent>, p::raise<exponent_digits>>>>,
             p::opt<unit_suffix>> {};

// ---- Interpolation: `$name`, `${expr}` ---------------------------------------------------

struct interp_value;  // an expression, defined with the expressions below
struct interp_close : p::one<'}'> {};
/// `$name`.
struct var_ref : p::seq<p::one<'$'>, var_name> {};
/// `${expr}`.
struct dollar_brace : p::seq<TAO_PEGTL_STRING("${"), ws, p::must<interp_value>, ws, p::must<interp_close>> {};
/// Raised for a `$` followed by neither a name nor `{`.
struct dollar_target : var_name {};
struct dollar : p::sor<dollar_brace, var_ref, p::seq<p::at<p::one<'$'>>, p::raise<dollar_target>>> {};
/// An interpolation inside a string or a path.
struct splice : p::seq<dollar> {};

// ---- Strings ------------------------------------------------------------------------

struct string_chars : p::plus<p::not_one<'"', '\\', '$', '\n'>> {};
struct escape_char : p::one<'$', '"', '\\', 'n', 't'> {};
struct escape : p::seq<p::one<'\\'>, p::must<escape_char>> {};
struct string_close : p::one<'"'> {};
/// `"…"` on one line, with escapes and interpolation.
struct string_lit : p::seq<p::one<'"'>, p::star<p::sor<string_chars, escape, splice>>, p::must<string_close>> {};

// ---- Paths --------------------------------------------------------------------------

/// A path runs to whitespace or one of `; } ) ] , " #`; `$` starts an interpolation.
struct path_chars : p::plus<p::not_one<' ', '\t', '\r', '\n', ';', '}', ')', ']', ',', '"', '#', '$'>> {};
struct path_body : p::star<p::sor<path_chars, splice>> {};
/// `/abs`, `./rel`, `../rel`.
struct plain_path : p::seq<p::at<p::sor<p::one<'/'>, TAO_PEGTL_STRING("./"), TAO_PEGTL_STRING("../")>>, path_body> {};
/// `NAME:rest`, the identifier immediately followed by `:`.
struct located_path : p::seq<identifier, p::one<':'>, path_body> {};
struct path : p::sor<plain_path, located_path> {};

// ---- Ranges -------------------------------------------------------------------------

struct range_end : p::sor<number, dollar> {};
struct range_tail : p::seq<TAO_PEGTL_STRING(".."), p::must<range_end>> {};
/// `First` alone, or `First..END` (a range when the tail is present).
template <typename First>
struct range_value : p::seq<First, p::opt<range_tail>> {};

// ---- Expressions --------------------------------------------------------------------
// Three flavours share the expression rules:
//   let_syntax:    `let` values; one line; bare identifiers are words
//   nl_syntax:     inside `[ ]` and `( )` of let values; newlines are whitespace
//   interp_syntax: inside `${ }`; one line; bare names are variables

/// A bare identifier used as a value: a word.
struct value_word : identifier {};
/// A bare name inside `${…}`: a variable.
struct interp_name : var_name {};

struct nl_syntax;
struct let_syntax {
  using space = ws;
  using inner = nl_syntax;
  using bare = value_word;
};
struct nl_syntax {
  using space = wsnl;
  using inner = nl_syntax;
  using bare = value_word;
};
struct interp_syntax {
  using space = ws;
  using inner = interp_syntax;
  using bare = interp_name;
};

template <typename S>
struct sum;
template <typename S>
struct unary;

template <typename S>
using inner_space = typename S::inner::space;

template <typename S>
struct list_item : sum<typename S::inner> {};
struct list_close : p::one<']'> {};
/// `[a, b, c]`, an optional trailing comma, possibly empty.
template <typename S>
struct list : p::seq<p::one<'['>, inner_space<S>,
                     p::opt<list_item<S>, p::star<inner_space<S>, p::one<','>, inner_space<S>, list_item<S>>,
                            p::opt<inner_space<S>, p::one<','>>>,
                     inner_space<S>, p::must<list_close>> {};

template <typename S>
struct paren_value : sum<typename S::inner> {};
struct paren_close : p::one<')'> {};
template <typename S>
struct paren : p::seq<p::one<'('>, inner_space<S>, p::must<paren_value<S>>, inner_space<S>, p::must<paren_close>> {};

template <typename S>
struct primary
    : p::sor<range_value<number>, string_lit, list<S>, range_value<dollar>, path, paren<S>, typename S::bare> {};

template <typename S>
struct negate_operand : unary<S> {};
template <typename S>
struct negate : p::seq<p::one<'-'>, typename S::space, p::must<negate_operand<S>>> {};
template <typename S>
struct unary : p::sor<negate<S>, primary<S>> {};

template <typename S>
struct mul_op : p::one<'*', '/'> {};
template <typename S>
struct mul_operand : unary<S> {};
template <typename S>
struct product_tail : p::seq<typename S::space, mul_op<S>, typename S::space, p::must<mul_operand<S>>> {};
template <typename S>
struct product : p::seq<unary<S>, p::star<product_tail<S>>> {};

template <typename S>
struct add_op : p::one<'+', '-'> {};
template <typename S>
struct add_operand : product<S> {};
template <typename S>
struct sum_tail : p::seq<typename S::space, add_op<S>, typename S::space, p::must<add_operand<S>>> {};
template <typename S>
struct sum : p::seq<product<S>, p::star<sum_tail<S>>> {};

struct interp_value : sum<interp_syntax> {};

}  // namespace hwbench::lang::recipe::grammar
