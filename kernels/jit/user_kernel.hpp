#pragma once
// A kernel defined in a recipe (`kernel NAME(…) -> T { … }`) as a KernelSpec like any built-in
// one: its type parameters are choices over i16 i32 i64 f32 f64, its value parameters numbers,
// `backend auto|interpreted|jit` picks how it runs and `vectorize on|off` whether the JIT may
// vectorise its loops. One unit of work is one call. Instantiation and compilation happen in the
// kernel's untimed prepare(); the back end's label (which says what `vectorize` did) and the
// compile time reach every sample through Kernel::notes() ("backend", "compile_ns").
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "kernels/contract/kernel.hpp"
#include "kernels/jit/backend.hpp"
#include "lang/kernel/kernel_ast.hpp"

namespace hwbench::kernels::jit {

/// A definition as the recipe gives it: parsed and validated, not instantiated.
struct DefinedKernel {
  lang::kernel::KernelDef def;
  std::string source_name;  ///< the recipe's file name, for runtime error messages
};

/// The `backend` parameter's name and choices.
inline constexpr const char* kBackendParam = "backend";
/// "auto" (the JIT where built, else the interpreter), "interpreted", "jit".
const std::vector<std::string>& backend_choices();

/// The `vectorize` parameter's name and choices.
inline constexpr const char* kVectorizeParam = "vectorize";
/// "on" (the default) and "off".
const std::vector<std::string>& vectorize_choices();

/// The back end `choice` names; nullptr for "jit" in a build without LLVM.
std::unique_ptr<Backend> choose_backend(const std::string& choice);

/// The back end `call` asks for (its `backend`, "auto" when not given); nullptr as choose_backend.
std::unique_ptr<Backend> backend_of(const Call& call);

/// The compile options `call` gives (its `vectorize`).
CompileOptions compile_options(const Call& call);

/// The type parameters' binding that `call` gives (each parameter's text, its default when not given).
std::vector<std::pair<std::string, lang::kernel::KScalar>> type_binding(const lang::kernel::KernelDef& def,
                                                                        const Call& call);

/// The spec of `kernel`, whose factory instantiates and compiles it for each statement.
KernelSpec user_kernel_spec(std::shared_ptr<const DefinedKernel> kernel);

}  // namespace hwbench::kernels::jit
