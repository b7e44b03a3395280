// `read PATH [block B]`: reads the whole file with read(2), B bytes at a time, into one buffer
// (like `dd if=FILE of=/dev/null bs=B`). Each unit opens the file afresh, as a reading program would;
// no readahead hint is given, so the kernel's default readahead is what gets measured.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <vector>

#include <fmt/format.h>

#include "base/platform/file_descriptor.hpp"
#include "kernels/files/files.hpp"

namespace hwbench::kernels::files {

namespace {

class ReadKernel : public Kernel {
 public:
  ReadKernel(const Call& call, const Context& context)
      : path_(call.args.at(0).path),
        block_(std::max<std::uint64_t>(1, common::size_value(call, "block", default_block))),
        context_(context) {}

  void prepare() override {
    platform::FileDescriptor fd = open_source();
    // Touching the buffer now keeps its page faults out of the timed region.
    buffer_.assign(static_cast<std::size_t>(block_), 0);
  }

  Work run(std::uint64_t n) override {
    if (buffer_.empty()) buffer_.assign(static_cast<std::size_t>(block_), 0);
    Work work;
    for (std::uint64_t unit = 0; unit < n; ++unit) {
      platform::FileDescriptor fd = open_source();
      std::uint64_t total = 0;
      for (;;) {
        const ssize_t got = ::read(fd.get(), buffer_.data(), buffer_.size());
        if (got < 0) {
          if (errno == EINTR) continue;
          throw common::io_error("read", path_, errno);
        }
        if (got == 0) break;
        total += static_cast<std::uint64_t>(got);
        if (common::interrupted(context_)) return work;
      }
      work.bytes += total;
      work.ops += 1;
    }
    return work;
  }

  void finish() override {
    buffer_.clear();
    buffer_.shrink_to_fit();
  }

 private:
  platform::FileDescriptor open_source() const {
    // O_NONBLOCK: a FIFO put in the file's place opens at once (and is refused below) instead of
    // waiting for a writer where no Ctrl-C reaches.
    platform::FileDescriptor fd = platform::open_file(path_, O_RDONLY | O_NONBLOCK);
    if (!fd.valid()) throw common::io_error("open", path_, errno);
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0) throw common::io_error("open", path_, errno);
    if (S_ISDIR(st.st_mode)) throw KernelError(fmt::format("cannot read {}: it is a directory", path_));
    if (!S_ISREG(st.st_mode)) throw KernelError(fmt::format("cannot read {}: it is not a regular file", path_));
    ::fcntl(fd.get(), F_SETFL, ::fcntl(fd.get(), F_GETFL) & ~O_NONBLOCK);
    return fd;
  }

  std::string path_;
  std::uint64_t block_;
  Context context_;
  std::vector<unsigned char> buffer_;
};

}  // namespace

KernelSpec read_spec() {
  KernelSpec spec;
  spec.name = "read";
  spec.family = "files";
  spec.help = "read a whole file with read(2), BLOCK bytes at a time";
  spec.lineage = "dd if=FILE of=/dev/null bs=BLOCK";
  spec.synopsis = "read PATH [block BLOCK]";
  spec.args = {{"PATH", ArgKind::input_path, "", "the file to read"}};
  spec.params = {block_param("bytes per read(2) call")};
  spec.unit = WorkUnit::bytes;
  spec.effects = [](const Call& call, const platform::FileView& view) {
    FileEffects fx;
    const std::string& path = call.args.at(0).path;
    if (view.is_directory(path)) {
      fx.problems.push_back({fmt::format("cannot read {}: it is a directory", path),
                             fmt::format("name a file inside it, e.g. {}", common::join_path(path, "FILE"))});
      return fx;
    }
    fx.reads.push_back(path);
    return fx;
  };
  spec.make = [](const Call& call, const Context& context) -> std::unique_ptr<Kernel> {
    return std::make_unique<ReadKernel>(call, context);
  };
  return spec;
}

}  // namespace hwbench::kernels::files
