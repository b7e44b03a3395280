#include "kernels/memory/thread_team.hpp"

#include <pthread.h>
#include <sched.h>

#include <algorithm>

#include "base/platform/machine.hpp"

namespace hwbench::kernels::memory {

Range share(std::size_t count, unsigned parts, unsigned member, std::size_t align) {
  parts = std::max(1u, parts);
  align = std::max<std::size_t>(1, align);
  auto boundary = [&](unsigned k) -> std::size_t {
    if (k >= parts) return count;
    // Proportional split, rounded down to the alignment; the last member takes the remainder.
    // floor(count * k / parts) without overflowing: count = q * parts + r.
    const std::size_t raw = count / parts * k + count % parts * k / parts;
    return std::min(count, raw / align * align);
  };
  return {boundary(member), boundary(member + 1)};
}

ThreadTeam::ThreadTeam(unsigned members, bool pin) : members_(std::max(1u, members)) {
  const std::vector<int> cpus = pin ? platform::allowed_cpus() : std::vector<int>{};
  threads_.reserve(members_);
  try {
    for (unsigned m = 0; m < members_; ++m) {
      const int cpu = cpus.empty() ? -1 : cpus[m % cpus.size()];
      threads_.emplace_back([this, m, cpu] { member_loop(m, cpu); });
    }
  } catch (...) {
    // The system refused a thread: the ones already started must not outlive the team.
    stop_all();
    throw;
  }
  // Wait until every member has tried its affinity, so pinned() is final once we return.
  std::unique_lock lock(mutex_);
  done_.wait(lock, [&] { return ready_ == members_; });
}

ThreadTeam::~ThreadTeam() { stop_all(); }

void ThreadTeam::stop_all() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  start_.notify_all();
  for (auto& t : threads_) t.join();
}

unsigned ThreadTeam::pinned() const { return pinned_; }

void ThreadTeam::run(const std::function<void(unsigned)>& fn) {
  std::unique_lock lock(mutex_);
  job_ = &fn;
  error_ = nullptr;
  running_ = size();
  ++generation_;
  start_.notify_all();
  done_.wait(lock, [&] { return running_ == 0; });
  job_ = nullptr;
  if (error_) std::rethrow_exception(error_);
}

void ThreadTeam::member_loop(unsigned member, int cpu) {
  bool bound = false;
  if (cpu >= 0) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    bound = ::pthread_setaffinity_np(::pthread_self(), sizeof set, &set) == 0;
  }
  std::uint64_t seen = 0;
  std::unique_lock lock(mutex_);
  if (bound) ++pinned_;
  if (++ready_ == size()) done_.notify_all();
  for (;;) {
    start_.wait(lock, [&] { return stop_ || generation_ != seen; });
    if (stop_) return;
    seen = generation_;
    const auto* job = job_;
    lock.unlock();
    try {
      (*job)(member);
    } catch (...) {
      std::lock_guard guard(mutex_);
      if (!error_) error_ = std::current_exception();
    }
    lock.lock();
    if (--running_ == 0) done_.notify_all();
  }
}

}  // namespace hwbench::kernels::memory
