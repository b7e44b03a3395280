// `settle`: the stability rule, the probe schedule on fed rates and a fake clock, a wait that
// Ctrl-C ends at once, and real runs on a temporary directory.
#include "runtime/run/settle.hpp"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <thread>
#include <vector>

#include <doctest/doctest.h>

#include "base/platform/page_cache.hpp"
#include "runtime/run/interpreter.hpp"
#include "tests/support/fake_pause.hpp"
#include "tests/support/recipe_env.hpp"

namespace model = hwbench::runtime::model;
namespace run = hwbench::runtime::run;
namespace platform = hwbench::platform;
namespace test = hwbench::test;

namespace {

// The tests' clocks (test::FakeClock) have no tick: only the fake prober and pause move them.

/// Reads at the rates it is fed (MB/s), the last one again once they run out; each read of
/// 64 MiB takes the time that rate gives it on the fake clock.
class FedProber : public run::SettleProber {
 public:
  FedProber(test::FakeClock& clock, std::vector<double> mb_per_s) : clock_(clock), rates_(std::move(mb_per_s)) {}
  run::ProbeRead read(std::uint64_t offset, std::uint64_t bytes) override {
    offsets.push_back(offset);
    const double rate = rates_[std::min(calls_++, rates_.size() - 1)] * 1e6;
    run::ProbeRead r;
    r.ok = true;
    r.bytes = bytes;
    r.wall_ns = static_cast<std::int64_t>(static_cast<double>(bytes) / rate * 1e9);
    clock_.now += r.wall_ns;
    return r;
  }
  std::vector<std::uint64_t> offsets;

 private:
  test::FakeClock& clock_;
  std::vector<double> rates_;
  std::size_t calls_ = 0;
};

hwbench::runtime::plan::Settle until_stable(double max_seconds, std::uint64_t file_bytes) {
  hwbench::runtime::plan::Settle s;
  s.mode = model::SettleMode::until_stable;
  s.seconds = max_seconds;
  s.file = "/data/quick_1GB";
  s.file_bytes = file_bytes;
  return s;
}

std::vector<double> rates_of(const model::SettleRecord& r) {
  std::vector<double> out;
  for (const auto& p : r.probes) out.push_back(model::probe_rate(p) / 1e6);
  return out;
}

}  // namespace

TEST_CASE("settle rule: the last three probes within 5% of each other, never fewer than three") {
  CHECK_FALSE(run::rates_stable({}));
  CHECK_FALSE(run::rates_stable({500}));
  CHECK_FALSE(run::rates_stable({500, 500}));
  CHECK(run::rates_stable({500, 500, 500}));
  CHECK(run::rates_stable({400, 1200, 1210, 1190}));
  CHECK(run::rates_stable({100, 105, 102}));          // the highest exactly 5% above the lowest
  CHECK_FALSE(run::rates_stable({100, 105.1, 102}));  // just past it
  CHECK_FALSE(run::rates_stable({100, 104, 108}));    // still rising: 8% over three probes
  CHECK(run::rates_stable({1500, 900, 910, 905}));    // a fall that has stopped is stable too
  CHECK_FALSE(run::rates_stable({0, 0, 0}));          // probes that read nothing prove nothing
}

TEST_CASE("settle: rising then flat rates are stable after the third flat probe, one probe a second") {
  test::FakeClock clock(5'000'000'000, 0);
  FedProber prober(clock, {400, 800, 1200, 1210, 1190, 1000});
  test::FakePause pause(clock);
  std::vector<std::size_t> seen;
  auto r = run::run_settle(until_stable(30, 1'000'000'000), &prober, pause, clock, nullptr,
                           [&](const model::SettleRecord& so_far) { seen.push_back(so_far.probes.size()); });
  CHECK(r.error.empty());
  CHECK(r.record.outcome == model::SettleOutcome::stable);
  CHECK(r.record.mode == model::SettleMode::until_stable);
  CHECK(r.record.file == "/data/quick_1GB");
  REQUIRE(r.record.probes.size() == 5);
  CHECK(rates_of(r.record)[4] == doctest::Approx(1190));
  CHECK(seen == std::vector<std::size_t>{1, 2, 3, 4, 5});
  // Successive probes read successive 64 MiB slices.
  CHECK(prober.offsets == std::vector<std::uint64_t>{0, 64ull << 20, 128ull << 20, 192ull << 20, 256ull << 20});
  // Each probe starts a second after the one before it.
  for (std::size_t i = 0; i < r.record.probes.size(); ++i)
    CHECK(r.record.probes[i].start_ns == static_cast<std::int64_t>(i) * 1'000'000'000);
  CHECK(pause.waits.size() == 4);
  CHECK(r.record.took_ns == r.record.probes[4].start_ns + r.record.probes[4].wall_ns);
}

TEST_CASE("settle: never on the first probe, and always rising stops at the maximum, not stable") {
  test::FakeClock clock(5'000'000'000, 0);
  std::vector<double> rising;
  for (int i = 0; i < 40; ++i) rising.push_back(100 * std::pow(1.1, i));
  FedProber prober(clock, rising);
  test::FakePause pause(clock);
  auto r = run::run_settle(until_stable(10, 100'000'000), &prober, pause, clock, nullptr, nullptr);
  CHECK(r.record.outcome == model::SettleOutcome::not_stable);
  // Probes at 0, 1, …, 9 s: the next would start at the maximum.
  CHECK(r.record.probes.size() == 10);
  CHECK(r.record.seconds == 10);
  // A 100 MB file holds one 64 MiB slice: every probe reads it.
  for (auto offset : prober.offsets) CHECK(offset == 0);

  test::FakeClock flat_clock(5'000'000'000, 0);
  FedProber flat(flat_clock, {900});
  test::FakePause flat_pause(flat_clock);
  auto short_max = run::run_settle(until_stable(2, 1'000'000'000), &flat, flat_pause, flat_clock, nullptr, nullptr);
  CHECK(short_max.record.probes.size() == 2);
  CHECK(short_max.record.outcome == model::SettleOutcome::not_stable);
}

TEST_CASE(
    "settle: a probe slower than the interval starts the next at once, a file smaller than a slice is read whole") {
  test::FakeClock clock(5'000'000'000, 0);
  FedProber prober(clock, {10, 10, 10});  // 6.7 s per 64 MiB
  test::FakePause pause(clock);
  auto r = run::run_settle(until_stable(60, 1'000'000'000), &prober, pause, clock, nullptr, nullptr);
  CHECK(r.record.outcome == model::SettleOutcome::stable);
  CHECK(pause.waits.empty());

  test::FakeClock small_clock(5'000'000'000, 0);
  FedProber small(small_clock, {100});
  test::FakePause small_pause(small_clock);
  auto s = run::run_settle(until_stable(60, 3'000'000), &small, small_pause, small_clock, nullptr, nullptr);
  REQUIRE(s.record.probes.size() == 3);
  CHECK(s.record.probes[0].bytes == 3'000'000);
}

TEST_CASE("settle: an interrupted pause ends it, and a failed probe is an error") {
  test::FakeClock clock(5'000'000'000, 0);
  FedProber prober(clock, {100, 200, 400});
  test::FakePause pause(clock);
  pause.until_interrupt = 2;
  auto r = run::run_settle(until_stable(60, 1'000'000'000), &prober, pause, clock, nullptr, nullptr);
  CHECK(r.record.outcome == model::SettleOutcome::interrupted);
  CHECK(r.record.probes.size() == 2);

  class Failing : public run::SettleProber {
   public:
    run::ProbeRead read(std::uint64_t, std::uint64_t) override { return {false, 0, 0, "cannot evict /x: tmpfs"}; }
  } failing;
  auto f = run::run_settle(until_stable(60, 1'000'000'000), &failing, pause, clock, nullptr, nullptr);
  CHECK(f.error == "cannot evict /x: tmpfs");
  CHECK(f.record.probes.empty());
}

TEST_CASE("settle: a fixed wait waits its duration, and Ctrl-C ends the real sleep within a moment") {
  test::FakeClock clock(5'000'000'000, 0);
  test::FakePause pause(clock);
  hwbench::runtime::plan::Settle wait;
  wait.mode = model::SettleMode::wait;
  wait.seconds = 60;
  auto r = run::run_settle(wait, nullptr, pause, clock, nullptr, nullptr);
  CHECK(r.record.outcome == model::SettleOutcome::waited);
  CHECK(r.record.took_ns == 60'000'000'000);
  CHECK(r.record.probes.empty());

  std::atomic<bool> interrupted{false};
  run::SleepPause sleep;
  const auto start = std::chrono::steady_clock::now();
  std::thread ctrl_c([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    interrupted = true;
  });
  hwbench::platform::RealClock real;
  auto cut = run::run_settle(wait, nullptr, sleep, real, &interrupted, nullptr);
  ctrl_c.join();
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(cut.record.outcome == model::SettleOutcome::interrupted);
  CHECK(took >= 0.14);
  CHECK(took < 1.0);
  CHECK(cut.record.took_ns < 1'000'000'000);
  // Unasked, the real sleep takes its time.
  const auto again = std::chrono::steady_clock::now();
  CHECK(sleep.wait(120'000'000, nullptr));
  CHECK(std::chrono::steady_clock::now() - again >= std::chrono::milliseconds(120));
}

TEST_CASE("settle: a real run probes a file setup wrote, records it, and SIGINT during the wait interrupts the run") {
  test::RecipeEnv env;
  hwbench::platform::RealClock clock;
  auto c = env.check(
      "setup { write disk:/settle_a size 2MB; write disk:/settle_b size 8MB }\n"
      "settle until stable max 2s\n"
      "read disk:/settle_b cold\n"
      "teardown { rm disk:/settle_* }\n");
  REQUIRE_MESSAGE(c.recipe.has_value(), c.diagnostics);
  REQUIRE(hwbench::platform::filesystem_type(env.disk()) != "tmpfs");
  run::RunOptions opts;
  opts.clock = &clock;
  auto out = run::run_plan(*c.recipe, opts);
  INFO(out.error);
  CHECK(out.status == model::RunStatus::complete);
  REQUIRE(out.settle.has_value());
  CHECK(out.settle->mode == model::SettleMode::until_stable);
  CHECK(env.substitute(out.settle->file) == "$DISK/settle_b");
  // Probes at 0 s and 1 s at most within 2 s; stable needs three, so never here.
  CHECK(out.settle->outcome == model::SettleOutcome::not_stable);
  REQUIRE(out.settle->probes.size() == 2);
  for (const auto& p : out.settle->probes) {
    CHECK(p.bytes == 8'000'000);
    CHECK(p.wall_ns > 0);
  }
  CHECK(out.settle->took_ns >= 1'000'000'000);
  CHECK(out.settle->took_ns < 2'000'000'000);
  CHECK(out.series.at(0).samples.size() == 1);

  auto w = env.check("setup { write disk:/settle_w size 1MB }\nsettle 30s\nnop runs 1\n");
  REQUIRE_MESSAGE(w.recipe.has_value(), w.diagnostics);
  run::InterruptGuard guard;
  std::thread ctrl_c([] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    ::kill(::getpid(), SIGINT);
  });
  run::RunOptions wopts;
  wopts.clock = &clock;
  wopts.interrupted = guard.flag();
  const auto start = std::chrono::steady_clock::now();
  auto cut = run::run_plan(*w.recipe, wopts);
  ctrl_c.join();
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
  CHECK(cut.status == model::RunStatus::interrupted);
  REQUIRE(cut.settle.has_value());
  CHECK(cut.settle->outcome == model::SettleOutcome::interrupted);
  CHECK(cut.series.at(0).samples.empty());
  CHECK(test::count_entries(env.disk()) == 0);  // the run's file removed
}
