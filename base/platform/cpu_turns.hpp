#pragma once
// The CPUs a statement's blocks take turns on (docs/language.md, "Blocks"): on a virtual machine
// one vCPU may run a program a third slower than the other for minutes, and a program started
// on an idle machine stays on the CPU it began on, so that its reruns differ by where they ran
// and its blocks never see it. Held to each CPU in turn, the blocks do.
#include <string>
#include <string_view>
#include <vector>

#include "base/platform/machine.hpp"

namespace hwbench::platform {

/// A CPU list as sysfs writes it ("0-3,8,10-11"), ascending and without repeats; empty when the
/// text is not one.
std::vector<int> parse_cpu_list(std::string_view text);

/// Of `allowed` (allowed_cpus()), those a statement's blocks take turns on: where the machine has
/// CPUs of different kinds, those of the fastest kind, which a lone busy thread is given (Intel's
/// hybrid performance cores, which `cpu_root`/../../cpu_core/cpus lists; else the CPUs of the
/// highest `cpuN/cpu_capacity`, as ARM's big.LITTLE has); all of `allowed` otherwise.
std::vector<int> turn_cpus(
    const std::vector<int>& allowed, const std::string& cpu_root = "/sys/devices/system/cpu",
    const ReadSystemFile& read = [](const std::string& path) { return read_whole_file(path); });

/// Holds the calling thread to `cpus` (sched_setaffinity); false when the system refuses.
bool hold_thread_to(const std::vector<int>& cpus);

}  // namespace hwbench::platform
