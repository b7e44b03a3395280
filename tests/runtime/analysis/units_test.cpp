#include "runtime/analysis/units.hpp"

#include <cmath>
#include <string>
#include <vector>

#include <doctest/doctest.h>

namespace rt = hwbench::runtime;

namespace {
rt::model::Sample timed(std::uint64_t bytes, std::uint64_t ops, std::int64_t wall_ns) {
  rt::model::Sample s;
  s.bytes = bytes;
  s.ops = ops;
  s.wall_ns = wall_ns;
  return s;
}

double in(const rt::model::Sample& s, const char* unit) {
  const rt::analysis::Unit* u = rt::analysis::find_unit(unit);
  REQUIRE(u != nullptr);
  auto v = rt::analysis::sample_value(s, *u);
  REQUIRE(v.has_value());
  return *v;
}

bool none_in(const rt::model::Sample& s, const char* unit) {
  const rt::analysis::Unit* u = rt::analysis::find_unit(unit);
  REQUIRE(u != nullptr);
  return !rt::analysis::sample_value(s, *u).has_value();
}
}  // namespace

TEST_CASE("units: the table, in order") {
  CHECK(rt::analysis::unit_names() ==
        std::vector<std::string>{"B/s",    "KB/s", "KiB/s", "MB/s",  "MiB/s", "GB/s", "GiB/s", "k",  "ops/s",
                                 "iter/s", "lps",  "lpm",   "MWIPS", "s",     "ms",   "us",    "ns", "B",
                                 "KB",     "MB",   "GB",    "KiB",   "MiB",   "GiB",  "ops",   "%CP"});
  CHECK(rt::analysis::find_unit("MB/s")->factor == 1e6);
  CHECK(rt::analysis::find_unit("MiB/s")->factor == 1048576);
  CHECK(rt::analysis::find_unit("GiB/s")->factor == 1073741824);
  CHECK(rt::analysis::find_unit("k")->measure == rt::analysis::Measure::byte_rate);
  CHECK(rt::analysis::find_unit("k")->help == "1000s of bytes per second, as openssl speed prints");
  CHECK(rt::analysis::find_unit("lpm")->measure == rt::analysis::Measure::op_rate);
  CHECK(rt::analysis::find_unit("ms")->measure == rt::analysis::Measure::time);
  CHECK(rt::analysis::find_unit("MiB")->measure == rt::analysis::Measure::bytes);
  CHECK(rt::analysis::find_unit("ops")->measure == rt::analysis::Measure::ops);
  // Case matters: mb/s is not a unit, and MB is a size, not a rate.
  CHECK(rt::analysis::find_unit("mb/s") == nullptr);
  CHECK(rt::analysis::find_unit("MB/sec") == nullptr);
  CHECK(rt::analysis::find_unit("MB")->measure == rt::analysis::Measure::bytes);
}

TEST_CASE("units: byte rates, decimal against binary") {
  const auto s = timed(10'000'000, 0, 1'000'000'000);  // 10^7 bytes in one second
  CHECK(in(s, "B/s") == 1e7);
  CHECK(in(s, "KB/s") == 1e4);
  CHECK(in(s, "KiB/s") == 9765.625);
  CHECK(in(s, "MB/s") == 10);
  CHECK(in(s, "MiB/s") == 9.5367431640625);
  CHECK(in(s, "GB/s") == doctest::Approx(0.01));
  CHECK(in(s, "GiB/s") == doctest::Approx(1e7 / 1073741824.0));
  CHECK(in(s, "k") == 1e4);                                 // openssl speed's "1000s of bytes per second"
  const auto mib = timed(10 * 1048576ull, 0, 500'000'000);  // 10 MiB in half a second
  CHECK(in(mib, "MiB/s") == 20);
  CHECK(in(mib, "MB/s") == doctest::Approx(20.97152));
}

TEST_CASE("units: operation rates, lps and lpm") {
  const auto s = timed(0, 120, 2'000'000'000);  // 120 loops in 2 s
  CHECK(in(s, "ops/s") == 60);
  CHECK(in(s, "iter/s") == 60);
  CHECK(in(s, "lps") == 60);
  CHECK(in(s, "lpm") == doctest::Approx(3600));  // 60 per second is 3600 per minute
}

TEST_CASE("units: time, bytes and ops per sample") {
  const auto s = timed(10 * 1048576ull, 7, 1'500'000'000);
  CHECK(in(s, "s") == 1.5);
  CHECK(in(s, "ms") == doctest::Approx(1500));
  CHECK(in(s, "us") == doctest::Approx(1.5e6));
  CHECK(in(s, "ns") == doctest::Approx(1.5e9));
  CHECK(in(s, "MiB") == 10);
  CHECK(in(s, "MB") == 10.48576);
  CHECK(in(s, "B") == 10485760);
  CHECK(in(s, "ops") == 7);
}

TEST_CASE("units: no rate or time without a wall time") {
  const auto s = timed(1000, 10, 0);
  CHECK(none_in(s, "MB/s"));
  CHECK(none_in(s, "ops/s"));
  CHECK(none_in(s, "s"));
  CHECK(none_in(timed(1000, 10, -5), "MB/s"));
  CHECK(in(s, "KB") == 1);  // a size needs no clock
}

TEST_CASE("units: published figures convert within their measure only") {
  rt::model::Sample s;
  s.figure = rt::model::Figure{10, "MB/s"};
  CHECK(in(s, "MB/s") == 10);
  CHECK(in(s, "MiB/s") == 9.5367431640625);
  CHECK(in(s, "k") == 10000);
  CHECK(none_in(s, "ops/s"));
  CHECK(none_in(s, "s"));
  rt::model::Sample loops;
  loops.figure = rt::model::Figure{3600, "lpm"};
  CHECK(in(loops, "lps") == doctest::Approx(60));
  rt::model::Sample secs;
  secs.figure = rt::model::Figure{2.5, "s"};
  CHECK(in(secs, "ms") == doctest::Approx(2500));
  rt::model::Sample odd;
  odd.figure = rt::model::Figure{1, "furlongs"};
  CHECK(none_in(odd, "MB/s"));
}

TEST_CASE("units: in a series of figures, a sample without one gives no wall-time rate in their measure") {
  rt::model::Series series;
  rt::model::Sample figured = timed(0, 1, 10'000'000);
  figured.figure = rt::model::Figure{5000, "ops/s"};
  series.samples.push_back(figured);
  series.samples.push_back(timed(0, 1, 10'000'000));  // 100 runs/s, from the wall time
  series.samples.push_back(figured);
  CHECK(rt::analysis::sample_values(series, *rt::analysis::find_unit("ops/s")) == std::vector<double>{5000, 5000});
  // Nor in a measure the figures do not have: only the sample without one has a time.
  CHECK(rt::analysis::sample_values(series, *rt::analysis::find_unit("ms")) == std::vector<double>{10});
}

TEST_CASE("units: work counted only in operations has no byte rate") {
  hwbench::runtime::model::Sample s;
  s.ops = 1000;
  s.wall_ns = 1'000'000;
  const auto* mbs = hwbench::runtime::analysis::find_unit("MB/s");
  const auto* ops = hwbench::runtime::analysis::find_unit("ops/s");
  REQUIRE(mbs);
  REQUIRE(ops);
  CHECK_FALSE(hwbench::runtime::analysis::sample_value(s, *mbs).has_value());
  CHECK(*hwbench::runtime::analysis::sample_value(s, *ops) == doctest::Approx(1e6));
  s.bytes = 0;
  s.ops = 0;  // an empty copy: zero bytes at a real rate of zero
  CHECK(*hwbench::runtime::analysis::sample_value(s, *mbs) == 0.0);
}

TEST_CASE("units: a CPU span gives one CPU share, of its CPU time over its samples' wall") {
  rt::model::Series series;
  rt::model::Sample own = timed(0, 1, 2'000'000);
  own.cpu.usr_ns = 1'000'000;  // 50% of its own 2 ms
  series.samples.push_back(own);
  // A span of three samples (100 + 300 + 600 µs) whose 750 µs of CPU the last one holds: 75%.
  for (const std::int64_t wall : {100'000, 300'000, 600'000}) {
    rt::model::Sample s = timed(0, 1, wall);
    s.cpu_samples = wall == 600'000 ? 3 : 0;
    if (wall == 600'000) s.cpu.sys_ns = 750'000;
    series.samples.push_back(s);
  }
  const rt::analysis::Unit* share = rt::analysis::find_unit("%CP");
  REQUIRE(share != nullptr);
  const std::vector<double> shares = rt::analysis::sample_values(series, *share);
  REQUIRE(shares.size() == 2);
  CHECK(shares[0] == doctest::Approx(50));
  CHECK(shares[1] == doctest::Approx(75));
  // A span's samples alone have no share of their own; their rates are theirs.
  CHECK(none_in(series.samples[1], "%CP"));
  CHECK(none_in(series.samples[3], "%CP"));
  CHECK(in(series.samples[1], "ops/s") == 10000);
}

TEST_CASE("units: a series' natural unit, the one rule summary, compare and the default report follow") {
  auto natural = [](std::vector<rt::model::Sample> samples, const char* printed_unit = nullptr) {
    rt::model::Series series;
    for (auto& s : samples) series.samples.push_back(s);
    if (printed_unit != nullptr) series.printed["mean"] = rt::model::Figure{12, printed_unit};
    return rt::analysis::natural_unit(series).name;
  };
  CHECK(natural({timed(4096, 0, 1'000)}) == "MB/s");
  CHECK(natural({timed(0, 0, 1'000), timed(4096, 7, 1'000)}) == "MB/s");  // any sample's bytes
  CHECK(natural({timed(0, 7, 1'000)}) == "ops/s");
  rt::model::Sample published;
  published.figure = rt::model::Figure{3600, "lpm"};
  CHECK(natural({published, timed(4096, 0, 1'000)}) == "lpm");  // its published figures' own unit
  CHECK(natural({}, "KiB/s") == "KiB/s");                       // a published series of means only
  CHECK(natural({timed(0, 0, 1'000)}, "lps") == "lps");
  // Timed work counted in neither bytes nor operations shows as a time, not as 0 ops/s.
  rt::model::Sample units_only = timed(0, 0, 1'000);
  units_only.units = 5;
  CHECK(natural({units_only}) == "s");
  CHECK(natural({}) == "ops/s");
}

TEST_CASE("units: a sample's work rate: bytes, else operations, else units, per timed second") {
  CHECK(rt::analysis::work_rate(timed(2000, 9, 1'000'000)) == doctest::Approx(2e6));
  CHECK(rt::analysis::work_rate(timed(0, 9, 1'000'000)) == doctest::Approx(9000));
  rt::model::Sample units_only = timed(0, 0, 2'000'000'000);
  units_only.units = 5;
  CHECK(rt::analysis::work_rate(units_only) == doctest::Approx(2.5));
  rt::model::Sample cpu = timed(100, 0, 1'000'000'000);
  cpu.cpu_timed = true;
  cpu.cpu.usr_ns = 250'000'000;
  cpu.cpu.sys_ns = 250'000'000;
  CHECK(rt::analysis::work_rate(cpu) == doctest::Approx(200));  // over its CPU time
  CHECK(rt::analysis::work_rate(timed(100, 0, 0)) == 0);
}

TEST_CASE("units: a figure's unit scaled for people: ops/s by k, M and G, seconds down to ns, the rest kept") {
  const auto scaled = [](const char* unit, double value) {
    const auto s = rt::analysis::scaled_unit(*rt::analysis::find_unit(unit), value);
    return s.name + " / " + std::to_string(static_cast<long long>(std::llround(std::log10(s.divisor))));
  };
  CHECK(scaled("ops/s", 2895857012.8) == "G ops/s / 9");
  CHECK(scaled("ops/s", 27e6) == "M ops/s / 6");
  CHECK(scaled("ops/s", 10000) == "k ops/s / 3");
  CHECK(scaled("ops/s", 9999) == "ops/s / 0");  // four digits read as they are
  CHECK(scaled("lps", 27246007.2) == "M lps / 6");
  CHECK(scaled("iter/s", -2e9) == "G iter/s / 9");
  CHECK(scaled("s", 0.00012) == "us / -6");
  CHECK(scaled("s", 0.5) == "ms / -3");
  CHECK(scaled("s", 3e-9) == "ns / -9");
  CHECK(scaled("s", 2.5) == "s / 0");
  CHECK(scaled("s", 0) == "s / 0");
  CHECK(scaled("MB/s", 25123.4) == "MB/s / 0");  // a unit that carries its scale is kept
  CHECK(scaled("lpm", 5e6) == "lpm / 0");
}
