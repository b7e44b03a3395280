// lower_kernel(): the kernel function's signature, slots and statements (its expressions by
// kernels/jit/llvm_expr_lowering.hpp), and the driver that calls it n times.
#include "kernels/jit/llvm_codegen.hpp"

#include <llvm/IR/BasicBlock.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

#include "kernels/jit/llvm_expr_lowering.hpp"

namespace hwbench::kernels::jit {

namespace {

using lang::kernel::is_integer;
using lang::kernel::KScalar;
using lang::kernel::KStmt;
using lang::kernel::KStmtKind;

/// Emits the kernel function: its signature and slots, then its statements (the expressions
/// by ExprLowering).
class KernelLowering : public ExprLowering {
 public:
  using ExprLowering::ExprLowering;

  void emit() {
    std::vector<llvm::Type*> param_types;
    for (const lang::kernel::KSlot& s : def_.slots)
      if (s.is_param) param_types.push_back(llvm_type(ctx_, s.type));
    param_types.push_back(llvm::PointerType::getUnqual(b_.getInt32Ty()));
    if (!def_.result) fail("a kernel without a result type");
    result_ = def_.result->resolved;
    fn_ = llvm::Function::Create(llvm::FunctionType::get(llvm_type(ctx_, result_), param_types, false),
                                 llvm::Function::ExternalLinkage, kernel_symbol, mod_);
    fn_->addFnAttr(llvm::Attribute::NoInline);
    fn_->addFnAttr(llvm::Attribute::NoUnwind);

    llvm::BasicBlock* entry = llvm::BasicBlock::Create(ctx_, "entry", fn_);
    b_.SetInsertPoint(entry);
    // Every slot is an entry-block alloca, which mem2reg/SROA promote to registers; scalars
    // start at zero so that no path can read an undefined value.
    unsigned arg = 0;
    for (const lang::kernel::KSlot& s : def_.slots) {
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

  void block(const std::vector<KStmt>& stmts) {
    for (const KStmt& s : stmts) statement(s);
  }

  void statement(const KStmt& s) {
    switch (s.kind) {
      case KStmtKind::let: {
        llvm::AllocaInst* a = slot(s.slot);
        const lang::kernel::KSlot& sl = def_.slots[static_cast<std::size_t>(s.slot)];
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
          fail("an assignment without a value");
        }
        return;
      }
      case KStmtKind::if_: {
        if (s.exprs.size() != 1) fail("an if without a condition");
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
        if (s.exprs.size() != 2) fail("a for loop without bounds");
        const KScalar t = slot_type(s.slot);
        if (!is_integer(t)) fail("a for loop over a non-integer variable");
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
        if (s.exprs.size() != 1) fail("a return without a value");
        b_.CreateRet(value_as(s.exprs[0], result_));
        continue_after_terminator();
        return;
      }
    }
  }

  llvm::AllocaInst* entry_alloca(llvm::Type* t, const char* name) {
    llvm::IRBuilder<> eb(&fn_->getEntryBlock(), fn_->getEntryBlock().begin());
    return eb.CreateAlloca(t, nullptr, name);
  }
};

// The driver: loads the arguments, calls the kernel n times, sums the results.
void emit_driver(const lang::kernel::KernelDef& def, llvm::Module& mod, bool can_fail) {
  llvm::LLVMContext& ctx = mod.getContext();
  llvm::IRBuilder<> b(ctx);
  llvm::Type* i64 = b.getInt64Ty();
  llvm::Type* f64 = b.getDoubleTy();
  llvm::Type* i32p = llvm::PointerType::getUnqual(b.getInt32Ty());
  llvm::Type* i64p = llvm::PointerType::getUnqual(i64);
  llvm::Type* f64p = llvm::PointerType::getUnqual(f64);

  std::vector<KScalar> params;
  std::vector<llvm::Type*> param_types;
  for (const lang::kernel::KSlot& s : def.slots) {
    if (!s.is_param) continue;
    params.push_back(s.type);
    param_types.push_back(llvm_type(ctx, s.type));
  }
  param_types.push_back(i32p);
  const KScalar result = def.result->resolved;  // the kernel's lowering has refused a kernel without one
  llvm::Function* kernel = llvm::Function::Create(llvm::FunctionType::get(llvm_type(ctx, result), param_types, false),
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
  llvm::Value* as_double = is_integer(result)        ? b.CreateSIToFP(r, f64)
                           : result == KScalar::f32 ? b.CreateFPExt(r, f64)
                                                    : static_cast<llvm::Value*>(r);
  b.CreateStore(b.CreateFAdd(b.CreateLoad(f64, sum), as_double), sum);
  if (is_integer(result)) {
    b.CreateStore(b.CreateSExt(r, i64), last);
  } else {
    b.CreateStore(as_double, b.CreateBitCast(last, f64p));
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

void verify(const lang::kernel::KernelDef& def, const llvm::Module& mod) {
  std::string problems;
  llvm::raw_string_ostream os(problems);
  if (llvm::verifyModule(mod, &os)) lowering_error(def, "invalid IR: " + os.str());
}

}  // namespace

LoweredKernel lower_kernel(const lang::kernel::KernelDef& def, llvm::LLVMContext& ctx, const llvm::DataLayout& layout,
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
