#pragma once
// A kernel defined in a recipe, as plain data:
//
//   kernel arith(T: type = i32, first: i32 = 2) -> T {
//     let z: T = 0
//     for i in first..first + 100 { let y: T = T(i) * T(i); z = z + y / (y - 1) }
//     return z
//   }
//
// The parser fills the "as written" fields; the type checker (lang/kernel/kernel_typecheck.hpp) makes
// one instantiation per binding of the type parameters and fills the "resolved" fields, after
// which every type is concrete and every name is a slot number. The back ends (interpreter,
// LLVM) read only instantiated definitions.
//
// Semantics, the same in every back end:
// - integer arithmetic wraps (two's complement) in the operation's type; i16 is not promoted;
// - integer `/` and `%` by zero is a runtime error; MIN / -1 is MIN and MIN % -1 is 0;
//   `/` truncates toward zero and `%` takes the sign of the dividend (as in C);
// - f32 and f64 follow IEEE 754 with round-to-nearest, one rounding per operation (no fused
//   multiply-add, no fast-math); float division by zero gives an infinity or NaN;
// - casts: integer to narrower integer truncates; float to integer truncates toward zero and
//   saturates at the type's bounds, NaN giving 0; integer or f64 to float rounds to nearest;
// - array indexing outside [0, size) is a runtime error;
// - a `let` without a value, and every element of an array, start at zero on each call;
// - `for i in A..B` runs i = A, A+1, …, B-1 (half-open; none when A >= B); B is evaluated once;
// - a kernel declares a result type and must `return` a value on every path (checked
//   statically): the back ends sink every call's result, so that no call's work can be dropped.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "lang/common/source.hpp"

namespace hwbench::lang::kernel {

/// The kernel language's scalar types. `boolean` is the type of comparisons and `&&`/`||`/`!`;
/// it cannot be declared, passed or returned.
enum class KScalar { i16, i32, i64, f32, f64, boolean };

/// A type as written: a scalar name (`f64`), a type parameter's name (`T`), or an array of
/// either (`[T; 16]`, arrays only in `let`).
struct KTypeRef {
  SourceLoc loc;
  std::string name;                 ///< "i32", "f64", … or a type parameter's name
  std::uint32_t array_size = 0;     ///< >0: a fixed-size local array `[name; array_size]`
  KScalar resolved = KScalar::i32;  ///< resolved: the concrete element type
};

enum class KExprKind {
  int_lit,    ///< `42`: int_value; typed by context (i64 when nothing decides)
  float_lit,  ///< `1.5`, `1e-3`: float_value; typed by context (f64 when nothing decides)
  var,        ///< `x`: name
  index,      ///< `a[i]`: name, operands[0] is the index (any integer type)
  unary,      ///< `-x`, `!c`: op, operands[0]
  binary,     ///< `a + b`: op is one of + - * / % < <= > >= == != && ||, operands[0..1]
  cast,       ///< `T(x)`, `f64(x)`: cast_to, operands[0]
};

/// An expression.
struct KExpr {
  KExprKind kind = KExprKind::int_lit;
  SourceLoc loc;
  std::string op;              ///< unary or binary operator
  std::string name;            ///< var, index
  std::int64_t int_value = 0;  ///< int_lit
  double float_value = 0;      ///< float_lit
  KTypeRef cast_to;            ///< cast
  std::vector<KExpr> operands;
  // Resolved by the type checker:
  KScalar type = KScalar::i32;  ///< the value's type
  int slot = -1;                ///< var, index: the variable's slot in KernelDef::slots
};

enum class KStmtKind {
  let,      ///< `let NAME: TYPE [= EXPR]`: name, type, exprs = {} or {init}
  assign,   ///< `NAME = EXPR` or `NAME[I] = EXPR`: name, exprs = {value} or {index, value}
  if_,      ///< `if COND { … } [else { … }]` (`else if` nests): exprs = {cond}, body, else_body
  for_,     ///< `for NAME in A..B { … }`: name, exprs = {A, B}, body
  return_,  ///< `return [EXPR]`: exprs = {} or {value}
};

/// A statement of a kernel body.
struct KStmt {
  KStmtKind kind = KStmtKind::let;
  SourceLoc loc;
  std::string name;
  SourceLoc name_loc;
  KTypeRef type;  ///< let
  std::vector<KExpr> exprs;
  std::vector<KStmt> body;       ///< if: then branch; for: loop body
  std::vector<KStmt> else_body;  ///< if
  // Resolved by the type checker:
  int slot = -1;  ///< let, assign, for: the variable's slot
};

/// A parameter: a value (`n: i32 = 100`) or a type (`T: type = f64`). Value parameters are
/// runtime arguments of every call, never compile-time constants, so that no optimiser can fold
/// a kernel's work away.
struct KParam {
  SourceLoc loc;
  std::string name;
  bool is_type = false;
  KTypeRef type;             ///< value parameter: its type (a scalar or a type parameter)
  std::string default_text;  ///< as written: "100", "f64"; "" when the call must give it
  SourceLoc default_loc;
};

/// A variable of one instantiation: value parameters first, in order, then every local.
struct KSlot {
  std::string name;
  KScalar type = KScalar::i32;
  std::uint32_t array_size = 0;  ///< >0: an array of that many elements
  bool is_param = false;
};

/// A kernel definition. After instantiation, `slots` and every resolved field are filled and
/// `type_args` records the binding (type parameter name → concrete scalar).
struct KernelDef {
  SourceLoc loc;
  std::string name;
  SourceLoc name_loc;
  std::string text;  ///< the definition's source text, kept in result files
  std::vector<KParam> params;
  std::optional<KTypeRef> result;  ///< `-> TYPE`; none only as parsed (the type checker refuses it)
  std::vector<KStmt> body;
  // Resolved by the type checker:
  std::vector<std::pair<std::string, KScalar>> type_args;
  std::vector<KSlot> slots;
};

/// The spelling of a scalar type: "i16", …, "f64", "bool".
const char* scalar_name(KScalar t);

/// Whether `t` is one of the integer types i16, i32, i64.
bool is_integer(KScalar t);

/// Whether `t` is one of the float types f32, f64.
bool is_float(KScalar t);

/// The smallest value of integer type `t` (i64's for any other type).
std::int64_t integer_min(KScalar t);

/// The largest value of integer type `t` (i64's for any other type).
std::int64_t integer_max(KScalar t);

}  // namespace hwbench::lang::kernel
