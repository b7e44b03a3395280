#include "kernels/disk/disk.hpp"

#include <fmt/format.h>

#include "kernels/contract/registry.hpp"

namespace hwbench::kernels {

void disk::register_kernels(Registry& registry) {
  registry.add(disk::bonnie_spec());
  registry.add(disk::xbench_spec());
}

namespace disk {

ParamSpec disk_param(const char* name, ParamType type, const char* default_text, const char* help, double min,
                     double max, std::vector<std::string> choices) {
  ParamSpec p;
  p.name = name;
  p.type = type;
  p.default_text = default_text;
  p.help = help;
  p.min = min;
  p.max = max;
  p.choices = std::move(choices);
  if (type == ParamType::size) p.unit = "bytes";
  return p;
}

common::AlignedBuffer io_buffer(std::size_t size, bool block_aligned, const std::string& what) {
  return common::AlignedBuffer(
      size, block_aligned ? common::AlignedBuffer::block_alignment : common::AlignedBuffer::malloc_alignment,
      common::AlignedBuffer::Fill::zeros, what);
}

std::vector<Problem> directory_problems(const std::string& kernel, const std::string& dir,
                                        const platform::FileView& view) {
  // A missing DIR is the checker's to judge: it knows which locations the run creates.
  if (!view.exists(dir) || view.is_directory(dir)) return {};
  return {{fmt::format("{} needs a directory to work in, but {} is a file", kernel, dir),
           "name a directory, such as a location (disk:) or a directory inside one"}};
}

}  // namespace disk
}  // namespace hwbench::kernels
