#include "kernels/disk/max_latency.hpp"

#include <algorithm>

namespace hwbench::kernels::disk {

void MaxLatency::stop() {
  const auto took = std::chrono::steady_clock::now() - start_;
  merge(std::chrono::duration_cast<std::chrono::nanoseconds>(took).count());
}

void MaxLatency::merge(std::int64_t other_ns) { max_ns_ = std::max(max_ns_, other_ns); }

}  // namespace hwbench::kernels::disk
