// `cp SRC -> DST [method M] [block B]`: copies one file, byte for byte, to a file or into a
// directory, like coreutils `cp SRC DST`.
//
// The copy runs inside the kernel where it can: copy_file_range(2) first (on btrfs/xfs it may
// share extents instead of copying, as `cp --reflink=auto`, coreutils' default, also does), then
// sendfile(2) where copy_file_range is refused (EXDEV across file systems, EINVAL, ENOSYS,
// EOPNOTSUPP, or a 0-byte answer for a non-empty file), then a read/write loop with a BLOCK-byte
// buffer. The source gets POSIX_FADV_SEQUENTIAL, as coreutils gives it, which doubles readahead.
// Before Linux 4.5 there is no copy_file_range: `method auto` falls back, and `method
// copy_file_range` makes the series unavailable, saying so (base/platform/newer_syscalls.hpp).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

#include <fmt/format.h>

#include "base/platform/file_descriptor.hpp"
#include "base/platform/newer_syscalls.hpp"
#include "base/platform/real_file_view.hpp"
#include "kernels/files/files.hpp"

namespace hwbench::kernels::files {

namespace {

// Bytes asked of one copy_file_range or sendfile call: big enough that the calls cost nothing,
// small enough that an interrupt is seen within a fraction of a second.
constexpr std::size_t chunk = std::size_t{64} << 20;

enum class Method { automatic, copy_file_range, sendfile, readwrite };

Method method_from(const std::string& text) {
  if (text == "copy_file_range") return Method::copy_file_range;
  if (text == "sendfile") return Method::sendfile;
  if (text == "readwrite") return Method::readwrite;
  return Method::automatic;
}

// How one in-kernel attempt ended.
struct Attempt {
  bool refused = false;  ///< the call cannot copy this pair; nothing was copied
  int err = 0;           ///< why, when refused (0: a 0-byte answer for a non-empty file)
  std::uint64_t copied = 0;
};

bool refusal(int err) { return err == EXDEV || err == EINVAL || err == ENOSYS || err == EOPNOTSUPP || err == ENOTSUP; }

// The destination of `cp src -> dst`: dst itself, or dst/basename(src) when dst is a directory.
std::string resolve_destination(const std::string& src, const std::string& dst, const platform::FileView& view) {
  return view.is_directory(dst) ? common::join_path(dst, common::base_name(src)) : dst;
}

class CpKernel : public Kernel {
 public:
  CpKernel(const Call& call, const Context& context)
      : src_(call.args.at(0).path),
        dst_arg_(call.args.at(1).path),
        method_(method_from(common::text_value(call, "method", "auto"))),
        block_(std::max<std::uint64_t>(1, common::size_value(call, "block", default_block))),
        context_(context) {}

  void prepare() override {
    if (method_ == Method::copy_file_range && !platform::has_copy_file_range())
      throw KernelUnavailable(
          "cp method copy_file_range: this kernel has no copy_file_range(2) (Linux 4.5 or later "
          "has it); method auto falls back to sendfile(2)");
    platform::RealFileView real;
    dst_ = resolve_destination(src_, dst_arg_, context_.files ? *context_.files : real);
    platform::FileDescriptor src = open_source();
    struct stat s {};
    struct stat d {};
    if (::fstat(src.get(), &s) == 0 && ::stat(dst_.c_str(), &d) == 0 && s.st_dev == d.st_dev && s.st_ino == d.st_ino)
      throw KernelError(fmt::format("cannot copy {} onto itself", src_));
    common::refuse_foreign_overwrite(dst_, context_);
    // The fallback may be needed in the timed region; its buffer's page faults are paid here.
    if (method_ == Method::automatic || method_ == Method::readwrite)
      buffer_.assign(static_cast<std::size_t>(block_), 0);
    prepared_ = true;
  }

  Work run(std::uint64_t n) override {
    if (!prepared_) prepare();
    Work work;
    for (std::uint64_t unit = 0; unit < n; ++unit) {
      const std::uint64_t copied = copy_once();
      if (common::interrupted(context_)) return work;
      work.bytes += copied;
      work.ops += 1;
    }
    return work;
  }

  void flush() override {
    platform::FileDescriptor fd = platform::open_file(dst_, O_RDONLY);
    if (!fd.valid()) throw common::io_error("open", dst_, errno);
    if (::fdatasync(fd.get()) != 0) throw common::io_error("sync", dst_, errno);
  }

  void finish() override {
    buffer_.clear();
    buffer_.shrink_to_fit();
  }

 private:
  platform::FileDescriptor open_source() const {
    // O_NONBLOCK: a FIFO put in the file's place opens at once (and is refused below) instead of
    // waiting for a writer where no Ctrl-C reaches.
    platform::FileDescriptor fd = platform::open_file(src_, O_RDONLY | O_NONBLOCK);
    if (!fd.valid()) throw common::io_error("open", src_, errno);
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0) throw common::io_error("open", src_, errno);
    if (S_ISDIR(st.st_mode)) throw KernelError(fmt::format("cannot copy {}: it is a directory", src_));
    if (!S_ISREG(st.st_mode)) throw KernelError(fmt::format("cannot copy {}: it is not a regular file", src_));
    ::fcntl(fd.get(), F_SETFL, ::fcntl(fd.get(), F_GETFL) & ~O_NONBLOCK);
    return fd;
  }

  KernelError copy_error(int err) const {
    if (err == ENOSPC || err == EDQUOT || err == EFBIG) return common::io_error("write", dst_, err);
    return common::io_error(fmt::format("copy {} to", src_), dst_, err);
  }

  KernelError refused_error(const char* call, int err) const {
    return KernelError(fmt::format("cannot copy {} to {} with {}: {}", src_, dst_, call,
                                   err == 0 ? "it copied nothing" : std::strerror(err)));
  }

  std::uint64_t copy_once() {
    platform::FileDescriptor in = open_source();
    ::posix_fadvise(in.get(), 0, 0, POSIX_FADV_SEQUENTIAL);
    struct stat st {};
    ::fstat(in.get(), &st);
    const auto size = static_cast<std::uint64_t>(st.st_size);
    // O_NOFOLLOW, as write's: never through a symbolic link put in the copy's place.
    platform::FileDescriptor out = platform::open_file(dst_, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0644);
    if (!out.valid()) throw common::io_error("create", dst_, errno);

    std::uint64_t copied = 0;
    Method method = method_;
    if (method == Method::automatic || method == Method::copy_file_range) {
      const Attempt a = in_kernel(in.get(), out.get(), size, false);
      if (a.refused && method == Method::copy_file_range) throw refused_error("copy_file_range", a.err);
      if (a.refused) method = Method::sendfile;
      copied = a.copied;
    }
    if (method == Method::sendfile) {
      const Attempt a = in_kernel(in.get(), out.get(), size, true);
      if (a.refused && method_ == Method::sendfile) throw refused_error("sendfile", a.err);
      if (a.refused) method = Method::readwrite;
      copied = a.copied;
    }
    if (method == Method::readwrite) copied = read_write(in.get(), out.get());

    if (int err = out.close(); err != 0) throw common::io_error("write", dst_, err);
    return copied;
  }

  // copy_file_range or sendfile, both moving data without a trip through user memory; both are
  // called with NULL offsets so that a fallback continues from the descriptors' positions.
  Attempt in_kernel(int in, int out, std::uint64_t size, bool use_sendfile) {
    Attempt a;
    for (;;) {
      const ssize_t n = use_sendfile ? platform::sendfile(out, in, chunk) : platform::copy_file_range(in, out, chunk);
      if (n < 0) {
        if (errno == EINTR) continue;
        if (a.copied == 0 && refusal(errno)) {
          a.refused = true;
          a.err = errno;
          return a;
        }
        throw copy_error(errno);
      }
      if (n == 0) {
        // Some file systems answer 0 instead of an error for pairs they cannot copy.
        if (a.copied == 0 && size > 0) a.refused = true;
        return a;
      }
      a.copied += static_cast<std::uint64_t>(n);
      if (common::interrupted(context_)) return a;
    }
  }

  std::uint64_t read_write(int in, int out) {
    if (buffer_.empty()) buffer_.assign(static_cast<std::size_t>(block_), 0);
    std::uint64_t copied = 0;
    for (;;) {
      const ssize_t got = ::read(in, buffer_.data(), buffer_.size());
      if (got < 0) {
        if (errno == EINTR) continue;
        throw common::io_error("read", src_, errno);
      }
      if (got == 0) return copied;
      common::write_all(out, buffer_.data(), static_cast<std::size_t>(got), dst_);
      copied += static_cast<std::uint64_t>(got);
      if (common::interrupted(context_)) return copied;
    }
  }

  std::string src_;
  std::string dst_arg_;
  std::string dst_;
  Method method_;
  std::uint64_t block_;
  Context context_;
  std::vector<unsigned char> buffer_;
  bool prepared_ = false;
};

}  // namespace

KernelSpec cp_spec() {
  KernelSpec spec;
  spec.name = "cp";
  spec.family = "files";
  spec.help = "copy a file to a file, or into a directory, byte for byte";
  spec.lineage = "coreutils cp SRC DST (the file-server cp-to-ramdisk procedure)";
  spec.synopsis = "cp SRC -> DST [method auto|copy_file_range|sendfile|readwrite] [block BLOCK]";
  spec.args = {{"SRC", ArgKind::input_path, "", "the file to copy"},
               {"DST", ArgKind::output_path, "->", "the copy, or an existing directory to put SRC's name in"}};

  ParamSpec method;
  method.name = "method";
  method.type = ParamType::choice;
  method.default_text = "auto";
  method.choices = {"auto", "copy_file_range", "sendfile", "readwrite"};
  method.help =
      "auto: copy_file_range, else sendfile, else read/write; the others force one way and fail "
      "when the system refuses it";

  spec.params = {method, block_param("bytes per read(2)/write(2) call of the read/write method")};
  spec.unit = WorkUnit::bytes;
  spec.effects = [](const Call& call, const platform::FileView& view) {
    FileEffects fx;
    const std::string& src = call.args.at(0).path;
    const std::string& dst = call.args.at(1).path;
    if (view.is_directory(src)) {
      fx.problems.push_back(
          {fmt::format("cannot copy {}: it is a directory", src),
           fmt::format("cp copies one file; name a file inside it, e.g. {}", common::join_path(src, "FILE"))});
      return fx;
    }
    const std::string target = resolve_destination(src, dst, view);
    if (target == src) {
      fx.problems.push_back(
          {fmt::format("cannot copy {} onto itself", src), "name a different file or directory after ->"});
      return fx;
    }
    fx.reads.push_back(src);
    fx.creates.push_back({target, view.file_size(src).value_or(0)});
    return fx;
  };
  spec.make = [](const Call& call, const Context& context) -> std::unique_ptr<Kernel> {
    return std::make_unique<CpKernel>(call, context);
  };
  return spec;
}

}  // namespace hwbench::kernels::files
