// The real machine probe answers what the platform functions read.
#include "base/platform/probe.hpp"

#include <unistd.h>

#include <doctest/doctest.h>

#include "base/platform/machine.hpp"
#include "base/platform/page_cache.hpp"

TEST_CASE("probe: the real machine's CPUs, memory and file systems") {
  const hwbench::platform::RealMachineProbe machine;
  CHECK(machine.online_cpus() == ::sysconf(_SC_NPROCESSORS_ONLN));
  CHECK(machine.online_cpus() >= 1);
  CHECK(machine.available_memory_bytes() > 0);
  CHECK(machine.filesystem_type("/proc") == "proc");
  CHECK(machine.filesystem_type("/nonexistent-hwbench-path") == "");
  CHECK(machine.free_bytes("/tmp").has_value());
  CHECK(machine.free_bytes("/nonexistent-hwbench-path") == std::nullopt);
}
