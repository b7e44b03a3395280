// `xbench read|write DIR [block B] [size S] [sequential|random] [method auto|direct|evict]`:
// Xbench 1.3's "Uncached" disk tests (Sequential and Random, Write and Read, 4K and 256K blocks).
// Xbench's own file size and access pattern were never published; here the file is `size` bytes
// (DIR/Xbench.data) and each sample moves all of it, `block` bytes per call, in order
// (sequential) or in a seeded random permutation of its blocks (random), so every block is
// transferred exactly once.
//
// The file is set up as fio (3.33, its defaults) sets up its own, untimed, in prepare(): created
// and its blocks reserved with fallocate(2) (fio's fallocate=native); for a read or a random
// write it is then written in full and fsynced (fio's layout of a read job). It is opened once,
// with a page-aligned buffer, and each sample times only the transfers and, for a write, the
// fdatasync that puts them on the device (fio's end_fsync=1): no open, create, unlink or close
// inside the clock. A sequential write therefore writes into reserved, never-written blocks, as a
// fresh fio write job does, never extending the file; before every later sample its blocks are
// made never-written again, untimed (FALLOC_FL_ZERO_RANGE), so each sample repeats the first.
// Deliberate differences from fio, each small: a random write overwrites a written file (fio
// would write into reserved blocks at random, timing the file system splitting its extents
// rather than the disk); the reserved blocks are synced before the clock starts (fio leaves that
// to its end_fsync); where the file system refuses fallocate the file is a sparse one of full
// size (writes fill holes), and where it refuses ZERO_RANGE later sequential samples overwrite
// the one before (as fio's loops do). The `prealloc` note of each sample records which.
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
#include <map>
#include <optional>

#include <fmt/format.h>

#include "base/platform/page_cache.hpp"
#include "kernels/common/kernel_io.hpp"
#include "kernels/common/random_bytes.hpp"
#include "kernels/disk/disk.hpp"
#include "kernels/disk/max_latency.hpp"
#include "kernels/disk/scratch_file.hpp"

namespace hwbench::kernels::disk {

namespace {

// An uncached figure cannot exist where every file is memory: tmpfs accepts O_DIRECT on recent
// kernels, and would report RAM speed as "uncached".
std::optional<Problem> in_memory_problem(const std::string& dir) {
  const std::string fs = platform::filesystem_type(dir);
  if (fs != "tmpfs" && fs != "ramfs") return std::nullopt;
  return Problem{
      fmt::format("xbench measures uncached I/O, but {} is on {}, whose files are always in memory", dir, fs),
      "run it on a disk: the disk location, or -L disk=DIR on a real file system"};
}

class XbenchTest : public Kernel {
 public:
  XbenchTest(const Call& call, const Context& context)
      : writing_(call.args.at(0).text == "write"),
        random_(common::text_value(call, "order", "sequential") == "random"),
        method_(common::text_value(call, "method", "auto")),
        block_(common::size_value(call, "block", 4096)),
        size_(common::size_value(call, "size", std::uint64_t{256} << 20)),
        seed_(common::size_value(call, "seed", 0)),
        context_(context),
        file_(common::join_path(call.args.at(1).path, "Xbench.data"), context) {}

  void prepare() override {
    file_.claim();
    if (const auto why = in_memory_problem(dir_of(file_.path()))) throw KernelError(why->message);
    fd_ = platform::FileDescriptor();  // an earlier pass's (prepare runs again before each pass of a loop)
    buffer_ = io_buffer(static_cast<std::size_t>(block_), true, "Xbench's block buffer");
    common::RandomBytes(common::seed_from_text(file_.path())).fill({buffer_.data(), buffer_.size()});
    order_.resize(static_cast<std::size_t>(size_ / block_));
    for (std::size_t i = 0; i < order_.size(); ++i) order_[i] = i;
    if (random_) {
      common::RandomBytes random(seed_);
      for (std::size_t i = order_.size(); i > 1; --i) std::swap(order_[i - 1], order_[random.next() % i]);
    }
    // Reads and random writes work on a written file; a sequential write on reserved blocks.
    preallocated_ = (!writing_ || random_) ? file_.fill(size_, buffer_.data(), block_, true) : file_.allocate(size_);
    direct_ = choose_direct();
    // The filling went through the page cache. O_DIRECT does not read those pages, but a direct
    // write must invalidate the ones it overwrites, and fio drops a file's pages before it starts:
    // so the timed passes begin, as fio's do, with none of the file cached.
    if (direct_) platform::evict(file_.path());
    file_.removing_on_error([&] {
      fd_ = file_.open((writing_ ? O_WRONLY : O_RDONLY) | (direct_ ? O_DIRECT : 0));
      // Readahead would bring the next blocks in before they are asked for.
      if (!direct_ && !writing_ && random_) ::posix_fadvise(fd_.get(), 0, 0, POSIX_FADV_RANDOM);
    });
    unwritten_ = writing_ && !random_;
    passes_ = 0;
    prepared_ = true;
  }

  Work run(std::uint64_t n) override {
    if (!prepared_) prepare();
    Work work;
    MaxLatency latency;
    file_.removing_on_error([&] {
      for (std::uint64_t unit = 0; unit < n && !common::interrupted(context_); ++unit) {
        if (writing_)
          write_once(work, latency);
        else
          read_once(work, latency);
        ++passes_;
      }
    });
    work.max_latency_ns = latency.max_ns();
    return work;
  }

  void finish() override {
    fd_ = platform::FileDescriptor();
    file_.remove();
  }

  std::map<std::string, std::string> notes() const override {
    return {{"prealloc", preallocated_ ? (unwritten_ ? "fallocate; reset each sample" : "fallocate") : "none"}};
  }

 private:
  // Whether O_DIRECT works here; with `method auto` a refusal means the eviction fallback.
  bool choose_direct() {
    if (method_ == "evict") return false;
    platform::FileDescriptor fd = platform::open_file(file_.path(), O_RDONLY | O_DIRECT);
    if (fd.valid()) return true;
    const int err = errno;
    if (method_ == "direct" || err != EINVAL) {
      file_.remove();
      throw direct_error(file_.path(), err);
    }
    return false;
  }

  static std::string dir_of(const std::string& path) { return path.substr(0, path.rfind('/')); }

  void read_once(Work& work, MaxLatency& latency) {
    if (!direct_) untimed(context_, [&] { file_.evict_verified("xbench"); });
    for (std::uint64_t b : order_) {
      latency.start();
      pread_full(fd_.get(), buffer_.data(), buffer_.size(), b * block_, file_.path());
      latency.stop();
      if (common::interrupted(context_)) break;
    }
    work.bytes += size_;
    work.ops += order_.size();
  }

  void write_once(Work& work, MaxLatency& latency) {
    // The blocks the sample before wrote become never-written again, as the first sample found them.
    if (passes_ > 0 && unwritten_) untimed(context_, [&] { unwritten_ = unwrite(fd_.get(), size_, file_.path()); });
    for (std::uint64_t b : order_) {
      latency.start();
      pwrite_full(fd_.get(), buffer_.data(), buffer_.size(), b * block_, file_.path());
      latency.stop();
      if (common::interrupted(context_)) break;
    }
    // The data is on the device before the clock stops (O_DIRECT: the metadata too).
    if (::fdatasync(fd_.get()) != 0) throw common::io_error("sync", file_.path(), errno);
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
  common::AlignedBuffer buffer_;
  std::vector<std::uint64_t> order_;
  platform::FileDescriptor fd_;  ///< open from prepare() to finish(): no open or close is timed
  bool direct_ = false;
  bool preallocated_ = false;  ///< the blocks were reserved with fallocate
  bool unwritten_ = false;     ///< a sequential write's blocks are made never-written before each sample
  std::uint64_t passes_ = 0;   ///< samples since prepare()
  bool prepared_ = false;
};

}  // namespace

KernelSpec xbench_spec() {
  KernelSpec spec;
  spec.name = kernel_name::xbench;
  spec.family = "disk";
  spec.help =
      "Xbench-style uncached disk test: read or write a file in BLOCK-byte calls, in order or at random, "
      "with O_DIRECT (or a verified-empty page cache)";
  spec.lineage = "Xbench 1.3 Disk Test: Sequential/Random Uncached Write/Read [4K blocks] [256K blocks]";
  spec.synopsis = "xbench read|write DIR [block B] [size S] [sequential|random] [method auto|direct|evict] [seed N]";
  spec.args = {{"OP", ArgKind::word, "", "read or write"},
               {"DIR", ArgKind::output_path, "", "the directory to test in"}};
  spec.params = {
      disk_param("block", ParamType::size, "4KiB", "bytes per call: Xbench used 4K and 256K", 512, 64 << 20),
      disk_param("size", ParamType::size, "256MiB", "the test file; every sample moves all of it", 4096),
      disk_param("order", ParamType::choice, "sequential",
                 "sequential: block after block; random: a permutation of them", 0, 0, {"sequential", "random"}),
      disk_param("method", ParamType::choice, "auto",
                 "direct: O_DIRECT or fail; evict: buffered I/O with the cache emptied and verified; auto: direct, "
                 "else evict",
                 0, 0, {"auto", "direct", "evict"}),
      disk_param("seed", ParamType::count, "0", "seeds the random order"),
  };

  spec.unit = WorkUnit::bytes;
  spec.effects = [](const Call& call, const platform::FileView& view) {
    FileEffects fx;
    const std::string& op = call.args.at(0).text;
    if (op != "read" && op != "write")
      fx.problems.push_back(
          {fmt::format("'{}' is not an xbench test", op), "write xbench read DIR or xbench write DIR"});
    for (auto& p : directory_problems("xbench", call.args.at(1).path, view)) fx.problems.push_back(std::move(p));
    if (view.is_directory(call.args.at(1).path))
      if (auto p = in_memory_problem(call.args.at(1).path)) fx.problems.push_back(std::move(*p));
    const std::uint64_t block = common::size_value(call, "block", 4096);
    const std::uint64_t size = common::size_value(call, "size", std::uint64_t{256} << 20);
    if (block % 512 != 0)
      fx.problems.push_back({fmt::format("block {} is not a multiple of 512 bytes", block),
                             "O_DIRECT moves whole device blocks: write e.g. block 4KiB or block 256KiB"});
    else if (size % block != 0)
      fx.problems.push_back(
          {fmt::format("size {} is not a whole number of {}-byte blocks", size, block), "write e.g. size 256MiB"});
    if (!fx.problems.empty()) return fx;
    const std::string path = common::join_path(call.args.at(1).path, "Xbench.data");
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
