#pragma once
// The grammar of a kernel definition (`kernel NAME(…) -> TYPE { … }`) as PEGTL 3.2 rules, and
// nothing else: lang/kernel/kernel_syntax_errors.hpp gives the messages of its failures and
// lang/kernel/kernel_parser.cpp its actions. The recipe grammar (lang/recipe/grammar.hpp) only finds where a
// definition starts and ends.
//
// Every alternative commits with must<> right after the part that tells it apart, so no rule
// that has already run an action is ever backtracked over. A rule that is the target of must<>
// is its own struct, so that one message can be attached to it.
#include <tao/pegtl.hpp>

namespace hwbench::lang::kernel::grammar {

namespace p = tao::pegtl;

struct blank : p::one<' ', '\t', '\r'> {};
struct comment : p::seq<p::one<'#'>, p::star<p::not_one<'\n'>>> {};
/// Spacing inside a line.
struct ws : p::star<p::sor<blank, comment>> {};
/// Spacing where a newline is plain white space: inside `( )`, after a binary operator.
struct wsnl : p::star<p::sor<blank, comment, p::one<'\n'>>> {};

struct name_first : p::sor<p::ranges<'a', 'z', 'A', 'Z'>, p::one<'_'>> {};
struct name_char : p::ranges<'a', 'z', 'A', 'Z', '0', '9', '_'> {};
struct name : p::seq<name_first, p::star<name_char>> {};
template <typename Spelling>
struct keyword : p::seq<Spelling, p::not_at<name_char>> {};

struct kw_kernel : keyword<TAO_PEGTL_STRING("kernel")> {};
struct kw_type : keyword<TAO_PEGTL_STRING("type")> {};
struct kw_let : keyword<TAO_PEGTL_STRING("let")> {};
struct kw_if : keyword<TAO_PEGTL_STRING("if")> {};
struct kw_else : keyword<TAO_PEGTL_STRING("else")> {};
struct kw_for : keyword<TAO_PEGTL_STRING("for")> {};
struct kw_in : keyword<TAO_PEGTL_STRING("in")> {};
struct kw_return : keyword<TAO_PEGTL_STRING("return")> {};

// ---- Types ------------------------------------------------------------------------------
struct type_name : name {};
struct array_semi : p::one<';'> {};
struct array_len : p::plus<p::digit> {};
struct array_close : p::one<']'> {};
struct array_type : p::seq<p::one<'['>, ws, p::must<type_name>, ws, p::must<array_semi>, ws, p::must<array_len>, ws,
                           p::must<array_close>> {};
struct type_ref : p::sor<array_type, type_name> {};

// ---- Expressions (C precedence) ----------------------------------------------------------
struct expr;
struct digits : p::plus<p::digit> {};
struct exponent : p::seq<p::one<'e', 'E'>, p::opt<p::one<'+', '-'>>, digits> {};
struct float_lit : p::seq<digits, p::sor<p::seq<p::one<'.'>, digits, p::opt<exponent>>, exponent>> {};
struct int_lit : digits {};
struct paren_close : p::one<')'> {};
struct paren_expr : p::seq<p::one<'('>, wsnl, p::must<expr>, wsnl, p::must<paren_close>> {};
struct expr_name : name {};
struct cast_close : p::one<')'> {};
struct cast_tail : p::seq<p::one<'('>, wsnl, p::must<expr>, wsnl, p::must<cast_close>> {};
struct index_close : p::one<']'> {};
struct index_tail : p::seq<p::one<'['>, ws, p::must<expr>, ws, p::must<index_close>> {};
struct var_tail : p::success {};
struct name_expr : p::seq<expr_name, ws, p::sor<cast_tail, index_tail, var_tail>> {};
struct primary : p::sor<float_lit, int_lit, paren_expr, name_expr> {};

struct unary_operand;
struct neg : p::seq<p::one<'-'>, ws, p::must<unary_operand>> {};
struct not_ : p::seq<p::one<'!'>, p::not_at<p::one<'='>>, ws, p::must<unary_operand>> {};
struct unary : p::sor<neg, not_, primary> {};
struct unary_operand : unary {};

/// One level of left-associative binary operators.
template <typename Op, typename Operand>
struct binary_tail : p::seq<ws, Op, wsnl, p::must<Operand>> {};

struct mul_op : p::one<'*', '/', '%'> {};
struct mul_operand : unary {};
struct mul_expr : p::seq<unary, p::star<binary_tail<mul_op, mul_operand>>> {};
struct add_op : p::one<'+', '-'> {};
struct add_operand : mul_expr {};
struct add_expr : p::seq<mul_expr, p::star<binary_tail<add_op, add_operand>>> {};
struct rel_op : p::sor<TAO_PEGTL_STRING("<="), TAO_PEGTL_STRING(">="), p::one<'<', '>'>> {};
struct rel_operand : add_expr {};
struct rel_expr : p::seq<add_expr, p::star<binary_tail<rel_op, rel_operand>>> {};
struct eq_op : p::sor<TAO_PEGTL_STRING("=="), TAO_PEGTL_STRING("!=")> {};
struct eq_operand : rel_expr {};
struct eq_expr : p::seq<rel_expr, p::star<binary_tail<eq_op, eq_operand>>> {};
struct and_op : TAO_PEGTL_STRING("&&") {};
struct and_operand : eq_expr {};
struct and_expr : p::seq<eq_expr, p::star<binary_tail<and_op, and_operand>>> {};
struct or_op : TAO_PEGTL_STRING("||") {};
struct or_operand : and_expr {};
struct or_expr : p::seq<and_expr, p::star<binary_tail<or_op, or_operand>>> {};
struct expr : p::seq<or_expr> {};

// ---- Statements -----------------------------------------------------------------------------
struct block;
struct stmt_end : p::sor<p::one<';', '\n'>, p::at<p::one<'}'>>, p::eof> {};

struct let_name : name {};
struct let_colon : p::one<':'> {};
struct let_type : p::seq<type_ref> {};
struct let_init : p::seq<p::one<'='>, ws, p::must<expr>> {};
struct let_stmt
    : p::seq<kw_let, ws, p::must<let_name>, ws, p::must<let_colon>, ws, p::must<let_type>, ws, p::opt<let_init>> {};

struct assign_name : name {};
struct assign_index : p::seq<p::one<'['>, ws, p::must<expr>, ws, p::must<index_close>> {};
struct assign_eq : p::seq<p::one<'='>, p::not_at<p::one<'='>>> {};
struct assign_stmt : p::seq<assign_name, ws, p::opt<assign_index>, ws, p::must<assign_eq>, ws, p::must<expr>> {};

struct if_block : p::seq<block> {};
struct else_if;
struct else_body : p::sor<else_if, block> {};
struct else_clause : p::seq<wsnl, kw_else, ws, p::must<else_body>> {};
struct if_stmt : p::seq<kw_if, ws, p::must<expr>, ws, p::must<if_block>, p::opt<else_clause>> {};
struct else_if : if_stmt {};

struct loop_var : name {};
struct loop_in : kw_in {};
struct range_dots : TAO_PEGTL_STRING("..") {};
struct loop_block : p::seq<block> {};
struct for_stmt : p::seq<kw_for, ws, p::must<loop_var>, ws, p::must<loop_in>, ws, p::must<expr>, ws,
                         p::must<range_dots>, ws, p::must<expr>, ws, p::must<loop_block>> {};

struct return_value : p::seq<p::not_at<p::sor<p::one<';', '\n', '}', '#'>, p::eof>>, p::must<expr>> {};
struct return_stmt : p::seq<kw_return, ws, p::opt<return_value>> {};

struct statement : p::sor<let_stmt, if_stmt, for_stmt, return_stmt, assign_stmt> {};
struct stmt_line : p::seq<statement, ws, p::must<stmt_end>> {};
struct separator : p::sor<blank, comment, p::one<';', '\n'>> {};
struct block_open : p::one<'{'> {};
struct block_close : p::one<'}'> {};
struct block : p::seq<block_open, p::star<p::sor<separator, stmt_line>>, p::must<block_close>> {};

// ---- The head ------------------------------------------------------------------------------
/// Like recipe kernel names: `-` may join name characters (`my-arith`).
struct kernel_name : p::seq<name_first, p::star<p::sor<name_char, p::seq<p::one<'-'>, p::at<name_char>>>>> {};
struct head_open : p::one<'('> {};
struct head_close : p::one<')'> {};
struct param_name : name {};
struct param_colon : p::one<':'> {};
struct param_type : p::sor<kw_type, p::seq<type_ref>> {};
struct default_number : p::seq<p::opt<p::one<'-'>>, digits, p::opt<p::one<'.'>, digits>, p::opt<exponent>> {};
struct default_value : p::sor<default_number, name> {};
struct param : p::seq<param_name, ws, p::must<param_colon>, ws, p::must<param_type>,
                      p::opt<ws, p::one<'='>, ws, p::must<default_value>>> {};
struct next_param : param {};
/// Parameters separated by `,`; a trailing `,` is allowed.
struct params : p::seq<param, p::star<wsnl, p::one<','>, wsnl, p::not_at<p::one<')'>>, p::must<next_param>>,
                       p::opt<wsnl, p::one<','>>> {};
struct arrow : TAO_PEGTL_STRING("->") {};
struct result_type : p::seq<type_ref> {};
struct body_block : p::seq<block> {};
struct definition_end : p::eof {};
struct definition : p::seq<wsnl, kw_kernel, ws, p::must<kernel_name>, ws, p::must<head_open>, wsnl, p::opt<params>,
                           wsnl, p::must<head_close>, ws, p::opt<arrow, ws, p::must<result_type>>, ws,
                           p::must<body_block>, wsnl, p::must<definition_end>> {};

}  // namespace hwbench::lang::kernel::grammar
