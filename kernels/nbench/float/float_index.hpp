#pragma once
// The tests of BYTEmark's floating-point index: Fourier, neural net and LU decomposition.
#include <memory>

#include "kernels/contract/kernel.hpp"

namespace hwbench::kernels::nbench {

/// One factory per test, each in its own file: the test's kernel object for a call of
/// `nbench TEST` (the call's params are the `nbench` kernel's).
std::unique_ptr<Kernel> make_fourier(const Call& call, const Context& ctx);
std::unique_ptr<Kernel> make_neural_net(const Call& call, const Context& ctx);
std::unique_ptr<Kernel> make_lu_decomposition(const Call& call, const Context& ctx);

}  // namespace hwbench::kernels::nbench
