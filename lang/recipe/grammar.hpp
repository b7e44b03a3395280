#pragma once
// The .bench grammar as PEGTL 3.2 rules, and nothing else: no actions, no messages,
// no AST. lang/recipe/parser.cpp is the only file that puts rules, actions and AST together.
// This file holds the statements; the words and values they are made of are in
// expression_grammar.hpp. The conventions written there hold here too.
#include <tao/pegtl.hpp>

#include "lang/recipe/expression_grammar.hpp"

namespace hwbench::lang::recipe::grammar {

namespace p = tao::pegtl;

// ---- Statement items ------------------------------------------------------------------

struct arrow : TAO_PEGTL_STRING("->") {};
struct comma : p::one<','> {};
/// What may follow a value or a word directly: anything else needs a space first.
struct value_boundary : p::at<p::sor<blank, p::one<'\n', ';', '}', ')', ']', ',', '#'>, arrow, p::eof>> {};
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

/// `-seconds`, `--output-format=json`, `-j2`: a program's option written bare among a
/// statement's items (a sign never starts a number there).
struct option_char : p::sor<p::alnum, p::one<'_', '-', '=', '.', ':', '/', '+', '@', '%'>> {};
struct option_word : p::seq<p::one<'-'>, p::opt<p::one<'-'>>, letter, p::star<option_char>> {};
/// A kernel statement's words: an option word, a unit (`unit MB/s`) or an identifier; a word
/// with a `/` that is not a whole unit stays an identifier, and the `/` an error after it.
struct kernel_word : p::sor<option_word, p::seq<unit_word, p::at<word_boundary>>, identifier> {};

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
struct block_statement : p::sor<statement, p::seq<p::not_at<p::sor<p::one<'}'>, p::eof>>, p::raise<bad_statement>>> {};
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
struct let_stmt : p::seq<kw_let, ws, p::must<let_name>, ws, p::must<let_eq>, ws, p::must<let_value>, content_end, ws,
                         p::must<stmt_end>> {};

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
struct time_stmt
    : p::seq<kw_time, ws, p::opt<time_label, ws>, p::must<time_block>, content_end, ws, p::must<stmt_end>> {};

struct parallel_count : count {};
struct parallel_block : p::seq<block> {};
struct parallel_stmt : p::seq<kw_parallel, ws, p::must<parallel_count>, ws, p::must<parallel_block>, content_end, ws,
                              p::must<stmt_end>> {};

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
// `section "TITLE" { … }`: a part of the recipe with reports of its own. Whether it stands at the
// top level is the checker's call, so that a nested one gets a message of its own.
struct section_title : p::seq<string_lit> {};
struct section_block : p::seq<block> {};
struct section_stmt
    : p::seq<kw_section, ws, p::must<section_title>, ws, p::must<section_block>, content_end, ws, p::must<stmt_end>> {};

// `interleave [rounds N] [slice N | slice DURATION] { … }`: statements that take their samples in
// turn, slice by slice (runtime/check/interleave_walk.cpp). Its options are items, as a kernel's.
struct interleave_block : p::seq<block> {};
struct interleave_stmt : p::seq<kw_interleave, p::star<ws, p::not_at<p::one<'{'>>, item<word_item>>, ws,
                                p::must<interleave_block>, content_end, ws, p::must<stmt_end>> {};

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
struct report_next : p::seq<ws, p::sor<p::seq<report_comma, ws, p::sor<args_end, p::must<report_arg>>>, report_arg>> {};
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
struct baseline_stmt : p::seq<kw_baseline, ws, p::must<baseline_name>, ws, p::must<baseline_from>, ws,
                              p::must<baseline_file>, content_end, ws, p::must<baseline_end>> {};

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
    : p::seq<p::must<first_series>, p::star<ws, p::one<','>, ws, p::sor<p::at<index_close>, p::must<index_series>>>> {};
struct index_vs : whole<kw_vs> {};
struct index_baseline : p::seq<word_item> {};
struct index_scale : p::seq<value_item> {};
struct index_aggregate : p::seq<word_item> {};
struct index_end : items_end {};
struct index_stmt : p::seq<kw_index, ws, p::must<index_label>, ws, p::must<index_eq>, ws, p::must<index_function>, ws,
                           p::must<index_open>, ws, index_series_list, ws, p::must<index_close>, ws, p::must<index_vs>,
                           ws, p::must<index_baseline>, p::opt<ws, kw_scale, ws, p::must<index_scale>>,
                           p::opt<ws, kw_using, ws, p::must<index_aggregate>>, content_end, ws, p::must<index_end>> {};

// `compare with FILE [OPTION VALUE]…`, or `compare [OPTION VALUE]…` inside an `interleave` block.
struct compare_with : whole<kw_with> {};
struct compare_file : p::seq<value_item> {};
/// `compare with section "TITLE"`: another section of the same run, not a file.
struct compare_section : p::seq<kw_section> {};
struct compare_option_name : p::seq<word_item> {};
struct compare_option_value : p::sor<value_item, word_item> {};
/// Blanks only between an option and its value, so that an error names the option.
struct compare_option : p::seq<p::must<compare_option_name>, p::star<blank>, p::must<compare_option_value>> {};
struct compare_stmt
    : p::seq<kw_compare, p::opt<ws, compare_with, ws, p::opt<compare_section, ws>, p::must<compare_file>>,
             p::star<ws, p::not_at<args_end>, compare_option>, content_end, ws, p::must<items_end>> {};

// `settle DURATION` or `settle until stable [PATH] [max DURATION]`: what the run waits for
// between setup and the first timed statement (runtime/check/binders/settle_binder.hpp).
struct settle_until : whole<kw_until> {};
struct settle_stable : whole<kw_stable> {};
struct settle_duration : p::seq<value_item> {};
struct settle_path : p::seq<value_item> {};
struct settle_max : p::seq<value_item> {};
struct settle_probe : p::seq<settle_until, ws, p::must<settle_stable>, p::opt<ws, p::not_at<kw_max>, settle_path>,
                             p::opt<ws, kw_max, ws, p::must<settle_max>>> {};
struct settle_body : p::sor<settle_probe, settle_duration> {};
struct settle_end : items_end {};
struct settle_stmt : p::seq<kw_settle, ws, p::must<settle_body>, content_end, ws, p::must<settle_end>> {};

struct kernel_name : identifier {};
/// A program's word in command statements only: `bonnie++`, `bs=1M`, `conv=fdatasync`, `MB/s`,
/// `-6`, `-j2` (elsewhere `size=1GiB` is the error "write parameters as 'name value'").
struct command_option_word : p::seq<p::one<'-'>, p::opt<p::one<'-'>>, p::alnum, p::star<option_char>> {};
struct command_word : p::sor<command_option_word, p::seq<name_first, p::star<option_char>>> {};
/// `exec …` and `sh …` (kernels/command/command.hpp), whose words are a program's.
struct command_head
    : p::seq<p::sor<TAO_PEGTL_STRING("exec"), TAO_PEGTL_STRING("sh")>, p::not_at<ident_char>, p::not_at<p::one<':'>>> {
};
/// `NAME ITEMS…`; `NAME:` at the start of a statement is a path, not a kernel.
struct kernel_stmt : p::sor<p::seq<p::at<command_head>, kernel_name, p::must<word_boundary>,
                                   p::star<ws, item<word_of<command_word>>>, content_end, ws, p::must<items_end>>,
                            p::seq<kernel_name, p::not_at<p::one<':'>>, p::must<word_boundary>,
                                   p::star<ws, item<word_of<kernel_word>>>, content_end, ws, p::must<items_end>>> {};

// ---- Kernel definitions -------------------------------------------------------------------
// Only the extent of `kernel NAME(…) [-> TYPE] { … }` is recognised here; lang/kernel/kernel_parser.cpp
// parses the captured text with a grammar of its own.

/// `( … )` of the head: newlines and nested parentheses included.
struct kernel_def_parens
    : p::seq<p::one<'('>, p::star<p::sor<comment, kernel_def_parens, p::not_one<'(', ')', '#', '{', '}'>>>,
             p::one<')'>> {};
struct kernel_def_close : p::one<'}'> {};
/// `{ … }` of the body: nested braces included, and a `}` in a comment closes nothing.
struct kernel_def_braces : p::seq<p::one<'{'>, p::star<p::sor<comment, kernel_def_braces, p::not_one<'{', '}', '#'>>>,
                                  p::must<kernel_def_close>> {};
struct kernel_def_body : p::seq<kernel_def_braces> {};
/// `kernel NAME…`: a definition (so no kernel may be called `kernel`).
struct kernel_def_stmt
    : p::seq<kw_kernel, ws, p::at<identifier>,
             p::star<p::sor<kernel_def_parens, comment, p::not_one<'(', ')', '{', '}', '#', '\n', ';'>>>,
             p::must<kernel_def_body>, content_end, ws, p::must<stmt_end>> {};

struct statement : p::sor<title_stmt, source_stmt, note_stmt, location_stmt, let_stmt, repeat_stmt, for_stmt,
                          setup_stmt, teardown_stmt, series_stmt, time_stmt, parallel_stmt, report_stmt, baseline_stmt,
                          index_stmt, compare_stmt, settle_stmt, kernel_def_stmt, if_stmt, section_stmt,
                          interleave_stmt, p::seq<p::at<kw_else>, p::raise<stray_else>>, kernel_stmt> {};

struct top_statement : p::sor<statement, p::seq<p::at<p::one<'}'>>, p::raise<stray_brace>>, p::raise<bad_statement>> {};

/// A whole recipe: statements and empty statements up to the end of the file.
struct recipe : p::seq<p::opt<p::utf8::bom>, p::until<p::eof, p::sor<separator, top_statement>>> {};

}  // namespace hwbench::lang::recipe::grammar
