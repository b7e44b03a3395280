#pragma once
// Lowering of a kernel's expressions to LLVM IR: values, conversions, short-circuit logic, and
// integer division and array indexing with their runtime checks. The statement lowering
// (kernels/jit/llvm_codegen.cpp) derives from ExprLowering: it creates the kernel function, its
// slots and its error argument, and asks for the values its statements need.
#include <string>
#include <vector>

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include "kernels/jit/llvm_codegen.hpp"
#include "lang/kernel/kernel_ast.hpp"

namespace hwbench::kernels::jit {

/// The LLVM type of `t`: i16 i32 i64 float double, and i1 for a comparison's bool.
llvm::Type* llvm_type(llvm::LLVMContext& ctx, lang::kernel::KScalar t);

/// Throws KernelError "kernel NAME: cannot compile: WHY", for an inconsistency in `def` that the
/// type checker should have refused.
[[noreturn]] void lowering_error(const lang::kernel::KernelDef& def, const std::string& why);

/// Emits the expressions of one kernel function into `mod`, recording each runtime check's site.
class ExprLowering {
 public:
  /// For the instantiated `def`; `sites` receives the error sites in the order they are emitted.
  ExprLowering(const lang::kernel::KernelDef& def, llvm::Module& mod, std::vector<ErrorSite>& sites);

 protected:
  /// `e` converted to `t`.
  llvm::Value* value_as(const lang::kernel::KExpr& e, lang::kernel::KScalar t);
  /// The address of element `index_expr` of array slot `slot_index`, bounds checked.
  llvm::Value* element(int slot_index, const lang::kernel::KExpr& index_expr);
  /// The alloca of slot `index`.
  llvm::AllocaInst* slot(int index);
  /// The scalar type of slot `index` (an array's element type).
  lang::kernel::KScalar slot_type(int index);
  /// Returns zero of the result type from the current block.
  void return_zero();
  /// lowering_error for this definition.
  [[noreturn]] void fail(const std::string& why) const { lowering_error(def_, why); }

  const lang::kernel::KernelDef& def_;
  llvm::LLVMContext& ctx_;
  llvm::Module& mod_;
  llvm::IRBuilder<> b_;
  std::vector<ErrorSite>& sites_;
  // Set by the statement lowering before it asks for the first value:
  llvm::Function* fn_ = nullptr;
  llvm::Value* error_ = nullptr;  ///< the kernel's `i32* error` argument
  lang::kernel::KScalar result_ = lang::kernel::KScalar::i64;
  std::vector<llvm::AllocaInst*> slots_;  ///< one per slot of `def_`

 private:
  void check(llvm::Value* ok, const lang::SourceLoc& loc, const char* what);
  llvm::Value* convert(llvm::Value* v, lang::kernel::KScalar from, lang::kernel::KScalar to);
  llvm::Value* literal(const lang::kernel::KExpr& e);
  llvm::Value* value(const lang::kernel::KExpr& e);
  llvm::Value* unary(const lang::kernel::KExpr& e);
  llvm::Value* short_circuit(const lang::kernel::KExpr& e);
  llvm::Value* binary(const lang::kernel::KExpr& e);
  llvm::Value* compare(const std::string& op, lang::kernel::KScalar t, llvm::Value* lhs, llvm::Value* rhs);
  llvm::Value* divide(bool quotient, lang::kernel::KScalar t, llvm::Value* x, llvm::Value* d,
                      const lang::SourceLoc& loc);
};

}  // namespace hwbench::kernels::jit
