#pragma once
// The interpreter back end: make_interpreter() (declared in kernels/jit/backend.hpp) compiles an
// instantiated kernel definition into a tree of typed nodes, each evaluating its operands by a
// virtual call, over a flat array of value cells (one per scalar slot, one per array element).
// No names, maps or type tests remain at run time; it always builds, and it is the back end
// whenever hwbench is built without LLVM.
#include "kernels/jit/backend.hpp"

namespace hwbench::kernels::jit {

/// The label figures carry for the interpreter.
inline constexpr const char* kInterpreterLabel = "interpreted";

}  // namespace hwbench::kernels::jit
