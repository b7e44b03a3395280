#include "kernels/jit/interpreter.hpp"

#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "kernels/contract/kernel.hpp"
#include "kernels/jit/interpreter_nodes.hpp"

namespace hwbench::kernels::jit {

namespace {

namespace kernel = lang::kernel;
// The node classes, by their short names.
using namespace nodes;

// ---- Compilation -----------------------------------------------------------------------------

class Compiler {
 public:
  Compiler(const lang::kernel::KernelDef& def, const std::string& source_name) : def_(def), source_(source_name) {
    if (!def.result) bad("a kernel without a result type");
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
    throw KernelError(
        fmt::format("kernel {}: the interpreter cannot run {} (the definition was not type-checked)", def_.name, what));
  }

  std::size_t at(int slot) const {
    if (slot < 0 || static_cast<std::size_t>(slot) >= offsets_.size()) bad("a variable without a slot");
    return offsets_[static_cast<std::size_t>(slot)];
  }

  const lang::kernel::KSlot& slot(int s) const {
    at(s);
    return def_.slots[static_cast<std::size_t>(s)];
  }

  std::string error(const lang::SourceLoc& loc, const char* what) const {
    return fmt::format("{}:{}:{}: {} in kernel {}", source_, loc.line, loc.column, what, def_.name);
  }

  void fill(Block& block, const std::vector<kernel::KStmt>& stmts) {
    for (const auto& s : stmts) block.stmts.push_back(statement(s));
  }

  Element element(int s, const kernel::KExpr& index) {
    const lang::kernel::KSlot& sl = slot(s);
    if (sl.array_size == 0) bad("indexing a variable that is not an array");
    Element e;
    e.base = at(s);
    e.size = sl.array_size;
    e.index = expr(index);
    e.error = error(index.loc, "index out of bounds");
    return e;
  }

  StmtPtr statement(const kernel::KStmt& s) {
    switch (s.kind) {
      case kernel::KStmtKind::let: {
        const lang::kernel::KSlot& sl = slot(s.slot);
        if (sl.array_size > 0 || s.exprs.empty())
          return std::make_unique<Zero>(at(s.slot), sl.array_size > 0 ? sl.array_size : 1);
        return set(at(s.slot), sl.type, s.exprs[0]);
      }
      case kernel::KStmtKind::assign: {
        const lang::kernel::KSlot& sl = slot(s.slot);
        if (s.exprs.size() == 1) return set(at(s.slot), sl.type, s.exprs[0]);
        if (s.exprs.size() != 2) bad("an assignment without a value");
        Element e = element(s.slot, s.exprs[0]);
        ExprPtr v = typed(s.exprs[1], sl.type);
        if (kernel::is_integer(sl.type)) return std::make_unique<SetElement<false>>(std::move(e), std::move(v));
        return std::make_unique<SetElement<true>>(std::move(e), std::move(v));
      }
      case kernel::KStmtKind::if_: {
        auto node = std::make_unique<If>();
        node->cond = typed(s.exprs.at(0), kernel::KScalar::boolean);
        fill(node->then, s.body);
        fill(node->otherwise, s.else_body);
        return node;
      }
      case kernel::KStmtKind::for_: {
        const lang::kernel::KSlot& sl = slot(s.slot);
        if (!kernel::is_integer(sl.type) || s.exprs.size() != 2) bad("a loop over a non-integer range");
        auto node = std::make_unique<For>();
        node->at = at(s.slot);
        node->from = typed(s.exprs[0], sl.type);
        node->to = typed(s.exprs[1], sl.type);
        fill(node->body, s.body);
        return node;
      }
      case kernel::KStmtKind::return_: {
        if (s.exprs.size() != 1) bad("a return without a value");
        const kernel::KScalar t = def_.result->resolved;
        if (kernel::is_integer(t)) return std::make_unique<Return<false>>(result_at_, typed(s.exprs[0], t));
        return std::make_unique<Return<true>>(result_at_, typed(s.exprs[0], t));
      }
    }
    bad("an unknown statement");
  }

  StmtPtr set(std::size_t where, kernel::KScalar t, const kernel::KExpr& value) {
    if (kernel::is_integer(t)) return std::make_unique<Set<false>>(where, typed(value, t));
    return std::make_unique<Set<true>>(where, typed(value, t));
  }

  /// `e`, which the type checker gave the type `t`.
  ExprPtr typed(const kernel::KExpr& e, kernel::KScalar t) {
    if (e.type != t) bad("a value of another type than its place");
    return expr(e);
  }

  ExprPtr expr(const kernel::KExpr& e) {
    switch (e.kind) {
      case kernel::KExprKind::int_lit:
        if (kernel::is_integer(e.type)) return std::make_unique<IntConst>(e.int_value);
        return std::make_unique<FloatConst>(e.type == kernel::KScalar::f32
                                                ? static_cast<double>(static_cast<float>(e.int_value))
                                                : static_cast<double>(e.int_value));
      case kernel::KExprKind::float_lit:
        if (kernel::is_integer(e.type)) bad("a float literal of an integer type");
        return std::make_unique<FloatConst>(
            e.type == kernel::KScalar::f32 ? static_cast<double>(static_cast<float>(e.float_value)) : e.float_value);
      case kernel::KExprKind::var:
        if (slot(e.slot).array_size > 0) bad("an array used as a value");
        if (kernel::is_integer(e.type)) return std::make_unique<IntVar>(at(e.slot));
        return std::make_unique<FloatVar>(at(e.slot));
      case kernel::KExprKind::index: {
        Element el = element(e.slot, e.operands.at(0));
        if (kernel::is_integer(e.type)) return std::make_unique<IntIndex>(std::move(el));
        return std::make_unique<FloatIndex>(std::move(el));
      }
      case kernel::KExprKind::unary: {
        ExprPtr x = expr(e.operands.at(0));
        if (e.op == "!") return std::make_unique<Not>(std::move(x));
        switch (e.type) {
          case kernel::KScalar::i16:
            return std::make_unique<IntNeg<kernel::KScalar::i16>>(std::move(x));
          case kernel::KScalar::i32:
            return std::make_unique<IntNeg<kernel::KScalar::i32>>(std::move(x));
          case kernel::KScalar::i64:
            return std::make_unique<IntNeg<kernel::KScalar::i64>>(std::move(x));
          case kernel::KScalar::f32:
          case kernel::KScalar::f64:
            return std::make_unique<FloatNeg>(std::move(x));
          case kernel::KScalar::boolean:
            break;
        }
        bad("'-' on a bool");
      }
      case kernel::KExprKind::binary:
        return binary(e);
      case kernel::KExprKind::cast:
        return cast(e);
    }
    bad("an unknown expression");
  }

  template <kernel::KScalar T>
  ExprPtr int_arith(const std::string& op, ExprPtr l, ExprPtr r, const lang::SourceLoc& loc) {
    std::string err = error(loc, "integer division by zero");
    if (op == "+") return std::make_unique<IntArith<T, Op::add>>(std::move(l), std::move(r), "");
    if (op == "-") return std::make_unique<IntArith<T, Op::sub>>(std::move(l), std::move(r), "");
    if (op == "*") return std::make_unique<IntArith<T, Op::mul>>(std::move(l), std::move(r), "");
    if (op == "/") return std::make_unique<IntArith<T, Op::div>>(std::move(l), std::move(r), std::move(err));
    return std::make_unique<IntArith<T, Op::rem>>(std::move(l), std::move(r), std::move(err));
  }

  template <kernel::KScalar T>
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

  ExprPtr binary(const kernel::KExpr& e) {
    const kernel::KExpr& le = e.operands.at(0);
    const kernel::KExpr& re = e.operands.at(1);
    if (le.type != re.type) bad("operands of two types");
    ExprPtr l = expr(le);
    ExprPtr r = expr(re);
    const std::string& op = e.op;
    if (op == "&&") return std::make_unique<Logic<true>>(std::move(l), std::move(r));
    if (op == "||") return std::make_unique<Logic<false>>(std::move(l), std::move(r));
    const bool arithmetic = op == "+" || op == "-" || op == "*" || op == "/" || op == "%";
    if (!arithmetic) {
      if (le.type == kernel::KScalar::boolean) bad("a comparison of bools");
      if (kernel::is_integer(le.type)) return compare<false>(op, std::move(l), std::move(r));
      return compare<true>(op, std::move(l), std::move(r));
    }
    switch (le.type) {
      case kernel::KScalar::i16:
        return int_arith<kernel::KScalar::i16>(op, std::move(l), std::move(r), e.loc);
      case kernel::KScalar::i32:
        return int_arith<kernel::KScalar::i32>(op, std::move(l), std::move(r), e.loc);
      case kernel::KScalar::i64:
        return int_arith<kernel::KScalar::i64>(op, std::move(l), std::move(r), e.loc);
      case kernel::KScalar::f32:
        return float_arith<kernel::KScalar::f32>(op, std::move(l), std::move(r));
      case kernel::KScalar::f64:
        return float_arith<kernel::KScalar::f64>(op, std::move(l), std::move(r));
      case kernel::KScalar::boolean:
        break;
    }
    bad("arithmetic on bools");
  }

  template <kernel::KScalar To>
  ExprPtr cast_to(kernel::KScalar from, ExprPtr x) {
    if constexpr (To == kernel::KScalar::f32 || To == kernel::KScalar::f64) {
      if (kernel::is_integer(from)) return std::make_unique<IntToFloat<To>>(std::move(x));
      return std::make_unique<FloatToFloat<To>>(std::move(x));
    } else {
      if (kernel::is_integer(from)) return std::make_unique<IntToInt<To>>(std::move(x));
      return std::make_unique<FloatToInt<To>>(std::move(x));
    }
  }

  ExprPtr cast(const kernel::KExpr& e) {
    const kernel::KExpr& operand = e.operands.at(0);
    if (operand.type == kernel::KScalar::boolean) bad("a conversion of a bool");
    ExprPtr x = expr(operand);
    switch (e.type) {
      case kernel::KScalar::i16:
        return cast_to<kernel::KScalar::i16>(operand.type, std::move(x));
      case kernel::KScalar::i32:
        return cast_to<kernel::KScalar::i32>(operand.type, std::move(x));
      case kernel::KScalar::i64:
        return cast_to<kernel::KScalar::i64>(operand.type, std::move(x));
      case kernel::KScalar::f32:
        return cast_to<kernel::KScalar::f32>(operand.type, std::move(x));
      case kernel::KScalar::f64:
        return cast_to<kernel::KScalar::f64>(operand.type, std::move(x));
      case kernel::KScalar::boolean:
        break;
    }
    bad("a conversion to bool");
  }

  const lang::kernel::KernelDef& def_;
  const std::string& source_;
  std::vector<std::size_t> offsets_;
  std::size_t cells_ = 0;
  std::size_t result_at_ = 0;
};

class Interpreted : public Executable {
 public:
  Interpreted(const lang::kernel::KernelDef& def, const std::string& source_name) {
    Compiler c(def, source_name);
    body_ = c.body();
    cells_.assign(c.cells(), Cell{0});
    result_at_ = c.result_at();
    result_ = def.result->resolved;  // the Compiler has refused a kernel without one
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
      if (kernel::is_integer(type))
        c[where].i = args[k].i;
      else
        c[where].f = type == kernel::KScalar::f32 ? static_cast<double>(static_cast<float>(args[k].f)) : args[k].f;
    }
    RunResult out;
    out.last.type = result_;
    const bool is_float = !kernel::is_integer(result_);
    double sink = 0;
    for (std::uint64_t k = 0; k < n; ++k) {
      c[result_at_].i = 0;
      body_->exec(c);
      sink += is_float ? c[result_at_].f : static_cast<double>(c[result_at_].i);
    }
    if (is_float)
      out.last.f = c[result_at_].f;
    else
      out.last.i = c[result_at_].i;
    out.sink = sink;
    return out;
  }

 private:
  std::unique_ptr<Block> body_;
  std::vector<Cell> cells_;
  std::size_t result_at_ = 0;
  kernel::KScalar result_ = kernel::KScalar::i64;
  std::vector<std::pair<std::size_t, kernel::KScalar>> params_;
};

class Interpreter : public Backend {
 public:
  // Nothing in the options applies to a tree of nodes.
  std::string label(const CompileOptions&) const override { return kInterpreterLabel; }
  std::unique_ptr<Executable> compile(const lang::kernel::KernelDef& def, const std::string& source_name,
                                      const CompileOptions&) override {
    return std::make_unique<Interpreted>(def, source_name);
  }
};

}  // namespace

std::unique_ptr<Backend> make_interpreter() { return std::make_unique<Interpreter>(); }

}  // namespace hwbench::kernels::jit
