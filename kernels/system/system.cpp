// register_kernels(): the `system` family, BYTE UnixBench's tests, from its three parts.
#include "kernels/system/system.hpp"

#include "kernels/system/cpu/cpu_tests.hpp"
#include "kernels/system/os/os_tests.hpp"
#include "kernels/system/programs/program_tests.hpp"

namespace hwbench::kernels::system {

void register_kernels(Registry& registry) {
  registry.add(dhrystone_spec());
  registry.add(whetstone_spec());
  registry.add(syscall_spec());
  registry.add(pipe_spec());
  registry.add(context_switch_spec());
  registry.add(spawn_spec());
  registry.add(execl_spec());
  registry.add(fstime_spec());
  registry.add(shell_spec());
  registry.add(arith_spec());
  registry.add(arithoh_spec());
  registry.add(hanoi_spec());
  registry.add(dc_spec());
  registry.add(compiler_spec());
}

}  // namespace hwbench::kernels::system
