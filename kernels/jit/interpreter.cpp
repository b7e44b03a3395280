#include "kernels/jit/interpreter.hpp"

#include <cmath>
#include <cstring>
#include <limits>
#include <optional>

#include <fmt/format.h>

#include "kernels/kernel.hpp"

namespace hwbench::kernels::jit {

namespace {

using lang::KExpr;
using lang::KExprKind;
using lang::KScalar;
using lang::KStmt;
using lang::KStmtKind;

/// One value of a slot or an array element. Integers of every width are held sign-extended in
/// `i`; f32 values are held exactly in `f`.
union Cell {
  std::int64_t i;
  double f;
};

bool is_integer(KScalar t) { return t == KScalar::i16 || t == KScalar::i32 || t == KScalar::i64; }

/// `v` wrapped to the width of `T` (two's complement), sign-extended again.
template <KScalar T>
std::int64_t wrap(std::uint64_t v) {
  if constexpr (T == KScalar::i16) return static_cast<std::int16_t>(static_cast<std::uint16_t>(v));
  else if constexpr (T == KScalar::i32) return static_cast<std::int32_t>(static_cast<std::uint32_t>(v));
  else return static_cast<std::int64_t>(v);
}

/// One rounding to f32 for f32 results; f64 results are already rounded once.
template <KScalar T>
double round_to(double v) {
  if constexpr (T == KScalar::f32) return static_cast<double>(static_cast<float>(v));
  else return v;
}

/// Truncation toward zero, saturating at the bounds of `T`; NaN gives 0.
template <KScalar T>
std::int64_t saturate(double v) {
  if (std::isnan(v)) return 0;
  double lo, hi;
  if constexpr (T == KScalar::i16) {
    lo = -32768.0;
    hi = 32767.0;
  } else if constexpr (T == KScalar::i32) {
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
[[noreturn, gnu::cold, gnu::noinline]] void raise(const std::string& message) { throw KernelError(message); }

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

template <KScalar T, Op O>
struct IntArith : Expr {
  IntArith(ExprPtr l, ExprPtr r, std::string error) : l(std::move(l)), r(std::move(r)), error(std::move(error)) {}
  std::int64_t i(Cell* c) const override {
    const std::int64_t a = l->i(c);
    const std::int64_t b = r->i(c);
    const auto ua = static_cast<std::uint64_t>(a), ub = static_cast<std::uint64_t>(b);
    if constexpr (O == Op::add) return wrap<T>(ua + ub);
    else if constexpr (O == Op::sub) return wrap<T>(ua - ub);
    else if constexpr (O == Op::mul) return wrap<T>(ua * ub);
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

template <KScalar T, Op O>
struct FloatArith : Expr {
  FloatArith(ExprPtr l, ExprPtr r) : l(std::move(l)), r(std::move(r)) {}
  double f(Cell* c) const override {
    const double a = l->f(c);
    const double b = r->f(c);
    // A double result rounded to f32 is the correctly rounded f32 result for + - * /: a double
    // holds more than twice f32's precision.
    if constexpr (O == Op::add) return round_to<T>(a + b);
    else if constexpr (O == Op::sub) return round_to<T>(a - b);
    else if constexpr (O == Op::mul) return round_to<T>(a * b);
    else if constexpr (O == Op::div) return round_to<T>(a / b);
    else return round_to<T>(std::fmod(a, b));
  }
  ExprPtr l, r;
};

template <bool Float, Op O>
struct Compare : Expr {
  Compare(ExprPtr l, ExprPtr r) : l(std::move(l)), r(std::move(r)) {}
  bool b(Cell* c) const override {
    if constexpr (Float) return test(l->f(c), r->f(c));
    else return test(l->i(c), r->i(c));
  }
  template <typename V>
  static bool test(V a, V b) {
    if constexpr (O == Op::lt) return a < b;
    else if constexpr (O == Op::le) return a <= b;
    else if constexpr (O == Op::gt) return a > b;
    else if constexpr (O == Op::ge) return a >= b;
    else if constexpr (O == Op::eq) return a == b;
    else return a != b;
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

template <KScalar T>
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

template <KScalar To>
struct IntToInt : Expr {
  explicit IntToInt(ExprPtr x) : x(std::move(x)) {}
  std::int64_t i(Cell* c) const override { return wrap<To>(static_cast<std::uint64_t>(x->i(c))); }
  ExprPtr x;
};

template <KScalar To>
struct IntToFloat : Expr {
  explicit IntToFloat(ExprPtr x) : x(std::move(x)) {}
  double f(Cell* c) const override {
    // Straight from the integer: through double first, a large i64 would be rounded twice.
    if constexpr (To == KScalar::f32) return static_cast<double>(static_cast<float>(x->i(c)));
    else return static_cast<double>(x->i(c));
  }
  ExprPtr x;
};

template <KScalar To>
struct FloatToFloat : Expr {
  explicit FloatToFloat(ExprPtr x) : x(std::move(x)) {}
  double f(Cell* c) const override { return round_to<To>(x->f(c)); }
  ExprPtr x;
};

template <KScalar To>
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
  if constexpr (Float) return c.f;
  else return c.i;
}

template <bool Float>
auto value_of(const Expr& e, Cell* c) {
  if constexpr (Float) return e.f(c);
  else return e.i(c);
}

template <bool Float>
struct Set : Stmt {
  Set(std::size_t at, ExprPtr v) : at(at), v(std::move(v)) {}
  bool exec(Cell* c) const override {
    member<Float>(c[at]) = value_of<Float>(*v, c);
    return false;
  }
  std::size_t at;
  ExprPtr v;
};

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

struct Return : Stmt {
  Return(std::size_t at, ExprPtr v, bool is_float) : at(at), v(std::move(v)), is_float(is_float) {}
  bool exec(Cell* c) const override {
    if (v) {
      if (is_float) c[at].f = v->f(c);
      else c[at].i = v->i(c);
    }
    return true;
  }
  std::size_t at;
  ExprPtr v;
  bool is_float;
};

// ---- Compilation -----------------------------------------------------------------------------

class Compiler {
 public:
  Compiler(const lang::KernelDef& def, const std::string& source_name) : def_(def), source_(source_name) {
    for (const auto& s : def.slots) {
      offsets_.push_back(cells_);
      cells_ += s.array_size > 0 ? s.array_size : 1;
    }
    result_at_ = cells_++;
  }

  std::unique_ptr<Block> body() {
    auto b = std::make_unique<Block>();
    fill(*b, def_.body);
    return b;
  }

  std::size_t cells() const { return cells_; }
  std::size_t result_at() const { return result_at_; }
  std::size_t offset(std::size_t slot) const { return offsets_.at(slot); }

 private:
  [[noreturn]] void bad(const char* what) const {
    throw KernelError(fmt::format("kernel {}: the interpreter cannot run {} (the definition was not type-checked)",
                                  def_.name, what));
  }

  std::size_t at(int slot) const {
    if (slot < 0 || static_cast<std::size_t>(slot) >= offsets_.size()) bad("a variable without a slot");
    return offsets_[static_cast<std::size_t>(slot)];
  }

  const lang::KSlot& slot(int s) const {
    at(s);
    return def_.slots[static_cast<std::size_t>(s)];
  }

  std::string error(const lang::SourceLoc& loc, const char* what) const {
    return fmt::format("{}:{}:{}: {} in kernel {}", source_, loc.line, loc.column, what, def_.name);
  }

  void fill(Block& block, const std::vector<KStmt>& stmts) {
    for (const auto& s : stmts) block.stmts.push_back(statement(s));
  }

  Element element(int s, const KExpr& index) {
    const lang::KSlot& sl = slot(s);
    if (sl.array_size == 0) bad("indexing a variable that is not an array");
    Element e;
    e.base = at(s);
    e.size = sl.array_size;
    e.index = expr(index);
    e.error = error(index.loc, "index out of bounds");
    return e;
  }

  StmtPtr statement(const KStmt& s) {
    switch (s.kind) {
      case KStmtKind::let: {
        const lang::KSlot& sl = slot(s.slot);
        if (sl.array_size > 0 || s.exprs.empty()) return std::make_unique<Zero>(at(s.slot), sl.array_size > 0 ? sl.array_size : 1);
        return set(at(s.slot), sl.type, s.exprs[0]);
      }
      case KStmtKind::assign: {
        const lang::KSlot& sl = slot(s.slot);
        if (s.exprs.size() == 1) return set(at(s.slot), sl.type, s.exprs[0]);
        if (s.exprs.size() != 2) bad("an assignment without a value");
        Element e = element(s.slot, s.exprs[0]);
        ExprPtr v = typed(s.exprs[1], sl.type);
        if (is_integer(sl.type)) return std::make_unique<SetElement<false>>(std::move(e), std::move(v));
        return std::make_unique<SetElement<true>>(std::move(e), std::move(v));
      }
      case KStmtKind::if_: {
        auto node = std::make_unique<If>();
        node->cond = typed(s.exprs.at(0), KScalar::boolean);
        fill(node->then, s.body);
        fill(node->otherwise, s.else_body);
        return node;
      }
      case KStmtKind::for_: {
        const lang::KSlot& sl = slot(s.slot);
        if (!is_integer(sl.type) || s.exprs.size() != 2) bad("a loop over a non-integer range");
        auto node = std::make_unique<For>();
        node->at = at(s.slot);
        node->from = typed(s.exprs[0], sl.type);
        node->to = typed(s.exprs[1], sl.type);
        fill(node->body, s.body);
        return node;
      }
      case KStmtKind::return_: {
        if (s.exprs.empty() || !def_.result) return std::make_unique<Return>(result_at_, nullptr, false);
        const KScalar t = def_.result->resolved;
        return std::make_unique<Return>(result_at_, typed(s.exprs[0], t), !is_integer(t));
      }
    }
    bad("an unknown statement");
  }

  StmtPtr set(std::size_t where, KScalar t, const KExpr& value) {
    if (is_integer(t)) return std::make_unique<Set<false>>(where, typed(value, t));
    return std::make_unique<Set<true>>(where, typed(value, t));
  }

  /// `e`, which the type checker gave the type `t`.
  ExprPtr typed(const KExpr& e, KScalar t) {
    if (e.type != t) bad("a value of another type than its place");
    return expr(e);
  }

  ExprPtr expr(const KExpr& e) {
    switch (e.kind) {
      case KExprKind::int_lit:
        if (is_integer(e.type)) return std::make_unique<IntConst>(e.int_value);
        return std::make_unique<FloatConst>(e.type == KScalar::f32 ? static_cast<double>(static_cast<float>(e.int_value))
                                                                   : static_cast<double>(e.int_value));
      case KExprKind::float_lit:
        if (is_integer(e.type)) bad("a float literal of an integer type");
        return std::make_unique<FloatConst>(e.type == KScalar::f32 ? static_cast<double>(static_cast<float>(e.float_value))
                                                                   : e.float_value);
      case KExprKind::var:
        if (slot(e.slot).array_size > 0) bad("an array used as a value");
        if (is_integer(e.type)) return std::make_unique<IntVar>(at(e.slot));
        return std::make_unique<FloatVar>(at(e.slot));
      case KExprKind::index: {
        Element el = element(e.slot, e.operands.at(0));
        if (is_integer(e.type)) return std::make_unique<IntIndex>(std::move(el));
        return std::make_unique<FloatIndex>(std::move(el));
      }
      case KExprKind::unary: {
        ExprPtr x = expr(e.operands.at(0));
        if (e.op == "!") return std::make_unique<Not>(std::move(x));
        switch (e.type) {
          case KScalar::i16: return std::make_unique<IntNeg<KScalar::i16>>(std::move(x));
          case KScalar::i32: return std::make_unique<IntNeg<KScalar::i32>>(std::move(x));
          case KScalar::i64: return std::make_unique<IntNeg<KScalar::i64>>(std::move(x));
          case KScalar::f32:
          case KScalar::f64: return std::make_unique<FloatNeg>(std::move(x));
          case KScalar::boolean: break;
        }
        bad("'-' on a bool");
      }
      case KExprKind::binary: return binary(e);
      case KExprKind::cast: return cast(e);
    }
    bad("an unknown expression");
  }

  template <KScalar T>
  ExprPtr int_arith(const std::string& op, ExprPtr l, ExprPtr r, const lang::SourceLoc& loc) {
    std::string err = error(loc, "integer division by zero");
    if (op == "+") return std::make_unique<IntArith<T, Op::add>>(std::move(l), std::move(r), "");
    if (op == "-") return std::make_unique<IntArith<T, Op::sub>>(std::move(l), std::move(r), "");
    if (op == "*") return std::make_unique<IntArith<T, Op::mul>>(std::move(l), std::move(r), "");
    if (op == "/") return std::make_unique<IntArith<T, Op::div>>(std::move(l), std::move(r), std::move(err));
    return std::make_unique<IntArith<T, Op::rem>>(std::move(l), std::move(r), std::move(err));
  }

  template <KScalar T>
  ExprPtr float_arith(const std::string& op, ExprPtr l, ExprPtr r) {
    if (op == "+") return std::make_unique<FloatArith<T, Op::add>>(std::move(l), std::move(r));
    if (op == "-") return std::make_unique<FloatArith<T, Op::sub>>(std::move(l), std::move(r));
    if (op == "*") return std::make_unique<FloatArith<T, Op::mul>>(std::move(l), std::move(r));
    if (op == "/") return std::make_unique<FloatArith<T, Op::div>>(std::move(l), std::move(r));
    return std::make_unique<FloatArith<T, Op::rem>>(std::move(l), std::move(r));
  }

  template <bool Float>
  ExprPtr compare(const std::string& op, ExprPtr l, ExprPtr r) {
    if (op == "<") return std::make_unique<Compare<Float, Op::lt>>(std::move(l), std::move(r));
    if (op == "<=") return std::make_unique<Compare<Float, Op::le>>(std::move(l), std::move(r));
    if (op == ">") return std::make_unique<Compare<Float, Op::gt>>(std::move(l), std::move(r));
    if (op == ">=") return std::make_unique<Compare<Float, Op::ge>>(std::move(l), std::move(r));
    if (op == "==") return std::make_unique<Compare<Float, Op::eq>>(std::move(l), std::move(r));
    return std::make_unique<Compare<Float, Op::ne>>(std::move(l), std::move(r));
  }

  ExprPtr binary(const KExpr& e) {
    const KExpr& le = e.operands.at(0);
    const KExpr& re = e.operands.at(1);
    if (le.type != re.type) bad("operands of two types");
    ExprPtr l = expr(le);
    ExprPtr r = expr(re);
    const std::string& op = e.op;
    if (op == "&&") return std::make_unique<Logic<true>>(std::move(l), std::move(r));
    if (op == "||") return std::make_unique<Logic<false>>(std::move(l), std::move(r));
    const bool arithmetic = op == "+" || op == "-" || op == "*" || op == "/" || op == "%";
    if (!arithmetic) {
      if (le.type == KScalar::boolean) bad("a comparison of bools");
      if (is_integer(le.type)) return compare<false>(op, std::move(l), std::move(r));
      return compare<true>(op, std::move(l), std::move(r));
    }
    switch (le.type) {
      case KScalar::i16: return int_arith<KScalar::i16>(op, std::move(l), std::move(r), e.loc);
      case KScalar::i32: return int_arith<KScalar::i32>(op, std::move(l), std::move(r), e.loc);
      case KScalar::i64: return int_arith<KScalar::i64>(op, std::move(l), std::move(r), e.loc);
      case KScalar::f32: return float_arith<KScalar::f32>(op, std::move(l), std::move(r));
      case KScalar::f64: return float_arith<KScalar::f64>(op, std::move(l), std::move(r));
      case KScalar::boolean: break;
    }
    bad("arithmetic on bools");
  }

  template <KScalar To>
  ExprPtr cast_to(KScalar from, ExprPtr x) {
    if constexpr (To == KScalar::f32 || To == KScalar::f64) {
      if (is_integer(from)) return std::make_unique<IntToFloat<To>>(std::move(x));
      return std::make_unique<FloatToFloat<To>>(std::move(x));
    } else {
      if (is_integer(from)) return std::make_unique<IntToInt<To>>(std::move(x));
      return std::make_unique<FloatToInt<To>>(std::move(x));
    }
  }

  ExprPtr cast(const KExpr& e) {
    const KExpr& operand = e.operands.at(0);
    if (operand.type == KScalar::boolean) bad("a conversion of a bool");
    ExprPtr x = expr(operand);
    switch (e.type) {
      case KScalar::i16: return cast_to<KScalar::i16>(operand.type, std::move(x));
      case KScalar::i32: return cast_to<KScalar::i32>(operand.type, std::move(x));
      case KScalar::i64: return cast_to<KScalar::i64>(operand.type, std::move(x));
      case KScalar::f32: return cast_to<KScalar::f32>(operand.type, std::move(x));
      case KScalar::f64: return cast_to<KScalar::f64>(operand.type, std::move(x));
      case KScalar::boolean: break;
    }
    bad("a conversion to bool");
  }

  const lang::KernelDef& def_;
  const std::string& source_;
  std::vector<std::size_t> offsets_;
  std::size_t cells_ = 0;
  std::size_t result_at_ = 0;
};

class Interpreted : public Executable {
 public:
  Interpreted(const lang::KernelDef& def, const std::string& source_name) {
    Compiler c(def, source_name);
    body_ = c.body();
    cells_.assign(c.cells(), Cell{0});
    result_at_ = c.result_at();
    if (def.result) result_ = def.result->resolved;
    for (std::size_t s = 0; s < def.slots.size(); ++s)
      if (def.slots[s].is_param) params_.push_back({c.offset(s), def.slots[s].type});
  }

  RunResult run(std::uint64_t n, const std::vector<Value>& args) override {
    if (args.size() != params_.size())
      throw KernelError(fmt::format("the kernel takes {} arguments, not {}", params_.size(), args.size()));
    Cell* c = cells_.data();
    // Parameters are read-only, so they are set once for all n calls.
    for (std::size_t k = 0; k < params_.size(); ++k) {
      const auto [where, type] = params_[k];
      if (is_integer(type)) c[where].i = args[k].i;
      else c[where].f = type == KScalar::f32 ? static_cast<double>(static_cast<float>(args[k].f)) : args[k].f;
    }
    RunResult out;
    out.last.type = result_ ? *result_ : KScalar::i64;
    const bool is_float = result_ && !is_integer(*result_);
    double sink = 0;
    for (std::uint64_t k = 0; k < n; ++k) {
      c[result_at_].i = 0;
      body_->exec(c);
      sink += is_float ? c[result_at_].f : static_cast<double>(c[result_at_].i);
    }
    if (is_float) out.last.f = c[result_at_].f;
    else out.last.i = c[result_at_].i;
    out.sink = sink;
    return out;
  }

 private:
  std::unique_ptr<Block> body_;
  std::vector<Cell> cells_;
  std::size_t result_at_ = 0;
  std::optional<KScalar> result_;
  std::vector<std::pair<std::size_t, KScalar>> params_;
};

class Interpreter : public Backend {
 public:
  std::string label() const override { return kInterpreterLabel; }
  std::unique_ptr<Executable> compile(const lang::KernelDef& def, const std::string& source_name) override {
    return std::make_unique<Interpreted>(def, source_name);
  }
};

}  // namespace

std::unique_ptr<Backend> make_interpreter() { return std::make_unique<Interpreter>(); }

}  // namespace hwbench::kernels::jit
