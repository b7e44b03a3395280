#pragma once
// The back ends that run a kernel defined in a recipe (lang/kernel/kernel_ast.hpp): a tree-walking
// interpreter, always built, and an LLVM ORC JIT, built with -DHWBENCH_WITH_LLVM=ON.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "lang/kernel/kernel_ast.hpp"

namespace hwbench::kernels::jit {

/// One argument or result value. Integers of every width are held sign-extended in `i`.
struct Value {
  lang::kernel::KScalar type = lang::kernel::KScalar::i64;
  std::int64_t i = 0;
  double f = 0;  ///< f32 values are held exactly (they are representable as double)
};

/// What running a kernel did: the last call's result (of the declared result type) and the
/// sink, the sum of every call's result converted to double, which the caller keeps so that no
/// call can be dropped.
struct RunResult {
  Value last;
  double sink = 0;
};

/// How a statement asks for its kernel to be compiled.
struct CompileOptions {
  /// Loop and SLP vectorisation in the JIT's O2 pipeline. Off, the JIT makes scalar loops, as
  /// gcc -O2 does for some loops it cannot vectorise; the interpreter ignores it.
  bool vectorize = true;
};

/// A kernel compiled (or prepared) for one instantiation.
class Executable {
 public:
  virtual ~Executable() = default;
  /// Calls the kernel `n` times (n >= 1) with `args` (one per value parameter, in order, each of
  /// its parameter's type). A runtime error (integer division by zero, index out of bounds)
  /// stops at once with KernelError "FILE:LINE:COL: integer division by zero in kernel NAME"
  /// (the location of the operator or index in the recipe).
  virtual RunResult run(std::uint64_t n, const std::vector<Value>& args) = 0;
};

/// A back end.
class Backend {
 public:
  virtual ~Backend() = default;
  /// How figures name it, and what it makes of `options`: "interpreted", "jit O2, LLVM 14",
  /// "jit O2 without vectorising, LLVM 14".
  virtual std::string label(const CompileOptions& options) const = 0;
  /// Prepares `def` (an instantiated definition, every resolved field filled) for running, as
  /// `options` ask. `source_name` is the recipe's file name, for runtime error messages. Throws
  /// KernelError when the back end cannot compile it.
  virtual std::unique_ptr<Executable> compile(const lang::kernel::KernelDef& def, const std::string& source_name,
                                              const CompileOptions& options) = 0;
};

/// The tree-walking interpreter.
std::unique_ptr<Backend> make_interpreter();

/// The LLVM ORC JIT at O2, or nullptr when hwbench was built without LLVM or when the
/// environment variable HWBENCH_NO_JIT is set to anything but "" or "0" (jit_switched_off()):
/// then a build with LLVM behaves exactly as one without, which is how one test build covers both.
std::unique_ptr<Backend> make_llvm_jit();

/// Whether HWBENCH_NO_JIT switches the LLVM back end off.
bool jit_switched_off();

}  // namespace hwbench::kernels::jit
