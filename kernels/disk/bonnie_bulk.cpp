// bonnie++'s five sequential tests on DIR/Bonnie.data (bonnie++ 1.96 TestFileOps):
//   putc       one write(2) of one byte at a time, `chars` bytes, the byte being (i & 0x7f);
//   put_block  the file recreated and written `chunk` bytes a call from a zeroed buffer, one byte
//              of which is incremented before each write at a position that moves on by one;
//   rewrite    read a chunk, change a byte, lseek back one chunk, write it;
//   getc       one read(2) of one byte at a time, `chars` bytes from the start of the file;
//   get_block  the whole file read `chunk` bytes a call.
// Every phase ends with bonnie++'s Close(), fsync then close, inside the timed region. The latency
// is the longest step: one chunk's worth of single-byte calls, or one chunk's read/write (rewrite:
// read + lseek + write). The file a test reads or rewrites is made before the timer starts, the
// way bonnie++'s earlier phases leave it (block input: written, then rewritten). The buffer is
// where malloc puts it, as bonnie++'s is, unless `direct` needs it page-aligned.
//
// The page cache is left as those phases leave it, as bonnie++ does: a file that fits in RAM is
// read back from memory. bonnie++ keeps the reads off the cache only through its size rule (twice
// RAM). `evict` gives a smaller file that state: before each timed pass of rewrite, getc or
// get_block the file is dropped from the cache and mincore must find none of it left.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

#include <fmt/format.h>

#include "kernels/common/kernel_io.hpp"
#include "kernels/disk/bonnie.hpp"
#include "kernels/disk/disk.hpp"
#include "kernels/disk/max_latency.hpp"
#include "kernels/disk/scratch_file.hpp"

namespace hwbench::kernels::disk {

namespace {

using T = BonnieTest;

class BulkTest : public Kernel {
 public:
  BulkTest(const BonnieOptions& options, const Context& context)
      : o_(options), context_(context), file_(options.data_path(), context) {}

  void prepare() override {
    file_.claim();
    buffer_ = io_buffer(static_cast<std::size_t>(o_.chunk), o_.direct, "bonnie's chunk buffer");
    cursor_ = 0;
    // What bonnie++'s earlier phases leave behind: the file as block output wrote it for rewrite,
    // and as rewrite left it for block input (the page cache holds it differently after a
    // rewrite); its first `chars` bytes for per-character input.
    if (o_.test == T::rewrite || o_.test == T::get_block) file_.fill(o_.size, buffer_.data(), o_.chunk);
    if (o_.test == T::get_block) {
      Work ignored;
      MaxLatency unused;
      file_.removing_on_error([&] { rewrite(ignored, unused); });
    }
    if (o_.test == T::getc) file_.fill(o_.chars, buffer_.data(), o_.chunk);
  }

  Work run(std::uint64_t n) override {
    if (buffer_.size() == 0) prepare();
    Work work;
    MaxLatency latency;
    // Whatever was written goes when a step fails, also on a full disk; the error names the file.
    file_.removing_on_error([&] {
      for (std::uint64_t unit = 0; unit < n && !common::interrupted(context_); ++unit) {
        if (o_.evict) untimed(context_, [&] { file_.evict_verified("bonnie " + test_name()); });
        switch (o_.test) {
          case T::putc:
            put_chars(work, latency);
            break;
          case T::put_block:
            put_blocks(work, latency);
            break;
          case T::rewrite:
            rewrite(work, latency);
            break;
          case T::getc:
            get_chars(work, latency);
            break;
          default:
            get_blocks(work, latency);
            break;
        }
      }
    });
    work.max_latency_ns = latency.max_ns();
    return work;
  }

  void finish() override { file_.remove(); }

 private:
  std::string test_name() const { return std::string(bonnie_test_names[static_cast<std::size_t>(o_.test)]); }
  int direct_flag() const { return o_.direct ? O_DIRECT : 0; }
  std::uint64_t chunks(std::uint64_t bytes) const { return bytes / o_.chunk; }
  std::size_t chunk() const { return static_cast<std::size_t>(o_.chunk); }

  void change_one_byte() {
    buffer_.data()[cursor_]++;
    cursor_ = (cursor_ + 1) % chunk();
  }

  // bonnie++'s timed loop: `count` steps, the latency the longest one, then Close().
  template <typename Step>
  void timed_steps(platform::FileDescriptor& fd, std::uint64_t count, MaxLatency& latency, Step&& step) {
    for (std::uint64_t c = 0; c < count; ++c) {
      latency.start();
      step(c);
      latency.stop();
      if (common::interrupted(context_)) break;
    }
    close_synced(fd, file_.path());
  }

  static void add(Work& work, std::uint64_t bytes, std::uint64_t calls) {
    work.bytes += bytes;
    work.ops += calls;
  }

  void put_chars(Work& work, MaxLatency& latency) {
    platform::FileDescriptor fd = file_.create(O_WRONLY);
    timed_steps(fd, chunks(o_.chars), latency, [&](std::uint64_t c) {
      for (std::uint64_t i = c * o_.chunk; i < (c + 1) * o_.chunk; ++i) {
        const auto byte = static_cast<unsigned char>(i & 0x7f);
        common::write_all(fd.get(), &byte, 1, file_.path());
      }
    });
    add(work, o_.chars, o_.chars);
  }

  void put_blocks(Work& work, MaxLatency& latency) {
    platform::FileDescriptor fd = file_.create(O_WRONLY | direct_flag());
    timed_steps(fd, chunks(o_.size), latency, [&](std::uint64_t) {
      change_one_byte();
      common::write_all(fd.get(), buffer_.data(), chunk(), file_.path());
    });
    add(work, o_.size, chunks(o_.size));
  }

  void rewrite(Work& work, MaxLatency& latency) {
    platform::FileDescriptor fd = file_.open(O_RDWR | direct_flag());
    const auto back = -static_cast<off_t>(o_.chunk);
    timed_steps(fd, chunks(o_.size), latency, [&](std::uint64_t) {
      if (read_full(fd.get(), buffer_.data(), chunk(), file_.path()) != chunk()) short_file();
      change_one_byte();
      if (::lseek(fd.get(), back, SEEK_CUR) < 0) throw common::io_error("seek in", file_.path(), errno);
      common::write_all(fd.get(), buffer_.data(), chunk(), file_.path());
    });
    add(work, o_.size, chunks(o_.size));
  }

  void get_chars(Work& work, MaxLatency& latency) {
    platform::FileDescriptor fd = file_.open(O_RDONLY);
    unsigned char byte = 0;
    timed_steps(fd, chunks(o_.chars), latency, [&](std::uint64_t) {
      for (std::size_t k = 0; k < chunk(); ++k)
        if (read_full(fd.get(), &byte, 1, file_.path()) != 1) short_file();
    });
    add(work, o_.chars, o_.chars);
  }

  void get_blocks(Work& work, MaxLatency& latency) {
    platform::FileDescriptor fd = file_.open(O_RDONLY | direct_flag());
    timed_steps(fd, chunks(o_.size), latency, [&](std::uint64_t) {
      if (read_full(fd.get(), buffer_.data(), chunk(), file_.path()) != chunk()) short_file();
    });
    add(work, o_.size, chunks(o_.size));
  }

  [[noreturn]] void short_file() const {
    throw KernelError(
        fmt::format("cannot read {}: it is shorter than the test wrote it (changed by someone else?)", file_.path()));
  }

  BonnieOptions o_;
  Context context_;
  ScratchFile file_;
  common::AlignedBuffer buffer_;
  std::size_t cursor_ = 0;
};

}  // namespace

std::unique_ptr<Kernel> make_bulk_test(const BonnieOptions& options, const Context& context) {
  return std::make_unique<BulkTest>(options, context);
}

}  // namespace hwbench::kernels::disk
