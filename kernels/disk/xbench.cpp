// `xbench read|write DIR [block B] [size S] [sequential|random] [method auto|direct|evict]`:
// Xbench 1.3's "Uncached" disk tests (Sequential and Random, Write and Read, 4K and 256K blocks).
// Xbench's own file size and access pattern were never published; here the file is `size` bytes
// (DIR/Xbench.data) and each sample moves all of it, `block` bytes per call, in order
// (sequential) or in a seeded random permutation of its blocks (random), so every block is
// transferred exactly once.
//
// Uncached means the page cache takes no part: O_DIRECT where the file system allows it. Where it
// refuses (some FUSE and network file systems, older tmpfs), `method auto` falls back to buffered
// I/O with the cache emptied before each read and verified empty with mincore (page_cache.hpp),
// readahead off for random reads, and writes flushed with fdatasync inside the timed region.
// tmpfs and ramfs are refused outright: their files are memory, so even where they accept
// O_DIRECT (Linux 6.6 on) an "uncached" figure there would be RAM speed.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <optional>

#include <fmt/format.h>

#include "kernels/disk/aligned_buffer.hpp"
#include "kernels/disk/disk.hpp"
#include "kernels/disk/max_latency.hpp"
#include "kernels/disk/scratch_file.hpp"
#include "kernels/files/files.hpp"
#include "kernels/files/page_cache.hpp"
#include "kernels/files/random_bytes.hpp"

namespace hwbench::kernels::disk {

namespace {

// An uncached figure cannot exist where every file is memory: tmpfs accepts O_DIRECT on recent
// kernels, and would report RAM speed as "uncached".
std::optional<Problem> in_memory_problem(const std::string& dir) {
  const std::string fs = filesystem_type(dir);
  if (fs != "tmpfs" && fs != "ramfs") return std::nullopt;
  return Problem{fmt::format("xbench measures uncached I/O, but {} is on {}, whose files are always in memory", dir, fs),
                 "run it on a disk: the disk location, or -L disk=DIR on a real file system"};
}

class XbenchTest : public Kernel {
 public:
  XbenchTest(const Call& call, const Context& context)
      : writing_(call.args.at(0).text == "write"),
        random_(files::text_value(call, "order", "sequential") == "random"),
        method_(files::text_value(call, "method", "auto")),
        block_(files::size_value(call, "block", 4096)),
        size_(files::size_value(call, "size", std::uint64_t{256} << 20)),
        seed_(files::size_value(call, "seed", 0)),
        context_(context),
        file_(files::join_path(call.args.at(1).path, "Xbench.data"), context) {}

  void prepare() override {
    file_.claim();
    if (const auto why = in_memory_problem(dir_of(file_.path()))) throw KernelError(why->message);
    buffer_ = AlignedBuffer(static_cast<std::size_t>(block_));
    RandomBytes(seed_from_text(file_.path())).fill({buffer_.data(), buffer_.size()});
    order_.resize(static_cast<std::size_t>(size_ / block_));
    for (std::size_t i = 0; i < order_.size(); ++i) order_[i] = i;
    if (random_) {
      RandomBytes random(seed_);
      for (std::size_t i = order_.size(); i > 1; --i) std::swap(order_[i - 1], order_[random.next() % i]);
    }
    // Reads and random writes work on a file that exists; a sequential write makes its own.
    if (!writing_ || random_) file_.fill(size_, buffer_.data(), block_);
    direct_ = choose_direct();
    // The filling went through the page cache. O_DIRECT does not read those pages, but a direct
    // write must invalidate the ones it overwrites, and fio drops a file's pages before it starts:
    // so the timed passes begin, as fio's do, with none of the file cached.
    if (direct_ && file_.present()) evict(file_.path());
    prepared_ = true;
  }

  Work run(std::uint64_t n) override {
    if (!prepared_) prepare();
    Work work;
    MaxLatency latency;
    file_.removing_on_error([&] {
      for (std::uint64_t unit = 0; unit < n && !files::interrupted(context_); ++unit) {
        if (writing_) write_once(work, latency);
        else read_once(work, latency);
      }
    });
    work.max_latency_ns = latency.max_ns();
    return work;
  }

  void finish() override { file_.remove(); }

 private:
  // Whether O_DIRECT works here; with `method auto` a refusal means the eviction fallback.
  bool choose_direct() {
    if (method_ == "evict") return false;
    // A sequential write's file does not exist yet: the flag is tried on an empty one.
    const bool made_here = !file_.present();
    if (made_here) file_.create(O_WRONLY);
    FileDescriptor fd = open_file(file_.path(), O_RDONLY | O_DIRECT);
    const int err = errno;
    if (made_here) file_.remove();
    if (fd.valid()) return true;
    if (method_ == "direct" || err != EINVAL) throw direct_error(file_.path(), err);
    return false;
  }

  static std::string dir_of(const std::string& path) { return path.substr(0, path.rfind('/')); }

  void read_once(Work& work, MaxLatency& latency) {
    if (!direct_) untimed(context_, [&] { file_.evict_verified("xbench"); });
    FileDescriptor fd = file_.open(O_RDONLY | (direct_ ? O_DIRECT : 0));
    // Readahead would bring the next blocks in before they are asked for.
    if (!direct_ && random_) ::posix_fadvise(fd.get(), 0, 0, POSIX_FADV_RANDOM);
    for (std::uint64_t b : order_) {
      latency.start();
      pread_full(fd.get(), buffer_.data(), buffer_.size(), b * block_, file_.path());
      latency.stop();
      if (files::interrupted(context_)) break;
    }
    work.bytes += size_;
    work.ops += order_.size();
  }

  void write_once(Work& work, MaxLatency& latency) {
    const int flags = O_WRONLY | (direct_ ? O_DIRECT : 0);
    FileDescriptor fd = random_ ? file_.open(flags) : file_.create(flags);
    for (std::uint64_t b : order_) {
      latency.start();
      pwrite_full(fd.get(), buffer_.data(), buffer_.size(), b * block_, file_.path());
      latency.stop();
      if (files::interrupted(context_)) break;
    }
    // The data is on the device before the clock stops (O_DIRECT: the metadata too).
    if (::fdatasync(fd.get()) != 0) throw files::io_error("sync", file_.path(), errno);
    if (int err = fd.close(); err != 0) throw files::io_error("close", file_.path(), err);
    work.bytes += size_;
    work.ops += order_.size();
  }

  bool writing_;
  bool random_;
  std::string method_;
  std::uint64_t block_;
  std::uint64_t size_;
  std::uint64_t seed_;
  Context context_;
  ScratchFile file_;
  AlignedBuffer buffer_;
  std::vector<std::uint64_t> order_;
  bool direct_ = false;
  bool prepared_ = false;
};

}  // namespace

KernelSpec xbench_spec() {
  KernelSpec spec;
  spec.name = "xbench";
  spec.family = "disk";
  spec.help = "Xbench-style uncached disk test: read or write a file in BLOCK-byte calls, in order or at random, "
              "with O_DIRECT (or a verified-empty page cache)";
  spec.lineage = "Xbench 1.3 Disk Test: Sequential/Random Uncached Write/Read [4K blocks] [256K blocks]";
  spec.synopsis = "xbench read|write DIR [block B] [size S] [sequential|random] [method auto|direct|evict] [seed N]";
  spec.args = {{"OP", ArgKind::word, "", "read or write"},
               {"DIR", ArgKind::output_path, "", "the directory to test in"}};
  spec.params = {
      disk_param("block", ParamType::size, "4KiB", "bytes per call: Xbench used 4K and 256K", 512, 64 << 20),
      disk_param("size", ParamType::size, "256MiB", "the test file; every sample moves all of it", 4096),
      disk_param("order", ParamType::choice, "sequential", "sequential: block after block; random: a permutation of them",
                 0, 0, {"sequential", "random"}),
      disk_param("method", ParamType::choice, "auto",
                 "direct: O_DIRECT or fail; evict: buffered I/O with the cache emptied and verified; auto: direct, "
                 "else evict",
                 0, 0, {"auto", "direct", "evict"}),
      disk_param("seed", ParamType::count, "0", "seeds the random order"),
  };

  spec.unit = WorkUnit::bytes;
  spec.effects = [](const Call& call, const FileView& view) {
    FileEffects fx;
    const std::string& op = call.args.at(0).text;
    if (op != "read" && op != "write")
      fx.problems.push_back({fmt::format("'{}' is not an xbench test", op), "write xbench read DIR or xbench write DIR"});
    for (auto& p : directory_problems("xbench", call.args.at(1).path, view)) fx.problems.push_back(std::move(p));
    if (view.is_directory(call.args.at(1).path))
      if (auto p = in_memory_problem(call.args.at(1).path)) fx.problems.push_back(std::move(*p));
    const std::uint64_t block = files::size_value(call, "block", 4096);
    const std::uint64_t size = files::size_value(call, "size", std::uint64_t{256} << 20);
    if (block % 512 != 0)
      fx.problems.push_back({fmt::format("block {} is not a multiple of 512 bytes", block),
                             "O_DIRECT moves whole device blocks: write e.g. block 4KiB or block 256KiB"});
    else if (size % block != 0)
      fx.problems.push_back({fmt::format("size {} is not a whole number of {}-byte blocks", size, block),
                             "write e.g. size 256MiB"});
    if (!fx.problems.empty()) return fx;
    const std::string path = files::join_path(call.args.at(1).path, "Xbench.data");
    fx.creates.push_back({path, size});
    fx.removes.push_back(path);
    return fx;
  };
  spec.make = [](const Call& call, const Context& context) -> std::unique_ptr<Kernel> {
    return std::make_unique<XbenchTest>(call, context);
  };
  return spec;
}

}  // namespace hwbench::kernels::disk
