// The result file's "settle": written only for a recipe that settles, read back field by field,
// absent in older files, and bad fields named exactly.
#include "runtime/record/settle_json.hpp"

#include <string>

#include <doctest/doctest.h>

#include "runtime/record/result_file.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

namespace model = hwbench::runtime::model;
namespace record = hwbench::runtime::record;
using nlohmann::json;

model::Result probed() {
  model::Result r;
  model::SettleRecord s;
  s.mode = model::SettleMode::until_stable;
  s.seconds = 30;
  s.file = "/work/hwbench-disk/quick_1GB";
  s.took_ns = 12'100'000'123;
  s.outcome = model::SettleOutcome::stable;
  s.probes = {{0, 67108864, 167'000'000, 0},
              {67108864, 67108864, 55'400'123, 1'000'000'000},
              {134217728, 67108864, 56'000'000, 2'000'000'000}};
  r.settle = s;
  return r;
}

std::string settle_read_error(const json& document) {
  std::string error;
  CHECK_FALSE(record::result_from_json(document, error).has_value());
  return error;
}

}  // namespace

TEST_CASE("settle record: round-trips through a result file, probe by probe") {
  hwbench::test::TempDir dir;
  const std::string path = dir.path() + "/r.json";
  std::string error;
  const model::Result original = probed();
  REQUIRE_MESSAGE(record::save_result(original, path, error), error);
  const auto back = record::load_result(path, error);
  REQUIRE_MESSAGE(back.has_value(), error);
  REQUIRE(back->settle.has_value());
  const auto& a = *original.settle;
  const auto& b = *back->settle;
  CHECK(b.mode == a.mode);
  CHECK(b.seconds == a.seconds);
  CHECK(b.file == a.file);
  CHECK(b.took_ns == a.took_ns);
  CHECK(b.outcome == a.outcome);
  REQUIRE(b.probes.size() == 3);
  for (std::size_t i = 0; i < 3; ++i) {
    CHECK(b.probes[i].offset == a.probes[i].offset);
    CHECK(b.probes[i].bytes == a.probes[i].bytes);
    CHECK(b.probes[i].wall_ns == a.probes[i].wall_ns);
    CHECK(b.probes[i].start_ns == a.probes[i].start_ns);
  }
}

TEST_CASE("settle record: a wait has no file and no probes, a result without settle has no key") {
  model::Result r;
  r.settle = model::SettleRecord{model::SettleMode::wait, 60, "", 60'000'400'000, model::SettleOutcome::waited, {}};
  const json document = record::to_json(r);
  CHECK(document["settle"] ==
        json{{"mode", "wait"}, {"seconds", 60.0}, {"took_ns", 60'000'400'000}, {"outcome", "waited"}});
  std::string error;
  const auto back = record::result_from_json(document, error);
  REQUIRE_MESSAGE(back.has_value(), error);
  CHECK(back->settle->outcome == model::SettleOutcome::waited);
  CHECK(back->settle->took_ns == 60'000'400'000);

  const json none = record::to_json(model::Result{});
  CHECK_FALSE(none.contains("settle"));
  CHECK_FALSE(record::result_from_json(none, error)->settle.has_value());
}

TEST_CASE("settle record: bad fields are named exactly") {
  const json good = record::to_json(probed());
  CHECK(good["settle"]["outcome"] == "stable");
  CHECK(good["settle"]["mode"] == "until stable");
  json doc = good;
  doc["settle"] = "stable";
  CHECK(settle_read_error(doc) == "settle: expected an object, got string");
  doc = good;
  doc["settle"]["mode"] = "forever";
  CHECK(settle_read_error(doc) == "settle.mode: expected \"wait\" or \"until stable\", got \"forever\"");
  doc = good;
  doc["settle"]["outcome"] = "calm";
  CHECK(settle_read_error(doc) ==
        "settle.outcome: expected \"waited\", \"stable\", \"not stable\" or \"interrupted\", got \"calm\"");
  doc = good;
  doc["settle"]["probes"][2].erase("wall_ns");
  CHECK(settle_read_error(doc) == "settle.probes[2].wall_ns: missing");
  doc = good;
  doc["settle"].erase("file");
  CHECK(settle_read_error(doc) == "settle.file: missing");
}
