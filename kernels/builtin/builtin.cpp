#include "kernels/builtin/builtin.hpp"

#include "kernels/command/command.hpp"
#include "kernels/core/core.hpp"
#include "kernels/crypto/crypto.hpp"
#include "kernels/disk/disk.hpp"
#include "kernels/files/files.hpp"
#include "kernels/memory/memory.hpp"
#include "kernels/nbench/nbench.hpp"
#include "kernels/system/system.hpp"

namespace hwbench::kernels::builtin {

Registry builtin_registry() {
  Registry r;
  core::register_kernels(r);
  files::register_kernels(r);
  nbench::register_kernels(r);
  crypto::register_kernels(r);
  memory::register_kernels(r);
  disk::register_kernels(r);
  system::register_kernels(r);
  command::register_kernels(r);
  return r;
}

}  // namespace hwbench::kernels::builtin
