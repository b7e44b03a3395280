// bonnie++'s Random Seeks on DIR/Bonnie.data: `seek_count` tickets (bonnie++ 8192), each a random
// number; one divisible by `rewrite_every` (10) marks an update. `seekers` threads (5) open the
// file each, and take tickets in turn from a shared queue (bonnie++ passes them down a pipe):
// lseek to chunk (ticket % chunks), read it, and for an update change a byte, lseek back and write
// it (fsync too with `fsync`). The latency is the longest seek + read (+ write) of any seeker; the
// rate is seeks over the wall time from the first seeker's start to the last one's end.
//
// bonnie++'s parent sleeps 3 s before sending tickets and sums its seekers' getrusage(SELF),
// which counts the whole process once per seeker; here the seekers start together and the CPU
// time is the process's own, once. With `evict` the file leaves the page cache before each pass.
#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <mutex>
#include <system_error>
#include <thread>

#include <fmt/format.h>

#include "kernels/common/kernel_io.hpp"
#include "kernels/common/random_bytes.hpp"
#include "kernels/disk/bonnie.hpp"
#include "kernels/disk/disk.hpp"
#include "kernels/disk/max_latency.hpp"
#include "kernels/disk/scratch_file.hpp"

namespace hwbench::kernels::disk {

namespace {

class SeekTest : public Kernel {
 public:
  SeekTest(const BonnieOptions& options, const Context& context)
      : o_(options), context_(context), file_(options.data_path(), context) {}

  void prepare() override {
    file_.claim();
    const common::AlignedBuffer zeros = io_buffer(static_cast<std::size_t>(o_.chunk), true, "bonnie's zero chunk");
    file_.fill(o_.size, zeros.data(), o_.chunk);
    tickets_ = seek_tickets(o_.seed, o_.seek_count, o_.rewrite_every);
    prepared_ = true;
  }

  Work run(std::uint64_t n) override {
    if (!prepared_) prepare();
    Work work;
    file_.removing_on_error([&] {
      for (std::uint64_t unit = 0; unit < n && !common::interrupted(context_); ++unit) {
        if (o_.evict) untimed(context_, [&] { file_.evict_verified("bonnie seeks"); });
        seek_all(work);
      }
    });
    return work;
  }

  void finish() override { file_.remove(); }

 private:
  /// What one seeker did.
  struct Tally {
    std::uint64_t seeks = 0;
    std::uint64_t writes = 0;
    std::int64_t max_latency_ns = 0;
  };

  void seek_all(Work& work) {
    std::atomic<std::size_t> next{0};
    std::atomic<bool> stop{false};
    std::mutex error_lock;
    std::string error;
    std::vector<Tally> tallies(o_.seekers);
    std::vector<std::thread> seekers;
    seekers.reserve(o_.seekers);
    try {
      for (std::uint32_t s = 0; s < o_.seekers; ++s) {
        seekers.emplace_back([&, s] {
          try {
            seek(next, stop, tallies[s]);
          } catch (const std::exception& e) {
            std::lock_guard<std::mutex> hold(error_lock);
            if (error.empty()) error = e.what();
            stop = true;
          }
        });
      }
    } catch (const std::system_error& e) {
      // The seekers already running must be joined before anything unwinds.
      stop = true;
      for (auto& t : seekers) t.join();
      throw KernelError(fmt::format("bonnie seeks: cannot start seeker {}: {}", seekers.size() + 1, e.what()));
    }
    for (auto& t : seekers) t.join();
    if (!error.empty()) throw KernelError(error);
    for (const auto& t : tallies) {
      work.ops += t.seeks;
      work.bytes += (t.seeks + t.writes) * o_.chunk;
      work.max_latency_ns = std::max(work.max_latency_ns, t.max_latency_ns);
    }
  }

  void seek(std::atomic<std::size_t>& next, const std::atomic<bool>& stop, Tally& tally) const {
    platform::FileDescriptor fd = file_.open(O_RDWR | (o_.direct ? O_DIRECT : 0));
    common::AlignedBuffer buffer = io_buffer(static_cast<std::size_t>(o_.chunk), o_.direct, "bonnie's seek buffer");
    const std::uint64_t chunks = std::max<std::uint64_t>(1, o_.size / o_.chunk);
    const auto length = static_cast<std::size_t>(o_.chunk);
    MaxLatency latency;
    for (;;) {
      const std::size_t i = next.fetch_add(1);
      if (i >= tickets_.size() || stop || common::interrupted(context_)) break;
      const SeekTicket& t = tickets_[i];
      const auto offset = static_cast<off_t>((t.value % chunks) * o_.chunk);
      latency.start();
      if (::lseek(fd.get(), offset, SEEK_SET) < 0) throw common::io_error("seek in", file_.path(), errno);
      if (read_full(fd.get(), buffer.data(), length, file_.path()) != length)
        throw KernelError(fmt::format("cannot read {}: it is shorter than the test wrote it", file_.path()));
      if (t.update) {
        buffer.data()[t.value % length]--;
        if (::lseek(fd.get(), offset, SEEK_SET) < 0) throw common::io_error("seek in", file_.path(), errno);
        common::write_all(fd.get(), buffer.data(), length, file_.path());
        if (o_.fsync_each && ::fsync(fd.get()) != 0) throw common::io_error("sync", file_.path(), errno);
        ++tally.writes;
      }
      latency.stop();
      ++tally.seeks;
    }
    close_synced(fd, file_.path());
    tally.max_latency_ns = latency.max_ns();
  }

  BonnieOptions o_;
  Context context_;
  ScratchFile file_;
  std::vector<SeekTicket> tickets_;
  bool prepared_ = false;
};

}  // namespace

std::vector<SeekTicket> seek_tickets(std::uint64_t seed, std::uint32_t count, std::uint32_t rewrite_every) {
  common::RandomBytes random(seed);
  std::vector<SeekTicket> out(count);
  for (auto& t : out) {
    // 31 bits, like the rand() bonnie++ draws its tickets from.
    t.value = random.next() >> 33;
    t.update = rewrite_every > 0 && t.value % rewrite_every == 0;
  }
  return out;
}

std::unique_ptr<Kernel> make_seek_test(const BonnieOptions& options, const Context& context) {
  return std::make_unique<SeekTest>(options, context);
}

}  // namespace hwbench::kernels::disk
