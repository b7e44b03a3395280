#pragma once
// Typing of a kernel body's expressions for one instantiation (lang/kernel/kernel_typecheck.cpp walks
// its statements): the type of each expression, literals typed by their context, every resolved
// field filled, and the diagnostics of expressions, with the recipe's file:line:col.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "lang/common/diagnostics.hpp"
#include "lang/common/source.hpp"
#include "lang/kernel/kernel_ast.hpp"

namespace hwbench::lang::kernel {

/// The hint after an unknown type.
inline constexpr const char* kTypesHint = "types are i16, i32, i64, f32, f64 and the kernel's type parameters";

/// How many columns a diagnostic underlines for `text` (at least one).
std::uint32_t underline_width(const std::string& text);

/// "40000 is out of range for i16 (-32768 to 32767)": `text`, a value of integer type `t`.
std::string range_error(const std::string& text, KScalar t);

/// The names visible at one point of a kernel body, innermost last.
struct KernelScope {
  enum class Kind { param, loop, local };
  /// A declared name.
  struct Entry {
    std::string name;
    int slot;  ///< in KernelDef::slots
    Kind kind;
    SourceLoc loc;
  };
  std::vector<Entry> entries;

  /// The innermost entry called `name`, or nullptr.
  const Entry* find(const std::string& name) const;
};

/// Types the expressions of one instantiation of `def` (type_args bound, slots declared so far)
/// in `scope`, and reports their errors to `diags`.
class ExprTyping {
 public:
  /// All three are referred to, not copied: the statement walk changes `def` and `scope`.
  ExprTyping(KernelDef& def, const KernelScope& scope, Diagnostics& diags) : def_(def), scope_(scope), diags_(diags) {}

  /// The concrete type `name` stands for, or nullopt (no error reported).
  std::optional<KScalar> lookup_type(const std::string& name) const;
  /// Resolves a type as written; reports an unknown one. False when unknown.
  bool resolve(KTypeRef& ref);
  /// The variable `name` at `loc`, reporting an unknown one.
  const KernelScope::Entry* variable(const std::string& name, SourceLoc loc);
  /// The slot of a declared name.
  const KSlot& slot_of(const KernelScope::Entry& e) const { return def_.slots[static_cast<std::size_t>(e.slot)]; }

  /// Checks `e`, giving its literals the type `want` where they take the context's; fills the
  /// resolved fields and returns the type (nullopt after an error).
  std::optional<KScalar> value(KExpr& e, std::optional<KScalar> want);
  /// The type `e` has on its own, or nullopt when its literals take the context's type.
  std::optional<KScalar> natural(const KExpr& e) const;
  /// The type a literal-only expression takes when nothing decides: f64 if it holds a float.
  static KScalar fallback(const KExpr& e);

  /// Reports a value of type `got` where `want` is needed; bool gets its own words.
  void mismatch(const KExpr& e, KScalar got, KScalar want, std::string message, std::string hint);
  /// Checks `e` as the condition of `what` ("'if'").
  void condition(KExpr& e, const char* what);
  /// Checks `e` as an array index: any integer type.
  void index_value(KExpr& e);

 private:
  std::optional<KScalar> check(KExpr& e, std::optional<KScalar> want);
  /// An integer literal, of the wanted type when it is a number type (i64 otherwise).
  std::optional<KScalar> int_literal(KExpr& e, std::optional<KScalar> want);
  /// A float literal: f32 when wanted, f64 otherwise; never an integer.
  std::optional<KScalar> float_literal(KExpr& e, std::optional<KScalar> want);
  /// A scalar variable's value (an array needs an element).
  std::optional<KScalar> variable_value(KExpr& e);
  /// An array's element, its index an integer.
  std::optional<KScalar> element_value(KExpr& e);
  /// TYPE(x): a number converted to a number type or a type parameter.
  std::optional<KScalar> conversion(KExpr& e);
  std::optional<KScalar> unary(KExpr& e, std::optional<KScalar> want);
  std::optional<KScalar> binary(KExpr& e, std::optional<KScalar> want);
  std::optional<KScalar> different_types(const KExpr& e, KScalar lt, KScalar rt);

  KernelDef& def_;
  const KernelScope& scope_;
  Diagnostics& diags_;
};

}  // namespace hwbench::lang::kernel
