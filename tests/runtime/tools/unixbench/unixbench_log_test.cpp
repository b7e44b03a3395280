// UnixbenchLog, the typed environment["unixbench"]: read and written back as it was.
#include "runtime/tools/unixbench/unixbench_log.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

namespace unixbench = hwbench::runtime::tools::unixbench;

TEST_CASE("unixbench log: the tests' printed times, the log's span and each run's come back as they were") {
  const auto json = nlohmann::json::parse(R"j({"tests": {"Dhrystone 2 using register variables": {"time": 10.0,
      "samples": 7}, "Execl Throughput (2 copies)": {"time": 30.0, "samples": 2}}, "started_utc": "2026-11-27T10:51:52Z",
      "finished_utc": "2026-11-27T11:20:01Z", "runs": [{"copies": 1, "started_utc": "a", "finished_utc": "b"},
      {"copies": 2, "started_utc": "c", "finished_utc": "d"}]})j");
  const auto log = json.get<unixbench::UnixbenchLog>();
  REQUIRE(log.tests.size() == 2);
  CHECK(log.tests.at("Execl Throughput (2 copies)").samples == 2);
  CHECK(log.runs.at(1).copies == 2);
  CHECK(log.runs.at(1).finished_utc == "d");
  CHECK(nlohmann::json(log) == json);
}

TEST_CASE("unixbench log: a log of one run keeps no spans, only the tests are always written") {
  unixbench::UnixbenchLog log;
  CHECK(nlohmann::json(log) == nlohmann::json::parse(R"({"tests": {}})"));
  log.tests["X"].time = 1.5;
  CHECK(nlohmann::json(log) == nlohmann::json::parse(R"({"tests": {"X": {"time": 1.5}}})"));
}
