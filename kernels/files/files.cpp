#include "kernels/files/files.hpp"

#include "kernels/contract/registry.hpp"

namespace hwbench::kernels {

void files::register_kernels(Registry& registry) {
  registry.add(files::write_spec());
  registry.add(files::read_spec());
  registry.add(files::cp_spec());
  registry.add(files::rm_spec());
}

namespace files {

ParamSpec block_param(const std::string& help) {
  ParamSpec p;
  p.name = "block";
  p.type = ParamType::size;
  p.unit = "bytes";
  p.default_text = "1MiB";
  p.min = 1;
  // The buffer is allocated whole: a block of 1TB would be a bad_alloc after the setup, or a
  // machine swapping. 64 MiB, as digest's, is past any storage's best request size.
  p.max = 64.0 * 1024 * 1024;
  p.help = help;
  return p;
}

}  // namespace files
}  // namespace hwbench::kernels
