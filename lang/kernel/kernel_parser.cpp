// The actions that build a kernel definition's statements and head (lang/kernel/kernel_ast.hpp) as the
// rules of lang/kernel/kernel_grammar.hpp succeed, and parse_kernel(). The recipe grammar
// (lang/recipe/grammar.hpp) only finds where a definition starts and ends; everything inside is read
// here, expressions by the actions of lang/kernel/kernel_expr_actions.hpp.
//
// Actions build the AST on the stacks of lang/kernel/kernel_parse_state.hpp. Every alternative commits
// with must<> right after the part that tells it apart, so no rule that has already run an action
// is ever backtracked over: a failure past that point is a syntax error
// (lang/kernel/kernel_syntax_errors.hpp), which ends the parse.
#include "lang/kernel/kernel_parser.hpp"

#include <string>
#include <utility>
#include <vector>

#include <tao/pegtl.hpp>

#include "lang/kernel/kernel_expr_actions.hpp"
#include "lang/kernel/kernel_grammar.hpp"
#include "lang/kernel/kernel_parse_state.hpp"
#include "lang/kernel/kernel_syntax_errors.hpp"

// Specialisations of Action belong to its namespace.
namespace hwbench::lang::kernel::grammar {

/// Notes that the statement being read has its optional part: a let's value, an assignment's
/// index, a return's value (the statement's own action takes it and clears the flag).
template <bool State::*Flag>
struct FlagAction {
  template <typename In>
  static void apply(const In&, State& st) {
    st.*Flag = true;
  }
};

template <>
struct Action<block_open> {
  template <typename In>
  static void apply(const In& in, State& st) {
    st.open_blocks.emplace_back();
    st.open_braces.push_back(loc_of(in, st));
  }
};

template <>
struct Action<block_close> {
  template <typename In>
  static void apply(const In&, State& st) {
    st.finished_blocks.push_back(std::move(st.open_blocks.back()));
    st.open_blocks.pop_back();
    st.open_braces.pop_back();
  }
};

template <>
struct Action<let_init> : FlagAction<&State::let_has_init> {};

template <>
struct Action<let_stmt> {
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
struct Action<assign_index> : FlagAction<&State::assign_has_index> {};

template <>
struct Action<assign_stmt> {
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
struct Action<kw_if> {
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
struct Action<if_stmt> {
  template <typename In>
  static void apply(const In& in, State& st) {
    st.add_statement(make_if(in, st));
  }
};

template <>
struct Action<else_if> {
  template <typename In>
  static void apply(const In& in, State& st) {
    // `else if …` is an else branch holding one `if`.
    std::vector<KStmt> branch;
    branch.push_back(make_if(in, st));
    st.finished_blocks.push_back(std::move(branch));
  }
};

template <>
struct Action<for_stmt> {
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
struct Action<return_value> : FlagAction<&State::return_has_value> {};

template <>
struct Action<return_stmt> {
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
struct Action<kernel_name> {
  template <typename In>
  static void apply(const In& in, State& st) {
    st.def.name = in.string();
    st.def.name_loc = loc_of(in, st);
  }
};

template <>
struct Action<param_name> {
  template <typename In>
  static void apply(const In& in, State& st) {
    KParam param;
    param.loc = loc_of(in, st);
    param.name = in.string();
    st.def.params.push_back(std::move(param));
  }
};

template <>
struct Action<kw_type> {
  template <typename In>
  static void apply(const In&, State& st) {
    st.def.params.back().is_type = true;
  }
};

template <>
struct Action<param_type> {
  template <typename In>
  static void apply(const In&, State& st) {
    KParam& param = st.def.params.back();
    if (param.is_type) return;
    param.type = st.types.back();
    st.types.pop_back();
  }
};

template <>
struct Action<default_value> {
  template <typename In>
  static void apply(const In& in, State& st) {
    st.def.params.back().default_text = in.string();
    st.def.params.back().default_loc = loc_of(in, st);
  }
};

template <>
struct Action<result_type> {
  template <typename In>
  static void apply(const In&, State& st) {
    st.def.result = st.types.back();
    st.types.pop_back();
  }
};

template <>
struct Action<body_block> {
  template <typename In>
  static void apply(const In&, State& st) {
    st.def.body = st.pop_block();
  }
};

}  // namespace hwbench::lang::kernel::grammar

namespace hwbench::lang::kernel {

std::optional<KernelDef> parse_kernel(std::string_view text, SourceLoc start, Diagnostics& diags) {
  grammar::State st;
  st.text = text;
  st.start = start;
  st.def.loc = start;
  st.def.text = std::string(text);
  tao::pegtl::memory_input<> in(text.data(), text.size(), "kernel");
  try {
    if (!tao::pegtl::parse<grammar::definition, grammar::Action, grammar::Control>(in, st)) {
      diags.error(start, "expected a kernel definition", "write kernel NAME(PARAM: TYPE, …) -> TYPE { … }", 6);
      return std::nullopt;
    }
  } catch (const grammar::KernelSyntaxError& e) {
    diags.add(e.diagnostic);
    return std::nullopt;
  }
  return std::move(st.def);
}

}  // namespace hwbench::lang::kernel
