#include "runtime/run/settle.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <ctime>

#include <fmt/format.h>

#include "base/platform/file_descriptor.hpp"
#include "base/platform/page_cache.hpp"

namespace hwbench::runtime::run {

namespace {

constexpr std::size_t kBlock = 1 << 20;
constexpr std::int64_t kSleepSliceNs = 50'000'000;

class FileProber : public SettleProber {
 public:
  FileProber(std::string path, platform::Clock& clock) : path_(std::move(path)), clock_(clock), buffer_(kBlock) {}

  ProbeRead read(std::uint64_t offset, std::uint64_t bytes) override {
    ProbeRead out;
    auto evicted = platform::evict(path_);
    if (!evicted.ok) {
      out.error = evicted.error;
      return out;
    }
    platform::FileDescriptor fd = platform::open_file(path_, O_RDONLY);
    if (!fd.valid()) {
      out.error = fmt::format("cannot open {}: {}", path_, std::strerror(errno));
      return out;
    }
    const std::int64_t start = clock_.now_ns();
    while (out.bytes < bytes) {
      const std::size_t want = static_cast<std::size_t>(std::min<std::uint64_t>(kBlock, bytes - out.bytes));
      const ssize_t n = ::pread(fd.get(), buffer_.data(), want, static_cast<off_t>(offset + out.bytes));
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        out.error = fmt::format("cannot read {}: {}", path_, std::strerror(errno));
        return out;
      }
      if (n == 0) break;  // the file is shorter than planned: the slice ends with it
      out.bytes += static_cast<std::uint64_t>(n);
    }
    out.wall_ns = clock_.now_ns() - start;
    out.ok = true;
    return out;
  }

 private:
  std::string path_;
  platform::Clock& clock_;
  std::vector<char> buffer_;
};

bool interrupted_now(const std::atomic<bool>* interrupted) { return interrupted != nullptr && interrupted->load(); }

}  // namespace

std::unique_ptr<SettleProber> file_prober(std::string path, platform::Clock& clock) {
  return std::make_unique<FileProber>(std::move(path), clock);
}

bool SleepPause::wait(std::int64_t ns, const std::atomic<bool>* interrupted) {
  timespec start{};
  ::clock_gettime(CLOCK_MONOTONIC, &start);
  const std::int64_t begin = static_cast<std::int64_t>(start.tv_sec) * 1'000'000'000 + start.tv_nsec;
  for (;;) {
    if (interrupted_now(interrupted)) return false;
    timespec now{};
    ::clock_gettime(CLOCK_MONOTONIC, &now);
    const std::int64_t left = ns - (static_cast<std::int64_t>(now.tv_sec) * 1'000'000'000 + now.tv_nsec - begin);
    if (left <= 0) return true;
    const std::int64_t slice = std::min(left, kSleepSliceNs);
    // A signal cuts the sleep short (EINTR); the loop looks at the flag and sleeps the rest.
    const timespec ts{static_cast<time_t>(slice / 1'000'000'000), static_cast<long>(slice % 1'000'000'000)};
    ::nanosleep(&ts, nullptr);
  }
}

bool rates_stable(const std::vector<double>& rates) {
  if (rates.size() < model::kSettleWindow) return false;
  const auto last = rates.end() - static_cast<std::ptrdiff_t>(model::kSettleWindow);
  const auto [lo, hi] = std::minmax_element(last, rates.end());
  return *lo > 0 && *hi <= *lo * (1 + model::kSettleTolerance);
}

SettleRun run_settle(const plan::Settle& settle, SettleProber* prober, Pause& pause, platform::Clock& clock,
                     const std::atomic<bool>* interrupted,
                     const std::function<void(const model::SettleRecord&)>& on_probe) {
  SettleRun run;
  model::SettleRecord& r = run.record;
  r.mode = settle.mode;
  r.seconds = settle.seconds;
  r.file = settle.file;
  const std::int64_t start = clock.now_ns();
  const auto limit_ns = static_cast<std::int64_t>(settle.seconds * 1e9);
  const auto finish = [&](model::SettleOutcome outcome) {
    r.outcome = outcome;
    r.took_ns = clock.now_ns() - start;
    return run;
  };
  if (settle.mode == model::SettleMode::wait)
    return finish(pause.wait(limit_ns, interrupted) ? model::SettleOutcome::waited : model::SettleOutcome::interrupted);

  const std::uint64_t slice = std::min(settle.file_bytes, model::kSettleSliceBytes);
  const std::uint64_t slices = slice > 0 ? std::max<std::uint64_t>(1, settle.file_bytes / slice) : 1;
  const auto interval_ns = static_cast<std::int64_t>(model::kSettleProbeInterval * 1e9);
  std::vector<double> rates;
  for (std::uint64_t k = 0;; ++k) {
    if (interrupted_now(interrupted)) return finish(model::SettleOutcome::interrupted);
    model::SettleProbe probe;
    probe.start_ns = clock.now_ns() - start;
    probe.offset = (k % slices) * slice;
    ProbeRead read = prober->read(probe.offset, slice);
    if (!read.ok) {
      run.error = read.error;
      return finish(model::SettleOutcome::not_stable);
    }
    probe.bytes = read.bytes;
    probe.wall_ns = read.wall_ns;
    r.probes.push_back(probe);
    rates.push_back(model::probe_rate(probe));
    if (on_probe) on_probe(r);
    if (rates_stable(rates)) return finish(model::SettleOutcome::stable);
    const std::int64_t due = probe.start_ns + interval_ns;
    if (due >= limit_ns) return finish(model::SettleOutcome::not_stable);
    const std::int64_t left = start + due - clock.now_ns();
    if (left > 0 && !pause.wait(left, interrupted)) return finish(model::SettleOutcome::interrupted);
  }
}

}  // namespace hwbench::runtime::run
