#include "kernels/system/os/pipe.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "kernels/system/common/unixbench_test.hpp"
#include "kernels/system/os/os_tests.hpp"

namespace hwbench::kernels::system {

void PipeThroughput::prepare() {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0)
    throw KernelError(fmt::format("pipe: cannot create a pipe: {}", std::strerror(errno)));
  read_end_ = platform::FileDescriptor(fds[0]);
  write_end_ = platform::FileDescriptor(fds[1]);
  counter_ = 0;
}

Work PipeThroughput::run(std::uint64_t n) {
  if (!write_end_.valid()) prepare();
  for (std::uint64_t i = 0; i < n; ++i) {
    std::memcpy(out_, &counter_, sizeof counter_);
    ssize_t w;
    do {
      w = ::write(write_end_.get(), out_, pipe_block);
    } while (w < 0 && errno == EINTR);
    if (w != static_cast<ssize_t>(pipe_block))
      throw KernelError(fmt::format("pipe: write returned {}: {}", w, w < 0 ? std::strerror(errno) : "short write"));
    // A pipe hands over a 512-byte write whole (PIPE_BUF is at least 512), so one read gets it.
    ssize_t r;
    do {
      r = ::read(read_end_.get(), in_, pipe_block);
    } while (r < 0 && errno == EINTR);
    if (r != static_cast<ssize_t>(pipe_block))
      throw KernelError(fmt::format("pipe: read returned {}: {}", r, r < 0 ? std::strerror(errno) : "short read"));
    std::uint64_t back = 0;
    std::memcpy(&back, in_, sizeof back);
    if (back != counter_) throw KernelError(fmt::format("pipe: wrote block {} but read block {}", counter_, back));
    ++counter_;
  }
  return {n * pipe_block, n};
}

void PipeThroughput::finish() {
  read_end_.close();
  write_end_.close();
  keep(counter_);
}

KernelSpec pipe_spec() {
  KernelSpec spec = unixbench_spec(
      "pipe", "one process writes 512 bytes into a pipe and reads them back; one unit is one write and one read",
      "UnixBench pipe: Pipe Throughput", "pipe", 10);
  spec.make = [](const Call&, const Context&) -> std::unique_ptr<Kernel> { return std::make_unique<PipeThroughput>(); };
  return spec;
}

}  // namespace hwbench::kernels::system
