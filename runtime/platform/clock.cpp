#include "runtime/platform/clock.hpp"

#include <sys/resource.h>
#include <time.h>

namespace hwbench::runtime::platform {

static std::int64_t read_clock(clockid_t id) {
  timespec ts{};
  ::clock_gettime(id, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

static std::int64_t tv_ns(const timeval& tv) {
  return static_cast<std::int64_t>(tv.tv_sec) * 1'000'000'000 + static_cast<std::int64_t>(tv.tv_usec) * 1000;
}

std::int64_t RealClock::now_ns() { return read_clock(CLOCK_MONOTONIC); }

std::int64_t RealClock::unix_ns() { return read_clock(CLOCK_REALTIME); }

CpuTimes RealClock::cpu() {
  rusage self{}, children{};
  ::getrusage(RUSAGE_SELF, &self);
  ::getrusage(RUSAGE_CHILDREN, &children);
  return {tv_ns(self.ru_utime), tv_ns(self.ru_stime), tv_ns(children.ru_utime), tv_ns(children.ru_stime)};
}

CpuTimes operator-(const CpuTimes& a, const CpuTimes& b) {
  return {a.usr_ns - b.usr_ns, a.sys_ns - b.sys_ns, a.cusr_ns - b.cusr_ns, a.csys_ns - b.csys_ns};
}

CpuTimes operator+(const CpuTimes& a, const CpuTimes& b) {
  return {a.usr_ns + b.usr_ns, a.sys_ns + b.sys_ns, a.cusr_ns + b.cusr_ns, a.csys_ns + b.csys_ns};
}

}  // namespace hwbench::runtime::platform
