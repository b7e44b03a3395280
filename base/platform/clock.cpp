#include "base/platform/clock.hpp"

#include <pthread.h>
#include <sys/resource.h>
#include <time.h>

#include <atomic>

namespace hwbench::platform {

static std::int64_t read_clock(clockid_t id) {
  timespec ts{};
  ::clock_gettime(id, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

static std::int64_t tv_ns(const timeval& tv) {
  return static_cast<std::int64_t>(tv.tv_sec) * 1'000'000'000 + static_cast<std::int64_t>(tv.tv_usec) * 1000;
}

std::int64_t RealClock::unix_ns() { return read_clock(CLOCK_REALTIME); }

namespace {

// Whether this process has ever forked. Until it has, no child can have been waited for, so its
// children's CPU times are exactly zero, and cpu() need not ask: a system call costs a microsecond
// or more (several in a sandbox), ten times a short sample. fork()'s atfork handler sets it (the
// handler is registered before main() runs); a child started by vfork, which runs no handler,
// sets it through note_child_started().
std::atomic<bool> g_forked{false};
const int g_fork_watch = ::pthread_atfork(
    nullptr, [] { g_forked.store(true, std::memory_order_relaxed); }, nullptr);

}  // namespace

void note_child_started() { g_forked.store(true, std::memory_order_relaxed); }

CpuTimes RealClock::cpu() {
  rusage self{};
  ::getrusage(RUSAGE_SELF, &self);
  CpuTimes times{tv_ns(self.ru_utime), tv_ns(self.ru_stime), 0, 0};
  if (g_fork_watch != 0 || g_forked.load(std::memory_order_relaxed)) {
    rusage children{};
    ::getrusage(RUSAGE_CHILDREN, &children);
    times.cusr_ns = tv_ns(children.ru_utime);
    times.csys_ns = tv_ns(children.ru_stime);
  }
  return times;
}

}  // namespace hwbench::platform
