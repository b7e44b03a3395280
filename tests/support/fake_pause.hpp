#pragma once
// A fake clock and a pause that moves it instead of sleeping, for tests of what a run waits for
// (`settle`, `run --spread`): every wait is kept, and one of them can stand for Ctrl-C.
#include <atomic>
#include <cstdint>
#include <vector>

#include "base/platform/clock.hpp"
#include "runtime/run/settle.hpp"

namespace hwbench::test {

/// A clock that moves by `tick_ns` at every reading, and by whatever a FakePause waits.
class FakeClock : public platform::Clock {
 public:
  FakeClock(std::int64_t start_ns, std::int64_t tick_ns) : now(start_ns), tick_ns_(tick_ns) {}
  std::int64_t now_ns() override { return now += tick_ns_; }
  platform::CpuTimes cpu() override { return {}; }
  std::int64_t unix_ns() override { return 0; }
  std::int64_t now;

 private:
  std::int64_t tick_ns_;
};

/// Keeps what it is asked to wait and moves the clock by it. Wait number `until_interrupt`
/// (1-based; 0: none) is Ctrl-C instead: it sets `interrupt`, when given, and says it was cut short.
class FakePause : public runtime::run::Pause {
 public:
  explicit FakePause(FakeClock& clock) : clock_(clock) {}
  bool wait(std::int64_t ns, const std::atomic<bool>*) override {
    waits.push_back(ns);
    if (waits.size() == until_interrupt) {
      if (interrupt) interrupt->store(true);
      return false;
    }
    clock_.now += ns;
    return true;
  }
  std::vector<std::int64_t> waits;
  std::size_t until_interrupt = 0;
  std::atomic<bool>* interrupt = nullptr;

 private:
  FakeClock& clock_;
};

}  // namespace hwbench::test
