#pragma once
// The tests of BYTEmark's integer index: numeric sort, string sort, bitfield, FP emulation,
// assignment, IDEA and Huffman.
#include <memory>

#include "kernels/contract/kernel.hpp"

namespace hwbench::kernels::nbench {

/// One factory per test, each in its own file: the test's kernel object for a call of
/// `nbench TEST` (the call's params are the `nbench` kernel's).
std::unique_ptr<Kernel> make_numeric_sort(const Call& call, const Context& ctx);
std::unique_ptr<Kernel> make_string_sort(const Call& call, const Context& ctx);
std::unique_ptr<Kernel> make_bitfield(const Call& call, const Context& ctx);
std::unique_ptr<Kernel> make_fp_emulation(const Call& call, const Context& ctx);
std::unique_ptr<Kernel> make_assignment(const Call& call, const Context& ctx);
std::unique_ptr<Kernel> make_idea(const Call& call, const Context& ctx);
std::unique_ptr<Kernel> make_huffman(const Call& call, const Context& ctx);

}  // namespace hwbench::kernels::nbench
