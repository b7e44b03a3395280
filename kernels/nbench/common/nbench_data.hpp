#pragma once
// The data nbench 2.2.3 reads at run time (NNET.DAT) or compiles in (the HUFFMAN word catalogue),
// embedded here so that no kernel opens a file while it runs.
#include <span>
#include <string_view>

namespace hwbench::kernels::nbench {

/// NNET.DAT verbatim: sizes line (5 7 8), pattern count (26), then per pattern seven rows of five
/// input pixels and one row of eight output bits.
std::string_view nnet_dat();

/// The HUFFMAN test's catalogue of 50 words, in nbench's order (its text picks from it by index).
std::span<const std::string_view> huffman_words();

}  // namespace hwbench::kernels::nbench
