// The thread team: contiguous aligned shares, every member runs once per run(), errors come back.
#include "kernels/memory/thread_team.hpp"

#include <sched.h>

#include <atomic>
#include <chrono>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include <doctest/doctest.h>

#include "base/platform/machine.hpp"

namespace hwbench::kernels::memory {

TEST_CASE("share: contiguous ranges that cover everything, inner boundaries on the alignment") {
  auto ranges = [](std::size_t count, unsigned parts, std::size_t align) {
    std::vector<std::pair<std::size_t, std::size_t>> out;
    for (unsigned m = 0; m < parts; ++m) {
      const Range r = share(count, parts, m, align);
      out.emplace_back(r.begin, r.end);
    }
    return out;
  };
  using V = std::vector<std::pair<std::size_t, std::size_t>>;
  CHECK(ranges(1000, 1, 8) == V{{0, 1000}});
  CHECK(ranges(1000, 2, 8) == V{{0, 496}, {496, 1000}});
  CHECK(ranges(1000, 3, 8) == V{{0, 328}, {328, 664}, {664, 1000}});
  CHECK(ranges(1000, 4, 1) == V{{0, 250}, {250, 500}, {500, 750}, {750, 1000}});
  // Fewer items than members: the early members get nothing, nothing is lost.
  CHECK(ranges(5, 3, 8) == V{{0, 0}, {0, 0}, {0, 5}});
  // No overflow near the top of size_t.
  const std::size_t big = ~std::size_t{0} - 7;
  CHECK(share(big, 2, 1, 8).end == big);
  CHECK(share(big, 2, 0, 8).end == (big / 2) / 8 * 8);
}

TEST_CASE("ThreadTeam: run() runs every member once and waits for all of them") {
  ThreadTeam team(3, false);
  CHECK(team.size() == 3);
  CHECK(team.pinned() == 0);
  std::vector<std::atomic<int>> calls(3);
  for (int round = 0; round < 50; ++round) team.run([&](unsigned m) { calls[m].fetch_add(1); });
  for (auto& c : calls) CHECK(c.load() == 50);
}

TEST_CASE("ThreadTeam: run() returns only after its slowest member has finished") {
  // A stream sample is one run(): its time must cover every member's share, the late one's too.
  ThreadTeam team(2, false);
  std::vector<std::atomic<bool>> done(2);
  for (int round = 0; round < 3; ++round) {
    for (auto& d : done) d.store(false);
    const unsigned slow = static_cast<unsigned>(round % 2);
    const auto t0 = std::chrono::steady_clock::now();
    team.run([&](unsigned m) {
      if (m == slow) std::this_thread::sleep_for(std::chrono::milliseconds(20));
      done[m].store(true);
    });
    CHECK(std::chrono::steady_clock::now() - t0 >= std::chrono::milliseconds(20));
    CHECK(done[0].load());
    CHECK(done[1].load());
  }
}

TEST_CASE("ThreadTeam: a member's exception comes back from run(), and the team stays usable") {
  ThreadTeam team(2, false);
  CHECK_THROWS_WITH_AS(team.run([](unsigned m) {
    if (m == 1) throw std::runtime_error("member 1 failed");
  }),
                       "member 1 failed", std::runtime_error);
  std::atomic<int> ran{0};
  team.run([&](unsigned) { ran.fetch_add(1); });
  CHECK(ran.load() == 2);
}

TEST_CASE("ThreadTeam: pinned members are bound one per allowed CPU") {
  const auto cpus = platform::allowed_cpus();
  ThreadTeam team(static_cast<unsigned>(cpus.size()), true);
  std::vector<int> where(cpus.size(), -1);
  team.run([&](unsigned m) { where[m] = ::sched_getcpu(); });
  // A container may refuse affinity; where it is allowed, member i runs on the i-th CPU.
  if (team.pinned() == cpus.size()) CHECK(where == cpus);
  CHECK(team.pinned() <= cpus.size());
}

}  // namespace hwbench::kernels::memory
