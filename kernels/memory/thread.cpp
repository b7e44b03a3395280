// `thread compute|lock [threads N]`: Xbench's Thread Test. "Computation" is worker threads doing
// integer arithmetic with some memory traffic (Xbench used 4); "Lock Contention" is a mutex handed
// from thread to thread: each waits on one condition variable for its turn, so every hand-off wakes
// all waiters and they contend for the mutex. One unit of compute is WORK steps in every thread
// (ops = threads x work); one unit of lock is HANDOFFS passes of the mutex (ops = handoffs).
#include <condition_variable>
#include <memory>
#include <mutex>
#include <vector>

#include <fmt/format.h>

#include "kernels/memory/memory.hpp"

namespace hwbench::kernels::memory {

namespace {

constexpr unsigned xbench_threads = 4;

/// Each thread's working set: 64 Ki 32-bit words (256 KiB, about one core's L2).
constexpr std::size_t compute_words = std::size_t{1} << 16;

class ComputeKernel : public Kernel {
 public:
  ComputeKernel(unsigned threads, bool pin, std::uint64_t steps) : threads_(threads), pin_(pin), steps_(steps) {}

  void prepare() override {
    team_ = std::make_unique<ThreadTeam>(threads_, pin_);
    members_.resize(threads_);
    team_->run([&](unsigned m) {
      // Each member allocates and touches its own words, so they live near its CPU.
      members_[m].words = page_buffer(compute_words * sizeof(std::uint32_t), "thread compute's working set");
      auto* w = members_[m].words.as<std::uint32_t>();
      for (std::size_t i = 0; i < compute_words; ++i) w[i] = static_cast<std::uint32_t>(i);
      members_[m].state = 0x2545f4914f6cdd1dULL + m;
    });
  }

  Work run(std::uint64_t n) override {
    if (!team_) prepare();
    Work work;
    for (std::uint64_t unit = 0; unit < n; ++unit) {
      team_->run([&](unsigned m) { step(members_[m]); });
      work.ops += steps_ * threads_;
    }
    return work;
  }

  void finish() override {
    members_.clear();
    team_.reset();
  }

 private:
  struct alignas(64) Member {
    common::AlignedBuffer words;
    std::uint64_t state = 0;
  };

  void step(Member& member) const {
    auto* w = member.words.as<std::uint32_t>();
    std::uint64_t x = member.state;
    for (std::uint64_t i = 0; i < steps_; ++i) {
      // A 64-bit LCG step, then a read-modify-write of the word it picks.
      x = x * 6364136223846793005ULL + 1442695040888963407ULL;
      const auto v = static_cast<std::uint32_t>(x >> 33);
      std::uint32_t& cell = w[v & (compute_words - 1)];
      cell = (cell ^ v) + static_cast<std::uint32_t>(i);
    }
    member.state = x;
  }

  unsigned threads_;
  bool pin_;
  std::uint64_t steps_;
  std::unique_ptr<ThreadTeam> team_;
  std::vector<Member> members_;
};

class LockKernel : public Kernel {
 public:
  LockKernel(unsigned threads, bool pin, std::uint64_t handoffs) : threads_(threads), pin_(pin), handoffs_(handoffs) {}

  void prepare() override { team_ = std::make_unique<ThreadTeam>(threads_, pin_); }

  Work run(std::uint64_t n) override {
    if (!team_) prepare();
    Work work;
    for (std::uint64_t unit = 0; unit < n; ++unit) {
      {
        std::lock_guard lock(mutex_);
        passed_ = 0;
        turn_ = 0;
        done_ = false;
      }
      team_->run([&](unsigned m) { take_turns(m); });
      work.ops += passed_;
    }
    return work;
  }

  void finish() override { team_.reset(); }

 private:
  void take_turns(unsigned me) {
    std::unique_lock lock(mutex_);
    for (;;) {
      turn_taken_.wait(lock, [&] { return done_ || turn_ == me; });
      if (done_) return;
      ++passed_;
      if (passed_ >= handoffs_) {
        done_ = true;
      } else {
        turn_ = (me + 1) % threads_;
      }
      turn_taken_.notify_all();
    }
  }

  unsigned threads_;
  bool pin_;
  std::uint64_t handoffs_;
  std::unique_ptr<ThreadTeam> team_;
  std::mutex mutex_;
  std::condition_variable turn_taken_;
  std::uint64_t passed_ = 0;
  unsigned turn_ = 0;
  bool done_ = false;
};

}  // namespace

KernelSpec thread_spec() {
  KernelSpec spec;
  spec.name = "thread";
  spec.family = "memory";
  spec.help =
      "compute: WORK integer steps (an LCG and a read-modify-write in a 256 KiB working set) in each of N "
      "threads, ops = N x WORK; lock: a std::mutex handed round N threads in turn HANDOFFS times, ops = handoffs";
  spec.lineage = "Xbench 1.3 Thread Test: Computation and Lock Contention";
  spec.synopsis = "thread compute|lock [threads N] [work N] [handoffs N] [pinned|floating]";
  spec.args = {{"TEST", ArgKind::word, "", "compute or lock"}};
  spec.params = {threads_param(xbench_threads, "worker threads (Xbench used 4)"),
                 count_param("work", "steps", "1M", 1, kNoMax, "compute: steps per thread in one unit"),
                 count_param("handoffs", "hand-offs", "10k", 1, kNoMax, "lock: passes of the mutex in one unit"),
                 affinity_param("floating")};
  spec.unit = WorkUnit::operations;
  spec.measure.for_seconds = 1;
  spec.effects = [](const Call& call, const platform::FileView&) {
    FileEffects fx;
    const std::string& test = call.args.at(0).text;
    if (test != "compute" && test != "lock")
      fx.problems.push_back({fmt::format("no test '{}'", test), "use compute or lock"});
    else if (test == "lock" && count_value(call, "threads", xbench_threads) < 2)
      fx.problems.push_back({"lock needs at least 2 threads to hand the mutex between", "give threads 2 or more"});
    return fx;
  };
  spec.make = [](const Call& call, const Context&) -> std::unique_ptr<Kernel> {
    const std::string& test = call.args.at(0).text;
    const auto threads = static_cast<unsigned>(count_value(call, "threads", xbench_threads));
    if (test == "compute")
      return std::make_unique<ComputeKernel>(threads, pinned(call), count_value(call, "work", 1'000'000));
    if (test == "lock" && threads >= 2)
      return std::make_unique<LockKernel>(threads, pinned(call), count_value(call, "handoffs", 10'000));
    throw KernelError(fmt::format("thread {} cannot run with {} thread(s)", test, threads));
  };
  return spec;
}

}  // namespace hwbench::kernels::memory
