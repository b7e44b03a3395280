#include "kernels/jit/llvm_expr_lowering.hpp"

#include <iterator>

#include <fmt/format.h>
#include <llvm/ADT/APFloat.h>
#include <llvm/IR/BasicBlock.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/MDBuilder.h>

#include "kernels/contract/kernel.hpp"

namespace hwbench::kernels::jit {

namespace kernel = lang::kernel;
using lang::kernel::is_integer;

llvm::Type* llvm_type(llvm::LLVMContext& ctx, kernel::KScalar t) {
  switch (t) {
    case kernel::KScalar::i16:
      return llvm::Type::getInt16Ty(ctx);
    case kernel::KScalar::i32:
      return llvm::Type::getInt32Ty(ctx);
    case kernel::KScalar::i64:
      return llvm::Type::getInt64Ty(ctx);
    case kernel::KScalar::f32:
      return llvm::Type::getFloatTy(ctx);
    case kernel::KScalar::f64:
      return llvm::Type::getDoubleTy(ctx);
    case kernel::KScalar::boolean:
      return llvm::Type::getInt1Ty(ctx);
  }
  return nullptr;
}

void lowering_error(const lang::kernel::KernelDef& def, const std::string& why) {
  throw KernelError(fmt::format("kernel {}: cannot compile: {}", def.name, why));
}

ExprLowering::ExprLowering(const lang::kernel::KernelDef& def, llvm::Module& mod, std::vector<ErrorSite>& sites)
    : def_(def), ctx_(mod.getContext()), mod_(mod), b_(ctx_), sites_(sites) {}

llvm::AllocaInst* ExprLowering::slot(int index) {
  if (index < 0 || static_cast<std::size_t>(index) >= slots_.size()) fail("a variable without a slot");
  return slots_[static_cast<std::size_t>(index)];
}

kernel::KScalar ExprLowering::slot_type(int index) {
  slot(index);
  return def_.slots[static_cast<std::size_t>(index)].type;
}

void ExprLowering::return_zero() { b_.CreateRet(llvm::Constant::getNullValue(llvm_type(ctx_, result_))); }

// Continues only when `ok` holds; otherwise records the site in *error and returns.
void ExprLowering::check(llvm::Value* ok, const lang::SourceLoc& loc, const char* what) {
  sites_.push_back({loc, what});
  llvm::BasicBlock* pass = llvm::BasicBlock::Create(ctx_, "ok", fn_);
  llvm::BasicBlock* trap = llvm::BasicBlock::Create(ctx_, "error", fn_);
  b_.CreateCondBr(ok, pass, trap, llvm::MDBuilder(ctx_).createBranchWeights(1U << 20, 1));
  b_.SetInsertPoint(trap);
  b_.CreateStore(b_.getInt32(static_cast<std::uint32_t>(sites_.size())), error_);
  return_zero();
  b_.SetInsertPoint(pass);
}

llvm::Value* ExprLowering::element(int slot_index, const kernel::KExpr& index_expr) {
  llvm::AllocaInst* a = slot(slot_index);
  const std::uint32_t size = def_.slots[static_cast<std::size_t>(slot_index)].array_size;
  if (size == 0) fail("indexing a variable that is not an array");
  if (!is_integer(index_expr.type)) fail("an array index that is not an integer");
  llvm::Value* i = b_.CreateSExt(value(index_expr), b_.getInt64Ty());
  // Unsigned: a negative index is a huge one.
  check(b_.CreateICmpULT(i, b_.getInt64(size)), index_expr.loc, "index out of bounds");
  return b_.CreateInBoundsGEP(a->getAllocatedType(), a, {b_.getInt64(0), i});
}

llvm::Value* ExprLowering::value_as(const kernel::KExpr& e, kernel::KScalar t) { return convert(value(e), e.type, t); }

llvm::Value* ExprLowering::convert(llvm::Value* v, kernel::KScalar from, kernel::KScalar to) {
  if (from == to) return v;
  llvm::Type* t = llvm_type(ctx_, to);
  if (from == kernel::KScalar::boolean || to == kernel::KScalar::boolean) fail("a conversion to or from bool");
  if (is_integer(from) && is_integer(to)) return b_.CreateSExtOrTrunc(v, t);
  if (is_integer(from)) return b_.CreateSIToFP(v, t);
  if (is_integer(to)) {
    // Truncates toward zero, saturates at the bounds, NaN gives 0: defined for every input.
    return b_.CreateIntrinsic(llvm::Intrinsic::fptosi_sat, {t, v->getType()}, {v});
  }
  return to == kernel::KScalar::f32 ? b_.CreateFPTrunc(v, t) : b_.CreateFPExt(v, t);
}

llvm::Value* ExprLowering::literal(const kernel::KExpr& e) {
  llvm::Type* t = llvm_type(ctx_, e.type);
  // Each literal is rounded once, from its exact value, to its type (as the interpreter's
  // static_cast does).
  switch (e.type) {
    case kernel::KScalar::f32:
      return llvm::ConstantFP::get(t, e.kind == kernel::KExprKind::int_lit
                                          ? static_cast<double>(static_cast<float>(e.int_value))
                                          : static_cast<double>(static_cast<float>(e.float_value)));
    case kernel::KScalar::f64:
      return llvm::ConstantFP::get(
          t, e.kind == kernel::KExprKind::int_lit ? static_cast<double>(e.int_value) : e.float_value);
    case kernel::KScalar::boolean:
      fail("a boolean literal");
    default:
      if (e.kind == kernel::KExprKind::float_lit) fail("a float literal of an integer type");
      return llvm::ConstantInt::get(t, static_cast<std::uint64_t>(e.int_value), true);
  }
}

llvm::Value* ExprLowering::value(const kernel::KExpr& e) {
  switch (e.kind) {
    case kernel::KExprKind::int_lit:
    case kernel::KExprKind::float_lit:
      return literal(e);
    case kernel::KExprKind::var: {
      llvm::AllocaInst* a = slot(e.slot);
      if (def_.slots[static_cast<std::size_t>(e.slot)].array_size > 0) fail("an array used as a value");
      return b_.CreateLoad(a->getAllocatedType(), a, e.name);
    }
    case kernel::KExprKind::index: {
      if (e.operands.size() != 1) fail("an index without a subscript");
      llvm::Value* p = element(e.slot, e.operands[0]);
      return b_.CreateLoad(llvm_type(ctx_, slot_type(e.slot)), p);
    }
    case kernel::KExprKind::cast:
      if (e.operands.size() != 1) fail("a cast without an operand");
      return value_as(e.operands[0], e.type);
    case kernel::KExprKind::unary:
      return unary(e);
    case kernel::KExprKind::binary:
      return binary(e);
  }
  fail("an unknown expression");
}

llvm::Value* ExprLowering::unary(const kernel::KExpr& e) {
  if (e.operands.size() != 1) fail("a unary operator without its operand");
  if (e.op == "!") return b_.CreateNot(value_as(e.operands[0], kernel::KScalar::boolean));
  if (e.op != "-") fail(fmt::format("the unary operator '{}'", e.op));
  llvm::Value* v = value_as(e.operands[0], e.type);
  if (kernel::is_float(e.type)) return b_.CreateFNeg(v);
  return b_.CreateSub(llvm::ConstantInt::get(v->getType(), 0), v);  // wraps: -MIN is MIN
}

// `&&` and `||` evaluate their right operand only when it decides the result (as in C), so
// `d != 0 && x / d > 1` cannot fail.
llvm::Value* ExprLowering::short_circuit(const kernel::KExpr& e) {
  const bool is_and = e.op == "&&";
  llvm::Value* lhs = value_as(e.operands[0], kernel::KScalar::boolean);
  llvm::BasicBlock* from = b_.GetInsertBlock();
  llvm::BasicBlock* rhs_bb = llvm::BasicBlock::Create(ctx_, is_and ? "and" : "or", fn_);
  llvm::BasicBlock* join = llvm::BasicBlock::Create(ctx_, "logic", fn_);
  if (is_and) {
    b_.CreateCondBr(lhs, rhs_bb, join);
  } else {
    b_.CreateCondBr(lhs, join, rhs_bb);
  }
  b_.SetInsertPoint(rhs_bb);
  llvm::Value* rhs = value_as(e.operands[1], kernel::KScalar::boolean);
  llvm::BasicBlock* rhs_end = b_.GetInsertBlock();
  b_.CreateBr(join);
  b_.SetInsertPoint(join);
  llvm::PHINode* phi = b_.CreatePHI(b_.getInt1Ty(), 2);
  phi->addIncoming(b_.getInt1(!is_and), from);
  phi->addIncoming(rhs, rhs_end);
  return phi;
}

llvm::Value* ExprLowering::binary(const kernel::KExpr& e) {
  if (e.operands.size() != 2) fail("a binary operator without two operands");
  const std::string& op = e.op;
  if (op == "&&" || op == "||") return short_circuit(e);
  const bool comparison = op == "<" || op == "<=" || op == ">" || op == ">=" || op == "==" || op == "!=";
  // Operands share one type: the result's for arithmetic, the left operand's for comparisons.
  const kernel::KScalar t = comparison ? e.operands[0].type : e.type;
  llvm::Value* lhs = value_as(e.operands[0], t);
  llvm::Value* rhs = value_as(e.operands[1], t);
  if (comparison) return compare(op, t, lhs, rhs);
  if (t == kernel::KScalar::boolean) fail(fmt::format("'{}' on booleans", op));
  if (kernel::is_float(t)) {
    // Plain IEEE operations: no fast-math flags, so no contraction and no reassociation.
    if (op == "+") return b_.CreateFAdd(lhs, rhs);
    if (op == "-") return b_.CreateFSub(lhs, rhs);
    if (op == "*") return b_.CreateFMul(lhs, rhs);
    if (op == "/") return b_.CreateFDiv(lhs, rhs);
    if (op == "%") return b_.CreateFRem(lhs, rhs);
  } else {
    // Two's complement without nsw/nuw: overflow wraps.
    if (op == "+") return b_.CreateAdd(lhs, rhs);
    if (op == "-") return b_.CreateSub(lhs, rhs);
    if (op == "*") return b_.CreateMul(lhs, rhs);
    if (op == "/" || op == "%") return divide(op == "/", t, lhs, rhs, e.loc);
  }
  fail(fmt::format("the operator '{}'", op));
}

llvm::Value* ExprLowering::compare(const std::string& op, kernel::KScalar t, llvm::Value* lhs, llvm::Value* rhs) {
  using P = llvm::CmpInst::Predicate;
  static const char* const ops[] = {"<", "<=", ">", ">=", "==", "!="};
  // Ordered float comparisons are false with a NaN; `!=` is unordered-or-unequal, true with a
  // NaN (as in C).
  static const P floats[] = {P::FCMP_OLT, P::FCMP_OLE, P::FCMP_OGT, P::FCMP_OGE, P::FCMP_OEQ, P::FCMP_UNE};
  static const P integers[] = {P::ICMP_SLT, P::ICMP_SLE, P::ICMP_SGT, P::ICMP_SGE, P::ICMP_EQ, P::ICMP_NE};
  for (std::size_t k = 0; k < std::size(ops); ++k) {
    if (op != ops[k]) continue;
    return kernel::is_float(t) ? b_.CreateFCmp(floats[k], lhs, rhs) : b_.CreateICmp(integers[k], lhs, rhs);
  }
  fail(fmt::format("the comparison '{}'", op));
}

// Integer `/` and `%`: a zero divisor is a runtime error; MIN / -1 is MIN and MIN % -1 is 0,
// computed without the undefined sdiv/srem overflow.
llvm::Value* ExprLowering::divide(bool quotient, kernel::KScalar t, llvm::Value* x, llvm::Value* d,
                                  const lang::SourceLoc& loc) {
  llvm::Type* ty = x->getType();
  check(b_.CreateICmpNE(d, llvm::ConstantInt::get(ty, 0)), loc, "integer division by zero");
  if (t == kernel::KScalar::i16) {
    // In 32 bits the quotient of two i16 values cannot overflow, and truncating it back gives
    // the wrapped result, MIN / -1 included (32768 -> -32768); it also spares x86 its 16-bit
    // divide, as C's promotion of `short` does.
    llvm::Value* wx = b_.CreateSExt(x, b_.getInt32Ty());
    llvm::Value* wd = b_.CreateSExt(d, b_.getInt32Ty());
    return b_.CreateTrunc(quotient ? b_.CreateSDiv(wx, wd) : b_.CreateSRem(wx, wd), ty);
  }
  // Divide by 1 instead of -1 (x / 1 = x, x % 1 = 0), then negate the quotient: no overflow.
  llvm::Value* minus_one = b_.CreateICmpEQ(d, llvm::ConstantInt::getSigned(ty, -1));
  llvm::Value* safe = b_.CreateSelect(minus_one, llvm::ConstantInt::get(ty, 1), d);
  if (!quotient) return b_.CreateSRem(x, safe);
  llvm::Value* q = b_.CreateSDiv(x, safe);
  return b_.CreateSelect(minus_one, b_.CreateSub(llvm::ConstantInt::get(ty, 0), q), q);
}

}  // namespace hwbench::kernels::jit
