// bonnie++'s file-creation tests (bonnie++ 1.96 COpenTest) in DIR/Bonnie.files:
//   seq_create / ran_create  mkdir the directory (and `dirs` subdirectories 00000, 00001, …), then
//                            create files × 1024 files in index order (O_CREAT|O_EXCL), each written
//                            with its size when `max` > 0 and closed, then sync. The names are
//                            the index in 10 hex digits and 0-12 random characters, digits first
//                            for the sequential test and last for the random one;
//   seq_stat                 readdir each directory and stat every entry (reading it when not empty);
//   ran_stat                 stat the names in a shuffled order (swap i with rand() % n for each i);
//   seq_del                  unlink in readdir order, rmdir, sync;
//   ran_del                  unlink in a shuffled order, rmdir, sync.
// Names and shuffles are made outside the timed region, as bonnie++ does. A test that needs the
// files (stat, delete) creates them before the timer, as the create test before it would have.
// The latency is the longest create, readdir + stat (+ read), stat or unlink. Only names this
// kernel made are ever removed. bonnie++'s sync() flushes every file system; here syncfs()
// flushes the tested one, the same work for the files tested without timing the writeback of
// whatever else the machine is doing (sync() where the kernel has no syncfs).
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <unordered_map>

#include <fmt/format.h>

#include "base/platform/newer_syscalls.hpp"
#include "kernels/common/kernel_io.hpp"
#include "kernels/common/random_bytes.hpp"
#include "kernels/disk/bonnie.hpp"
#include "kernels/disk/disk.hpp"
#include "kernels/disk/max_latency.hpp"
#include "kernels/disk/scratch_file.hpp"

namespace hwbench::kernels::disk {

namespace {

using T = BonnieTest;

constexpr char alphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

class FileTest : public Kernel {
 public:
  FileTest(const BonnieOptions& options, const Context& context)
      : o_(options), context_(context), root_(options.tree_path()), count_(options.files * 1024) {}

  ~FileTest() override { remove_tree(); }

  void prepare() override {
    common::refuse_foreign_overwrite(root_, context_);
    const bool random_names = o_.test == T::ran_create || o_.test == T::ran_stat || o_.test == T::ran_del;
    names_ = bonnie_file_names(count_, random_names, o_.seed);
    dir_of_.resize(count_);
    index_.clear();
    for (std::uint64_t i = 0; i < count_; ++i) {
      dir_of_[i] = static_cast<std::uint32_t>(i * o_.dirs / count_);
      index_.emplace(key(dir_of_[i], names_[i]), i);
    }
    make_sizes();
    buffer_ = io_buffer(static_cast<std::size_t>(o_.chunk), false, "bonnie's file buffer");
    shuffle_random_ = common::RandomBytes(o_.seed ^ 0x5eed5eed5eedULL);
    if (!creates()) build_guarded(nullptr);
    prepared_ = true;
  }

  Work run(std::uint64_t n) override {
    if (!prepared_) prepare();
    Work work;
    MaxLatency latency;
    for (std::uint64_t unit = 0; unit < n && !common::interrupted(context_); ++unit) {
      // Each unit starts from what the test expects: no tree for a create, a full one otherwise.
      if (creates() && present_) untimed(context_, [&] { remove_tree(); });
      if (!creates() && !present_) untimed(context_, [&] { build_guarded(nullptr); });
      try {
        switch (o_.test) {
          case T::seq_create:
          case T::ran_create:
            build(&latency, work);
            break;
          case T::seq_stat:
            stat_in_directory_order(latency, work);
            break;
          case T::ran_stat:
            stat_shuffled(latency, work);
            break;
          case T::seq_del:
            delete_in_directory_order(latency, work);
            break;
          default:
            delete_shuffled(latency, work);
            break;
        }
      } catch (...) {
        remove_tree();
        throw;
      }
    }
    work.max_latency_ns = latency.max_ns();
    return work;
  }

  void finish() override { remove_tree(); }

 private:
  bool creates() const { return o_.test == T::seq_create || o_.test == T::ran_create; }

  static std::string key(std::uint32_t dir, const std::string& name) { return std::to_string(dir) + "/" + name; }

  std::string dir_path(std::uint32_t d) const {
    return o_.dirs > 1 ? common::join_path(root_, fmt::format("{:05d}", d)) : root_;
  }

  void make_sizes() {
    sizes_.assign(count_, o_.max_size);
    if (o_.max_size == 0 || o_.min_size >= o_.max_size) return;
    common::RandomBytes random(o_.seed ^ 0x51e5ULL);
    for (auto& s : sizes_) s = o_.min_size + random.next() % (o_.max_size - o_.min_size + 1);
  }

  void open_directories() {
    dirs_.clear();
    for (std::uint32_t d = 0; d < o_.dirs; ++d) {
      platform::FileDescriptor fd = platform::open_file(dir_path(d), O_RDONLY | O_DIRECTORY);
      if (!fd.valid()) throw common::io_error("open", dir_path(d), errno);
      dirs_.push_back(std::move(fd));
    }
  }

  void make_directory(const std::string& path) {
    if (::mkdir(path.c_str(), 0755) != 0) throw common::io_error("create the directory", path, errno);
  }

  void build_guarded(MaxLatency* latency) {
    Work ignored;
    try {
      build(latency, ignored);
    } catch (...) {
      remove_tree();
      throw;
    }
  }

  // Creates every file; timed when called from run() for a create test, the preparation otherwise.
  void build(MaxLatency* latency, Work& work) {
    make_directory(root_);
    present_ = true;
    for (std::uint32_t d = 0; o_.dirs > 1 && d < o_.dirs; ++d) make_directory(dir_path(d));
    open_directories();
    for (std::uint64_t i = 0; i < count_; ++i) {
      const int dir = dirs_[dir_of_[i]].get();
      if (latency) latency->start();
      platform::FileDescriptor fd(::openat(dir, names_[i].c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0644));
      if (!fd.valid()) throw common::io_error("create", path_of(i), errno);
      for (std::uint64_t done = 0; done < sizes_[i];) {
        const std::uint64_t length = std::min(o_.chunk, sizes_[i] - done);
        common::write_all(fd.get(), buffer_.data(), static_cast<std::size_t>(length), path_of(i));
        done += length;
      }
      if (o_.fsync_each && ::fsync(fd.get()) != 0) throw common::io_error("sync", path_of(i), errno);
      if (int err = fd.close(); err != 0) throw common::io_error("close", path_of(i), err);
      if (o_.fsync_each && ::fsync(dir) != 0) throw common::io_error("sync", dir_path(dir_of_[i]), errno);
      if (latency) latency->stop();
      work.ops += 1;
      work.bytes += sizes_[i];
      if (i % 256 == 0 && common::interrupted(context_)) break;
    }
    flush_file_system();
  }

  void flush_file_system() const {
    platform::FileDescriptor fd = platform::open_file(o_.dir, O_RDONLY | O_DIRECTORY);
    if (!fd.valid()) throw common::io_error("sync", o_.dir, errno);
    // Before Linux 2.6.39 there is no syncfs: sync(2) flushes every file system, as bonnie++ does.
    if (int err = platform::sync_file_system(fd.get()); err != 0) throw common::io_error("sync", o_.dir, err);
  }

  std::string path_of(std::uint64_t i) const { return common::join_path(dir_path(dir_of_[i]), names_[i]); }

  // stat, and read the whole file when it is not empty.
  void visit(int dir, const char* name, const std::string& where, Work& work) {
    struct stat st {};
    if (::fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) != 0) throw common::io_error("stat", where, errno);
    if (st.st_size > 0) {
      platform::FileDescriptor fd(::openat(dir, name, O_RDONLY | O_CLOEXEC));
      if (!fd.valid()) throw common::io_error("open", where, errno);
      while (read_full(fd.get(), buffer_.data(), buffer_.size(), where) == buffer_.size()) {
      }
      work.bytes += static_cast<std::uint64_t>(st.st_size);
    }
    work.ops += 1;
  }

  // Walks each directory with readdir; `act` gets the directory, the entry and its index.
  template <typename Act>
  std::uint64_t walk(MaxLatency& latency, Act&& act) {
    std::uint64_t seen = 0;
    for (std::uint32_t d = 0; d < o_.dirs; ++d) {
      // fdopendir takes over the descriptor it is given, so it gets a copy of ours.
      const int copy = ::fcntl(dirs_[d].get(), F_DUPFD_CLOEXEC, 0);
      DIR* stream = copy < 0 ? nullptr : ::fdopendir(copy);
      if (stream == nullptr) {
        if (copy >= 0) ::close(copy);
        throw common::io_error("read the directory", dir_path(d), errno);
      }
      ::rewinddir(stream);
      for (;;) {
        latency.start();
        errno = 0;
        const dirent* entry = ::readdir(stream);
        if (entry == nullptr) break;
        if (entry->d_name[0] == '.') continue;
        const auto it = index_.find(key(d, entry->d_name));
        if (it == index_.end()) continue;  // not ours: never touched
        act(d, entry->d_name, it->second);
        latency.stop();
        ++seen;
      }
      const int err = errno;
      ::closedir(stream);
      if (err != 0) throw common::io_error("read the directory", dir_path(d), err);
    }
    return seen;
  }

  void expect_all(std::uint64_t seen, const char* what) const {
    if (seen != count_)
      throw KernelError(fmt::format("bonnie {}: found {} of the {} files in {} (changed by someone else?)", what, seen,
                                    count_, root_));
  }

  void stat_in_directory_order(MaxLatency& latency, Work& work) {
    if (dirs_.empty()) open_directories();
    const auto seen = walk(latency, [&](std::uint32_t d, const char* name, std::uint64_t i) {
      visit(dirs_[d].get(), name, path_of(i), work);
    });
    expect_all(seen, "seq_stat");
  }

  std::vector<std::uint64_t> shuffled() {
    std::vector<std::uint64_t> order(count_);
    for (std::uint64_t i = 0; i < count_; ++i) order[i] = i;
    for (std::uint64_t i = 0; i < count_; ++i) std::swap(order[i], order[shuffle_random_.next() % count_]);
    return order;
  }

  // Visits every file once in a shuffled order (made outside the timed region), one latency each.
  template <typename Act>
  void shuffled_pass(MaxLatency& latency, Act&& act) {
    if (dirs_.empty()) open_directories();
    std::vector<std::uint64_t> order;
    untimed(context_, [&] { order = shuffled(); });
    for (std::uint64_t i : order) {
      latency.start();
      act(i);
      latency.stop();
    }
  }

  void stat_shuffled(MaxLatency& latency, Work& work) {
    shuffled_pass(latency,
                  [&](std::uint64_t i) { visit(dirs_[dir_of_[i]].get(), names_[i].c_str(), path_of(i), work); });
  }

  void unlink_one(std::uint64_t i, Work& work) {
    if (::unlinkat(dirs_[dir_of_[i]].get(), names_[i].c_str(), 0) != 0)
      throw common::io_error("remove", path_of(i), errno);
    work.ops += 1;
  }

  void remove_directories() {
    dirs_.clear();
    for (std::uint32_t d = 0; o_.dirs > 1 && d < o_.dirs; ++d)
      if (::rmdir(dir_path(d).c_str()) != 0) throw common::io_error("remove the directory", dir_path(d), errno);
    if (::rmdir(root_.c_str()) != 0) throw common::io_error("remove the directory", root_, errno);
    present_ = false;
  }

  void delete_in_directory_order(MaxLatency& latency, Work& work) {
    if (dirs_.empty()) open_directories();
    const auto seen = walk(latency, [&](std::uint32_t, const char*, std::uint64_t i) { unlink_one(i, work); });
    expect_all(seen, "seq_del");
    remove_directories();
    flush_file_system();
  }

  void delete_shuffled(MaxLatency& latency, Work& work) {
    shuffled_pass(latency, [&](std::uint64_t i) { unlink_one(i, work); });
    remove_directories();
    flush_file_system();
  }

  // Removes what this kernel made: its own names, its subdirectories, its root. A stranger's
  // file that appeared inside keeps its directory alive rather than being deleted.
  void remove_tree() noexcept {
    dirs_.clear();
    if (!present_) return;
    for (std::uint64_t i = 0; i < names_.size() && i < dir_of_.size(); ++i) ::unlink(path_of(i).c_str());
    for (std::uint32_t d = 0; o_.dirs > 1 && d < o_.dirs; ++d) ::rmdir(dir_path(d).c_str());
    ::rmdir(root_.c_str());
    present_ = false;
  }

  BonnieOptions o_;
  Context context_;
  std::string root_;
  std::uint64_t count_;
  std::vector<std::string> names_;
  std::vector<std::uint32_t> dir_of_;
  std::vector<std::uint64_t> sizes_;
  std::unordered_map<std::string, std::uint64_t> index_;
  std::vector<platform::FileDescriptor> dirs_;
  common::AlignedBuffer buffer_;
  common::RandomBytes shuffle_random_{0};
  bool present_ = false;
  bool prepared_ = false;
};

}  // namespace

std::vector<std::string> bonnie_file_names(std::uint64_t count, bool random_first, std::uint64_t seed) {
  common::RandomBytes random(seed);
  std::vector<std::string> out;
  out.reserve(static_cast<std::size_t>(count));
  for (std::uint64_t i = 0; i < count; ++i) {
    std::string extra(static_cast<std::size_t>(random.next() % 13), '0');
    for (auto& c : extra) c = alphabet[random.next() % (sizeof alphabet - 1)];
    const std::string digits = fmt::format("{:010x}", i);
    out.push_back(random_first ? extra + digits : digits + extra);
  }
  return out;
}

std::unique_ptr<Kernel> make_file_test(const BonnieOptions& options, const Context& context) {
  return std::make_unique<FileTest>(options, context);
}

}  // namespace hwbench::kernels::disk
