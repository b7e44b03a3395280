#pragma once
// The longest single operation of a run, as bonnie++ reports it ("Latency"). The runtime owns
// every sample's clocks; this is the one thing a disk kernel times itself, per operation.
#include <chrono>
#include <cstdint>

namespace hwbench::kernels::disk {

/// Times operations one at a time and keeps the longest.
class MaxLatency {
 public:
  /// Marks the start of one operation.
  void start() { start_ = std::chrono::steady_clock::now(); }
  /// Marks its end; the operation counts if it is the longest so far.
  void stop();
  /// The longest operation seen, in ns (0 when none).
  std::int64_t max_ns() const { return max_ns_; }
  /// Keeps the longer of ours and `other_ns` (seeker threads merge theirs).
  void merge(std::int64_t other_ns);

 private:
  std::chrono::steady_clock::time_point start_{};
  std::int64_t max_ns_ = 0;
};

}  // namespace hwbench::kernels::disk
