#include "kernels/system/os/fstime.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

#include <fmt/format.h>

#include "kernels/common/kernel_io.hpp"
#include "kernels/system/common/unixbench_test.hpp"
#include "kernels/system/os/os_tests.hpp"

namespace hwbench::kernels::system {

namespace {

FstimeMode mode_from(const std::string& text) {
  if (text == "write") return FstimeMode::write;
  if (text == "read") return FstimeMode::read;
  return FstimeMode::copy;
}

void rewind(int fd, const std::string& path) {
  if (::lseek(fd, 0, SEEK_SET) != 0) throw common::io_error("seek in", path, errno);
}

FstimeSetup setup_from(const Call& call) {
  FstimeSetup s;
  const std::string& dir = call.args.at(0).path;
  s.source = common::join_path(dir, worker_file("dummy0", call));
  s.destination = common::join_path(dir, worker_file("dummy1", call));
  s.bufsize = common::size_value(call, "bufsize", 1024);
  s.maxblocks = count_value(call, "maxblocks", 2000);
  s.mode = mode_from(common::text_value(call, "mode", "copy"));
  return s;
}

}  // namespace

Fstime::~Fstime() {
  try {
    finish();
  } catch (const std::exception&) {
    // A destructor only tidies up; finish() reported what it could.
  }
}

platform::FileDescriptor Fstime::create(const std::string& path, int flags) {
  common::refuse_foreign_overwrite(path, context_);
  platform::FileDescriptor fd = platform::open_file(path, flags | O_CREAT | O_TRUNC, 0644);
  if (!fd.valid()) throw common::io_error("create", path, errno);
  created_.push_back(path);
  return fd;
}

void Fstime::prepare() {
  finish();
  if (setup_.bufsize == 0 || setup_.max_buffers() == 0)
    throw KernelError(
        fmt::format("fstime: maxblocks {} KiB holds no buffer of {} bytes", setup_.maxblocks, setup_.bufsize));
  buffer_.assign(static_cast<std::size_t>(setup_.bufsize), 0);
  // Varied bytes, so a compressing file system cannot shrink the work to nothing.
  for (std::size_t i = 0; i < buffer_.size(); ++i) buffer_[i] = static_cast<char>('A' + i % 53);
  source_ = create(setup_.source, setup_.mode == FstimeMode::write ? O_WRONLY : O_RDWR);
  buffers_in_file_ = 0;
  if (setup_.mode == FstimeMode::write) return;
  // fstime primes the file with its write test before reading or copying it, then syncs.
  for (std::uint64_t b = 0; b < setup_.max_buffers(); ++b)
    common::write_all(source_.get(), reinterpret_cast<const unsigned char*>(buffer_.data()), buffer_.size(),
                      setup_.source);
  if (::fdatasync(source_.get()) != 0) throw common::io_error("sync", setup_.source, errno);
  rewind(source_.get(), setup_.source);
  if (setup_.mode == FstimeMode::copy) destination_ = create(setup_.destination, O_WRONLY);
}

std::size_t Fstime::read_source() {
  // At the end of the file both files go back to the start; the read is then done again.
  for (bool rewound = false;;) {
    const ssize_t n = ::read(source_.get(), buffer_.data(), buffer_.size());
    if (n > 0) return static_cast<std::size_t>(n);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw common::io_error("read", setup_.source, errno);
    if (rewound) throw KernelError(fmt::format("fstime: {} is empty", setup_.source));
    rewind(source_.get(), setup_.source);
    if (destination_.valid()) rewind(destination_.get(), setup_.destination);
    rewound = true;
  }
}

Work Fstime::run(std::uint64_t n) {
  if (!source_.valid()) prepare();
  Work work;
  const auto* data = reinterpret_cast<const unsigned char*>(buffer_.data());
  for (std::uint64_t i = 0; i < n; ++i) {
    std::size_t moved = buffer_.size();
    switch (setup_.mode) {
      case FstimeMode::write:
        common::write_all(source_.get(), data, buffer_.size(), setup_.source);
        if (++buffers_in_file_ >= setup_.max_buffers()) {
          rewind(source_.get(), setup_.source);
          buffers_in_file_ = 0;
        }
        break;
      case FstimeMode::read:
        moved = read_source();
        break;
      case FstimeMode::copy:
        moved = read_source();
        common::write_all(destination_.get(), data, moved, setup_.destination);
        break;
    }
    work.bytes += moved / fstime_count_size * fstime_count_size;
    work.ops += 1;
  }
  return work;
}

void Fstime::finish() {
  source_.close();
  destination_.close();
  buffer_.clear();
  buffer_.shrink_to_fit();
  std::vector<std::string> created = std::move(created_);
  created_.clear();
  for (const auto& path : created)
    if (::unlink(path.c_str()) != 0 && errno != ENOENT) throw common::io_error("remove", path, errno);
}

KernelSpec fstime_spec() {
  KernelSpec spec = unixbench_spec(
      "fstime",
      "UnixBench's file write, read or copy in DIR with BUFSIZE-byte buffers over a file of at most MAXBLOCKS KiB; "
      "one unit is one buffer, counted in 256-byte units (report KiB/s, UnixBench's KBps)",
      "UnixBench fstime: File Copy/Read/Write <bufsize> bufsize <maxblocks> maxblocks (1024/2000, 256/500, 4096/8000)",
      "fstime DIR [bufsize BYTES] [maxblocks N] [write|read|copy] [worker N]", 30);
  spec.args = {directory_arg("the directory for the files dummy0 and dummy1 (UnixBench's UB_TMPDIR)")};

  ParamSpec bufsize;
  bufsize.name = "bufsize";
  bufsize.type = ParamType::size;
  bufsize.unit = "bytes";
  bufsize.default_text = "1024";
  bufsize.min = static_cast<double>(fstime_count_size);
  bufsize.max = 64.0 * 1024 * 1024;
  bufsize.help = "bytes per read and write (UnixBench's index uses 1024, 256 and 4096)";

  ParamSpec mode;
  mode.name = "mode";
  mode.type = ParamType::choice;
  mode.default_text = "copy";
  mode.choices = {"write", "read", "copy"};
  mode.help = "write: File Write; read: File Read; copy: File Copy (the index test)";

  spec.params = {bufsize,
                 count_param("maxblocks", "", "2000", 1, 100'000'000,
                             "the file's largest size in KiB (UnixBench's index uses 2000, 500 and 8000)"),
                 mode, worker_param()};
  spec.unit = WorkUnit::bytes;
  spec.effects = [](const Call& call, const platform::FileView& view) {
    FileEffects fx;
    if (refuse_non_directory(call, view, fx)) return fx;
    const FstimeSetup s = setup_from(call);
    const std::uint64_t size = std::max<std::uint64_t>(1, s.max_buffers()) * s.bufsize;
    fx.creates.push_back({s.source, size});
    fx.removes.push_back(s.source);
    if (s.mode == FstimeMode::copy) {
      fx.creates.push_back({s.destination, size});
      fx.removes.push_back(s.destination);
    }
    return fx;
  };
  spec.make = [](const Call& call, const Context& context) -> std::unique_ptr<Kernel> {
    return std::make_unique<Fstime>(setup_from(call), context);
  };
  return spec;
}

}  // namespace hwbench::kernels::system
