#pragma once
// The runtime owns the clocks; tests replace them.
#include <time.h>

#include <cstdint>

namespace hwbench::platform {

/// CPU time of this process (usr, sys) and of its waited-for children (cusr, csys), in ns.
struct CpuTimes {
  std::int64_t usr_ns = 0;
  std::int64_t sys_ns = 0;
  std::int64_t cusr_ns = 0;
  std::int64_t csys_ns = 0;
};

/// Wall and CPU clocks.
class Clock {
 public:
  virtual ~Clock() = default;
  /// CLOCK_MONOTONIC, ns.
  virtual std::int64_t now_ns() = 0;
  /// getrusage for self and for waited-for children.
  virtual CpuTimes cpu() = 0;
  /// CLOCK_REALTIME, ns since the epoch (for the record only, never for intervals).
  virtual std::int64_t unix_ns() = 0;
};

/// CLOCK_MONOTONIC, ns: inline, since the measuring loop reads it twice per sample.
inline std::int64_t monotonic_ns() {
  timespec ts{};
  ::clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

/// The real clocks. cpu() asks for the children's times only once this process has forked
/// (before, they are zero): children started other than by fork() (posix_spawn, vfork) would
/// not be seen, and hwbench starts none so. Final, so that a caller holding a RealClock reads
/// now_ns() without a virtual call.
/// Tells RealClock::cpu() that a child may have been waited for, so that it reads the children's
/// CPU times from now on. fork() tells it by itself (an atfork handler); whatever starts a child
/// otherwise (vfork, posix_spawn, clone: no atfork handler runs) calls this first.
void note_child_started();

class RealClock final : public Clock {
 public:
  std::int64_t now_ns() override { return monotonic_ns(); }
  CpuTimes cpu() override;
  std::int64_t unix_ns() override;
};

/// a - b, field by field.
inline CpuTimes operator-(const CpuTimes& a, const CpuTimes& b) {
  return {a.usr_ns - b.usr_ns, a.sys_ns - b.sys_ns, a.cusr_ns - b.cusr_ns, a.csys_ns - b.csys_ns};
}
/// All of it: this process's CPU time and its waited-for children's.
inline std::int64_t total_ns(const CpuTimes& c) { return c.usr_ns + c.sys_ns + c.cusr_ns + c.csys_ns; }
/// a + b, field by field.
inline CpuTimes operator+(const CpuTimes& a, const CpuTimes& b) {
  return {a.usr_ns + b.usr_ns, a.sys_ns + b.sys_ns, a.cusr_ns + b.cusr_ns, a.csys_ns + b.csys_ns};
}

}  // namespace hwbench::platform
