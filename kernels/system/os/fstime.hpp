#pragma once
// `fstime DIR`: UnixBench's file write, read and copy tests (fstime), by its rules. The file
// holds at most `maxblocks` KiB: the write test rewinds after maxblocks × 1024 / bufsize
// buffers, the read and copy tests rewind (both files) at the end of the source. Work is
// counted in 256-byte units, a buffer of bufsize bytes counting bufsize / 256 of them, and the
// rate is reported in KiB/s (UnixBench's KBps: 1024 bytes per second).
#include <cstdint>
#include <string>
#include <vector>

#include "base/platform/file_descriptor.hpp"
#include "kernels/contract/kernel.hpp"

namespace hwbench::kernels::system {

/// fstime's three tests.
enum class FstimeMode { write, read, copy };

/// fstime's counting unit in bytes.
inline constexpr std::uint64_t fstime_count_size = 256;

/// What an fstime call works on.
struct FstimeSetup {
  std::string source;       ///< the file written, or read (DIR/dummy0)
  std::string destination;  ///< the copy's target (DIR/dummy1); unused by write and read
  std::uint64_t bufsize = 1024;
  std::uint64_t maxblocks = 2000;
  FstimeMode mode = FstimeMode::copy;

  /// Buffers the file holds at most: maxblocks × 1024 / bufsize.
  std::uint64_t max_buffers() const { return maxblocks * 1024 / bufsize; }
  /// Bytes one full buffer counts: bufsize rounded down to 256-byte units.
  std::uint64_t counted_bytes() const { return bufsize / fstime_count_size * fstime_count_size; }
};

/// The fstime kernel. One unit is one buffer written, read or copied (a read that meets the end
/// of the file rewinds and reads again within the same unit).
class Fstime : public Kernel {
 public:
  Fstime(FstimeSetup setup, const Context& context) : setup_(std::move(setup)), context_(context) {}
  ~Fstime() override;
  /// Creates the files; for read and copy, writes the source to its full size and syncs it.
  void prepare() override;
  /// `n` buffers.
  Work run(std::uint64_t n) override;
  /// Closes and removes the files.
  void finish() override;

 private:
  /// Creates (truncating) a file this call may write; remembers it for finish().
  platform::FileDescriptor create(const std::string& path, int flags);
  /// Reads one buffer from the source, rewinding at its end; returns the bytes read.
  std::size_t read_source();

  FstimeSetup setup_;
  Context context_;
  platform::FileDescriptor source_;
  platform::FileDescriptor destination_;
  std::vector<char> buffer_;
  std::uint64_t buffers_in_file_ = 0;  ///< write: buffers written since the last rewind
  std::vector<std::string> created_;
};

}  // namespace hwbench::kernels::system
