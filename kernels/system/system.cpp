// register_system(): the `system` family, BYTE UnixBench's tests, from its three parts.
#include "kernels/contract/registry.hpp"
#include "kernels/system/cpu/cpu_tests.hpp"
#include "kernels/system/os/os_tests.hpp"
#include "kernels/system/programs/program_tests.hpp"

namespace hwbench::kernels {

void register_system(Registry& registry) {
  registry.add(system::dhrystone_spec());
  registry.add(system::whetstone_spec());
  registry.add(system::syscall_spec());
  registry.add(system::pipe_spec());
  registry.add(system::context_switch_spec());
  registry.add(system::spawn_spec());
  registry.add(system::execl_spec());
  registry.add(system::fstime_spec());
  registry.add(system::shell_spec());
  registry.add(system::arith_spec());
  registry.add(system::arithoh_spec());
  registry.add(system::hanoi_spec());
  registry.add(system::dc_spec());
  registry.add(system::compiler_spec());
}

}  // namespace hwbench::kernels
