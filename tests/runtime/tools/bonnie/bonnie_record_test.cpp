// BonnieLog, the typed environment["bonnie"]: one run as an object, several as an array, each
// read and written back as it was; a BonnieRun's fields through the record and back.
#include "runtime/tools/bonnie/bonnie_record.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

namespace bonnie = hwbench::runtime::tools::bonnie;

TEST_CASE("bonnie record: a 2.00 run's fields, flags and +++++ tests come back key for key") {
  const auto json = nlohmann::json::parse(R"j({"format_version": "1.98", "bonnie_version": "2.00a", "name": "nas",
      "concurrency": "1", "seed": "", "file_size": "4G", "io_chunk_size": "", "seeks": "8192", "seek_proc_count": "3",
      "num_files": "16", "max_size": "", "min_size": "", "num_dirs": "", "file_chunk_size": "", "tables": true,
      "csv": false, "csv_header": true, "table_rates": {"seq_create": "16384"}, "too_quick": ["seq_del"]})j");
  const auto log = json.get<bonnie::BonnieLog>();
  REQUIRE(log.runs.size() == 1);
  CHECK(log.runs[0].seeks == "8192");
  CHECK_FALSE(log.runs[0].csv);
  CHECK(log.runs[0].too_quick == std::vector<std::string>{"seq_del"});
  CHECK(nlohmann::json(log) == json);

  bonnie::BonnieRun run;
  bonnie::apply_log_run(log.runs[0], run);
  CHECK(run.version == "2.00a");
  CHECK(run.seek_proc_count == "3");
  run.tests[8].state = bonnie::BonnieFigure::State::too_quick;  // seq_del, bonnie++'s ninth test
  CHECK(nlohmann::json(bonnie::log_run_of(run)) == json);
}

TEST_CASE("bonnie record: a 1.96 run keeps no seeks, several runs are an array, numbers read as text") {
  bonnie::BonnieRun run;
  const nlohmann::json one = bonnie::log_run_of(run);
  CHECK_FALSE(one.contains("seeks"));
  CHECK_FALSE(one.contains("csv_header"));
  CHECK(one.at("too_quick") == nlohmann::json::array());
  const nlohmann::json two = bonnie::BonnieLog{{bonnie::log_run_of(run), bonnie::log_run_of(run)}};
  CHECK(two.is_array());
  CHECK(two.get<bonnie::BonnieLog>().runs.size() == 2);
  CHECK(nlohmann::json::parse(R"({"num_files": 16})").get<bonnie::BonnieLogRun>().num_files == "16");
}
