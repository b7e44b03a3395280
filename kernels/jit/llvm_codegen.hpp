#pragma once
// Lowering of an instantiated kernel definition (lang/kernel/kernel_ast.hpp) to LLVM IR, in two modules
// that the JIT links together but that the optimiser sees apart:
//
//   kernel module:  T hwbench_kernel(params…, i32* error)     noinline; the recipe's body
//   driver module:  void hwbench_run(i64 n, i64* args, double* sink, i64* last, i32* error)
//
// The driver only declares the kernel, so no interprocedural pass can see through the call
// (the JIT's equivalent of gcc's noipa): it cannot prove the call free of side effects, hoist
// it out of the loop or fold it into a constant, and every one of the n calls is made. The
// arguments come from memory (`args`, one 8-byte cell per value parameter: integers as int64,
// f32 and f64 as double), each result is added to a double sum in call order, and the sum and
// the last result are stored through `sink` and `last` (an int64 or a double's bits). A runtime
// error in the kernel stores its site number (1-based, an index into `sites` plus one) through
// `error` and returns; the driver stops at once and stores the sum so far.
#include <memory>
#include <string>
#include <vector>

#include <llvm/IR/DataLayout.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include "lang/kernel/kernel_ast.hpp"

namespace hwbench::kernels::jit {

/// A place in the kernel where a runtime error can happen, and what it says.
struct ErrorSite {
  lang::SourceLoc loc;
  std::string what;  ///< "integer division by zero", "index out of bounds"
};

/// The two modules of one kernel and its error sites.
struct LoweredKernel {
  std::unique_ptr<llvm::Module> kernel;
  std::unique_ptr<llvm::Module> driver;
  std::vector<ErrorSite> sites;
};

/// The kernel function's symbol.
inline constexpr const char* kernel_symbol = "hwbench_kernel";
/// The driver's symbol.
inline constexpr const char* driver_symbol = "hwbench_run";

/// Lowers `def` (instantiated) for a target with `layout` and `triple`. The modules are verified;
/// an inconsistency the type checker should have refused throws KernelError.
LoweredKernel lower_kernel(const lang::kernel::KernelDef& def, llvm::LLVMContext& ctx, const llvm::DataLayout& layout,
                           const std::string& triple);

}  // namespace hwbench::kernels::jit
