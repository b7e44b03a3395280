#pragma once
// `dc`: UnixBench's "Dc: sqrt(2) to 99 decimal places". One unit is one run of dc(1) reading
// a script that sets the scale to 99, pushes 2, takes its square root, prints it and quits.
#include <string>

namespace hwbench::kernels::system {

/// dc's input: scale 99, 2, square root, print, quit.
inline constexpr const char* dc_script = "99k\n2v\np\nq\n";

/// Runs the dc at `path` once on dc_script and returns what it printed; throws KernelError when
/// it cannot be run or is killed (its exit status is not judged: GNU dc's `q` exits with 1).
std::string run_dc(const std::string& path);

}  // namespace hwbench::kernels::system
