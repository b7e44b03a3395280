#pragma once
// A fixed team of worker threads that runs one function on every member and waits for all of
// them, like an OpenMP parallel region: the memory kernels split each pass over their arrays
// across the team. Members may be pinned one per CPU, as OMP_PROC_BIND does.
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace hwbench::kernels::memory {

/// A half-open range [begin, end) of element indices.
struct Range {
  std::size_t begin = 0;
  std::size_t end = 0;
};

/// Member `member`'s share of `count` elements split into `parts` contiguous ranges (OpenMP's
/// static schedule); every boundary but the last is a multiple of `align` elements, so that two
/// members never write into one cache line.
Range share(std::size_t count, unsigned parts, unsigned member, std::size_t align = 8);

/// N worker threads, started once and reused for every run().
class ThreadTeam {
 public:
  /// Starts `members` threads (at least one). With `pin`, member i is bound to the i-th CPU this
  /// process may use (wrapping round); a CPU the system refuses leaves that member unpinned.
  ThreadTeam(unsigned members, bool pin);
  ThreadTeam(const ThreadTeam&) = delete;
  ThreadTeam& operator=(const ThreadTeam&) = delete;
  /// Stops and joins every member.
  ~ThreadTeam();

  /// How many members the team has.
  unsigned size() const { return members_; }
  /// How many members are bound to a CPU (0 when not pinned).
  unsigned pinned() const;

  /// Runs fn(member) on every member at once and returns when all have finished; rethrows the
  /// first exception a member threw.
  void run(const std::function<void(unsigned member)>& fn);

 private:
  void member_loop(unsigned member, int cpu);
  void stop_all();

  unsigned members_ = 1;
  std::vector<std::thread> threads_;
  std::mutex mutex_;
  std::condition_variable start_;
  std::condition_variable done_;
  const std::function<void(unsigned)>* job_ = nullptr;
  std::uint64_t generation_ = 0;
  unsigned running_ = 0;
  unsigned pinned_ = 0;
  unsigned ready_ = 0;
  bool stop_ = false;
  std::exception_ptr error_;
};

}  // namespace hwbench::kernels::memory
