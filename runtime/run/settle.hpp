#pragma once
// `settle`: between setup and the first timed statement, a fixed wait or probes of a file that
// setup wrote until its cold read rate stops rising. Storage that settles after writes (a
// virtual disk whose host cache is still writing back) reads slowly for a while, and no load,
// steal or pressure counter shows it. The probe and the wait are behind small interfaces so that
// tests can feed rates and time.
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "base/platform/clock.hpp"
#include "runtime/model/settle.hpp"
#include "runtime/plan/plan.hpp"

namespace hwbench::runtime::run {

/// What one probe read: its bytes and wall time, or why it could not.
struct ProbeRead {
  bool ok = false;
  std::uint64_t bytes = 0;
  std::int64_t wall_ns = 0;
  std::string error;  ///< when !ok, naming the file
};

/// Reads slices of the settling file cold.
class SettleProber {
 public:
  virtual ~SettleProber() = default;
  /// Reads up to `bytes` at `offset`, from storage rather than the page cache.
  virtual ProbeRead read(std::uint64_t offset, std::uint64_t bytes) = 0;
};

/// The real prober: evicts the file from the page cache and verifies it (mincore), then reads
/// the slice with read(2) in 1 MiB blocks, timed by `clock`.
std::unique_ptr<SettleProber> file_prober(std::string path, platform::Clock& clock);

/// Waits between probes and for `settle DURATION`.
class Pause {
 public:
  virtual ~Pause() = default;
  /// Waits `ns`; false as soon as `interrupted` (when given) is set.
  virtual bool wait(std::int64_t ns, const std::atomic<bool>* interrupted) = 0;
};

/// The real pause: sleeps in slices of at most 50 ms, so that Ctrl-C ends it promptly.
class SleepPause : public Pause {
 public:
  bool wait(std::int64_t ns, const std::atomic<bool>* interrupted) override;
};

/// The stability rule, over the probes' rates in order: at least kSettleWindow (3) probes, and
/// the last three within kSettleTolerance (5%) of each other: the highest of them at most 5%
/// above the lowest. A first probe never passes; a rate still rising by more than 5% over three
/// probes does not either.
bool rates_stable(const std::vector<double>& rates);

/// How a settle went: its record, or the error that stopped it (a probe that could not read).
struct SettleRun {
  model::SettleRecord record;
  std::string error;  ///< "" unless a probe failed
};

/// Runs `settle`. `settle DURATION` waits the duration. `settle until stable` probes: the k-th
/// probe (from 0) reads a slice of at most kSettleSliceBytes at offset k × slice, wrapping
/// around within the file, so that successive probes read different blocks while the file
/// allows; a probe starts one kSettleProbeInterval after the one before it (at once when a
/// probe took longer); it stops when rates_stable() holds, or when the next probe would start
/// at or after the maximum ("not stable"). `on_probe` is told of each probe. Ctrl-C
/// (`interrupted`) ends either promptly, with the outcome "interrupted".
SettleRun run_settle(const plan::Settle& settle, SettleProber* prober, Pause& pause, platform::Clock& clock,
                     const std::atomic<bool>* interrupted,
                     const std::function<void(const model::SettleRecord&)>& on_probe);

}  // namespace hwbench::runtime::run
