#pragma once
// The .bench grammar as PEGTL 3.2 rules, and nothing else: no actions, no messages,
// no AST. lang/recipe/parser.cpp is the only file that puts rules, actions and AST together.
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

namespace hwbench::lang::grammar {

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

namespace kw = lang::keywords;

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
struct kw_else : keyword<kw::else_> {};
struct kw_kernel : keyword<kw::kernel> {};
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
struct number : p::seq<digits, p::opt<fraction>,
                       p::opt<p::sor<exponent, p::seq<p::at<bad_exponent>, p::raise<exponent_digits>>>>,
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
struct list
    : p::seq<p::one<'['>, inner_space<S>,
             p::opt<list_item<S>, p::star<inner_space<S>, p::one<','>, inner_space<S>, list_item<S>>,
                    p::opt<inner_space<S>, p::one<','>>>,
             inner_space<S>, p::must<list_close>> {};

template <typename S>
struct paren_value : sum<typename S::inner> {};
struct paren_close : p::one<')'> {};
template <typename S>
struct paren : p::seq<p::one<'('>, inner_space<S>, p::must<paren_value<S>>, inner_space<S>, p::must<paren_close>> {};

template <typename S>
struct primary : p::sor<range_value<number>, string_lit, list<S>, range_value<dollar>, path, paren<S>,
                        typename S::bare> {};

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

// ---- Statement items ------------------------------------------------------------------

struct arrow : TAO_PEGTL_STRING("->") {};
struct comma : p::one<','> {};
/// What may follow a value or a word directly: anything else needs a space first.
struct value_boundary
    : p::at<p::sor<blank, p::one<'\n', ';', '}', ')', ']', ',', '#'>, arrow, p::eof>> {};
struct word_boundary : p::at<p::sor<blank, p::one<'\n', ';', '}', ')', ']', ',', '#', '('>, arrow, p::eof>> {};

struct value : p::sor<range_value<number>, string_lit, list<let_syntax>, range_value<dollar>, path> {};
struct value_item : p::seq<value, p::must<value_boundary>> {};

/// `MB/s`, `ops/s`: report words may carry one `/` and letters.
struct unit_word : p::seq<identifier, p::opt<p::one<'/'>, p::plus<letter>>> {};
template <typename Name>
struct word_of : p::seq<Name, p::must<word_boundary>> {};
using word_item = word_of<identifier>;
using report_word = word_of<unit_word>;

template <typename Word>
struct item : p::sor<arrow, comma, value_item, Word> {};

// ---- Statements ---------------------------------------------------------------------

/// A statement ends at `;`, a newline, the end of the file, or before the `}` of its block.
struct stmt_end : p::sor<p::one<';', '\n'>, p::eof, p::at<p::one<'}'>>> {};
/// The same, after a statement of items (kernel, report, …): other messages apply.
struct items_end : p::sor<p::one<';', '\n'>, p::eof, p::at<p::one<'}'>>> {};
/// Marks where a statement's own text ends (before trailing blanks, comments and the terminator).
struct content_end : p::success {};

struct statement;
struct separator : p::sor<p::one<';', '\n'>, blank, comment> {};
/// Raised where a statement should start but cannot.
struct bad_statement : p::failure {};
/// Raised for a `}` that closes nothing.
struct stray_brace : p::failure {};
struct block_close : p::one<'}'> {};
struct block_statement
    : p::sor<statement, p::seq<p::not_at<p::sor<p::one<'}'>, p::eof>>, p::raise<bad_statement>>> {};
struct block : p::seq<p::one<'{'>, p::star<p::sor<separator, block_statement>>, p::must<block_close>> {};

/// The body of repeat, for and series: a block, or one statement on the same line.
struct block_body : p::seq<block, content_end, ws, p::must<stmt_end>> {};
struct body : p::sor<block_body, statement> {};

struct title_value : p::seq<string_lit> {};
struct source_value : p::seq<string_lit> {};
struct note_value : p::seq<string_lit> {};
struct title_stmt : p::seq<kw_title, ws, p::must<title_value>, content_end, ws, p::must<stmt_end>> {};
struct source_stmt : p::seq<kw_source, ws, p::must<source_value>, content_end, ws, p::must<stmt_end>> {};
struct note_stmt : p::seq<kw_note, ws, p::must<note_value>, content_end, ws, p::must<stmt_end>> {};

struct location_name : identifier {};
struct location_eq : p::one<'='> {};
struct location_value : p::sor<string_lit, path> {};
struct location_stmt : p::seq<kw_location, ws, p::must<location_name>, ws, p::must<location_eq>, ws,
                              p::must<location_value>, content_end, ws, p::must<stmt_end>> {};

struct let_name : var_name {};
struct let_eq : p::one<'='> {};
struct let_value : sum<let_syntax> {};
struct let_stmt : p::seq<kw_let, ws, p::must<let_name>, ws, p::must<let_eq>, ws, p::must<let_value>, content_end,
                         ws, p::must<stmt_end>> {};

/// A count: a number, `$n`, `${…}` or `( … )`.
struct count : p::sor<number, dollar, paren<let_syntax>> {};
struct repeat_count : count {};
struct repeat_body : body {};
struct repeat_stmt : p::seq<kw_repeat, ws, p::must<repeat_count>, ws, p::must<repeat_body>> {};

struct for_var : var_name {};
struct for_in : kw_in {};
struct for_values : p::sor<list<let_syntax>, range_value<number>, range_value<dollar>, paren<let_syntax>> {};
struct for_body : body {};
struct for_stmt
    : p::seq<kw_for, ws, p::must<for_var>, ws, p::must<for_in>, ws, p::must<for_values>, ws, p::must<for_body>> {};

struct setup_block : p::seq<block> {};
struct teardown_block : p::seq<block> {};
struct setup_stmt : p::seq<kw_setup, ws, p::must<setup_block>, content_end, ws, p::must<stmt_end>> {};
struct teardown_stmt : p::seq<kw_teardown, ws, p::must<teardown_block>, content_end, ws, p::must<stmt_end>> {};

struct series_label : p::seq<string_lit> {};
struct series_body : body {};
struct series_stmt : p::seq<kw_series, ws, p::must<series_label>, ws, p::must<series_body>> {};

struct time_label : p::seq<string_lit> {};
struct time_block : p::seq<block> {};
// The label is optional: `time { … }` inside `series "L"` (or alone) takes the series' label.
struct time_stmt : p::seq<kw_time, ws, p::opt<time_label, ws>, p::must<time_block>, content_end, ws, p::must<stmt_end>> {};

struct parallel_count : count {};
struct parallel_block : p::seq<block> {};
struct parallel_stmt : p::seq<kw_parallel, ws, p::must<parallel_count>, ws, p::must<parallel_block>, content_end,
                              ws, p::must<stmt_end>> {};

// `if A OP B { … } else if … else { … }`: decided when the recipe is checked, like a loop's count.
struct compare_op : p::sor<TAO_PEGTL_STRING("=="), TAO_PEGTL_STRING("!="), TAO_PEGTL_STRING("<="),
                           TAO_PEGTL_STRING(">="), p::one<'<', '>'>> {};
struct if_operand : sum<let_syntax> {};
struct if_condition : p::seq<sum<let_syntax>, ws, p::must<compare_op>, ws, p::must<if_operand>> {};
struct if_block : p::seq<block> {};
struct else_block : p::seq<block> {};
// A chain of `else if`s is a repetition, not a recursion: a long chain costs no stack.
struct else_if : p::seq<kw_else, ws, kw_if, ws, p::must<if_condition>, ws, p::must<if_block>> {};
struct else_tail : p::seq<kw_else, ws, p::must<else_block>> {};
struct if_stmt : p::seq<kw_if, ws, p::must<if_condition>, ws, p::must<if_block>, p::star<ws, else_if>,
                        p::opt<ws, else_tail>, content_end, ws, p::must<stmt_end>> {};
/// Raised for an `else` that starts a statement: it belongs after an if's `}` on the same line.
struct stray_else : p::failure {};

// ---- report, baseline, index, compare ---------------------------------------------------
// Typed statements: the grammar says which word is which (lang/recipe/ast.hpp: ReportStmt, …), the
// checker (runtime/*_binder.cpp) only looks the words up. Each has its own end rule, for its
// own message about what is left over.

/// `R`, or nothing consumed when `R` fails: `must<>` does not rewind, and a keyword that fails
/// half-way (`geomeans`) would leave its syntax error pointing into the word.
template <typename R>
struct whole : p::seq<p::at<R>, R> {};

/// Where the arguments of a typed statement end.
struct args_end : p::at<p::sor<p::one<';', '\n', '}'>, p::eof>> {};

// `report table UNIT with AGG, …`, `report UNIT [with] AGG, …` or `report STYLE [OPTION [VALUE]]…`.
// Which of the last two a word after `report` starts is the checker's call: it knows the units
// and the named styles. Whether aggregates need commas between them depends on it too.
struct report_table : p::seq<kw_table> {};
struct report_with : p::seq<kw_with> {};
/// The word after `report` (or `report table`): a unit or a named style.
struct report_head : p::seq<p::not_at<kw_with>, report_word> {};
/// The unit of `report table`.
struct report_unit : p::seq<report_head> {};
struct table_with : p::seq<p::at<kw_with>, report_with> {};
struct report_comma : p::one<','> {};
/// An aggregate, an option or an option's value.
struct report_arg : p::sor<value_item, report_word> {};
/// The next argument, after blanks or a comma; a trailing comma ends the list.
struct report_next
    : p::seq<ws, p::sor<p::seq<report_comma, ws, p::sor<args_end, p::must<report_arg>>>, report_arg>> {};
struct report_args : p::seq<report_arg, p::star<report_next>> {};
struct report_table_form
    : p::seq<report_table, ws, p::must<report_unit>, ws, p::must<table_with>, p::opt<ws, report_args>> {};
struct report_plain_form : p::seq<report_head, p::opt<ws, report_with>, p::opt<ws, report_args>> {};
struct report_body : p::sor<report_table_form, report_plain_form> {};
struct report_end : items_end {};
struct report_stmt : p::seq<kw_report, ws, p::must<report_body>, content_end, ws, p::must<report_end>> {};

// `baseline NAME from FILE`.
struct baseline_name : identifier {};
struct baseline_from : whole<kw_from> {};
struct baseline_file : p::seq<value_item> {};
struct baseline_end : items_end {};
struct baseline_stmt
    : p::seq<kw_baseline, ws, p::must<baseline_name>, ws, p::must<baseline_from>, ws, p::must<baseline_file>,
             content_end, ws, p::must<baseline_end>> {};

// `index "LABEL" = geomean(SERIES, …) vs BASELINE [scale K] [using AGGREGATE]`.
struct index_label : p::seq<string_lit> {};
struct index_eq : p::one<'='> {};
struct index_function : whole<kw_geomean> {};
struct index_open : p::one<'('> {};
struct index_close : p::one<')'> {};
struct index_series : p::seq<value_item> {};
struct first_series : p::seq<index_series> {};
/// `"A", "B"`; a trailing comma is allowed.
struct index_series_list
    : p::seq<p::must<first_series>,
             p::star<ws, p::one<','>, ws, p::sor<p::at<index_close>, p::must<index_series>>>> {};
struct index_vs : whole<kw_vs> {};
struct index_baseline : p::seq<word_item> {};
struct index_scale : p::seq<value_item> {};
struct index_aggregate : p::seq<word_item> {};
struct index_end : items_end {};
struct index_stmt
    : p::seq<kw_index, ws, p::must<index_label>, ws, p::must<index_eq>, ws, p::must<index_function>, ws,
             p::must<index_open>, ws, index_series_list, ws, p::must<index_close>, ws, p::must<index_vs>, ws,
             p::must<index_baseline>, p::opt<ws, kw_scale, ws, p::must<index_scale>>,
             p::opt<ws, kw_using, ws, p::must<index_aggregate>>, content_end, ws, p::must<index_end>> {};

// `compare with FILE [OPTION VALUE]…`.
struct compare_with : whole<kw_with> {};
struct compare_file : p::seq<value_item> {};
struct compare_option_name : p::seq<word_item> {};
struct compare_option_value : p::sor<value_item, word_item> {};
/// Blanks only between an option and its value, so that an error names the option.
struct compare_option : p::seq<p::must<compare_option_name>, p::star<blank>, p::must<compare_option_value>> {};
struct compare_stmt
    : p::seq<kw_compare, ws, p::must<compare_with>, ws, p::must<compare_file>,
             p::star<ws, p::not_at<args_end>, compare_option>, content_end, ws, p::must<items_end>> {};

struct kernel_name : identifier {};
/// `NAME ITEMS…`; `NAME:` at the start of a statement is a path, not a kernel.
struct kernel_stmt : p::seq<kernel_name, p::not_at<p::one<':'>>, p::must<word_boundary>,
                            p::star<ws, item<word_item>>, content_end, ws, p::must<items_end>> {};

// ---- Kernel definitions -------------------------------------------------------------------
// Only the extent of `kernel NAME(…) [-> TYPE] { … }` is recognised here; lang/kernel/kernel_parser.cpp
// parses the captured text with a grammar of its own.

/// `( … )` of the head: newlines and nested parentheses included.
struct kernel_def_parens
    : p::seq<p::one<'('>, p::star<p::sor<comment, kernel_def_parens, p::not_one<'(', ')', '#', '{', '}'>>>, p::one<')'>> {};
struct kernel_def_close : p::one<'}'> {};
/// `{ … }` of the body: nested braces included, and a `}` in a comment closes nothing.
struct kernel_def_braces
    : p::seq<p::one<'{'>, p::star<p::sor<comment, kernel_def_braces, p::not_one<'{', '}', '#'>>>,
             p::must<kernel_def_close>> {};
struct kernel_def_body : p::seq<kernel_def_braces> {};
/// `kernel NAME…`: a definition (so no kernel may be called `kernel`).
struct kernel_def_stmt
    : p::seq<kw_kernel, ws, p::at<identifier>,
             p::star<p::sor<kernel_def_parens, comment, p::not_one<'(', ')', '{', '}', '#', '\n', ';'>>>,
             p::must<kernel_def_body>, content_end, ws, p::must<stmt_end>> {};

struct statement
    : p::sor<title_stmt, source_stmt, note_stmt, location_stmt, let_stmt, repeat_stmt, for_stmt, setup_stmt,
             teardown_stmt, series_stmt, time_stmt, parallel_stmt, report_stmt, baseline_stmt, index_stmt,
             compare_stmt, kernel_def_stmt, if_stmt, p::seq<p::at<kw_else>, p::raise<stray_else>>, kernel_stmt> {};

struct top_statement
    : p::sor<statement, p::seq<p::at<p::one<'}'>>, p::raise<stray_brace>>, p::raise<bad_statement>> {};

/// A whole recipe: statements and empty statements up to the end of the file.
struct recipe : p::seq<p::opt<p::utf8::bom>, p::until<p::eof, p::sor<separator, top_statement>>> {};

}  // namespace hwbench::lang::grammar
