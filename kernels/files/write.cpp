// `write PATH size S [random|zero] [block B]`: creates PATH with exactly S bytes.
//
// Random data: prepare() fills a pool with xoshiro256** bytes seeded from the path as written in
// the recipe (so a file's content is the same on every machine, and different files differ), and
// run() only copies from the pool, so the timed region measures the write, not the generator.
// The pool holds the whole file up to 64 MiB; a larger file repeats its pool every 64 MiB, which
// compressing file systems cannot exploit (their windows are at most a few hundred KiB) but an
// inline-deduplicating one (ZFS dedup, VDO) could.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <vector>

#include <fmt/format.h>

#include "base/platform/file_descriptor.hpp"
#include "kernels/common/random_bytes.hpp"
#include "kernels/files/files.hpp"

namespace hwbench::kernels::files {

namespace {

constexpr std::uint64_t pool_window = std::uint64_t{64} << 20;

class WriteKernel : public Kernel {
 public:
  WriteKernel(const Call& call, const Context& context)
      : path_(call.args.at(0).path),
        seed_text_(call.args.at(0).text.empty() ? path_ : call.args.at(0).text),
        size_(common::size_value(call, "size", 0)),
        block_(std::max<std::uint64_t>(1, common::size_value(call, "block", default_block))),
        random_(common::text_value(call, "data", "random") == "random"),
        context_(context) {}

  // Called again before each pass of a loop inside a group: the ownership check is repeated
  // (the file may have changed hands), the pool is kept until finish().
  void prepare() override {
    common::refuse_foreign_overwrite(path_, context_);
    if (!ready_) make_pool();
  }

  Work run(std::uint64_t n) override {
    if (!ready_) make_pool();
    Work work;
    for (std::uint64_t unit = 0; unit < n; ++unit) {
      // O_NOFOLLOW: the file is the run's own; a symbolic link put in its place since the check
      // (a program of the recipe's, another process) would have it write a stranger's file.
      platform::FileDescriptor fd = platform::open_file(path_, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0644);
      if (!fd.valid()) throw common::io_error("create", path_, errno);
      for (std::uint64_t done = 0; done < size_;) {
        const std::uint64_t length = std::min(block_, size_ - done);
        // Every block but the last is full, so `done` is a multiple of the block and the pool
        // always holds `length` bytes from this offset.
        const std::uint64_t offset = window_ == 0 ? 0 : done % window_;
        common::write_all(fd.get(), pool_.data() + offset, static_cast<std::size_t>(length), path_);
        done += length;
        if (common::interrupted(context_)) return work;
      }
      if (int err = fd.close(); err != 0) throw common::io_error("write", path_, err);
      work.bytes += size_;
      work.ops += 1;
    }
    return work;
  }

  void flush() override {
    platform::FileDescriptor fd = platform::open_file(path_, O_RDONLY);
    if (!fd.valid()) throw common::io_error("open", path_, errno);
    if (::fdatasync(fd.get()) != 0) throw common::io_error("sync", path_, errno);
  }

  void finish() override {
    pool_.clear();
    pool_.shrink_to_fit();
    ready_ = false;
  }

 private:
  void make_pool() {
    block_ = std::max<std::uint64_t>(1, std::min(block_, size_));
    if (random_) {
      window_ = std::min(size_, pool_window);
      pool_.resize(static_cast<std::size_t>(size_ <= pool_window ? size_ : pool_window + block_));
      common::RandomBytes(common::seed_from_text(seed_text_)).fill(pool_);
    } else {
      window_ = 0;
      pool_.assign(static_cast<std::size_t>(block_), 0);
    }
    ready_ = true;
  }

  std::string path_;
  std::string seed_text_;
  std::uint64_t size_;
  std::uint64_t block_;
  bool random_;
  Context context_;
  std::uint64_t window_ = 0;
  std::vector<unsigned char> pool_;
  bool ready_ = false;
};

}  // namespace

KernelSpec write_spec() {
  KernelSpec spec;
  spec.name = "write";
  spec.family = "files";
  spec.help = "create or overwrite a file with exactly SIZE bytes of random or zero data";
  spec.lineage = "head -c SIZE /dev/urandom > FILE; dd if=/dev/zero of=FILE bs=BLOCK";
  spec.synopsis = "write PATH size SIZE [random|zero] [block BLOCK]";
  spec.args = {{"PATH", ArgKind::output_path, "", "the file to create or overwrite"}};

  ParamSpec size;
  size.name = "size";
  size.type = ParamType::size;
  size.unit = "bytes";
  size.default_text = "";
  size.min = 0;
  size.help = "the file's size";

  ParamSpec data;
  data.name = "data";
  data.type = ParamType::choice;
  data.default_text = "random";
  data.choices = {"random", "zero"};
  data.help = "random: incompressible xoshiro256** bytes, the same for the same path; zero: all zeros";

  spec.params = {size, data, block_param("bytes per write(2) call")};
  spec.unit = WorkUnit::bytes;
  spec.effects = [](const Call& call, const platform::FileView& view) {
    FileEffects fx;
    const std::string& path = call.args.at(0).path;
    if (view.is_directory(path)) {
      fx.problems.push_back({fmt::format("cannot write {}: it is a directory", path),
                             fmt::format("name a file inside it, e.g. {}", common::join_path(path, "FILE"))});
      return fx;
    }
    fx.creates.push_back({path, common::size_value(call, "size", 0)});
    return fx;
  };
  spec.make = [](const Call& call, const Context& context) -> std::unique_ptr<Kernel> {
    return std::make_unique<WriteKernel>(call, context);
  };
  return spec;
}

}  // namespace hwbench::kernels::files
