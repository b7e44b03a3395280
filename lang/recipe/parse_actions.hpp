#pragma once
// The recipe parser's actions: Action<Rule> hands what each rule matched to the AstBuilder
// (through the parse State). Only lang/recipe/parser.cpp includes this.
#include <string_view>

#include <tao/pegtl.hpp>

#include "lang/recipe/ast_builder.hpp"
#include "lang/recipe/grammar.hpp"
#include "lang/recipe/parse_state.hpp"

namespace hwbench::lang::recipe::parsing {

namespace p = tao::pegtl;

template <typename Rule>
struct Action : p::nothing<Rule> {};

template <>
struct Action<g::number> {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.number(loc_of(in.iterator()), in.string_view());
  }
};

/// Bare identifiers pushed as words: values and names.
struct WordAction {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.word(loc_of(in.iterator()), in.string_view());
  }
};
template <>
struct Action<g::value_word> : WordAction {};
template <>
struct Action<g::location_name> : WordAction {};
template <>
struct Action<g::let_name> : WordAction {};
template <>
struct Action<g::for_var> : WordAction {};
template <>
struct Action<g::kernel_name> : WordAction {};
template <>
struct Action<g::baseline_name> : WordAction {};
template <typename S>
struct Action<g::add_op<S>> : WordAction {};
template <typename S>
struct Action<g::mul_op<S>> : WordAction {};
template <>
struct Action<g::compare_op> : WordAction {};

template <>
struct Action<g::var_ref> {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.variable(loc_of(in.iterator()), in.string_view(), in.string_view().substr(1));
  }
};

template <>
struct Action<g::interp_name> {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.variable(loc_of(in.iterator()), in.string_view(), in.string_view());
  }
};

template <>
struct Action<g::dollar_brace> {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.enclose(loc_of(in.iterator()), in.string_view());
  }
};

template <>
struct Action<g::splice> {
  template <typename In>
  static void apply(const In&, State& state) {
    state.builder.splice();
  }
};

struct LiteralAction {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.literal(in.string_view());
  }
};
template <>
struct Action<g::string_chars> : LiteralAction {};
template <>
struct Action<g::path_chars> : LiteralAction {};

template <>
struct Action<g::escape> {
  template <typename In>
  static void apply(const In& in, State& state) {
    switch (in.string_view()[1]) {
      case 'n':
        state.builder.literal("\n");
        break;
      case 't':
        state.builder.literal("\t");
        break;
      default:
        state.builder.literal(in.string_view().substr(1, 1));
        break;
    }
  }
};

template <>
struct Action<g::string_lit> {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.string(loc_of(in.iterator()), in.string_view());
  }
};

template <>
struct Action<g::plain_path> {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.path(loc_of(in.iterator()), in.string_view(), {});
  }
};

template <>
struct Action<g::located_path> {
  template <typename In>
  static void apply(const In& in, State& state) {
    auto text = in.string_view();
    state.builder.path(loc_of(in.iterator()), text, text.substr(0, text.find(':')));
  }
};

template <typename S>
struct Action<g::list<S>> {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.list(loc_of(in.iterator()), in.string_view());
  }
};

template <typename First>
struct Action<g::range_value<First>> {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.range(loc_of(in.iterator()), in.string_view());
  }
};

template <typename S>
struct Action<g::negate<S>> {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.negate(loc_of(in.iterator()), in.string_view());
  }
};

struct BinaryAction {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.binary(in.iterator().byte + in.size());
  }
};
template <typename S>
struct Action<g::sum_tail<S>> : BinaryAction {};
template <typename S>
struct Action<g::product_tail<S>> : BinaryAction {};
template <>
struct Action<g::if_condition> : BinaryAction {};

template <>
struct Action<g::value_item> {
  template <typename In>
  static void apply(const In&, State& state) {
    state.builder.item_value();
  }
};

struct ItemWordAction {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.item_word(loc_of(in.iterator()), in.string_view());
  }
};
template <typename Name>
struct Action<g::word_of<Name>> : ItemWordAction {};

template <>
struct Action<g::arrow> {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.item_arrow(loc_of(in.iterator()), in.string_view());
  }
};

template <>
struct Action<g::comma> {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.item_comma(loc_of(in.iterator()), in.string_view());
  }
};

// ---- The parts of report, baseline, index, compare and settle ------------------------------

/// The item its rule just pushed takes role `R` in the statement.
template <Role R>
struct RoleAction {
  template <typename In>
  static void apply(const In&, State& state) {
    state.builder.role(R);
  }
};
/// The keyword or ',' its rule matched has role `R` in the statement.
template <Role R>
struct RoleWordAction {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.role_word(R, loc_of(in.iterator()), in.string_view());
  }
};
template <>
struct Action<g::report_table> : RoleWordAction<Role::report_table> {};
template <>
struct Action<g::report_head> : RoleAction<Role::report_head> {};
template <>
struct Action<g::report_with> : RoleWordAction<Role::report_with> {};
template <>
struct Action<g::report_comma> : RoleWordAction<Role::report_comma> {};
template <>
struct Action<g::report_arg> : RoleAction<Role::report_arg> {};
template <>
struct Action<g::baseline_file> : RoleAction<Role::baseline_file> {};
template <>
struct Action<g::index_series> : RoleAction<Role::index_series> {};
template <>
struct Action<g::index_baseline> : RoleAction<Role::index_baseline> {};
template <>
struct Action<g::index_scale> : RoleAction<Role::index_scale> {};
template <>
struct Action<g::index_aggregate> : RoleAction<Role::index_aggregate> {};
template <>
struct Action<g::compare_with> : RoleWordAction<Role::compare_with> {};
template <>
struct Action<g::compare_file> : RoleAction<Role::compare_file> {};
template <>
struct Action<g::compare_section> : RoleWordAction<Role::compare_section> {};
template <>
struct Action<g::compare_option_name> : RoleAction<Role::compare_option> {};
template <>
struct Action<g::compare_option_value> : RoleAction<Role::compare_value> {};

template <>
struct Action<g::settle_until> : RoleWordAction<Role::settle_until> {};
template <>
struct Action<g::settle_duration> : RoleAction<Role::settle_duration> {};
template <>
struct Action<g::settle_path> : RoleAction<Role::settle_path> {};
template <>
struct Action<g::settle_max> : RoleAction<Role::settle_max> {};

template <>
struct Action<g::content_end> {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.statement_end(in.iterator().byte);
  }
};

template <StmtKind Kind>
struct StatementAction {
  template <typename In>
  static void apply(const In& in, State& state) {
    state.builder.statement(Kind, loc_of(in.iterator()));
  }
};
template <>
struct Action<g::title_stmt> : StatementAction<StmtKind::title> {};
template <>
struct Action<g::source_stmt> : StatementAction<StmtKind::source> {};
template <>
struct Action<g::note_stmt> : StatementAction<StmtKind::note> {};
template <>
struct Action<g::location_stmt> : StatementAction<StmtKind::location> {};
template <>
struct Action<g::let_stmt> : StatementAction<StmtKind::let> {};
template <>
struct Action<g::repeat_stmt> : StatementAction<StmtKind::repeat> {};
template <>
struct Action<g::for_stmt> : StatementAction<StmtKind::for_> {};
template <>
struct Action<g::setup_stmt> : StatementAction<StmtKind::setup> {};
template <>
struct Action<g::teardown_stmt> : StatementAction<StmtKind::teardown> {};
template <>
struct Action<g::series_stmt> : StatementAction<StmtKind::series> {};
template <>
struct Action<g::time_stmt> : StatementAction<StmtKind::time> {};
template <>
struct Action<g::parallel_stmt> : StatementAction<StmtKind::parallel> {};
template <>
struct Action<g::report_stmt> : StatementAction<StmtKind::report> {};
template <>
struct Action<g::baseline_stmt> : StatementAction<StmtKind::baseline> {};
template <>
struct Action<g::index_stmt> : StatementAction<StmtKind::index> {};
template <>
struct Action<g::compare_stmt> : StatementAction<StmtKind::compare> {};
template <>
struct Action<g::settle_stmt> : StatementAction<StmtKind::settle> {};
template <>
struct Action<g::kernel_stmt> : StatementAction<StmtKind::kernel> {};
template <>
struct Action<g::kernel_def_stmt> : StatementAction<StmtKind::kernel_def> {};
template <>
struct Action<g::if_stmt> : StatementAction<StmtKind::if_> {};
template <>
struct Action<g::section_stmt> : StatementAction<StmtKind::section> {};
template <>
struct Action<g::interleave_stmt> : StatementAction<StmtKind::interleave> {};
template <>
struct Action<g::if_block> : StatementAction<StmtKind::branch> {};
template <>
struct Action<g::else_block> : StatementAction<StmtKind::branch> {};

}  // namespace hwbench::lang::recipe::parsing
