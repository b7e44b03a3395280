#pragma once
// bonnie++'s file-size rule: the test file must be at least twice the RAM, so that the page cache
// cannot hold it. Sizes here are MiB, as bonnie++ counts them.
#include <cstdint>
#include <optional>
#include <string>

namespace hwbench::kernels::disk {

/// The physical RAM in MiB (sysconf pages × page size), 0 when it cannot be read.
std::uint64_t physical_ram_mib();

/// What the rule decides for one call.
struct SizeDecision {
  std::uint64_t size_mib = 0;  ///< the test file's size
  std::string refusal;         ///< non-empty: bonnie++'s refusal ("File size should be double RAM …")
};

/// bonnie++'s rule. `size_mib` is the explicit size (-s), `ram_mib` an explicit RAM figure (-r;
/// 0 turns every check off), `detected_ram_mib` what the machine has (0: unknown).
/// - No size: max(300, 2 × RAM), rounded up to a whole GiB when it is more than 512 MiB past
///   one; 300 MiB when the RAM is unknown or `ram 0`.
/// - An explicit size stands as given (the recipe chose it), except that when a RAM figure is
///   also given, size × concurrency must reach twice it, as `bonnie++ -s S -r R` checks.
SizeDecision bonnie_file_size(std::optional<std::uint64_t> size_mib, std::optional<std::uint64_t> ram_mib,
                              std::uint64_t detected_ram_mib, std::uint64_t concurrency);

}  // namespace hwbench::kernels::disk
