#pragma once
// check: a kernel definition (lang/kernel/kernel_ast.hpp) -> instantiations with every type concrete and
// every name a slot. Errors go to Diagnostics with the recipe's file:line:col, like the checker's.
//
// Rules beyond the header's semantics:
// - value parameters and loop variables are read-only (copy one into a `let` to change it);
// - a name may not be declared twice while the first is visible (no shadowing), and no variable
//   may be called like a type;
// - literals take the type their context gives (`z + 1` with z: f32 makes 1 an f32); where
//   nothing decides, an integer literal is i64 and a float literal f64. In an instantiation a
//   literal of a float type is always a float_lit, and `-LITERAL` is folded into one literal,
//   so that `-32768` is a valid i16;
// - arithmetic, comparisons and assignments need both sides of one type: no implicit
//   conversion, write `f64(x)`;
// - `%` works on floats too, as C's fmod (the result takes the dividend's sign);
// - every kernel declares a result type (`-> T`) and returns a value on every path: a call's
//   result is what the back ends feed to their sink, and a kernel without one could be optimised
//   to nothing.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "lang/common/diagnostics.hpp"
#include "lang/kernel/kernel_ast.hpp"

namespace hwbench::lang::kernel {

/// The scalar type spelled `name` ("i16" … "f64"; not "bool"), or std::nullopt.
std::optional<KScalar> scalar_from_name(const std::string& name);

/// The declarable scalar types' names, in order: i16 i32 i64 f32 f64.
const std::vector<std::string>& scalar_names();

/// Whether a value of `type` may be written as `text` (a parameter's default or argument):
/// std::nullopt when it may, otherwise why not ("40000 is out of range for i16 (-32768 to 32767)").
std::optional<std::string> value_text_error(const std::string& text, KScalar type);

/// Checks what can be checked without binding the type parameters: the parameters (names,
/// duplicates, types, defaults of concrete type, type parameters' defaults being scalar names)
/// and the result type, which must be there. False when it added an error.
bool validate_kernel(const KernelDef& def, Diagnostics& diags);

/// The instantiation of `def` for `binding` (type parameter name -> scalar; a type parameter
/// missing from it takes its default): every resolved field and slot filled, `type_args` in
/// the order of the type parameters. std::nullopt when the body does not check for this binding
/// (errors in `diags`), the kernel has no result type, or a type parameter has neither a binding
/// nor a default. A returned instantiation always has `result`.
std::optional<KernelDef> instantiate_kernel(const KernelDef& def,
                                            const std::vector<std::pair<std::string, KScalar>>& binding,
                                            Diagnostics& diags);

}  // namespace hwbench::lang::kernel
