#pragma once
// The `files` family (write, read, cp, rm): the specs each kernel file provides, and the helpers
// they share (the helpers every file kernel uses are kernels/common/kernel_io.hpp).
// files::register_kernels() in files.cpp puts the four specs into the registry.
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/common/kernel_io.hpp"
#include "kernels/contract/kernel.hpp"
#include "kernels/contract/registry.hpp"

namespace hwbench::kernels::files {

/// `write PATH size S [random|zero] [block B]`.
KernelSpec write_spec();
/// `read PATH [block B]`.
KernelSpec read_spec();
/// `cp SRC -> DST [method M] [block B]`.
KernelSpec cp_spec();
/// `rm PATH-OR-GLOB`.
KernelSpec rm_spec();

/// The default `block` of write, read and cp: 1 MiB.
inline constexpr std::uint64_t default_block = std::uint64_t{1} << 20;

/// The `block` ParamSpec shared by write, read and cp.
ParamSpec block_param(const std::string& help);

/// Registers the family's kernels: write, read, cp, rm.
void register_kernels(Registry& registry);

}  // namespace hwbench::kernels::files
