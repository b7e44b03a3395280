#pragma once
// The clocks of the bench/ drivers that run hwbench's kernels beside an original tool: process
// CPU time and wall time, as hwbench's own stopwatch reads them for a sample.
#include <time.h>

#include <cstdint>

namespace hwbench::bench {

struct Clocks {
  std::int64_t cpu_ns = 0;
  std::int64_t wall_ns = 0;
};

inline std::int64_t read_ns(clockid_t id) {
  timespec ts{};
  clock_gettime(id, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

/// Both clocks now.
inline Clocks now() { return {read_ns(CLOCK_PROCESS_CPUTIME_ID), read_ns(CLOCK_MONOTONIC)}; }

/// The time on both clocks since `from`.
inline Clocks since(const Clocks& from) {
  const Clocks to = now();
  return {to.cpu_ns - from.cpu_ns, to.wall_ns - from.wall_ns};
}

inline Clocks& operator+=(Clocks& a, const Clocks& b) {
  a.cpu_ns += b.cpu_ns;
  a.wall_ns += b.wall_ns;
  return a;
}

inline Clocks& operator-=(Clocks& a, const Clocks& b) {
  a.cpu_ns -= b.cpu_ns;
  a.wall_ns -= b.wall_ns;
  return a;
}

}  // namespace hwbench::bench
