#pragma once
// The actions of a kernel definition's parse that build types and expressions, on the stacks of
// lang/kernel/kernel_parse_state.hpp; lang/kernel/kernel_parser.cpp holds those of statements and the head.
// An expression's location is its operator's (where a division by zero is reported), a
// variable's or a literal's its first character.
#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <utility>

#include <fmt/format.h>
#include <tao/pegtl.hpp>

#include "lang/kernel/kernel_grammar.hpp"
#include "lang/kernel/kernel_parse_state.hpp"
#include "lang/kernel/kernel_syntax_errors.hpp"

namespace hwbench::lang::kernel::grammar {

/// The largest local array, in elements: a kernel's arrays live on every call's frame.
inline constexpr std::uint32_t kMaxArray = 1u << 20;

/// The action of each rule; rules without one do nothing.
template <typename Rule>
struct Action : p::nothing<Rule> {};

/// Ends the parse with a syntax error at `loc` (underlining `length` columns).
[[noreturn]] inline void fail_at(SourceLoc loc, std::string message, std::string hint, std::size_t length) {
  throw KernelSyntaxError{{Severity::error, loc, std::move(message), std::move(hint),
                           static_cast<std::uint32_t>(std::max<std::size_t>(1, length))}};
}

template <>
struct Action<type_name> {
  template <typename In>
  static void apply(const In& in, State& st) {
    st.pending_type = KTypeRef{};
    st.pending_type.loc = loc_of(in, st);
    st.pending_type.name = in.string();
  }
};

template <>
struct Action<array_len> {
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
struct Action<type_ref> {
  template <typename In>
  static void apply(const In&, State& st) {
    st.types.push_back(st.pending_type);
  }
};

template <>
struct Action<int_lit> {
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
struct Action<float_lit> {
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
struct Action<expr_name> : NameAction {};
template <>
struct Action<let_name> : NameAction {};
template <>
struct Action<assign_name> : NameAction {};
template <>
struct Action<loop_var> : NameAction {};

/// A name and what follows it: a variable `x`, an element `a[i]` or a conversion `T(x)`, whose
/// operand was finished after the name was read.
template <KExprKind Kind>
struct NameTailAction {
  template <typename In>
  static void apply(const In&, State& st) {
    KExpr e;
    e.kind = Kind;
    if constexpr (Kind != KExprKind::var) e.operands.push_back(st.pop_expr());
    auto [name, loc] = st.pop_name();
    e.loc = loc;
    if constexpr (Kind == KExprKind::cast) {
      e.cast_to.loc = loc;
      e.cast_to.name = std::move(name);
    } else {
      e.name = std::move(name);
    }
    st.exprs.push_back(std::move(e));
  }
};
template <>
struct Action<var_tail> : NameTailAction<KExprKind::var> {};
template <>
struct Action<index_tail> : NameTailAction<KExprKind::index> {};
template <>
struct Action<cast_tail> : NameTailAction<KExprKind::cast> {};

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
struct Action<neg> : UnaryAction<'-'> {};
template <>
struct Action<not_> : UnaryAction<'!'> {};

struct OpAction {
  template <typename In>
  static void apply(const In& in, State& st) {
    st.ops.emplace_back(in.string(), loc_of(in, st));
  }
};
template <>
struct Action<mul_op> : OpAction {};
template <>
struct Action<add_op> : OpAction {};
template <>
struct Action<rel_op> : OpAction {};
template <>
struct Action<eq_op> : OpAction {};
template <>
struct Action<and_op> : OpAction {};
template <>
struct Action<or_op> : OpAction {};

template <typename Op, typename Operand>
struct Action<binary_tail<Op, Operand>> {
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

}  // namespace hwbench::lang::kernel::grammar
