#pragma once
// `pipe`: UnixBench's pipe throughput. One process writes 512 bytes into a pipe and reads them
// back; one write and one read is one unit.
#include <cstdint>

#include "base/platform/file_descriptor.hpp"
#include "kernels/contract/kernel.hpp"

namespace hwbench::kernels::system {

/// Bytes written and read per unit.
inline constexpr std::size_t pipe_block = 512;

/// The pipe kernel. Each block carries its sequence number, checked when it is read back.
class PipeThroughput : public Kernel {
 public:
  /// Opens the pipe.
  void prepare() override;
  /// `n` write-then-read round trips of 512 bytes; throws KernelError on a short or wrong read.
  Work run(std::uint64_t n) override;
  /// Closes the pipe.
  void finish() override;

  /// Blocks written, read back and checked so far.
  std::uint64_t blocks() const { return counter_; }

 private:
  platform::FileDescriptor read_end_;
  platform::FileDescriptor write_end_;
  std::uint64_t counter_ = 0;
  unsigned char out_[pipe_block] = {};
  unsigned char in_[pipe_block] = {};
};

}  // namespace hwbench::kernels::system
