// NbenchLog, the typed environment["nbench"]: one run as an object, several as an array, each
// read and written back as it was.
#include "runtime/tools/nbench/nbench_log.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

namespace nbench = hwbench::runtime::tools::nbench;

TEST_CASE("nbench log: one run's system lines are one object, kept as printed") {
  const auto json = nlohmann::json::parse(R"j({"cpu": "Dual AMD EPYC ", "os": "Linux 6.1", "libc": ""})j");
  const auto log = json.get<nbench::NbenchLog>();
  REQUIRE(log.runs.size() == 1);
  CHECK(log.runs[0].cpu == "Dual AMD EPYC ");
  CHECK(log.runs[0].libc == "");
  CHECK_FALSE(log.runs[0].compiler.has_value());
  CHECK_FALSE(log.runs[0].not_converged.has_value());
  CHECK(nlohmann::json(log) == json);
}

TEST_CASE("nbench log: several runs are an array, each with the tests it warned about") {
  const auto json = nlohmann::json::parse(
      R"j([{"cpu": "A", "not_converged": []}, {"cpu": "A", "not_converged": ["FOURIER", "NEURAL NET"]}])j");
  const auto log = json.get<nbench::NbenchLog>();
  REQUIRE(log.runs.size() == 2);
  CHECK(log.runs[1].not_converged == std::vector<std::string>{"FOURIER", "NEURAL NET"});
  CHECK(nlohmann::json(log) == json);
  CHECK(nlohmann::json("x").get<nbench::NbenchLog>().runs.empty());
}
