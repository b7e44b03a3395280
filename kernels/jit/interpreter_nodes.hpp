#pragma once
// The interpreter's typed nodes (kernels/jit/interpreter.cpp compiles a kernel into a tree of
// them): each expression node evaluates its operands by a virtual call through the accessor of
// its static type (`i` for integers, `f` for floats, `b` for conditions), over a flat array of
// value cells, one per scalar slot and one per array element. Types, operators and checks are
// template parameters or fields fixed at compile time: no names, maps or type tests remain.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "kernels/contract/kernel.hpp"
#include "lang/kernel/kernel_ast.hpp"

namespace hwbench::kernels::jit::nodes {

namespace kernel = lang::kernel;

/// One value of a slot or an array element. Integers of every width are held sign-extended in
/// `i`; f32 values are held exactly in `f`.
union Cell {
  std::int64_t i;
  double f;
};

/// `v` wrapped to the width of `T` (two's complement), sign-extended again.
template <kernel::KScalar T>
std::int64_t wrap(std::uint64_t v) {
  if constexpr (T == kernel::KScalar::i16)
    return static_cast<std::int16_t>(static_cast<std::uint16_t>(v));
  else if constexpr (T == kernel::KScalar::i32)
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(v));
  else
    return static_cast<std::int64_t>(v);
}

/// One rounding to f32 for f32 results; f64 results are already rounded once.
template <kernel::KScalar T>
double round_to(double v) {
  if constexpr (T == kernel::KScalar::f32)
    return static_cast<double>(static_cast<float>(v));
  else
    return v;
}

/// Truncation toward zero, saturating at the bounds of `T`; NaN gives 0.
template <kernel::KScalar T>
std::int64_t saturate(double v) {
  if (std::isnan(v)) return 0;
  double lo, hi;
  if constexpr (T == kernel::KScalar::i16) {
    lo = -32768.0;
    hi = 32767.0;
  } else if constexpr (T == kernel::KScalar::i32) {
    lo = -2147483648.0;
    hi = 2147483647.0;
  } else {
    // 2^63 is the first double above INT64_MAX.
    if (v >= 9223372036854775808.0) return std::numeric_limits<std::int64_t>::max();
    if (v <= -9223372036854775808.0) return std::numeric_limits<std::int64_t>::min();
    return static_cast<std::int64_t>(v);
  }
  if (v <= lo) return static_cast<std::int64_t>(lo);
  if (v >= hi) return static_cast<std::int64_t>(hi);
  return static_cast<std::int64_t>(v);
}

/// A runtime error's text, made when the kernel is compiled and thrown when it happens.
[[noreturn, gnu::cold, gnu::noinline]] inline void raise(const std::string& message) { throw KernelError(message); }

// ---- Expressions ---------------------------------------------------------------------------

/// An expression node; callers use the accessor of the node's static type only.
struct Expr {
  virtual ~Expr() = default;
  virtual std::int64_t i(Cell*) const { return 0; }
  virtual double f(Cell*) const { return 0; }
  virtual bool b(Cell*) const { return false; }
};
using ExprPtr = std::unique_ptr<Expr>;

struct IntConst : Expr {
  explicit IntConst(std::int64_t v) : v(v) {}
  std::int64_t i(Cell*) const override { return v; }
  std::int64_t v;
};

struct FloatConst : Expr {
  explicit FloatConst(double v) : v(v) {}
  double f(Cell*) const override { return v; }
  double v;
};

struct IntVar : Expr {
  explicit IntVar(std::size_t at) : at(at) {}
  std::int64_t i(Cell* c) const override { return c[at].i; }
  std::size_t at;
};

struct FloatVar : Expr {
  explicit FloatVar(std::size_t at) : at(at) {}
  double f(Cell* c) const override { return c[at].f; }
  std::size_t at;
};

/// The cell of element `index` of an array at `base`, bounds checked.
struct Element {
  std::size_t base = 0;
  std::uint32_t size = 0;
  ExprPtr index;
  std::string error;

  std::size_t at(Cell* c) const {
    // Unsigned: a negative index is a huge one.
    const auto k = static_cast<std::uint64_t>(index->i(c));
    if (k >= size) raise(error);
    return base + static_cast<std::size_t>(k);
  }
};

struct IntIndex : Expr {
  explicit IntIndex(Element e) : e(std::move(e)) {}
  std::int64_t i(Cell* c) const override { return c[e.at(c)].i; }
  Element e;
};

struct FloatIndex : Expr {
  explicit FloatIndex(Element e) : e(std::move(e)) {}
  double f(Cell* c) const override { return c[e.at(c)].f; }
  Element e;
};

enum class Op { add, sub, mul, div, rem, lt, le, gt, ge, eq, ne };

template <kernel::KScalar T, Op O>
struct IntArith : Expr {
  IntArith(ExprPtr l, ExprPtr r, std::string error) : l(std::move(l)), r(std::move(r)), error(std::move(error)) {}
  std::int64_t i(Cell* c) const override {
    const std::int64_t a = l->i(c);
    const std::int64_t b = r->i(c);
    const auto ua = static_cast<std::uint64_t>(a), ub = static_cast<std::uint64_t>(b);
    if constexpr (O == Op::add)
      return wrap<T>(ua + ub);
    else if constexpr (O == Op::sub)
      return wrap<T>(ua - ub);
    else if constexpr (O == Op::mul)
      return wrap<T>(ua * ub);
    else if constexpr (O == Op::div) {
      if (b == 0) raise(error);
      if (b == -1) return wrap<T>(0 - ua);  // MIN / -1 is MIN
      return a / b;
    } else {
      if (b == 0) raise(error);
      if (b == -1) return 0;
      return a % b;
    }
  }
  ExprPtr l, r;
  std::string error;
};

template <kernel::KScalar T, Op O>
struct FloatArith : Expr {
  FloatArith(ExprPtr l, ExprPtr r) : l(std::move(l)), r(std::move(r)) {}
  double f(Cell* c) const override {
    const double a = l->f(c);
    const double b = r->f(c);
    // A double result rounded to f32 is the correctly rounded f32 result for + - * /: a double
    // holds more than twice f32's precision.
    if constexpr (O == Op::add)
      return round_to<T>(a + b);
    else if constexpr (O == Op::sub)
      return round_to<T>(a - b);
    else if constexpr (O == Op::mul)
      return round_to<T>(a * b);
    else if constexpr (O == Op::div)
      return round_to<T>(a / b);
    else
      return round_to<T>(std::fmod(a, b));
  }
  ExprPtr l, r;
};

template <bool Float, Op O>
struct Compare : Expr {
  Compare(ExprPtr l, ExprPtr r) : l(std::move(l)), r(std::move(r)) {}
  bool b(Cell* c) const override {
    if constexpr (Float)
      return test(l->f(c), r->f(c));
    else
      return test(l->i(c), r->i(c));
  }
  template <typename V>
  static bool test(V a, V b) {
    if constexpr (O == Op::lt)
      return a < b;
    else if constexpr (O == Op::le)
      return a <= b;
    else if constexpr (O == Op::gt)
      return a > b;
    else if constexpr (O == Op::ge)
      return a >= b;
    else if constexpr (O == Op::eq)
      return a == b;
    else
      return a != b;
  }
  ExprPtr l, r;
};

template <bool And>
struct Logic : Expr {
  Logic(ExprPtr l, ExprPtr r) : l(std::move(l)), r(std::move(r)) {}
  bool b(Cell* c) const override { return And ? (l->b(c) && r->b(c)) : (l->b(c) || r->b(c)); }
  ExprPtr l, r;
};

struct Not : Expr {
  explicit Not(ExprPtr x) : x(std::move(x)) {}
  bool b(Cell* c) const override { return !x->b(c); }
  ExprPtr x;
};

template <kernel::KScalar T>
struct IntNeg : Expr {
  explicit IntNeg(ExprPtr x) : x(std::move(x)) {}
  std::int64_t i(Cell* c) const override { return wrap<T>(0 - static_cast<std::uint64_t>(x->i(c))); }
  ExprPtr x;
};

struct FloatNeg : Expr {
  explicit FloatNeg(ExprPtr x) : x(std::move(x)) {}
  double f(Cell* c) const override { return -x->f(c); }
  ExprPtr x;
};

template <kernel::KScalar To>
struct IntToInt : Expr {
  explicit IntToInt(ExprPtr x) : x(std::move(x)) {}
  std::int64_t i(Cell* c) const override { return wrap<To>(static_cast<std::uint64_t>(x->i(c))); }
  ExprPtr x;
};

template <kernel::KScalar To>
struct IntToFloat : Expr {
  explicit IntToFloat(ExprPtr x) : x(std::move(x)) {}
  double f(Cell* c) const override {
    // Straight from the integer: through double first, a large i64 would be rounded twice.
    if constexpr (To == kernel::KScalar::f32)
      return static_cast<double>(static_cast<float>(x->i(c)));
    else
      return static_cast<double>(x->i(c));
  }
  ExprPtr x;
};

template <kernel::KScalar To>
struct FloatToFloat : Expr {
  explicit FloatToFloat(ExprPtr x) : x(std::move(x)) {}
  double f(Cell* c) const override { return round_to<To>(x->f(c)); }
  ExprPtr x;
};

template <kernel::KScalar To>
struct FloatToInt : Expr {
  explicit FloatToInt(ExprPtr x) : x(std::move(x)) {}
  std::int64_t i(Cell* c) const override { return saturate<To>(x->f(c)); }
  ExprPtr x;
};

// ---- Statements ---------------------------------------------------------------------------

/// A statement node; exec() returns true when the statement executed `return`.
struct Stmt {
  virtual ~Stmt() = default;
  virtual bool exec(Cell* c) const = 0;
};
using StmtPtr = std::unique_ptr<Stmt>;

struct Block : Stmt {
  bool exec(Cell* c) const override {
    for (const auto& s : stmts)
      if (s->exec(c)) return true;
    return false;
  }
  std::vector<StmtPtr> stmts;
};

/// Reads or writes a cell as the static type says: `i` for integers, `f` for floats.
template <bool Float>
auto& member(Cell& c) {
  if constexpr (Float)
    return c.f;
  else
    return c.i;
}

template <bool Float>
auto value_of(const Expr& e, Cell* c) {
  if constexpr (Float)
    return e.f(c);
  else
    return e.i(c);
}

/// Stores a value in a cell: an assignment, or with `Returns` the kernel's result, which ends
/// the call.
template <bool Float, bool Returns = false>
struct Set : Stmt {
  Set(std::size_t at, ExprPtr v) : at(at), v(std::move(v)) {}
  bool exec(Cell* c) const override {
    member<Float>(c[at]) = value_of<Float>(*v, c);
    return Returns;
  }
  std::size_t at;
  ExprPtr v;
};

/// `return VALUE`: the value into the result's cell.
template <bool Float>
using Return = Set<Float, true>;

template <bool Float>
struct SetElement : Stmt {
  SetElement(Element e, ExprPtr v) : e(std::move(e)), v(std::move(v)) {}
  bool exec(Cell* c) const override {
    const std::size_t at = e.at(c);  // the index is evaluated, and checked, before the value
    member<Float>(c[at]) = value_of<Float>(*v, c);
    return false;
  }
  Element e;
  ExprPtr v;
};

struct Zero : Stmt {
  Zero(std::size_t at, std::size_t n) : at(at), n(n) {}
  bool exec(Cell* c) const override {
    // All-zero bits are 0 and +0.0 alike.
    std::memset(static_cast<void*>(c + at), 0, n * sizeof(Cell));
    return false;
  }
  std::size_t at, n;
};

struct If : Stmt {
  bool exec(Cell* c) const override { return cond->b(c) ? then.exec(c) : otherwise.exec(c); }
  ExprPtr cond;
  Block then, otherwise;
};

struct For : Stmt {
  bool exec(Cell* c) const override {
    // A before B, and B once.
    const std::int64_t first = from->i(c);
    const std::int64_t last = to->i(c);
    for (std::int64_t k = first; k < last; ++k) {
      c[at].i = k;
      if (body.exec(c)) return true;
    }
    return false;
  }
  std::size_t at = 0;
  ExprPtr from, to;
  Block body;
};

}  // namespace hwbench::kernels::jit::nodes
