#include "kernels/jit/llvm_codegen.hpp"

#include <iterator>

#include <llvm/ADT/APFloat.h>
#include <llvm/IR/BasicBlock.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

#include <fmt/format.h>

#include "kernels/kernel.hpp"

namespace hwbench::kernels::jit {

namespace {

using lang::KExpr;
using lang::KExprKind;
using lang::KScalar;
using lang::KStmt;
using lang::KStmtKind;

bool is_integer(KScalar t) { return t == KScalar::i16 || t == KScalar::i32 || t == KScalar::i64; }
bool is_float(KScalar t) { return t == KScalar::f32 || t == KScalar::f64; }

llvm::Type* llvm_type(llvm::LLVMContext& ctx, KScalar t) {
  switch (t) {
    case KScalar::i16: return llvm::Type::getInt16Ty(ctx);
    case KScalar::i32: return llvm::Type::getInt32Ty(ctx);
    case KScalar::i64: return llvm::Type::getInt64Ty(ctx);
    case KScalar::f32: return llvm::Type::getFloatTy(ctx);
    case KScalar::f64: return llvm::Type::getDoubleTy(ctx);
    case KScalar::boolean: return llvm::Type::getInt1Ty(ctx);
  }
  return nullptr;
}

[[noreturn]] void fail(const lang::KernelDef& def, const std::string& why) {
  throw KernelError(fmt::format("kernel {}: cannot compile: {}", def.name, why));
}

/// Emits the kernel function's body.
class KernelLowering {
 public:
  KernelLowering(const lang::KernelDef& def, llvm::Module& mod, std::vector<ErrorSite>& sites)
      : def_(def), ctx_(mod.getContext()), mod_(mod), b_(ctx_), sites_(sites) {}

  void emit() {
    std::vector<llvm::Type*> param_types;
    for (const lang::KSlot& s : def_.slots)
      if (s.is_param) param_types.push_back(llvm_type(ctx_, s.type));
    param_types.push_back(llvm::PointerType::getUnqual(b_.getInt32Ty()));
    result_ = def_.result ? std::optional<KScalar>(def_.result->resolved) : std::nullopt;
    llvm::Type* ret = result_ ? llvm_type(ctx_, *result_) : b_.getVoidTy();
    fn_ = llvm::Function::Create(llvm::FunctionType::get(ret, param_types, false), llvm::Function::ExternalLinkage,
                                 kernel_symbol, mod_);
    fn_->addFnAttr(llvm::Attribute::NoInline);
    fn_->addFnAttr(llvm::Attribute::NoUnwind);

    llvm::BasicBlock* entry = llvm::BasicBlock::Create(ctx_, "entry", fn_);
    b_.SetInsertPoint(entry);
    // Every slot is an entry-block alloca, which mem2reg/SROA promote to registers; scalars
    // start at zero so that no path can read an undefined value.
    unsigned arg = 0;
    for (const lang::KSlot& s : def_.slots) {
      llvm::Type* t = llvm_type(ctx_, s.type);
      if (s.array_size > 0) {
        slots_.push_back(b_.CreateAlloca(llvm::ArrayType::get(t, s.array_size), nullptr, s.name));
        continue;
      }
      llvm::AllocaInst* a = b_.CreateAlloca(t, nullptr, s.name);
      slots_.push_back(a);
      if (s.is_param) {
        llvm::Argument* v = fn_->getArg(arg++);
        v->setName(s.name);
        b_.CreateStore(v, a);
      } else {
        b_.CreateStore(llvm::Constant::getNullValue(t), a);
      }
    }
    error_ = fn_->getArg(arg);
    error_->setName("error");

    block(def_.body);
    if (!b_.GetInsertBlock()->getTerminator()) return_zero();
  }

 private:
  // A block after `return` has no predecessor; statements after it are still emitted (into it)
  // and LLVM drops them.
  void continue_after_terminator() { b_.SetInsertPoint(llvm::BasicBlock::Create(ctx_, "dead", fn_)); }

  void return_zero() {
    if (result_) {
      b_.CreateRet(llvm::Constant::getNullValue(llvm_type(ctx_, *result_)));
    } else {
      b_.CreateRetVoid();
    }
  }

  llvm::AllocaInst* slot(int index) {
    if (index < 0 || static_cast<std::size_t>(index) >= slots_.size()) fail(def_, "a variable without a slot");
    return slots_[static_cast<std::size_t>(index)];
  }

  KScalar slot_type(int index) {
    slot(index);
    return def_.slots[static_cast<std::size_t>(index)].type;
  }

  // Continues only when `ok` holds; otherwise records the site in *error and returns.
  void check(llvm::Value* ok, const lang::SourceLoc& loc, const char* what) {
    sites_.push_back({loc, what});
    llvm::BasicBlock* pass = llvm::BasicBlock::Create(ctx_, "ok", fn_);
    llvm::BasicBlock* trap = llvm::BasicBlock::Create(ctx_, "error", fn_);
    b_.CreateCondBr(ok, pass, trap, llvm::MDBuilder(ctx_).createBranchWeights(1U << 20, 1));
    b_.SetInsertPoint(trap);
    b_.CreateStore(b_.getInt32(static_cast<std::uint32_t>(sites_.size())), error_);
    return_zero();
    b_.SetInsertPoint(pass);
  }

  void block(const std::vector<KStmt>& stmts) {
    for (const KStmt& s : stmts) statement(s);
  }

  void statement(const KStmt& s) {
    switch (s.kind) {
      case KStmtKind::let: {
        llvm::AllocaInst* a = slot(s.slot);
        const lang::KSlot& sl = def_.slots[static_cast<std::size_t>(s.slot)];
        if (sl.array_size > 0) {
          const std::uint64_t bytes = mod_.getDataLayout().getTypeAllocSize(a->getAllocatedType());
          b_.CreateMemSet(a, b_.getInt8(0), bytes, a->getAlign());
        } else {
          llvm::Value* v = s.exprs.empty() ? llvm::Constant::getNullValue(a->getAllocatedType())
                                           : value_as(s.exprs[0], sl.type);
          b_.CreateStore(v, a);
        }
        return;
      }
      case KStmtKind::assign: {
        const KScalar t = slot_type(s.slot);
        if (s.exprs.size() == 2) {
          llvm::Value* p = element(s.slot, s.exprs[0]);
          b_.CreateStore(value_as(s.exprs[1], t), p);
        } else if (s.exprs.size() == 1) {
          b_.CreateStore(value_as(s.exprs[0], t), slot(s.slot));
        } else {
          fail(def_, "an assignment without a value");
        }
        return;
      }
      case KStmtKind::if_: {
        if (s.exprs.size() != 1) fail(def_, "an if without a condition");
        llvm::Value* cond = value_as(s.exprs[0], KScalar::boolean);
        llvm::BasicBlock* then_bb = llvm::BasicBlock::Create(ctx_, "then", fn_);
        llvm::BasicBlock* else_bb = llvm::BasicBlock::Create(ctx_, "else", fn_);
        llvm::BasicBlock* join = llvm::BasicBlock::Create(ctx_, "endif", fn_);
        b_.CreateCondBr(cond, then_bb, else_bb);
        b_.SetInsertPoint(then_bb);
        block(s.body);
        if (!b_.GetInsertBlock()->getTerminator()) b_.CreateBr(join);
        b_.SetInsertPoint(else_bb);
        block(s.else_body);
        if (!b_.GetInsertBlock()->getTerminator()) b_.CreateBr(join);
        b_.SetInsertPoint(join);
        return;
      }
      case KStmtKind::for_: {
        if (s.exprs.size() != 2) fail(def_, "a for loop without bounds");
        const KScalar t = slot_type(s.slot);
        if (!is_integer(t)) fail(def_, "a for loop over a non-integer variable");
        llvm::Value* from = value_as(s.exprs[0], t);
        llvm::Value* to = value_as(s.exprs[1], t);
        // A hidden counter drives the loop, so the body may assign the loop variable without
        // changing which values it takes. counter < to <= MAX, so counter + 1 cannot overflow
        // and its increment carries nsw (the recipe's own arithmetic never does).
        llvm::AllocaInst* counter = entry_alloca(llvm_type(ctx_, t), "counter");
        b_.CreateStore(from, counter);
        llvm::BasicBlock* head = llvm::BasicBlock::Create(ctx_, "for", fn_);
        llvm::BasicBlock* body = llvm::BasicBlock::Create(ctx_, "body", fn_);
        llvm::BasicBlock* done = llvm::BasicBlock::Create(ctx_, "endfor", fn_);
        b_.CreateBr(head);
        b_.SetInsertPoint(head);
        llvm::Value* c = b_.CreateLoad(counter->getAllocatedType(), counter);
        b_.CreateCondBr(b_.CreateICmpSLT(c, to), body, done);
        b_.SetInsertPoint(body);
        b_.CreateStore(c, slot(s.slot));
        block(s.body);
        if (!b_.GetInsertBlock()->getTerminator()) {
          llvm::Value* now = b_.CreateLoad(counter->getAllocatedType(), counter);
          b_.CreateStore(b_.CreateNSWAdd(now, llvm::ConstantInt::get(now->getType(), 1)), counter);
          b_.CreateBr(head);
        }
        b_.SetInsertPoint(done);
        return;
      }
      case KStmtKind::return_: {
        if (s.exprs.empty()) {
          return_zero();
        } else {
          if (!result_) fail(def_, "a value returned from a kernel without a result type");
          b_.CreateRet(value_as(s.exprs[0], *result_));
        }
        continue_after_terminator();
        return;
      }
    }
  }

  llvm::AllocaInst* entry_alloca(llvm::Type* t, const char* name) {
    llvm::IRBuilder<> eb(&fn_->getEntryBlock(), fn_->getEntryBlock().begin());
    return eb.CreateAlloca(t, nullptr, name);
  }

  // The address of element `index_expr` of array slot `slot_index`, bounds checked.
  llvm::Value* element(int slot_index, const KExpr& index_expr) {
    llvm::AllocaInst* a = slot(slot_index);
    const std::uint32_t size = def_.slots[static_cast<std::size_t>(slot_index)].array_size;
    if (size == 0) fail(def_, "indexing a variable that is not an array");
    if (!is_integer(index_expr.type)) fail(def_, "an array index that is not an integer");
    llvm::Value* i = b_.CreateSExt(value(index_expr), b_.getInt64Ty());
    // Unsigned: a negative index is a huge one.
    check(b_.CreateICmpULT(i, b_.getInt64(size)), index_expr.loc, "index out of bounds");
    return b_.CreateInBoundsGEP(a->getAllocatedType(), a, {b_.getInt64(0), i});
  }

  llvm::Value* value_as(const KExpr& e, KScalar t) { return convert(value(e), e.type, t); }

  llvm::Value* convert(llvm::Value* v, KScalar from, KScalar to) {
    if (from == to) return v;
    llvm::Type* t = llvm_type(ctx_, to);
    if (from == KScalar::boolean || to == KScalar::boolean) fail(def_, "a conversion to or from bool");
    if (is_integer(from) && is_integer(to)) return b_.CreateSExtOrTrunc(v, t);
    if (is_integer(from)) return b_.CreateSIToFP(v, t);
    if (is_integer(to)) {
      // Truncates toward zero, saturates at the bounds, NaN gives 0: defined for every input.
      return b_.CreateIntrinsic(llvm::Intrinsic::fptosi_sat, {t, v->getType()}, {v});
    }
    return to == KScalar::f32 ? b_.CreateFPTrunc(v, t) : b_.CreateFPExt(v, t);
  }

  llvm::Value* literal(const KExpr& e) {
    llvm::Type* t = llvm_type(ctx_, e.type);
    // Each literal is rounded once, from its exact value, to its type (as the interpreter's
    // static_cast does).
    switch (e.type) {
      case KScalar::f32:
        return llvm::ConstantFP::get(t, e.kind == KExprKind::int_lit ? static_cast<double>(static_cast<float>(e.int_value))
                                                                     : static_cast<double>(static_cast<float>(e.float_value)));
      case KScalar::f64:
        return llvm::ConstantFP::get(t, e.kind == KExprKind::int_lit ? static_cast<double>(e.int_value) : e.float_value);
      case KScalar::boolean: fail(def_, "a boolean literal");
      default:
        if (e.kind == KExprKind::float_lit) fail(def_, "a float literal of an integer type");
        return llvm::ConstantInt::get(t, static_cast<std::uint64_t>(e.int_value), true);
    }
  }

  llvm::Value* value(const KExpr& e) {
    switch (e.kind) {
      case KExprKind::int_lit:
      case KExprKind::float_lit: return literal(e);
      case KExprKind::var: {
        llvm::AllocaInst* a = slot(e.slot);
        if (def_.slots[static_cast<std::size_t>(e.slot)].array_size > 0) fail(def_, "an array used as a value");
        return b_.CreateLoad(a->getAllocatedType(), a, e.name);
      }
      case KExprKind::index: {
        if (e.operands.size() != 1) fail(def_, "an index without a subscript");
        llvm::Value* p = element(e.slot, e.operands[0]);
        return b_.CreateLoad(llvm_type(ctx_, slot_type(e.slot)), p);
      }
      case KExprKind::cast:
        if (e.operands.size() != 1) fail(def_, "a cast without an operand");
        return value_as(e.operands[0], e.type);
      case KExprKind::unary: return unary(e);
      case KExprKind::binary: return binary(e);
    }
    fail(def_, "an unknown expression");
  }

  llvm::Value* unary(const KExpr& e) {
    if (e.operands.size() != 1) fail(def_, "a unary operator without its operand");
    if (e.op == "!") return b_.CreateNot(value_as(e.operands[0], KScalar::boolean));
    if (e.op != "-") fail(def_, fmt::format("the unary operator '{}'", e.op));
    llvm::Value* v = value_as(e.operands[0], e.type);
    if (is_float(e.type)) return b_.CreateFNeg(v);
    return b_.CreateSub(llvm::ConstantInt::get(v->getType(), 0), v);  // wraps: -MIN is MIN
  }

  // `&&` and `||` evaluate their right operand only when it decides the result (as in C), so
  // `d != 0 && x / d > 1` cannot fail.
  llvm::Value* short_circuit(const KExpr& e) {
    const bool is_and = e.op == "&&";
    llvm::Value* lhs = value_as(e.operands[0], KScalar::boolean);
    llvm::BasicBlock* from = b_.GetInsertBlock();
    llvm::BasicBlock* rhs_bb = llvm::BasicBlock::Create(ctx_, is_and ? "and" : "or", fn_);
    llvm::BasicBlock* join = llvm::BasicBlock::Create(ctx_, "logic", fn_);
    if (is_and) {
      b_.CreateCondBr(lhs, rhs_bb, join);
    } else {
      b_.CreateCondBr(lhs, join, rhs_bb);
    }
    b_.SetInsertPoint(rhs_bb);
    llvm::Value* rhs = value_as(e.operands[1], KScalar::boolean);
    llvm::BasicBlock* rhs_end = b_.GetInsertBlock();
    b_.CreateBr(join);
    b_.SetInsertPoint(join);
    llvm::PHINode* phi = b_.CreatePHI(b_.getInt1Ty(), 2);
    phi->addIncoming(b_.getInt1(!is_and), from);
    phi->addIncoming(rhs, rhs_end);
    return phi;
  }

  llvm::Value* binary(const KExpr& e) {
    if (e.operands.size() != 2) fail(def_, "a binary operator without two operands");
    const std::string& op = e.op;
    if (op == "&&" || op == "||") return short_circuit(e);
    const bool comparison = op == "<" || op == "<=" || op == ">" || op == ">=" || op == "==" || op == "!=";
    // Operands share one type: the result's for arithmetic, the left operand's for comparisons.
    const KScalar t = comparison ? e.operands[0].type : e.type;
    llvm::Value* lhs = value_as(e.operands[0], t);
    llvm::Value* rhs = value_as(e.operands[1], t);
    if (comparison) return compare(op, t, lhs, rhs);
    if (t == KScalar::boolean) fail(def_, fmt::format("'{}' on booleans", op));
    if (is_float(t)) {
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
    fail(def_, fmt::format("the operator '{}'", op));
  }

  llvm::Value* compare(const std::string& op, KScalar t, llvm::Value* lhs, llvm::Value* rhs) {
    using P = llvm::CmpInst::Predicate;
    static const char* const ops[] = {"<", "<=", ">", ">=", "==", "!="};
    // Ordered float comparisons are false with a NaN; `!=` is unordered-or-unequal, true with a
    // NaN (as in C).
    static const P floats[] = {P::FCMP_OLT, P::FCMP_OLE, P::FCMP_OGT, P::FCMP_OGE, P::FCMP_OEQ, P::FCMP_UNE};
    static const P integers[] = {P::ICMP_SLT, P::ICMP_SLE, P::ICMP_SGT, P::ICMP_SGE, P::ICMP_EQ, P::ICMP_NE};
    for (std::size_t k = 0; k < std::size(ops); ++k) {
      if (op != ops[k]) continue;
      return is_float(t) ? b_.CreateFCmp(floats[k], lhs, rhs) : b_.CreateICmp(integers[k], lhs, rhs);
    }
    fail(def_, fmt::format("the comparison '{}'", op));
  }

  // Integer `/` and `%`: a zero divisor is a runtime error; MIN / -1 is MIN and MIN % -1 is 0,
  // computed without the undefined sdiv/srem overflow.
  llvm::Value* divide(bool quotient, KScalar t, llvm::Value* x, llvm::Value* d, const lang::SourceLoc& loc) {
    llvm::Type* ty = x->getType();
    check(b_.CreateICmpNE(d, llvm::ConstantInt::get(ty, 0)), loc, "integer division by zero");
    if (t == KScalar::i16) {
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

  const lang::KernelDef& def_;
  llvm::LLVMContext& ctx_;
  llvm::Module& mod_;
  llvm::IRBuilder<> b_;
  std::vector<ErrorSite>& sites_;
  llvm::Function* fn_ = nullptr;
  llvm::Value* error_ = nullptr;
  std::optional<KScalar> result_;
  std::vector<llvm::AllocaInst*> slots_;
};

// The driver: loads the arguments, calls the kernel n times, sums the results.
void emit_driver(const lang::KernelDef& def, llvm::Module& mod, bool can_fail) {
  llvm::LLVMContext& ctx = mod.getContext();
  llvm::IRBuilder<> b(ctx);
  llvm::Type* i64 = b.getInt64Ty();
  llvm::Type* f64 = b.getDoubleTy();
  llvm::Type* i32p = llvm::PointerType::getUnqual(b.getInt32Ty());
  llvm::Type* i64p = llvm::PointerType::getUnqual(i64);
  llvm::Type* f64p = llvm::PointerType::getUnqual(f64);

  std::vector<KScalar> params;
  std::vector<llvm::Type*> param_types;
  for (const lang::KSlot& s : def.slots) {
    if (!s.is_param) continue;
    params.push_back(s.type);
    param_types.push_back(llvm_type(ctx, s.type));
  }
  param_types.push_back(i32p);
  const bool has_result = def.result.has_value();
  const KScalar result = has_result ? def.result->resolved : KScalar::i64;
  llvm::Type* ret = has_result ? llvm_type(ctx, result) : b.getVoidTy();
  llvm::Function* kernel = llvm::Function::Create(llvm::FunctionType::get(ret, param_types, false),
                                                  llvm::Function::ExternalLinkage, kernel_symbol, mod);

  llvm::Function* run = llvm::Function::Create(llvm::FunctionType::get(b.getVoidTy(), {i64, i64p, f64p, i64p, i32p}, false),
                                               llvm::Function::ExternalLinkage, driver_symbol, mod);
  llvm::Value* n = run->getArg(0);
  llvm::Value* args = run->getArg(1);
  llvm::Value* sink = run->getArg(2);
  llvm::Value* last = run->getArg(3);
  llvm::Value* error = run->getArg(4);
  // The four buffers are distinct, and the kernel sees only `error`: the stores to `sink` and
  // `last` can leave the loop.
  for (unsigned k = 1; k <= 4; ++k) run->addParamAttr(k, llvm::Attribute::NoAlias);

  llvm::BasicBlock* entry = llvm::BasicBlock::Create(ctx, "entry", run);
  llvm::BasicBlock* loop = llvm::BasicBlock::Create(ctx, "loop", run);
  llvm::BasicBlock* next = llvm::BasicBlock::Create(ctx, "next", run);
  llvm::BasicBlock* done = llvm::BasicBlock::Create(ctx, "done", run);
  llvm::BasicBlock* failed = llvm::BasicBlock::Create(ctx, "failed", run);

  b.SetInsertPoint(entry);
  std::vector<llvm::Value*> call_args;
  for (std::size_t k = 0; k < params.size(); ++k) {
    llvm::Value* cell = b.CreateConstInBoundsGEP1_64(i64, args, k);
    llvm::Type* t = llvm_type(ctx, params[k]);
    if (is_integer(params[k])) {
      call_args.push_back(b.CreateTrunc(b.CreateLoad(i64, cell), t));
    } else {
      llvm::Value* d = b.CreateLoad(f64, b.CreateBitCast(cell, f64p));
      call_args.push_back(params[k] == KScalar::f32 ? b.CreateFPTrunc(d, t) : d);
    }
  }
  call_args.push_back(error);
  b.CreateStore(b.getInt32(0), error);
  llvm::AllocaInst* sum = b.CreateAlloca(f64, nullptr, "sum");
  llvm::AllocaInst* count = b.CreateAlloca(i64, nullptr, "count");
  b.CreateStore(llvm::ConstantFP::get(f64, 0.0), sum);
  b.CreateStore(b.getInt64(0), last);
  b.CreateStore(b.getInt64(0), count);
  b.CreateCondBr(b.CreateICmpUGT(n, b.getInt64(0)), loop, done);

  b.SetInsertPoint(loop);
  llvm::CallInst* r = b.CreateCall(kernel, call_args);
  if (can_fail) {
    llvm::Value* code = b.CreateLoad(b.getInt32Ty(), error);
    b.CreateCondBr(b.CreateICmpEQ(code, b.getInt32(0)), next, failed,
                   llvm::MDBuilder(ctx).createBranchWeights(1U << 20, 1));
  } else {
    b.CreateBr(next);
  }

  b.SetInsertPoint(next);
  if (has_result) {
    llvm::Value* as_double = is_integer(result)        ? b.CreateSIToFP(r, f64)
                             : result == KScalar::f32 ? b.CreateFPExt(r, f64)
                                                      : static_cast<llvm::Value*>(r);
    b.CreateStore(b.CreateFAdd(b.CreateLoad(f64, sum), as_double), sum);
    if (is_integer(result)) {
      b.CreateStore(b.CreateSExt(r, i64), last);
    } else {
      b.CreateStore(as_double, b.CreateBitCast(last, f64p));
    }
  }
  llvm::Value* c = b.CreateAdd(b.CreateLoad(i64, count), b.getInt64(1));
  b.CreateStore(c, count);
  b.CreateCondBr(b.CreateICmpULT(c, n), loop, done);

  b.SetInsertPoint(done);
  b.CreateStore(b.CreateLoad(f64, sum), sink);
  b.CreateRetVoid();

  b.SetInsertPoint(failed);
  b.CreateStore(b.CreateLoad(f64, sum), sink);
  b.CreateRetVoid();
}

std::unique_ptr<llvm::Module> new_module(const char* name, llvm::LLVMContext& ctx, const llvm::DataLayout& layout,
                                         const std::string& triple) {
  auto mod = std::make_unique<llvm::Module>(name, ctx);
  mod->setDataLayout(layout);
  mod->setTargetTriple(triple);
  return mod;
}

void verify(const lang::KernelDef& def, const llvm::Module& mod) {
  std::string problems;
  llvm::raw_string_ostream os(problems);
  if (llvm::verifyModule(mod, &os)) fail(def, "invalid IR: " + os.str());
}

}  // namespace

LoweredKernel lower_kernel(const lang::KernelDef& def, llvm::LLVMContext& ctx, const llvm::DataLayout& layout,
                           const std::string& triple) {
  LoweredKernel out;
  out.kernel = new_module("kernel", ctx, layout, triple);
  KernelLowering(def, *out.kernel, out.sites).emit();
  verify(def, *out.kernel);
  out.driver = new_module("driver", ctx, layout, triple);
  emit_driver(def, *out.driver, !out.sites.empty());
  verify(def, *out.driver);
  return out;
}

}  // namespace hwbench::kernels::jit
