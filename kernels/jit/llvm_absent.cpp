// make_llvm_jit() of a build without LLVM (-DHWBENCH_WITH_LLVM=OFF): there is no JIT, and
// kernels defined in recipes run on the interpreter.
#include "kernels/jit/backend.hpp"

namespace hwbench::kernels::jit {

std::unique_ptr<Backend> make_llvm_jit() { return nullptr; }

}  // namespace hwbench::kernels::jit
