#pragma once
// How many bytes a recipe's files hold, per file system, as the checker walks its statements in
// plan order: the peak on each file system is compared with its free space before anything
// runs. A parallel block's workers are walked one after another but run at once, so their rises
// are summed (SpaceLedger::Concurrent).
#include <sys/types.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "base/platform/probe.hpp"
#include "lang/common/diagnostics.hpp"
#include "lang/common/source.hpp"

namespace hwbench::runtime::sandbox {

/// Bytes held by the run's files, per file system (device), with each one's peak.
class SpaceLedger {
 public:
  /// `machine` tells each file system's free space and type; it must outlive the ledger.
  explicit SpaceLedger(const platform::MachineProbe& machine) : machine_(machine) {}
  /// The statement at `loc` makes the files in directory `dir` hold `delta` bytes more (or fewer).
  void account(const std::string& dir, std::int64_t delta, lang::SourceLoc loc);
  /// One error per file system whose peak exceeds its free space, at the statement that reached it.
  void check(lang::Diagnostics& diags) const;
  /// The highest total held over all file systems at once.
  std::uint64_t peak_total() const { return peak_total_; }

  /// Scope of a parallel block: call start_worker() before walking each worker and finish()
  /// after the last. Each worker's highest rise in held bytes is recorded per file system, and
  /// the block's peak is what was held before it plus the sum of those rises (an upper bound,
  /// as all may peak together: 200 workers each holding a 1 MB file hold 200 MB).
  class Concurrent {
   public:
    explicit Concurrent(SpaceLedger& ledger);
    ~Concurrent();
    Concurrent(const Concurrent&) = delete;
    Concurrent& operator=(const Concurrent&) = delete;
    /// The walk of the next worker begins.
    void start_worker();
    /// The block's workers have all been walked; `loc` is the block, where a peak is reported.
    void finish(lang::SourceLoc loc);

   private:
    void fold();
    SpaceLedger& ledger_;
    std::map<dev_t, std::int64_t> before_;
    std::int64_t total_before_;
    std::map<dev_t, std::int64_t>* outer_;
    std::optional<std::map<dev_t, std::int64_t>> rises_;
    std::map<dev_t, std::int64_t> summed_;
  };

 private:
  struct Usage {
    std::int64_t held = 0;
    std::int64_t peak = 0;
    std::string where;
    lang::SourceLoc peak_loc;
  };

  std::map<dev_t, std::int64_t> held_by_device() const;

  /// The device holding `dir` and the existing directory that tells it (`dir` or its nearest
  /// existing ancestor), looked up once per directory: the check takes the file system to stand
  /// still.
  const std::pair<dev_t, std::string>& device_of(const std::string& dir);

  const platform::MachineProbe& machine_;
  std::map<dev_t, Usage> usage_;
  std::map<std::string, std::pair<dev_t, std::string>> devices_;
  std::int64_t total_held_ = 0;
  std::uint64_t peak_total_ = 0;
  std::map<dev_t, std::int64_t>* rise_ = nullptr;  ///< the current parallel worker's rises
  std::map<dev_t, std::int64_t> rise_base_;        ///< held bytes when that worker started
};

}  // namespace hwbench::runtime::sandbox
