#pragma once
// The messages of a kernel definition's syntax errors: for each rule of lang/kernel/kernel_grammar.hpp
// that must match, what was expected and a hint, and the PEGTL control that throws them.
#include <cstddef>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

#include <fmt/format.h>
#include <tao/pegtl.hpp>

#include "lang/common/diagnostics.hpp"
#include "lang/kernel/kernel_grammar.hpp"

namespace hwbench::lang::kernel::grammar {

/// A syntax error, thrown from an action or a failed must<>.
struct KernelSyntaxError {
  Diagnostic diagnostic;
};

/// What stands at byte `offset` of the definition: "'x'", "the end of the line", ….
inline std::string found_at(std::string_view text, std::size_t offset) {
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

/// The hint where a type is expected.
inline constexpr const char* type_hint =
    "types are i16, i32, i64, f32, f64, a type parameter, or an array [f64; 16] in 'let'";
/// The hint where a statement is expected.
inline constexpr const char* statement_hint = "a statement is let, if, for, return or an assignment NAME = VALUE";

/// The message and hint for a rule that must match; `found` describes what stands there.
template <typename Rule>
struct Expected {
  static std::pair<std::string, std::string> make(const std::string& found) {
    return {fmt::format("unexpected {} in the kernel definition", found), ""};
  }
};

#define HWBENCH_KERNEL_EXPECTED(RULE, WHAT, HINT)                               \
  template <>                                                                   \
  struct Expected<RULE> {                                                       \
    static std::pair<std::string, std::string> make(const std::string& found) { \
      return {fmt::format("expected {}, found {}", WHAT, found), HINT};         \
    }                                                                           \
  };

HWBENCH_KERNEL_EXPECTED(kernel_name, "the kernel's name after 'kernel'",
                        "write kernel NAME(PARAM: TYPE, …) -> TYPE { … }")
HWBENCH_KERNEL_EXPECTED(head_open, "'(' after the kernel's name", "write kernel NAME(PARAM: TYPE, …) -> TYPE { … }")
HWBENCH_KERNEL_EXPECTED(head_close, "',' or ')' in the parameter list",
                        "write parameters as NAME: TYPE = DEFAULT, separated by ','")
HWBENCH_KERNEL_EXPECTED(next_param, "a parameter after ','", "write parameters as NAME: TYPE = DEFAULT")
HWBENCH_KERNEL_EXPECTED(param_colon, "':' after the parameter's name",
                        "write parameters as NAME: TYPE = DEFAULT, as in n: i32 = 100")
HWBENCH_KERNEL_EXPECTED(param_type, "a type or 'type' after ':'", type_hint)
HWBENCH_KERNEL_EXPECTED(default_value, "a default value after '='",
                        "write a number (n: i32 = 100) or a type name (T: type = f64)")
HWBENCH_KERNEL_EXPECTED(result_type, "the result type after '->'", type_hint)
HWBENCH_KERNEL_EXPECTED(body_block, "'{' to start the kernel's body", "write kernel NAME(…) -> TYPE { … }")
HWBENCH_KERNEL_EXPECTED(definition_end, "the end of the statement after the kernel's body",
                        "end the definition with '}' and a newline")
HWBENCH_KERNEL_EXPECTED(type_name, "a type name", type_hint)
HWBENCH_KERNEL_EXPECTED(array_semi, "';' between the element type and the size", "write an array type as [f64; 16]")
HWBENCH_KERNEL_EXPECTED(array_len, "the array's size", "write an array type as [f64; 16]")
HWBENCH_KERNEL_EXPECTED(array_close, "']' after the array's size", "write an array type as [f64; 16]")
HWBENCH_KERNEL_EXPECTED(expr, "a value", "")
HWBENCH_KERNEL_EXPECTED(unary_operand, "a value after the operator", "")
HWBENCH_KERNEL_EXPECTED(paren_close, "')'", "close the '(' before this point")
HWBENCH_KERNEL_EXPECTED(cast_close, "')' to end the conversion", "write a conversion as f64(x)")
HWBENCH_KERNEL_EXPECTED(index_close, "']' after the index", "write an element as a[i]")
HWBENCH_KERNEL_EXPECTED(let_name, "a variable name after 'let'", "write let NAME: TYPE = VALUE")
HWBENCH_KERNEL_EXPECTED(let_colon, "':' and a type after the variable's name",
                        "write let NAME: TYPE = VALUE, as in let z: f64 = 0")
HWBENCH_KERNEL_EXPECTED(let_type, "a type after ':'", type_hint)
HWBENCH_KERNEL_EXPECTED(assign_eq, "'=' after the name", statement_hint)
HWBENCH_KERNEL_EXPECTED(if_block, "'{' after the condition of 'if'", "write if CONDITION { … } else { … }")
HWBENCH_KERNEL_EXPECTED(else_body, "'{' or 'if' after 'else'", "write else { … } or else if CONDITION { … }")
HWBENCH_KERNEL_EXPECTED(loop_var, "a loop variable after 'for'", "write for i in 0..n { … }")
HWBENCH_KERNEL_EXPECTED(loop_in, "'in' after the loop variable", "write for i in 0..n { … }")
HWBENCH_KERNEL_EXPECTED(range_dots, "'..' after the loop's first value",
                        "write for i in 0..n { … } (n itself is not included)")
HWBENCH_KERNEL_EXPECTED(loop_block, "'{' after the loop's range", "write for i in 0..n { … }")
HWBENCH_KERNEL_EXPECTED(stmt_end, "the end of the statement", "end a statement with a newline or ';'")

#undef HWBENCH_KERNEL_EXPECTED

template <>
struct Expected<mul_operand> : Expected<unary_operand> {};
template <>
struct Expected<add_operand> : Expected<unary_operand> {};
template <>
struct Expected<rel_operand> : Expected<unary_operand> {};
template <>
struct Expected<eq_operand> : Expected<unary_operand> {};
template <>
struct Expected<and_operand> : Expected<unary_operand> {};
template <>
struct Expected<or_operand> : Expected<unary_operand> {};

/// PEGTL's control with the messages above: a failed must<> throws KernelSyntaxError. `State` is
/// the parser's (lang/kernel/kernel_parse_state.hpp): its text, its open braces and its map to the recipe.
template <typename Rule>
struct Control : p::normal<Rule> {
  template <typename ParseInput, typename State>
  [[noreturn]] static void raise(const ParseInput& in, State& st) {
    const auto pos = in.position();
    const std::string found = found_at(st.text, pos.byte);
    SourceLoc loc = st.map(pos);
    std::string message, hint;
    if constexpr (std::is_same_v<Rule, block_close>) {
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

}  // namespace hwbench::lang::kernel::grammar
