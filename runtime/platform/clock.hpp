#pragma once
// The runtime owns the clocks; tests replace them.
#include <cstdint>

namespace hwbench::runtime::platform {

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

/// The real clocks. cpu() asks for the children's times only once this process has forked
/// (before, they are zero): children started other than by fork() (posix_spawn, vfork) would
/// not be seen, and hwbench starts none so.
class RealClock : public Clock {
 public:
  std::int64_t now_ns() override;
  CpuTimes cpu() override;
  std::int64_t unix_ns() override;
};

/// a - b, field by field.
inline CpuTimes operator-(const CpuTimes& a, const CpuTimes& b) {
  return {a.usr_ns - b.usr_ns, a.sys_ns - b.sys_ns, a.cusr_ns - b.cusr_ns, a.csys_ns - b.csys_ns};
}
/// a + b, field by field.
inline CpuTimes operator+(const CpuTimes& a, const CpuTimes& b) {
  return {a.usr_ns + b.usr_ns, a.sys_ns + b.sys_ns, a.cusr_ns + b.cusr_ns, a.csys_ns + b.csys_ns};
}

}  // namespace hwbench::runtime::platform
