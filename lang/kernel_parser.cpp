// The grammar of a kernel definition, its actions and its error messages. The recipe grammar
// (lang/grammar.hpp) only finds where a definition starts and ends; everything inside is read
// here, into the plain structs of lang/kernel_ast.hpp.
//
// Actions build the AST on stacks as rules succeed. Every alternative commits with must<> right
// after the part that tells it apart, so no rule that has already run an action is ever
// backtracked over: a failure past that point is a syntax error, which ends the parse.
#include "lang/kernel_parser.hpp"

#include <cerrno>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <tao/pegtl.hpp>

namespace hwbench::lang {

namespace {

namespace p = tao::pegtl;

namespace g {

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
struct let_stmt : p::seq<kw_let, ws, p::must<let_name>, ws, p::must<let_colon>, ws, p::must<let_type>, ws,
                         p::opt<let_init>> {};

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
struct definition
    : p::seq<wsnl, kw_kernel, ws, p::must<kernel_name>, ws, p::must<head_open>, wsnl, p::opt<params>, wsnl,
             p::must<head_close>, ws, p::opt<arrow, ws, p::must<result_type>>, ws, p::must<body_block>, wsnl,
             p::must<definition_end>> {};

}  // namespace g

/// The largest local array, in elements: a kernel's arrays live on every call's frame.
constexpr std::uint32_t kMaxArray = 1u << 20;

/// A syntax error, thrown from an action or a failed must<>.
struct KernelSyntaxError {
  Diagnostic diagnostic;
};

struct State {
  std::string_view text;
  SourceLoc start;
  KernelDef def;
  std::vector<KExpr> exprs;
  std::vector<std::pair<std::string, SourceLoc>> names;  ///< names waiting for their construct
  std::vector<std::pair<std::string, SourceLoc>> ops;    ///< binary operators waiting for their right side
  std::vector<KTypeRef> types;
  KTypeRef pending_type;
  std::vector<std::vector<KStmt>> open_blocks;
  std::vector<SourceLoc> open_braces;
  std::vector<std::vector<KStmt>> finished_blocks;
  std::vector<std::size_t> if_marks;  ///< finished_blocks.size() where each open `if` began
  bool let_has_init = false;
  bool assign_has_index = false;
  bool return_has_value = false;

  /// The recipe location of byte `offset` of the definition.
  SourceLoc map(const p::position& pos) const {
    SourceLoc loc;
    loc.offset = start.offset + pos.byte;
    loc.line = start.line + static_cast<std::uint32_t>(pos.line) - 1;
    loc.column = pos.line == 1 ? start.column + static_cast<std::uint32_t>(pos.column) - 1
                               : static_cast<std::uint32_t>(pos.column);
    return loc;
  }

  KExpr pop_expr() {
    KExpr e = std::move(exprs.back());
    exprs.pop_back();
    return e;
  }
  std::pair<std::string, SourceLoc> pop_name() {
    auto n = std::move(names.back());
    names.pop_back();
    return n;
  }
  std::vector<KStmt> pop_block() {
    auto b = std::move(finished_blocks.back());
    finished_blocks.pop_back();
    return b;
  }
  void add_statement(KStmt s) { open_blocks.back().push_back(std::move(s)); }
};

template <typename Input>
SourceLoc loc_of(const Input& in, const State& st) {
  return st.map(in.position());
}

// ---- Error messages ---------------------------------------------------------------------------

/// What stands at byte `offset` of the definition: "'x'", "the end of the line", ….
std::string found_at(std::string_view text, std::size_t offset) {
  if (offset >= text.size()) return "the end of the definition";
  char c = text[offset];
  if (c == '\n' || c == '\r') return "the end of the line";
  auto is_name = [](char ch) {
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
  };
  std::size_t n = 1;
  if (is_name(c))
    while (offset + n < text.size() && is_name(text[offset + n])) ++n;
  else if (static_cast<unsigned char>(c) >= 0xC0)
    while (offset + n < text.size() && (static_cast<unsigned char>(text[offset + n]) & 0xC0) == 0x80) ++n;
  return fmt::format("'{}'", text.substr(offset, n));
}

const char* const type_hint = "types are i16, i32, i64, f32, f64, a type parameter, or an array [f64; 16] in 'let'";
const char* const statement_hint = "a statement is let, if, for, return or an assignment NAME = VALUE";

/// The message and hint for a rule that must match; `found` describes what stands there.
template <typename Rule>
struct Expected {
  static std::pair<std::string, std::string> make(const std::string& found) {
    return {fmt::format("unexpected {} in the kernel definition", found), ""};
  }
};

#define HWBENCH_KERNEL_EXPECTED(RULE, WHAT, HINT)                                       \
  template <>                                                                          \
  struct Expected<RULE> {                                                              \
    static std::pair<std::string, std::string> make(const std::string& found) {        \
      return {fmt::format("expected {}, found {}", WHAT, found), HINT};                 \
    }                                                                                  \
  };

HWBENCH_KERNEL_EXPECTED(g::kernel_name, "the kernel's name after 'kernel'", "write kernel NAME(PARAM: TYPE, …) -> TYPE { … }")
HWBENCH_KERNEL_EXPECTED(g::head_open, "'(' after the kernel's name", "write kernel NAME(PARAM: TYPE, …) -> TYPE { … }")
HWBENCH_KERNEL_EXPECTED(g::head_close, "',' or ')' in the parameter list", "write parameters as NAME: TYPE = DEFAULT, separated by ','")
HWBENCH_KERNEL_EXPECTED(g::next_param, "a parameter after ','", "write parameters as NAME: TYPE = DEFAULT")
HWBENCH_KERNEL_EXPECTED(g::param_colon, "':' after the parameter's name", "write parameters as NAME: TYPE = DEFAULT, as in n: i32 = 100")
HWBENCH_KERNEL_EXPECTED(g::param_type, "a type or 'type' after ':'", type_hint)
HWBENCH_KERNEL_EXPECTED(g::default_value, "a default value after '='", "write a number (n: i32 = 100) or a type name (T: type = f64)")
HWBENCH_KERNEL_EXPECTED(g::result_type, "the result type after '->'", type_hint)
HWBENCH_KERNEL_EXPECTED(g::body_block, "'{' to start the kernel's body", "write kernel NAME(…) -> TYPE { … }")
HWBENCH_KERNEL_EXPECTED(g::definition_end, "the end of the statement after the kernel's body", "end the definition with '}' and a newline")
HWBENCH_KERNEL_EXPECTED(g::type_name, "a type name", type_hint)
HWBENCH_KERNEL_EXPECTED(g::array_semi, "';' between the element type and the size", "write an array type as [f64; 16]")
HWBENCH_KERNEL_EXPECTED(g::array_len, "the array's size", "write an array type as [f64; 16]")
HWBENCH_KERNEL_EXPECTED(g::array_close, "']' after the array's size", "write an array type as [f64; 16]")
HWBENCH_KERNEL_EXPECTED(g::expr, "a value", "")
HWBENCH_KERNEL_EXPECTED(g::unary_operand, "a value after the operator", "")
HWBENCH_KERNEL_EXPECTED(g::paren_close, "')'", "close the '(' before this point")
HWBENCH_KERNEL_EXPECTED(g::cast_close, "')' to end the conversion", "write a conversion as f64(x)")
HWBENCH_KERNEL_EXPECTED(g::index_close, "']' after the index", "write an element as a[i]")
HWBENCH_KERNEL_EXPECTED(g::let_name, "a variable name after 'let'", "write let NAME: TYPE = VALUE")
HWBENCH_KERNEL_EXPECTED(g::let_colon, "':' and a type after the variable's name", "write let NAME: TYPE = VALUE, as in let z: f64 = 0")
HWBENCH_KERNEL_EXPECTED(g::let_type, "a type after ':'", type_hint)
HWBENCH_KERNEL_EXPECTED(g::assign_eq, "'=' after the name", statement_hint)
HWBENCH_KERNEL_EXPECTED(g::if_block, "'{' after the condition of 'if'", "write if CONDITION { … } else { … }")
HWBENCH_KERNEL_EXPECTED(g::else_body, "'{' or 'if' after 'else'", "write else { … } or else if CONDITION { … }")
HWBENCH_KERNEL_EXPECTED(g::loop_var, "a loop variable after 'for'", "write for i in 0..n { … }")
HWBENCH_KERNEL_EXPECTED(g::loop_in, "'in' after the loop variable", "write for i in 0..n { … }")
HWBENCH_KERNEL_EXPECTED(g::range_dots, "'..' after the loop's first value", "write for i in 0..n { … } (n itself is not included)")
HWBENCH_KERNEL_EXPECTED(g::loop_block, "'{' after the loop's range", "write for i in 0..n { … }")
HWBENCH_KERNEL_EXPECTED(g::stmt_end, "the end of the statement", "end a statement with a newline or ';'")

#undef HWBENCH_KERNEL_EXPECTED

template <>
struct Expected<g::mul_operand> : Expected<g::unary_operand> {};
template <>
struct Expected<g::add_operand> : Expected<g::unary_operand> {};
template <>
struct Expected<g::rel_operand> : Expected<g::unary_operand> {};
template <>
struct Expected<g::eq_operand> : Expected<g::unary_operand> {};
template <>
struct Expected<g::and_operand> : Expected<g::unary_operand> {};
template <>
struct Expected<g::or_operand> : Expected<g::unary_operand> {};

template <typename Rule>
struct Control : p::normal<Rule> {
  template <typename ParseInput>
  [[noreturn]] static void raise(const ParseInput& in, State& st) {
    const auto pos = in.position();
    const std::string found = found_at(st.text, pos.byte);
    SourceLoc loc = st.map(pos);
    std::string message, hint;
    if constexpr (std::is_same_v<Rule, g::block_close>) {
      if (pos.byte >= st.text.size() && !st.open_braces.empty()) {
        throw KernelSyntaxError{{Severity::error, st.open_braces.back(), "unclosed block: '{' has no matching '}'",
                                 "add '}' to end the block", 1}};
      }
      message = fmt::format("expected a statement or '}}', found {}", found);
      hint = statement_hint;
    } else {
      std::tie(message, hint) = Expected<Rule>::make(found);
    }
    auto length = static_cast<std::uint32_t>(found.size() > 2 && found[0] == '\'' ? found.size() - 2 : 1);
    throw KernelSyntaxError{{Severity::error, loc, std::move(message), std::move(hint), length}};
  }
};

// ---- Actions ----------------------------------------------------------------------------------

template <typename Rule>
struct Action : p::nothing<Rule> {};

[[noreturn]] void fail_at(SourceLoc loc, std::string message, std::string hint, std::size_t length) {
  throw KernelSyntaxError{{Severity::error, loc, std::move(message), std::move(hint),
                           static_cast<std::uint32_t>(std::max<std::size_t>(1, length))}};
}

template <>
struct Action<g::type_name> {
  template <typename In>
  static void apply(const In& in, State& st) {
    st.pending_type = KTypeRef{};
    st.pending_type.loc = loc_of(in, st);
    st.pending_type.name = in.string();
  }
};

template <>
struct Action<g::array_len> {
  template <typename In>
  static void apply(const In& in, State& st) {
    const std::string text = in.string();
    errno = 0;
    unsigned long long n = std::strtoull(text.c_str(), nullptr, 10);
    if (errno != 0 || n == 0 || n > kMaxArray)
      fail_at(loc_of(in, st), fmt::format("an array needs 1 to {} elements, not {}", kMaxArray, text), "", text.size());
    st.pending_type.array_size = static_cast<std::uint32_t>(n);
  }
};

template <>
struct Action<g::type_ref> {
  template <typename In>
  static void apply(const In&, State& st) {
    st.types.push_back(st.pending_type);
  }
};

template <>
struct Action<g::int_lit> {
  template <typename In>
  static void apply(const In& in, State& st) {
    const std::string text = in.string();
    errno = 0;
    unsigned long long v = std::strtoull(text.c_str(), nullptr, 10);
    if (errno != 0 || v > static_cast<unsigned long long>(INT64_MAX))
      fail_at(loc_of(in, st), fmt::format("the integer {} is too large (at most 9223372036854775807)", text),
              "write a smaller number, or a float such as 1e19", text.size());
    KExpr e;
    e.kind = KExprKind::int_lit;
    e.loc = loc_of(in, st);
    e.int_value = static_cast<std::int64_t>(v);
    st.exprs.push_back(std::move(e));
  }
};

template <>
struct Action<g::float_lit> {
  template <typename In>
  static void apply(const In& in, State& st) {
    KExpr e;
    e.kind = KExprKind::float_lit;
    e.loc = loc_of(in, st);
    e.float_value = std::strtod(in.string().c_str(), nullptr);  // overflow gives inf, as IEEE 754 rounds
    st.exprs.push_back(std::move(e));
  }
};

/// Names whose construct comes later (variables, assignment targets, loop variables, let names).
struct NameAction {
  template <typename In>
  static void apply(const In& in, State& st) {
    st.names.emplace_back(in.string(), loc_of(in, st));
  }
};
template <>
struct Action<g::expr_name> : NameAction {};
template <>
struct Action<g::let_name> : NameAction {};
template <>
struct Action<g::assign_name> : NameAction {};
template <>
struct Action<g::loop_var> : NameAction {};

template <>
struct Action<g::var_tail> {
  template <typename In>
  static void apply(const In&, State& st) {
    auto [name, loc] = st.pop_name();
    KExpr e;
    e.kind = KExprKind::var;
    e.loc = loc;
    e.name = std::move(name);
    st.exprs.push_back(std::move(e));
  }
};

template <>
struct Action<g::index_tail> {
  template <typename In>
  static void apply(const In&, State& st) {
    KExpr index = st.pop_expr();
    auto [name, loc] = st.pop_name();
    KExpr e;
    e.kind = KExprKind::index;
    e.loc = loc;
    e.name = std::move(name);
    e.operands.push_back(std::move(index));
    st.exprs.push_back(std::move(e));
  }
};

template <>
struct Action<g::cast_tail> {
  template <typename In>
  static void apply(const In&, State& st) {
    KExpr operand = st.pop_expr();
    auto [name, loc] = st.pop_name();
    KExpr e;
    e.kind = KExprKind::cast;
    e.loc = loc;
    e.cast_to.loc = loc;
    e.cast_to.name = std::move(name);
    e.operands.push_back(std::move(operand));
    st.exprs.push_back(std::move(e));
  }
};

template <char Op>
struct UnaryAction {
  template <typename In>
  static void apply(const In& in, State& st) {
    KExpr e;
    e.kind = KExprKind::unary;
    e.loc = loc_of(in, st);
    e.op = std::string(1, Op);
    e.operands.push_back(st.pop_expr());
    st.exprs.push_back(std::move(e));
  }
};
template <>
struct Action<g::neg> : UnaryAction<'-'> {};
template <>
struct Action<g::not_> : UnaryAction<'!'> {};

struct OpAction {
  template <typename In>
  static void apply(const In& in, State& st) {
    st.ops.emplace_back(in.string(), loc_of(in, st));
  }
};
template <>
struct Action<g::mul_op> : OpAction {};
template <>
struct Action<g::add_op> : OpAction {};
template <>
struct Action<g::rel_op> : OpAction {};
template <>
struct Action<g::eq_op> : OpAction {};
template <>
struct Action<g::and_op> : OpAction {};
template <>
struct Action<g::or_op> : OpAction {};

template <typename Op, typename Operand>
struct Action<g::binary_tail<Op, Operand>> {
  template <typename In>
  static void apply(const In&, State& st) {
    KExpr right = st.pop_expr();
    KExpr left = st.pop_expr();
    auto [op, loc] = std::move(st.ops.back());
    st.ops.pop_back();
    KExpr e;
    e.kind = KExprKind::binary;
    e.loc = loc;  // the operator: where a division by zero is reported
    e.op = std::move(op);
    e.operands.push_back(std::move(left));
    e.operands.push_back(std::move(right));
    st.exprs.push_back(std::move(e));
  }
};

template <>
struct Action<g::block_open> {
  template <typename In>
  static void apply(const In& in, State& st) {
    st.open_blocks.emplace_back();
    st.open_braces.push_back(loc_of(in, st));
  }
};

template <>
struct Action<g::block_close> {
  template <typename In>
  static void apply(const In&, State& st) {
    st.finished_blocks.push_back(std::move(st.open_blocks.back()));
    st.open_blocks.pop_back();
    st.open_braces.pop_back();
  }
};

template <>
struct Action<g::let_init> {
  template <typename In>
  static void apply(const In&, State& st) {
    st.let_has_init = true;
  }
};

template <>
struct Action<g::let_stmt> {
  template <typename In>
  static void apply(const In& in, State& st) {
    KStmt s;
    s.kind = KStmtKind::let;
    s.loc = loc_of(in, st);
    if (st.let_has_init) s.exprs.push_back(st.pop_expr());
    st.let_has_init = false;
    s.type = st.types.back();
    st.types.pop_back();
    std::tie(s.name, s.name_loc) = st.pop_name();
    st.add_statement(std::move(s));
  }
};

template <>
struct Action<g::assign_index> {
  template <typename In>
  static void apply(const In&, State& st) {
    st.assign_has_index = true;
  }
};

template <>
struct Action<g::assign_stmt> {
  template <typename In>
  static void apply(const In& in, State& st) {
    KStmt s;
    s.kind = KStmtKind::assign;
    s.loc = loc_of(in, st);
    KExpr value = st.pop_expr();
    if (st.assign_has_index) s.exprs.push_back(st.pop_expr());
    st.assign_has_index = false;
    s.exprs.push_back(std::move(value));
    std::tie(s.name, s.name_loc) = st.pop_name();
    st.add_statement(std::move(s));
  }
};

template <>
struct Action<g::kw_if> {
  template <typename In>
  static void apply(const In&, State& st) {
    st.if_marks.push_back(st.finished_blocks.size());
  }
};

/// An `if` from its condition and the one or two blocks finished since its `if` keyword.
template <typename In>
KStmt make_if(const In& in, State& st) {
  const std::size_t mark = st.if_marks.back();
  st.if_marks.pop_back();
  KStmt s;
  s.kind = KStmtKind::if_;
  s.loc = loc_of(in, st);
  if (st.finished_blocks.size() - mark == 2) s.else_body = st.pop_block();
  s.body = st.pop_block();
  s.exprs.push_back(st.pop_expr());
  return s;
}

template <>
struct Action<g::if_stmt> {
  template <typename In>
  static void apply(const In& in, State& st) {
    st.add_statement(make_if(in, st));
  }
};

template <>
struct Action<g::else_if> {
  template <typename In>
  static void apply(const In& in, State& st) {
    // `else if …` is an else branch holding one `if`.
    std::vector<KStmt> branch;
    branch.push_back(make_if(in, st));
    st.finished_blocks.push_back(std::move(branch));
  }
};

template <>
struct Action<g::for_stmt> {
  template <typename In>
  static void apply(const In& in, State& st) {
    KStmt s;
    s.kind = KStmtKind::for_;
    s.loc = loc_of(in, st);
    s.body = st.pop_block();
    KExpr to = st.pop_expr();
    KExpr from = st.pop_expr();
    s.exprs.push_back(std::move(from));
    s.exprs.push_back(std::move(to));
    std::tie(s.name, s.name_loc) = st.pop_name();
    st.add_statement(std::move(s));
  }
};

template <>
struct Action<g::return_value> {
  template <typename In>
  static void apply(const In&, State& st) {
    st.return_has_value = true;
  }
};

template <>
struct Action<g::return_stmt> {
  template <typename In>
  static void apply(const In& in, State& st) {
    KStmt s;
    s.kind = KStmtKind::return_;
    s.loc = loc_of(in, st);
    if (st.return_has_value) s.exprs.push_back(st.pop_expr());
    st.return_has_value = false;
    st.add_statement(std::move(s));
  }
};

template <>
struct Action<g::kernel_name> {
  template <typename In>
  static void apply(const In& in, State& st) {
    st.def.name = in.string();
    st.def.name_loc = loc_of(in, st);
  }
};

template <>
struct Action<g::param_name> {
  template <typename In>
  static void apply(const In& in, State& st) {
    KParam param;
    param.loc = loc_of(in, st);
    param.name = in.string();
    st.def.params.push_back(std::move(param));
  }
};

template <>
struct Action<g::kw_type> {
  template <typename In>
  static void apply(const In&, State& st) {
    st.def.params.back().is_type = true;
  }
};

template <>
struct Action<g::param_type> {
  template <typename In>
  static void apply(const In&, State& st) {
    KParam& param = st.def.params.back();
    if (param.is_type) return;
    param.type = st.types.back();
    st.types.pop_back();
  }
};

template <>
struct Action<g::default_value> {
  template <typename In>
  static void apply(const In& in, State& st) {
    st.def.params.back().default_text = in.string();
    st.def.params.back().default_loc = loc_of(in, st);
  }
};

template <>
struct Action<g::result_type> {
  template <typename In>
  static void apply(const In&, State& st) {
    st.def.result = st.types.back();
    st.types.pop_back();
  }
};

template <>
struct Action<g::body_block> {
  template <typename In>
  static void apply(const In&, State& st) {
    st.def.body = st.pop_block();
  }
};

}  // namespace

std::optional<KernelDef> parse_kernel(std::string_view text, SourceLoc start, Diagnostics& diags) {
  State st;
  st.text = text;
  st.start = start;
  st.def.loc = start;
  st.def.text = std::string(text);
  p::memory_input<> in(text.data(), text.size(), "kernel");
  try {
    if (!p::parse<g::definition, Action, Control>(in, st)) {
      diags.error(start, "expected a kernel definition", "write kernel NAME(PARAM: TYPE, …) -> TYPE { … }", 6);
      return std::nullopt;
    }
  } catch (const KernelSyntaxError& e) {
    diags.add(e.diagnostic);
    return std::nullopt;
  }
  return std::move(st.def);
}

}  // namespace hwbench::lang
