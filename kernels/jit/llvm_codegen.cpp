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

namespace kernel = lang::kernel;

/// The kernel's parameter types, in order, then the error cell's pointer.
std::vector<llvm::Type*> kernel_param_types(const lang::kernel::KernelDef& def, llvm::LLVMContext& ctx) {
  std::vector<llvm::Type*> types;
  for (const lang::kernel::KSlot& s : def.slots)
    if (s.is_param) types.push_back(llvm_type(ctx, s.type));
  types.push_back(llvm::PointerType::getUnqual(llvm::Type::getInt32Ty(ctx)));
  return types;
}

/// Emits the kernel function: its signature and slots, then its statements (the expressions
/// by ExprLowering).
class KernelLowering : public ExprLowering {
 public:
  using ExprLowering::ExprLowering;

  void emit() {
    if (!def_.result) fail("a kernel without a result type");
    result_ = def_.result->resolved;
    fn_ =
        llvm::Function::Create(llvm::FunctionType::get(llvm_type(ctx_, result_), kernel_param_types(def_, ctx_), false),
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

  void block(const std::vector<kernel::KStmt>& stmts) {
    for (const kernel::KStmt& s : stmts) statement(s);
  }

  void statement(const kernel::KStmt& s) {
    switch (s.kind) {
      case kernel::KStmtKind::let: {
        llvm::AllocaInst* a = slot(s.slot);
        const lang::kernel::KSlot& sl = def_.slots[static_cast<std::size_t>(s.slot)];
        if (sl.array_size > 0) {
          const std::uint64_t bytes = mod_.getDataLayout().getTypeAllocSize(a->getAllocatedType());
          b_.CreateMemSet(a, b_.getInt8(0), bytes, a->getAlign());
        } else {
          llvm::Value* v =
              s.exprs.empty() ? llvm::Constant::getNullValue(a->getAllocatedType()) : value_as(s.exprs[0], sl.type);
          b_.CreateStore(v, a);
        }
        return;
      }
      case kernel::KStmtKind::assign: {
        const kernel::KScalar t = slot_type(s.slot);
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
      case kernel::KStmtKind::if_: {
        if (s.exprs.size() != 1) fail("an if without a condition");
        llvm::Value* cond = value_as(s.exprs[0], kernel::KScalar::boolean);
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
      case kernel::KStmtKind::for_: {
        if (s.exprs.size() != 2) fail("a for loop without bounds");
        const kernel::KScalar t = slot_type(s.slot);
        if (!kernel::is_integer(t)) fail("a for loop over a non-integer variable");
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
      case kernel::KStmtKind::return_: {
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

/// The driver's arguments to the kernel, loaded in its entry block: each parameter from its
/// 64-bit cell of `args` (an integer, or a double's bits) narrowed to its type, then `error`.
std::vector<llvm::Value*> load_kernel_arguments(const lang::kernel::KernelDef& def, llvm::IRBuilder<>& b,
                                                llvm::Value* args, llvm::Value* error) {
  llvm::LLVMContext& ctx = b.getContext();
  llvm::Type* i64 = b.getInt64Ty();
  llvm::Type* f64 = b.getDoubleTy();
  std::vector<llvm::Value*> call_args;
  std::size_t k = 0;
  for (const lang::kernel::KSlot& s : def.slots) {
    if (!s.is_param) continue;
    llvm::Value* cell = b.CreateConstInBoundsGEP1_64(i64, args, k++);
    llvm::Type* t = llvm_type(ctx, s.type);
    if (kernel::is_integer(s.type)) {
      call_args.push_back(b.CreateTrunc(b.CreateLoad(i64, cell), t));
    } else {
      llvm::Value* d = b.CreateLoad(f64, b.CreateBitCast(cell, llvm::PointerType::getUnqual(f64)));
      call_args.push_back(s.type == kernel::KScalar::f32 ? b.CreateFPTrunc(d, t) : d);
    }
  }
  call_args.push_back(error);
  return call_args;
}

/// After one call: its result `r` added to `sum` as a double and stored in `last` (an integer
/// as itself, a float as a double); returns the calls counted so far, `count` increased.
llvm::Value* add_kernel_result(kernel::KScalar result, llvm::IRBuilder<>& b, llvm::Value* r, llvm::AllocaInst* sum,
                               llvm::Value* last, llvm::AllocaInst* count) {
  llvm::Type* f64 = b.getDoubleTy();
  llvm::Value* as_double = kernel::is_integer(result)       ? b.CreateSIToFP(r, f64)
                           : result == kernel::KScalar::f32 ? b.CreateFPExt(r, f64)
                                                            : r;
  b.CreateStore(b.CreateFAdd(b.CreateLoad(f64, sum), as_double), sum);
  if (kernel::is_integer(result)) {
    b.CreateStore(b.CreateSExt(r, b.getInt64Ty()), last);
  } else {
    b.CreateStore(as_double, b.CreateBitCast(last, llvm::PointerType::getUnqual(f64)));
  }
  llvm::Value* c = b.CreateAdd(b.CreateLoad(b.getInt64Ty(), count), b.getInt64(1));
  b.CreateStore(c, count);
  return c;
}

// The driver: loads the arguments, calls the kernel n times, sums the results.
void emit_driver(const lang::kernel::KernelDef& def, llvm::Module& mod, bool can_fail) {
  llvm::LLVMContext& ctx = mod.getContext();
  llvm::IRBuilder<> b(ctx);
  llvm::Type* i64 = b.getInt64Ty();
  llvm::Type* f64 = b.getDoubleTy();
  llvm::Type* i32p = llvm::PointerType::getUnqual(b.getInt32Ty());
  llvm::Type* i64p = llvm::PointerType::getUnqual(i64);
  llvm::Type* f64p = llvm::PointerType::getUnqual(f64);

  const kernel::KScalar result = def.result->resolved;  // the kernel's lowering has refused a kernel without one
  llvm::Function* kernel =
      llvm::Function::Create(llvm::FunctionType::get(llvm_type(ctx, result), kernel_param_types(def, ctx), false),
                             llvm::Function::ExternalLinkage, kernel_symbol, mod);
  llvm::Function* run =
      llvm::Function::Create(llvm::FunctionType::get(b.getVoidTy(), {i64, i64p, f64p, i64p, i32p}, false),
                             llvm::Function::ExternalLinkage, driver_symbol, mod);
  llvm::Value* n = run->getArg(0);
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
  const std::vector<llvm::Value*> call_args = load_kernel_arguments(def, b, run->getArg(1), error);
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
  llvm::Value* c = add_kernel_result(result, b, r, sum, last, count);
  b.CreateCondBr(b.CreateICmpULT(c, n), loop, done);

  // Both ends store the sum so far: a failed call's result is not in it.
  for (llvm::BasicBlock* end : {done, failed}) {
    b.SetInsertPoint(end);
    b.CreateStore(b.CreateLoad(f64, sum), sink);
    b.CreateRetVoid();
  }
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
