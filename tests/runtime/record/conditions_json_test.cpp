// The result file's "conditions": written only when a run took them, read back field by field,
// absent in older files, and bad fields named exactly.
#include <doctest/doctest.h>

#include "runtime/record/result_file.hpp"

namespace {

namespace platform = hwbench::platform;
namespace model = hwbench::runtime::model;
namespace record = hwbench::runtime::record;
using nlohmann::json;

platform::ConditionsSnapshot full_snapshot(std::int64_t time_ns) {
  platform::ConditionsSnapshot s;
  s.time_ns = time_ns;
  s.load1 = 2.31;
  s.load5 = 1.5;
  s.load15 = 0.25;
  s.cpus = 2;
  s.cpu_ticks = 9007199254740993ULL;
  s.steal_ticks = 240;
  s.procs_running = 3;
  s.swap_in = 12;
  s.swap_out = 34;
  s.pressure_cpu = platform::Pressure{{1.5, 5000}, std::nullopt};
  s.pressure_memory = platform::Pressure{{0.25, 700}, {{0.125, 300}}};
  s.freq_min_khz = 800000;
  s.freq_max_khz = 3400000;
  s.governors = {"performance", "powersave"};
  s.core_throttles = 8;
  s.package_throttles = 2;
  return s;
}

platform::ConditionsSnapshot empty_snapshot(std::int64_t time_ns) {
  platform::ConditionsSnapshot s;
  s.time_ns = time_ns;
  return s;
}

void check_same(const platform::ConditionsSnapshot& a, const platform::ConditionsSnapshot& b) {
  CHECK(a.time_ns == b.time_ns);
  CHECK(a.load1 == b.load1);
  CHECK(a.load5 == b.load5);
  CHECK(a.load15 == b.load15);
  CHECK(a.cpus == b.cpus);
  CHECK(a.cpu_ticks == b.cpu_ticks);
  CHECK(a.steal_ticks == b.steal_ticks);
  CHECK(a.procs_running == b.procs_running);
  CHECK(a.swap_in == b.swap_in);
  CHECK(a.swap_out == b.swap_out);
  for (const auto field : {&platform::ConditionsSnapshot::pressure_cpu, &platform::ConditionsSnapshot::pressure_memory,
                           &platform::ConditionsSnapshot::pressure_io}) {
    REQUIRE((a.*field).has_value() == (b.*field).has_value());
    if (!(a.*field)) continue;
    CHECK((a.*field)->some.avg10 == (b.*field)->some.avg10);
    CHECK((a.*field)->some.total_us == (b.*field)->some.total_us);
    REQUIRE((a.*field)->full.has_value() == (b.*field)->full.has_value());
    if ((a.*field)->full) CHECK((a.*field)->full->total_us == (b.*field)->full->total_us);
  }
  CHECK(a.freq_min_khz == b.freq_min_khz);
  CHECK(a.freq_max_khz == b.freq_max_khz);
  CHECK(a.governors == b.governors);
  CHECK(a.core_throttles == b.core_throttles);
  CHECK(a.package_throttles == b.package_throttles);
}

model::Result with_conditions() {
  model::Result r;
  model::RunConditions c;
  c.before = full_snapshot(1);
  c.before.pressure_io = platform::Pressure{{0, 0}, {{0, 0}}};
  c.windows.push_back(model::ConditionsWindow{"STRING SORT", 1, full_snapshot(2), full_snapshot(3)});
  c.windows.push_back(model::ConditionsWindow{"fork", 4, empty_snapshot(4), empty_snapshot(5)});
  c.after = empty_snapshot(6);
  r.conditions = c;
  return r;
}

model::Result read_back(const json& document) {
  std::string error;
  const auto back = record::result_from_json(document, error);
  REQUIRE_MESSAGE(back.has_value(), error);
  return *back;
}

std::string read_error(const json& document) {
  std::string error;
  CHECK_FALSE(record::result_from_json(document, error).has_value());
  return error;
}

}  // namespace

TEST_CASE("conditions: round-trip through the result file, counters that were missing stay missing") {
  const model::Result original = with_conditions();
  const json document = record::to_json(original);
  const model::Result back = read_back(document);
  REQUIRE(back.conditions.has_value());
  const auto& a = *original.conditions;
  const auto& b = *back.conditions;
  check_same(a.before, b.before);
  check_same(a.after, b.after);
  REQUIRE(b.windows.size() == 2);
  for (std::size_t i = 0; i < 2; ++i) {
    CHECK(a.windows[i].label == b.windows[i].label);
    CHECK(a.windows[i].workers == b.windows[i].workers);
    check_same(a.windows[i].start, b.windows[i].start);
    check_same(a.windows[i].end, b.windows[i].end);
  }
  // What a machine does not show is not written as zero.
  CHECK(document["conditions"]["after"] == json{{"time_ns", 6}});
  CHECK(document["conditions"]["windows"][0]["start"]["pressure"]["memory"] ==
        json{{"some", {{"avg10", 0.25}, {"total_us", 700}}}, {"full", {{"avg10", 0.125}, {"total_us", 300}}}});
}

TEST_CASE("conditions: a result without them (published, or written before them) has no key and reads as none") {
  const json document = record::to_json(model::Result{});
  CHECK_FALSE(document.contains("conditions"));
  CHECK_FALSE(read_back(document).conditions.has_value());
}

TEST_CASE("conditions: bad fields are named exactly") {
  const json good = record::to_json(with_conditions());
  json doc = good;
  doc["conditions"] = 3;
  CHECK(read_error(doc) == "conditions: expected an object, got 3");
  doc = good;
  doc["conditions"]["windows"][1]["start"]["steal_ticks"] = -1;
  CHECK(read_error(doc) == "conditions.windows[1].start.steal_ticks: expected an unsigned integer, got -1");
  doc = good;
  doc["conditions"]["before"]["pressure"]["cpu"]["some"].erase("total_us");
  CHECK(read_error(doc) == "conditions.before.pressure.cpu.some.total_us: missing");
  doc = good;
  doc["conditions"].erase("after");
  CHECK(read_error(doc) == "conditions.after: missing");
}
